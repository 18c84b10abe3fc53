import PopSimGeometry
import PopSimTextIO

/// The CSV form of a touch stream: a header `time,phase,x,y,touch`, then one sample per line, time in
/// seconds, `phase` as UIKit names it, `x`,`y` in points, `touch` an integer id. On input the `touch`
/// column may be left out (header `time,phase,x,y`); every sample then belongs to touch 0.
///
/// Numbers are written in shortest round-trip form (``formatNumber(_:)``), so reading a written stream
/// gives back exactly the same doubles.
public enum TouchStreamCSV {
    public static let header = "time,phase,x,y,touch"
    static let headerWithoutTouch = "time,phase,x,y"

    /// The CSV line of one sample, without the line terminator.
    public static func line(for sample: TouchSample) -> String {
        let time = formatNumber(sample.time)
        let x = formatNumber(sample.location.x)
        let y = formatNumber(sample.location.y)
        return "\(time),\(sample.phase.rawValue),\(x),\(y),\(sample.touch)"
    }
}

/// Turns CSV lines into validated samples, one line at a time (the state is the header's shape and
/// a ``TouchSequenceValidator``), so files of any length are read in constant memory.
public struct TouchStreamCSVParser: Sendable {
    public let source: String
    private var hasTouchColumn: Bool?
    private var validator = TouchSequenceValidator()

    public init(source: String) {
        self.source = source
    }

    /// The sample on line `number` (counting from 1), or `nil` for the header and for blank lines.
    public mutating func parse(line rawLine: String, number: Int) throws(TouchStreamError) -> TouchSample? {
        var line = Substring(rawLine)
        if number == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
        guard let hasTouchColumn else {
            let header = line.filter { $0 != " " }
            switch header {
            case TouchStreamCSV.header: hasTouchColumn = true
            case TouchStreamCSV.headerWithoutTouch: hasTouchColumn = false
            default: throw error(number, 1, .header(found: String(line)))
            }
            return nil
        }
        if line.allSatisfy({ $0 == " " }) { return nil }

        let fields = line.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        let expected = hasTouchColumn ? 5 : 4
        guard fields.count == expected else {
            throw error(number, 1, .fieldCount(expected: expected, found: fields.count))
        }
        func column(_ index: Int) -> Int {
            line.utf8.distance(from: line.utf8.startIndex, to: fields[index].startIndex) + 1
        }
        func text(_ index: Int) -> Substring { Substring(fields[index]).trimmingSpaces }
        func numeric(_ index: Int, _ name: String) throws(TouchStreamError) -> Double {
            let field = text(index)
            guard let value = Double(field) else {
                throw error(number, column(index), .notANumber(field: name, text: String(field)))
            }
            guard value.isFinite else {
                throw error(number, column(index), .notFinite(field: name, text: String(field)))
            }
            return value
        }

        let time = try numeric(0, "time")
        guard let phase = TouchPhase(rawValue: String(text(1))) else {
            throw error(number, column(1), .unknownPhase(String(text(1))))
        }
        let x = try numeric(2, "x")
        let y = try numeric(3, "y")
        var touch = 0
        if hasTouchColumn {
            guard let id = Int(text(4)) else { throw error(number, column(4), .notATouchID(text: String(text(4)))) }
            touch = id
        }
        let sample = TouchSample(time: time, phase: phase, location: Point(x: x, y: y), touch: touch)
        if let (reason, field) = validator.check(sample) {
            throw error(number, column(field == .time ? 0 : 1), reason)
        }
        return sample
    }

    /// Throws if the input ended before its header.
    public func finish(lineCount: Int) throws(TouchStreamError) {
        if hasTouchColumn == nil { throw error(lineCount == 0 ? nil : lineCount, nil, .empty) }
    }

    private func error(_ line: Int?, _ column: Int?, _ reason: TouchStreamError.Reason) -> TouchStreamError {
        TouchStreamError(source: source, line: line, column: column, reason: reason)
    }
}

/// Reads a touch-stream CSV file (or standard input, path `-`) sample by sample in constant memory,
/// rejecting malformed rows and impossible sequences with their line and column.
public final class TouchStreamReader {
    private let lines: LineReader
    private var parser: TouchStreamCSVParser
    private var finished = false

    /// Opens `path`, or standard input when `path` is `-`.
    public init(path: String) throws(TouchStreamError) {
        do {
            lines = try LineReader(path: path)
        } catch {
            throw TouchStreamError(source: path, line: nil, column: nil, reason: .unreadable(error.message))
        }
        parser = TouchStreamCSVParser(source: lines.path)
    }

    /// Reads lines from `lines` (an open descriptor, a spooled copy).
    public init(lines: LineReader) {
        self.lines = lines
        parser = TouchStreamCSVParser(source: lines.path)
    }

    /// The file name, or `standard input`.
    public var source: String { lines.path }

    /// The line the last sample came from.
    public var lineNumber: Int { lines.lineNumber }

    /// The next sample, or `nil` at the end of the input.
    public func next() throws(TouchStreamError) -> TouchSample? {
        guard !finished else { return nil }
        while true {
            let line: String?
            do {
                line = try lines.nextLine()
            } catch {
                // Malformed content (a line too long to read, a NUL byte) or a file that cannot be read.
                throw TouchStreamError(
                    source: source, line: error.line, column: error.column,
                    reason: error.isMalformed ? .malformedLine(error.message) : .unreadable(error.message))
            }
            guard let line else {
                finished = true
                try parser.finish(lineCount: lines.lineNumber)
                return nil
            }
            if let sample = try parser.parse(line: line, number: lines.lineNumber) { return sample }
        }
    }

    /// Every sample of the file, validated.
    public static func read(path: String) throws(TouchStreamError) -> TouchStream {
        let reader = try TouchStreamReader(path: path)
        var stream = TouchStream()
        while let sample = try reader.next() { stream.append(sample) }
        return stream
    }
}

/// Writes a touch stream as CSV to a sink (standard output or an atomically replaced file), one sample
/// at a time.
public final class TouchStreamWriter {
    private let sink: TextSink

    /// Writes the header at once.
    public init(sink: TextSink) throws(OutputError) {
        self.sink = sink
        try sink.write(TouchStreamCSV.header + "\n")
    }

    public func write(_ sample: TouchSample) throws(OutputError) {
        try sink.write(TouchStreamCSV.line(for: sample) + "\n")
    }

    public func write(contentsOf stream: TouchStream) throws(OutputError) {
        for sample in stream { try write(sample) }
    }
}

extension TouchStream {
    /// Parses and validates a whole CSV text (lines end in `\n` or `\r\n`).
    public init(csv text: String, source: String = "csv") throws(TouchStreamError) {
        var parser = TouchStreamCSVParser(source: source)
        var samples: [TouchSample] = []
        var number = 0
        // Split on bytes: in Swift "\r\n" is one Character and would not match "\n".
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if text.isEmpty || text.utf8.last == UInt8(ascii: "\n") { lines.removeLast() }
        for var line in lines {
            number += 1
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if let sample = try parser.parse(line: String(Substring(line)), number: number) { samples.append(sample) }
        }
        try parser.finish(lineCount: number)
        self.init(samples)
    }

    /// The stream in CSV form, header included, every line ending in `\n`.
    public var csv: String {
        var text = TouchStreamCSV.header + "\n"
        for sample in samples { text += TouchStreamCSV.line(for: sample) + "\n" }
        return text
    }
}
