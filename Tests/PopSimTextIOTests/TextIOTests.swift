import Foundation
import Testing
@testable import PopSimTextIO
import PopSimPlatform

@Suite("Text input and output")
struct TextIOTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("textio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func numberFormatIsShortestRoundTrip() {
        #expect(formatNumber(0.1) == "0.1")
        #expect(formatNumber(1.0 / 3) == "0.3333333333333333")
        #expect(formatNumber(-0.0) == "0.0")
        #expect(formatNumber(1e-5) == "1e-05")
        for value in [0.1, 1.0 / 3, 123456.789, -2.5e-300, .pi] {
            #expect(Double(formatNumber(value)) == value)
        }
    }

    @Test func lineReaderHandlesEndingsAndLongLines() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("in.txt").path
        let long = String(repeating: "x", count: 200_000)
        try "a\r\nb\n\n\(long)\nlast".write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try LineReader(path: path)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(line) }
        #expect(lines == ["a", "b", "", long, "last"])
        #expect(reader.lineNumber == 5)
    }

    @Test func missingFileIsAnInputError() {
        #expect(throws: InputError.self) { _ = try LineReader(path: "/nonexistent/popsim/file.csv") }
    }

    @Test func inputErrorLocation() {
        #expect(InputError(source: "s.csv", line: 3, column: 2, message: "bad").description == "s.csv:3:2: bad")
    }

    @Test func atomicFileAppearsOnlyOnFinish() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("out.csv").path
        let sink = try AtomicFileSink(path: path)
        try sink.write("hello\n")
        #expect(!FileManager.default.fileExists(atPath: path))
        try sink.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "hello\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.csv"])
    }

    @Test func discardedFileLeavesNothingAndKeepsOldContent() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("out.csv").path
        try "old\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            let sink = try AtomicFileSink(path: path)
            try sink.write(String(repeating: "new\n", count: 50_000))
            sink.discard()
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.csv"])
    }

    @Test func unwritableDirectoryIsAnOutputError() {
        #expect(throws: OutputError.self) { _ = try AtomicFileSink(path: "/nonexistent-dir/out.csv") }
    }

    // MARK: Limits

    /// Writes `text` to a file and opens a reader on it with a small limit and buffer.
    func reader(_ text: String, lineLimit: Int, bufferSize: Int) throws -> LineReader {
        let path = try temporaryDirectory().appendingPathComponent("in.txt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return LineReader(descriptor: open(path, O_RDONLY), name: path, lineLimit: lineLimit, bufferSize: bufferSize)
    }

    /// Lines up to the limit (a trailing "\r" not counted) pass with buffers of any size, including one
    /// byte, which makes every line arrive over many reads.
    @Test(arguments: [1, 2, 3, 7, 64])
    func linesAtTheLimitPass(bufferSize: Int) throws {
        let reader = try reader("12345\r\n1234\n\n12345", lineLimit: 5, bufferSize: bufferSize)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(line) }
        #expect(lines == ["12345", "1234", "", "12345"])
    }

    @Test(arguments: [1, 4, 64])
    func aLongerLineIsMalformedAtItsLine(bufferSize: Int) throws {
        let reader = try reader("ok\n123456\nnever read\n", lineLimit: 5, bufferSize: bufferSize)
        #expect(try reader.nextLine() == "ok")
        #expect(throws: InputError(source: reader.path, line: 2, column: nil,
                                   message: "line longer than 5 bytes, the longest line read; is this the right file?")) {
            _ = try reader.nextLine()
        }
    }

    /// The real limit: a 1 MiB line passes, one byte more does not, and the message stays short.
    @Test func theLimitIsOneMebibyte() throws {
        let exact = String(repeating: "x", count: LineReader.maximumLineLength)
        let path = try temporaryDirectory().appendingPathComponent("big.txt").path
        try "\(exact)\n\(exact)x\n".write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try LineReader(path: path)
        #expect(try reader.nextLine()?.utf8.count == LineReader.maximumLineLength)
        do {
            _ = try reader.nextLine()
            Issue.record("a line over 1 MiB was read")
        } catch {
            #expect(error.line == 2)
            #expect(error.description.count < 200)
        }
    }

    @Test func aDirectoryIsUnreadableNotMalformed() throws {
        let directory = try temporaryDirectory()
        #expect(throws: InputError(source: directory.path, line: nil, column: nil, message: "is a directory; give a file")) {
            _ = try LineReader(path: directory.path)
        }
    }

    // MARK: Quoting input in messages

    @Test func excerptsEscapeControlsAndCutLongText() {
        #expect(DiagnosticText.excerpt("a\nb\tc\u{1B}[0m") == "a\\nb\\tc\\u{1B}[0m")
        #expect(DiagnosticText.excerpt("\u{202E}abc\u{2028}") == "\\u{202E}abc\\u{2028}")
        #expect(DiagnosticText.excerpt(String(repeating: "é", count: 100)) == String(repeating: "é", count: 64) + "…")
        #expect(DiagnosticText.excerpt("plain") == "plain")
        #expect(DiagnosticText.escapingControlCharacters("x\ny") == "x\\ny")
    }

    // MARK: Where --output writes

    @Test func outputTargetsByKind() throws {
        let directory = try temporaryDirectory()
        let regular = directory.appendingPathComponent("out.csv").path
        #expect(try OutputFile.open(regular) is AtomicFileSink)
        #expect(try OutputFile.open("/dev/null") is DirectFileSink)
        #expect(try OutputFile.open("/dev/stdout") is DirectFileSink)
        #expect(throws: OutputError.self) { _ = try OutputFile.open(directory.path) }
        #expect(!FileManager.default.fileExists(atPath: regular))
    }

    @Test func directWritesReportErrors() throws {
        let sink = try OutputFile.open("/dev/full")
        #expect(throws: OutputError(path: "/dev/full", reason: "No space left on device")) {
            try sink.write(String(repeating: "x", count: 1 << 17))
            try sink.finish()
        }
    }

    @Test func spoolReadsBackWhatWasWritten() throws {
        let spool = try SpoolFile()
        try spool.write("one\ntwo\n")
        let reader = try spool.reader(name: "standard input")
        #expect(try reader.nextLine() == "one")
        #expect(try reader.nextLine() == "two")
        #expect(try reader.nextLine() == nil)
        #expect(reader.path == "standard input")
    }
}
