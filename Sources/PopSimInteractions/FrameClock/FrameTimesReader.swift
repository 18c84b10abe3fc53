import PopSimTextIO

/// Reads the instants a display drew its frames from a CSV with a `time` column (seconds on the touch
/// stream's clock; other columns are ignored), one row at a time in bounded memory, for
/// ``FrameClock/frameTimes``, a ``FrameTimesFile`` or a streamed run
/// (``FrameClock/run(_:frameTimes:nextSample:drawn:failure:)``).
///
/// Lines starting with `#` and blank lines are skipped (``NumericColumnReader``). Every time must be a
/// finite number ≥ 0 and later than the one before; errors name the file, the line and the fix (and
/// the values found, unless the reader was told not to quote the file's content).
public final class FrameTimesReader {
    let reader: NumericColumnReader
    private var previous: (time: Double, line: Int)?
    private(set) var count = 0

    /// Opens `path` (standard input for `-`) and reads its header.
    public convenience init(path: String) throws(InputError) {
        try self.init(lines: try LineReader(path: path))
    }

    /// Reads `lines` (its header first); with `quotingContent` false no message shows the input's text.
    public init(lines: LineReader, quotingContent: Bool = true) throws(InputError) {
        reader = try NumericColumnReader(lines: lines, columns: ["time"], quotingContent: quotingContent)
    }

    /// The next frame time, or nil at the end of the file.
    public func next() throws(InputError) -> Double? {
        guard let row = try reader.next() else { return nil }
        let time = row[0]
        count += 1
        let quotes = reader.quotesContent
        guard time >= 0 else {
            throw InputError(
                source: reader.source, line: reader.lineNumber, column: nil,
                message: "frame time \(quotes ? "\(time) " : "")is negative: "
                    + "give seconds on the touch stream's clock, from 0")
        }
        if let previous, time <= previous.time {
            let values = quotes ? "\(time) " : ""
            let before = quotes ? "\(previous.time), " : ""
            throw InputError(
                source: reader.source, line: reader.lineNumber, column: nil,
                message: "frame time \(values)is not after the previous one "
                    + "(\(before)line \(previous.line)): frame times must increase")
        }
        previous = (time, reader.lineNumber)
        return time
    }

    /// Every frame time of `path`, refusing more than `limit` (a frame count a run could not reach).
    public static func readAll(path: String, limit: Int) throws(InputError) -> [Double] {
        let reader = try FrameTimesReader(path: path)
        var times: [Double] = []
        while let time = try reader.next() {
            guard times.count < limit else { throw reader.tooMany(limit) }
            times.append(time)
        }
        return times
    }

    func tooMany(_ limit: Int) -> InputError {
        InputError(
            source: reader.source, line: reader.lineNumber, column: nil,
            message: "more than \(limit) frame times: a run draws at most that many frames; shorten the file")
    }
}
