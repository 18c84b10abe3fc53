import Foundation
import PopSimPlatform

/// Runs one of the package's built executables (`popsim`, `bench`) as a user would, for the tests
/// that check command-line behaviour end to end.
public struct BuiltExecutable: Sendable {
    public struct Result: Sendable {
        /// The exit status, or the signal's number when ``signalled``.
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// Whether a signal ended the process (a trap, an abort) instead of an exit.
        public let signalled: Bool

        /// Standard output split into lines, without the final empty one.
        public var lines: [String] {
            let all = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return stdout.hasSuffix("\n") ? Array(all.dropLast()) : all
        }
    }

    public let url: URL

    /// The program at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// The executable `name` next to the test bundle (SwiftPM builds every product into the same
    /// directory), or the path in the environment variable `override` when it is set.
    public init(name: String, override: String) {
        if let path = ProcessInfo.processInfo.environment[override] {
            url = URL(fileURLWithPath: path)
            return
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directory = URL(fileURLWithPath: exe).deletingLastPathComponent()
        }
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                url = candidate
                return
            }
            directory = directory.deletingLastPathComponent()
        }
        url = URL(fileURLWithPath: ".build/debug/\(name)")
    }

    /// Runs it with `arguments`, feeding `input` on standard input, and captures both output streams
    /// (read concurrently, so a large output cannot dead-lock on a full pipe). With `standardOutputPath`,
    /// standard output goes to that file instead (e.g. `/dev/full`) and `stdout` is empty.
    public func run(
        _ arguments: [String], input: String? = nil, currentDirectory: URL? = nil,
        environment extra: [String: String] = [:], standardOutputPath: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if !extra.isEmpty {
            var environment = ProcessInfo.processInfo.environment
            for (key, value) in extra { environment[key] = value }
            process.environment = environment
        }
        let out = Pipe()
        let err = Pipe()
        let inp = Pipe()
        let outputFile = try standardOutputPath.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) }
        process.standardOutput = outputFile ?? out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        nonisolated(unsafe) var stdoutData = Data()
        nonisolated(unsafe) var stderrData = Data()
        let group = DispatchGroup()
        group.enter()
        if outputFile == nil {
            DispatchQueue.global().async {
                stdoutData = out.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        } else {
            try out.fileHandleForWriting.close()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            stderrData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if let input {
            // A command that fails before reading its input (a usage error) closes the pipe first: the
            // write then fails with EPIPE, which is not the test's concern, instead of killing the test
            // process with SIGPIPE.
            Self.ignoreBrokenPipes
            try? inp.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        }
        try? inp.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        try outputFile?.close()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self),
            signalled: process.terminationReason == .uncaughtSignal)
    }

    /// SIGPIPE ignored for the test process, once: writes to a closed pipe return EPIPE.
    private static let ignoreBrokenPipes: Void = { Signal.ignore(Signal.brokenPipe) }()

    /// Runs `script` with `/bin/bash -c` (pipelines, redirections a test needs around a command).
    public static func shell(_ script: String) throws -> Result {
        try BuiltExecutable(url: URL(fileURLWithPath: "/bin/bash")).run(["-c", script])
    }

    /// Runs it with `arguments` through the shell, which applies `redirections` (`< file`, `>&-`) first.
    public func runInShell(_ arguments: [String], redirections: String) throws -> Result {
        let words = ([url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try Self.shell("exec \(words) \(redirections)")
    }
}
