import Foundation

/// Runs the built `popsim` executable, as a user would, and captures what it prints.
struct PopSimProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(stdout.hasSuffix("\n") ? 1 : 0) }
    }

    /// The `popsim` binary next to the test bundle (SwiftPM builds every product into the same
    /// directory), or `$POPSIM_BINARY`.
    static let executable: URL = {
        if let override = ProcessInfo.processInfo.environment["POPSIM_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directory = URL(fileURLWithPath: exe).deletingLastPathComponent()
        }
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("popsim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/popsim")
    }()

    /// Runs `popsim arguments…`, feeding `input` on standard input.
    static func run(_ arguments: [String], input: String? = nil, currentDirectory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        // Read both pipes concurrently so a large output cannot dead-lock on a full pipe.
        nonisolated(unsafe) var stdoutData = Data()
        nonisolated(unsafe) var stderrData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { stdoutData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { stderrData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
        try inp.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// A fresh empty directory for output files.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("popsim-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Parses a CSV with a header into rows of numbers keyed by column (for checking traces).
struct NumericCSV {
    let header: [String]
    let rows: [[Double]]

    init(_ text: String) {
        let lines = text.split(separator: "\n").map(String.init)
        header = lines.first.map { $0.split(separator: ",").map(String.init) } ?? []
        rows = lines.dropFirst().map { $0.split(separator: ",").map { Double(String($0)) ?? .nan } }
    }

    func column(_ name: String) -> [Double] {
        guard let index = header.firstIndex(of: name) else { return [] }
        return rows.map { $0[index] }
    }
}
