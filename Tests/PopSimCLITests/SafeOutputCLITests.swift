import Foundation
import PopSimPlatform
import PopSimTestSupport
import Testing

/// `--output` never replaces what is not a regular file, and an interrupted run leaves no temporary
/// file behind.
@Suite("Reliability: safe outputs")
struct SafeOutputCLITests {
    static func isCharacterDevice(_ path: String) -> Bool {
        (try? Platform.status(path: path).get())?.type == .characterDevice
    }

    @Test func devNullStaysADevice() throws {
        let result = try PopSimProcess.run(["spring", "--preset", "smooth", "--output", "/dev/null"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.isCharacterDevice("/dev/null"))
    }

    @Test func aFullDeviceIsAnIOError() throws {
        let result = try PopSimProcess.run(["spring", "--preset", "smooth", "--output", "/dev/full"])
        expectRefusal(result, status: 74, mentioning: ["/dev/full", "No space left"])
        #expect(Self.isCharacterDevice("/dev/full"))
    }

    /// A FIFO is written through (its reader gets the trace) and stays a FIFO.
    @Test func aFIFOIsWrittenDirectly() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let fifo = directory.appendingPathComponent("trace.fifo").path
        #expect(Platform.makeFIFO(fifo))
        nonisolated(unsafe) var received = Data()
        let reader = Thread { received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data() }
        reader.start()
        let result = try PopSimProcess.run(["spring", "--preset", "smooth", "--output", fifo])
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            String(decoding: received, as: UTF8.self)
                == (try PopSimProcess.run(["spring", "--preset", "smooth"])).stdout)
        #expect((try? Platform.status(path: fifo).get())?.type == .fifo)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["trace.fifo"])
    }

    /// With SIGPIPE ignored, a FIFO whose reader leaves is a write error like any other: exit 74 with
    /// one `error:` line (only a reader leaving standard output ends a run quietly).
    @Test func aFIFOWhoseReaderLeavesIsAnError() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let fifo = directory.appendingPathComponent("trace.fifo").path
        #expect(Platform.makeFIFO(fifo))
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: fifo)
            _ = handle?.readData(ofLength: 10)
            try? handle?.close()
        }
        reader.start()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "trap '' PIPE; exec \"$0\" spring --preset smooth --seconds 10000 --output \"$1\"",
            PopSimProcess.executable.url.path, fifo,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 74)
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("error: ") && lines[0].contains(fifo), "\(stderr)")
    }

    @Test func devStdoutIsStandardOutput() throws {
        let spring = try PopSimProcess.run(["spring", "--preset", "smooth", "--output", "/dev/stdout"])
        #expect(spring.status == 0)
        #expect(spring.stdout == (try PopSimProcess.run(["spring", "--preset", "smooth"])).stdout)
    }

    /// Replacing a regular file keeps its permission bits, and a symbolic link stays a link to the
    /// replaced file.
    @Test func aReplacedFileKeepsItsModeAndLinks() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let target = directory.appendingPathComponent("trace.csv").path
        let link = directory.appendingPathComponent("link.csv").path
        try "old\n".write(toFile: target, atomically: true, encoding: .utf8)
        #expect(Platform.setPermissions(path: target, 0o640))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try PopSimProcess.run(["spring", "--preset", "smooth", "--output", link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("time,position,velocity\n"))
        #expect((try? Platform.status(path: target).get())?.permissions == 0o640)
    }

    @Test func aDirectoryIsRefused() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        expectRefusal(
            try PopSimProcess.run(["spring", "--preset", "smooth", "--output", directory.path]), status: 74,
            mentioning: ["is a directory"])
    }
}
