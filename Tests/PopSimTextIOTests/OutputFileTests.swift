import Foundation
import PopSimPlatform
import PopSimTestSupport
import Testing

@testable import PopSimTextIO

/// What `OutputFile` opens, and what it refuses before anything is written.
@Suite("Output targets")
struct OutputFileTests {
    func temporaryDirectory() throws -> URL { try ScratchFiles.directory(prefix: "outputs") }

    func names(_ directory: URL) throws -> [String] { try ScratchFiles.names(in: directory) }

    /// The refusal's reason, or nil when `open` succeeded (the sink is then discarded).
    func refusal(_ open: () throws(OutputError) -> any FileSink) -> String? {
        do {
            let sink = try open()
            sink.discard()
            return nil
        } catch {
            return error.reason
        }
    }

    @Test(arguments: [
        "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "/proc/thread-self/fd/0", "/proc/\(Platform.processID)/fd/0",
    ])
    func standardInputIsNeverAnOutput(path: String) {
        let reason = refusal { () throws(OutputError) in try OutputFile.open(path) }
        #expect(reason?.hasPrefix("is standard input") == true, "\(String(describing: reason))")
    }

    @Test func anEmptyNameIsRefused() {
        #expect(
            refusal { () throws(OutputError) in try OutputFile.open("") } == "is an empty file name; give a file name")
    }

    /// A descriptor path whose descriptor is closed is refused; nothing is created in /dev or /proc.
    @Test func aClosedDescriptorIsRefused() {
        // Far above the descriptors any test beside this one opens.
        let closed = Int32(1_000_000)
        #expect(!Platform.isOpen(closed))
        let reason = refusal { () throws(OutputError) in try OutputFile.open("/dev/fd/\(closed)") }
        #expect(reason == "names descriptor \(closed), which is not open")
    }

    /// The same file as an input, under its own name, through a symbolic link, a hard link or an open
    /// descriptor, is refused; another file is not.
    @Test func anInputIsNeverAnOutput() throws {
        let directory = try temporaryDirectory()
        let input = directory.appendingPathComponent("in.csv").path
        let other = directory.appendingPathComponent("other.csv").path
        try "time,phase,x,y\n".write(toFile: input, atomically: false, encoding: .utf8)
        let symbolic = directory.appendingPathComponent("symbolic.csv").path
        let hard = directory.appendingPathComponent("hard.csv").path
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: input)
        try FileManager.default.linkItem(atPath: input, toPath: hard)
        let inputs = InputFiles([input])
        for path in [input, symbolic, hard] {
            let reason = refusal { () throws(OutputError) in try OutputFile.open(path, reading: inputs) }
            #expect(reason?.contains("is the input '\(input)' too") == true, "\(path): \(String(describing: reason))")
        }
        guard case let .success(descriptor) = Platform.open(input, .readOnly) else {
            Issue.record("cannot open \(input)")
            return
        }
        defer { Platform.close(descriptor) }
        let reason = refusal { () throws(OutputError) in try OutputFile.open("/dev/fd/\(descriptor)", reading: inputs) }
        #expect(reason?.contains("too; PopSim never writes a file it reads") == true, "\(String(describing: reason))")
        #expect(throws: OutputError.self) { try inputs.checkOutput(descriptor: descriptor, name: "standard output") }
        #expect(refusal { () throws(OutputError) in try OutputFile.open(other, reading: inputs) } == nil)
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "time,phase,x,y\n")
        // A character device read and written is no conflict (a terminal, /dev/null).
        #expect(
            refusal { () throws(OutputError) in try OutputFile.open("/dev/null", reading: InputFiles(["/dev/null"])) }
                == nil)
    }

    /// A FIFO nobody reads is refused at once; one with a reader is written directly.
    @Test func aFIFOWithoutAReaderIsRefused() throws {
        let directory = try temporaryDirectory()
        let fifo = directory.appendingPathComponent("out.fifo").path
        #expect(Platform.makeFIFO(fifo))
        let reason = refusal { () throws(OutputError) in try OutputFile.open(fifo) }
        #expect(
            reason?.hasPrefix("is a named pipe that no process is reading") == true, "\(String(describing: reason))")
        guard case let .success(reader) = Platform.open(fifo, .readOnly, .nonBlocking) else {
            Issue.record("cannot open \(fifo)")
            return
        }
        defer { Platform.close(reader) }
        let sink = try OutputFile.open(fifo)
        #expect(sink is DirectFileSink)
        try sink.write("through\n")
        try sink.finish()
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { Platform.read(reader, $0.baseAddress!, $0.count) }
        #expect(count == 8 && String(decoding: buffer.prefix(8), as: UTF8.self) == "through\n")
    }

    /// A UNIX socket is refused with a message saying so (`open(2)` cannot write one).
    @Test func aSocketIsRefused() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("s.sock").path
        let server = try #require(Platform.listeningSocket(at: path))
        defer { Platform.close(server) }
        let reason = refusal { () throws(OutputError) in try OutputFile.open(path) }
        #expect(reason?.hasPrefix("is a socket") == true, "\(String(describing: reason))")
    }

    /// A symbolic link to nothing is refused and left as it is: PopSim creates no file through a link.
    @Test func aDanglingLinkIsRefused() throws {
        let directory = try temporaryDirectory()
        let link = directory.appendingPathComponent("link.csv").path
        let missing = directory.appendingPathComponent("missing.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: missing)
        let reason = refusal { () throws(OutputError) in try OutputFile.open(link) }
        #expect(
            reason?.hasPrefix("is a symbolic link to '\(missing)', which does not exist") == true,
            "\(String(describing: reason))")
        #expect(try names(directory) == ["link.csv"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == missing)
    }

    /// A read-only file (no write bit: refused even for root, which may write anything) is neither
    /// replaced by `open` nor by `rewrite`.
    @Test func aReadOnlyFileIsRefused() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("golden.csv").path
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(Platform.setPermissions(path: path, 0o444))
        for reason in [
            refusal { () throws(OutputError) in try OutputFile.open(path) },
            refusal { () throws(OutputError) in try OutputFile.rewrite(path) },
        ] {
            #expect(reason?.hasPrefix("is read-only") == true, "\(String(describing: reason))")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try names(directory) == ["golden.csv"])
    }

    /// Rewriting in place needs an existing regular file.
    @Test func onlyARegularFileIsRewritten() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("golden.csv").path
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        for stream in ["-", "/dev/stdin", "/dev/stdout"] {
            #expect(
                refusal { () throws(OutputError) in try OutputFile.rewrite(stream) }?.hasPrefix("is a stream") == true)
        }
        #expect(
            refusal { () throws(OutputError) in try OutputFile.rewrite("/dev/null") }?.hasPrefix(
                "is not a regular file") == true)
        let sink = try OutputFile.rewrite(path)
        try sink.write("new\n")
        try sink.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    }

    /// The temporary name fits the directory's 255-byte name limit whatever the target's name: a
    /// valid name of 250 or 255 bytes (2-byte letters included) works.
    @Test(arguments: [
        String(repeating: "n", count: 250), String(repeating: "n", count: 255),
        String(repeating: "\u{E9}", count: 127) + "n",
    ])
    func longFileNamesWork(name: String) throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent(name).path
        let sink = try OutputFile.open(path)
        try sink.write("rows\n")
        let temporary = try names(directory)
        #expect(temporary.count == 1 && temporary[0].utf8.count <= 255 && temporary[0].hasPrefix("."))
        // Shortened at a scalar boundary: still valid UTF-8.
        #expect(temporary.allSatisfy { !$0.contains("\u{FFFD}") })
        try sink.finish()
        #expect(try names(directory) == [name])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "rows\n")
    }

    /// `prepare` completes the file without publishing it; `publish` renames it into place.
    @Test func preparedFilesAppearOnlyWhenPublished() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("out.csv").path
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let sink = try OutputFile.open(path)
        try sink.write("new\n")
        try sink.prepare()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        try sink.publish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try names(directory) == ["out.csv"])
    }

    @Test func prefixesEndAtScalarBoundaries() {
        #expect(AtomicFileSink.prefix(of: "ab\u{E9}", bytes: 3) == "ab")
        #expect(AtomicFileSink.prefix(of: "ab\u{E9}", bytes: 4) == "ab\u{E9}")
        #expect(AtomicFileSink.prefix(of: "🙂🙂", bytes: 7) == "🙂")
    }
}
