import Foundation
import PopSimPlatform
import PopSimTestSupport
import Testing

@testable import PopSimTextIO

/// Several outputs published together or not at all, and notes that cannot stop a run.
@Suite("Output sets and notes")
struct OutputSetTests {
    func temporaryDirectory() throws -> URL { try ScratchFiles.directory(prefix: "output-set") }

    func names(_ directory: URL) throws -> [String] { try ScratchFiles.names(in: directory) }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// A stream whose flush fails, like standard output on a full disk.
    final class FailingStream: TextSink {
        func write(_ text: String) throws(OutputError) {}
        func finish() throws(OutputError) {
            throw OutputError(path: "standard output", reason: "No space left on device")
        }
    }

    @Test func everyFileAppearsOnlyAtTheCommit() throws {
        let directory = try temporaryDirectory()
        let trace = directory.appendingPathComponent("trace.csv").path
        let residuals = directory.appendingPathComponent("residuals.csv").path
        try "old\n".write(toFile: residuals, atomically: false, encoding: .utf8)
        let set = OutputSet(reading: .none)
        try set.open(trace).write("t\n")
        try set.open(residuals).write("r\n")
        #expect(try names(directory).filter { !$0.hasPrefix(".") } == ["residuals.csv"])
        #expect(try contents(residuals) == "old\n")
        var summaryWritten = false
        try set.commit { summaryWritten = true }
        #expect(summaryWritten)
        #expect(try contents(trace) == "t\n" && contents(residuals) == "r\n")
        #expect(try names(directory) == ["residuals.csv", "trace.csv"])
    }

    /// A summary line that cannot be written, a stream that cannot be flushed, or a direct output
    /// that fails (`/dev/full`) leaves every file as it was and no temporary file behind.
    @Test(arguments: ["summary", "stream", "device"])
    func aFailureLeavesEveryFileAsItWas(failing: String) throws {
        let directory = try temporaryDirectory()
        let first = directory.appendingPathComponent("a.csv").path
        let second = directory.appendingPathComponent("b.csv").path
        try "old a\n".write(toFile: first, atomically: false, encoding: .utf8)
        let set = OutputSet(reading: .none)
        try set.open(first).write("new a\n")
        try set.open(second).write("new b\n")
        if failing == "stream" { set.include(FailingStream()) }
        if failing == "device" { try set.open("/dev/full").write(String(repeating: "x", count: 100)) }
        #expect(throws: OutputError.self) {
            try set.commit { () throws(OutputError) in
                if failing == "summary" { throw OutputError(path: "standard error", reason: "Bad file descriptor") }
            }
        }
        #expect(try contents(first) == "old a\n")
        #expect(try names(directory) == ["a.csv"])
    }

    /// A set released without a commit (the command threw) publishes nothing.
    @Test func anUncommittedSetPublishesNothing() throws {
        let directory = try temporaryDirectory()
        do {
            let set = OutputSet(reading: .none)
            try set.open(directory.appendingPathComponent("a.csv").path).write("a\n")
        }
        #expect(try names(directory).isEmpty)
    }

    /// Two outputs naming one file, under any spelling, are refused when the second is opened.
    @Test func twoOutputsCannotNameOneFile() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("out.csv").path
        let alias = directory.appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: directory.path)
        for other in [
            path, directory.appendingPathComponent("./out.csv").path, alias.appendingPathComponent("out.csv").path,
        ] {
            let set = OutputSet(reading: .none)
            _ = try set.open(path)
            #expect(throws: OutputError.self) { _ = try set.open(other) }
            set.discard()
        }
        #expect(try names(directory) == ["alias"])
    }

    /// The set refuses the command's inputs as outputs, except through `rewrite`.
    @Test func inputsAreRefusedUnlessRewritten() throws {
        let directory = try temporaryDirectory()
        let golden = directory.appendingPathComponent("golden.csv").path
        try "old\n".write(toFile: golden, atomically: false, encoding: .utf8)
        let set = OutputSet(reading: InputFiles([golden]))
        #expect(throws: OutputError.self) { _ = try set.open(golden) }
        try set.rewrite(golden).write("new\n")
        try set.commit()
        #expect(try contents(golden) == "new\n")
    }

    /// An output descriptor is refused when it is one of the inputs, by path or as `/dev/fd/N` (what
    /// `popsim velocity t.csv >> t.csv` would do to standard output), unless it is a character device
    /// (a terminal or `/dev/null` may be read and written).
    @Test func anOutputDescriptorThatIsAnInputIsRefused() throws {
        let file = try temporaryDirectory().appendingPathComponent("t.csv").path
        try "time\n".write(toFile: file, atomically: false, encoding: .utf8)
        guard case let .success(descriptor) = Platform.open(file, .writeOnly) else {
            Issue.record("cannot open \(file)")
            return
        }
        defer { Platform.close(descriptor) }
        for input in [file, "/dev/fd/\(descriptor)"] {
            #expect(throws: OutputError.self, "\(input)") {
                try InputFiles([input]).checkOutput(descriptor: descriptor, name: "standard output")
            }
        }
        try InputFiles(["/dev/null"]).checkOutput(descriptor: descriptor, name: "standard output")
        guard case let .success(null) = Platform.open("/dev/null", .writeOnly) else {
            Issue.record("cannot open /dev/null")
            return
        }
        defer { Platform.close(null) }
        try InputFiles(["/dev/null"]).checkOutput(descriptor: null, name: "standard output")
        try OutputSet(reading: .none).includeStandardOutput(StringSink())
    }

    // MARK: Notes

    /// Reads what is in the pipe's read end now.
    func drain(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Platform.read(descriptor, $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func notesAreOneEscapedAndCappedLine() throws {
        let ends = try #require(Platform.makePipe())
        defer {
            Platform.close(ends.read)
            Platform.close(ends.write)
        }
        Platform.makeNonBlocking(ends.read)
        let notes = NoteWriter(descriptor: ends.write)
        notes.note("note: version 1\u{1B}]0;title\u{7}\rerror: forged\u{2028}")
        #expect(drain(ends.read) == "note: version 1\\u{1B}]0;title\\u{7}\\rerror: forged\\u{2028}\n")
        notes.note("note: " + String(repeating: "v", count: 1_000_000))
        let long = drain(ends.read)
        #expect(long.utf8.count == DiagnosticText.lineLimit + "\n".utf8.count && long.hasSuffix("v…\n"))
        notes.write("\r12/40 rows")
        #expect(drain(ends.read) == "\r12/40 rows")
        #expect(notes.droppedWrites == 0)
    }

    @Test func aNoteThatCannotBeWrittenIsDropped() {
        let notes = NoteWriter(descriptor: 1_000_000)
        notes.note("note: nobody reads this")
        notes.write("progress")
        #expect(notes.droppedWrites == 2)
    }

    nonisolated(unsafe) static var brokenPipeSignals = 0

    /// A note to a pipe whose reader left raises no SIGPIPE, whatever SIGPIPE's action; the plain
    /// write does (so this test can fail).
    @Test func aNoteToAClosedPipeRaisesNoSignal() throws {
        let previous = Signal.handle(Signal.brokenPipe) { _ in OutputSetTests.brokenPipeSignals += 1 }
        defer { Signal.restore(Signal.brokenPipe, previous) }
        let ends = try #require(Platform.makePipe())
        Platform.close(ends.read)
        defer { Platform.close(ends.write) }
        Self.brokenPipeSignals = 0
        let notes = NoteWriter(descriptor: ends.write)
        notes.note("note: the reader left")
        #expect(notes.droppedWrites == 1)
        #expect(Self.brokenPipeSignals == 0)
        #expect(!Signal.isPending(Signal.brokenPipe))
        let byte: UInt8 = 0x0A
        #expect(withUnsafePointer(to: byte) { Platform.write(ends.write, $0, 1) } == -1)
        #expect(Self.brokenPipeSignals == 1)
    }
}
