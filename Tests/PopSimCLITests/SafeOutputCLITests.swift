import Foundation
import PopSimPlatform
import PopSimTestSupport
import Testing

/// `--output` never replaces what is not a regular file, and an interrupted run leaves no temporary
/// file behind.
@Suite("Reliability: safe outputs")
struct SafeOutputCLITests {
    static func isCharacterDevice(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR
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
        #expect(mkfifo(fifo, 0o600) == 0)
        nonisolated(unsafe) var received = Data()
        let reader = Thread { received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data() }
        reader.start()
        let result = try PopSimProcess.run(["spring", "--preset", "smooth", "--output", fifo])
        while !reader.isFinished { usleep(10_000) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            String(decoding: received, as: UTF8.self)
                == (try PopSimProcess.run(["spring", "--preset", "smooth"])).stdout)
        var status = stat()
        #expect(stat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["trace.fifo"])
    }

    /// With SIGPIPE ignored, a FIFO whose reader leaves is a write error like any other: exit 74 with
    /// one `error:` line (only a reader leaving standard output ends a run quietly).
    @Test func aFIFOWhoseReaderLeavesIsAnError() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let fifo = directory.appendingPathComponent("trace.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
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
        while !reader.isFinished { usleep(10_000) }
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
        #expect(chmod(target, 0o640) == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try PopSimProcess.run(["spring", "--preset", "smooth", "--output", link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("time,position,velocity\n"))
        var status = stat()
        #expect(stat(target, &status) == 0 && status.st_mode & 0o777 == 0o640)
    }

    @Test func aDirectoryIsRefused() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        expectRefusal(
            try PopSimProcess.run(["spring", "--preset", "smooth", "--output", directory.path]), status: 74,
            mentioning: ["is a directory"])
    }

    /// Starts popsim with every signal unblocked and at its default action, as a shell starts a
    /// command (a child of a test thread would inherit the thread's blocked signals).
    static func spawn(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let path = PopSimProcess.executable.url.path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        return pid
    }

    /// SIGINT, SIGTERM and SIGHUP during a long write remove the temporary file; the target is never
    /// created; the process ends by the signal.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalLeavesNoTemporaryFile(signal: Int32) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("big.csv").path
        // 99 million rows: minutes of work, interrupted as soon as the temporary file appears.
        let pid = try Self.spawn([
            "spring", "--stiffness", "1", "--damping", "0", "--seconds", "1e6", "--rate", "99", "--output", output,
        ])
        var waited = 0
        while try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty && waited < 1000 {
            usleep(10_000)
            waited += 1
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
        #expect(kill(pid, signal) == 0)
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        // WIFSIGNALED and WTERMSIG: the low seven bits hold the signal that ended the process.
        #expect(status & 0x7F == signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
