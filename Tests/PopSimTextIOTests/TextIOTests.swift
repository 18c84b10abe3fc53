import Foundation
import PopSimPlatform
import PopSimTestSupport
import Testing

@testable import PopSimTextIO

@Suite("Text input and output")
struct TextIOTests {
    func temporaryDirectory() throws -> URL { try ScratchFiles.directory(prefix: "textio") }

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

    /// Trimming and searching work byte by byte from each end: results as the character-wise forms
    /// gave for text with spaces, tabs and multibyte characters.
    @Test func trimmingAndSearchingBytes() {
        #expect(Substring("  a b  ").trimmingSpaces == "a b")
        #expect(Substring("    ").trimmingSpaces == "")
        #expect(Substring(" é日 ").trimmingSpaces == "é日")
        #expect(Substring("\t 1 \t").trimming { $0 == 0x20 || $0 == 0x09 } == "1")
        let text = Substring("é日 popsim # written by popsim 0.3.0 # written by popsim x")
        let found = text.firstRange(ofText: " # written by popsim ")
        #expect(found.map { String(text[..<$0.lowerBound]) } == "é日 popsim")
        #expect(found.map { String(text[$0.upperBound...]) } == "0.3.0 # written by popsim x")
        #expect(Substring("# written by popsi").firstRange(ofText: " # written by popsim ") == nil)
        #expect(Substring(String(repeating: " ", count: 100_000)).firstRange(ofText: " # w") == nil)
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
        guard case let .success(descriptor) = Platform.open(path, .readOnly) else {
            throw InputError(source: path, line: nil, column: nil, message: "cannot be opened")
        }
        return LineReader(descriptor: descriptor, name: path, lineLimit: lineLimit, bufferSize: bufferSize)
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
        #expect(
            throws: InputError(
                source: reader.path, line: 2, column: nil,
                message: "line longer than 5 bytes, the longest line read; is this the right file?")
        ) {
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
        #expect(
            throws: InputError(source: directory.path, line: nil, column: nil, message: "is a directory; give a file")
        ) {
            _ = try LineReader(path: directory.path)
        }
    }

    // MARK: Quoting input in messages

    @Test func excerptsEscapeControlsAndCutLongText() {
        #expect(DiagnosticText.excerpt("a\nb\tc\u{1B}[0m") == "a\\nb\\tc\\u{1B}[0m")
        #expect(DiagnosticText.excerpt("\u{202E}abc\u{2028}") == "\\u{202E}abc\\u{2028}")
        #expect(DiagnosticText.excerpt("plain") == "plain")
        #expect(DiagnosticText.escapingControlCharacters("x\ny") == "x\\ny")
    }

    /// The cut counts UTF-8 bytes of the escaped text, 64 by default, and falls between scalars.
    @Test(arguments: [
        // 64 ASCII bytes fit exactly; one more is cut.
        (String(repeating: "x", count: 64), String(repeating: "x", count: 64)),
        (String(repeating: "x", count: 65), String(repeating: "x", count: 64) + "…"),
        // é (U+00E9) is 2 bytes: 32 of them make 64.
        (String(repeating: "\u{E9}", count: 100), String(repeating: "\u{E9}", count: 32) + "…"),
        // One grapheme: a letter and 50 000 combining acute accents (2 bytes each): 1 + 31·2 = 63
        // bytes, a 32nd mark would make 65.
        ("a" + String(repeating: "\u{301}", count: 50_000), "a" + String(repeating: "\u{301}", count: 31) + "…"),
        // ESC escaped is the 6 bytes \u{1B}: ten make 60, an eleventh 66; an escape is never split.
        (String(repeating: "\u{1B}", count: 20), String(repeating: "\\u{1B}", count: 10) + "…"),
        // 🙂 is 4 bytes: 16 of them make 64.
        (String(repeating: "🙂", count: 17), String(repeating: "🙂", count: 16) + "…"),
    ])
    func excerptsAreCutByBytes(input: String, expected: String) {
        #expect(DiagnosticText.excerpt(input) == expected)
        #expect(DiagnosticText.excerpt(input).utf8.count <= DiagnosticText.excerptLimit + "…".utf8.count)
    }

    /// Every C0 and C1 control (CSI U+009B and OSC U+009D among them), DEL, the separators and the
    /// bidirectional formatting characters are escaped; nothing else is.
    @Test func everyTerminalControlIsEscaped() {
        let controls =
            Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x061C, 0x200E, 0x200F, 0x2028, 0x2029]
            + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        for value in controls {
            let text = String(Unicode.Scalar(UInt32(value))!)
            let escaped = DiagnosticText.escapingControlCharacters(text)
            #expect(escaped.hasPrefix("\\"), "U+\(String(value, radix: 16)) → \(escaped)")
            #expect(escaped.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F })
        }
        for text in ["é", "a\u{301}", "日本", "🙂", " ", "~"] {
            #expect(DiagnosticText.escapingControlCharacters(text) == text)
        }
    }

    /// A whole message line is at most 4096 bytes, its cut marked within them; a terminal report keeps
    /// its line breaks and tabs; a report has each line cut so.
    @Test func linesAreCappedAndReportsKeepTheirLines() {
        let huge = String(repeating: "v", count: 1_000_000)
        #expect(DiagnosticText.escapingControlCharacters(huge) == String(repeating: "v", count: 4093) + "…")
        #expect(DiagnosticText.escapingControlCharacters(String(huge.prefix(4096))) == String(huge.prefix(4096)))
        #expect(
            DiagnosticText.reportText("a\n\(huge)\nb\u{1B}")
                == "a\n\(String(repeating: "v", count: 4093))…\nb\\u{1B}")
        #expect(
            DiagnosticText.terminalText("a\tb\nc\r\u{1B}]0;title\u{7}\u{2028}d\n")
                == "a\tb\nc\\r\\u{1B}]0;title\\u{7}\\u{2028}d\n")
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
