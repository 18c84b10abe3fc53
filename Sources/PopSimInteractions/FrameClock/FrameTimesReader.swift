import PopSimTextIO

/// Reads the instants a display drew its frames from a CSV with a `time` column (seconds on the touch
/// stream's clock; other columns are ignored), one row at a time in bounded memory, for
/// ``FrameClock/frameTimes`` or a streamed run (``FrameClock/run(_:frameTimes:nextSample:drawn:failure:)``).
///
/// Lines starting with `#` and blank lines are skipped (``NumericColumnReader``). Every time must be a
/// finite number ≥ 0 and later than the one before; errors name the file, the line and the fix.
public final class FrameTimesReader {
    private let reader: NumericColumnReader
    private var previous: (time: Double, line: Int)?
    private var count = 0

    /// Opens `path` (standard input for `-`) and reads its header.
    public init(path: String) throws(InputError) {
        reader = try NumericColumnReader(path: path, columns: ["time"])
    }

    /// The next frame time, or nil at the end of the file.
    public func next() throws(InputError) -> Double? {
        guard let row = try reader.next() else { return nil }
        let time = row[0]
        count += 1
        guard time >= 0 else {
            throw InputError(
                source: reader.source, line: reader.lineNumber, column: nil,
                message: "frame time \(time) is negative: "
                    + "give seconds on the touch stream's clock, from 0")
        }
        if let previous, time <= previous.time {
            throw InputError(
                source: reader.source, line: reader.lineNumber, column: nil,
                message: "frame time \(time) is not after the previous one "
                    + "(\(previous.time), line \(previous.line)): frame times must increase")
        }
        previous = (time, reader.lineNumber)
        return time
    }

    /// Every frame time of `path`, refusing more than `limit` (a frame count a run could not reach).
    public static func readAll(path: String, limit: Int) throws(InputError) -> [Double] {
        let reader = try FrameTimesReader(path: path)
        var times: [Double] = []
        while let time = try reader.next() {
            guard times.count < limit else {
                throw InputError(
                    source: reader.reader.source, line: reader.reader.lineNumber, column: nil,
                    message: "more than \(limit) frame times: "
                        + "a run draws at most that many frames; shorten the file")
            }
            times.append(time)
        }
        return times
    }
}
