import Foundation
import Testing
@testable import PopSimTextIO

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
}
