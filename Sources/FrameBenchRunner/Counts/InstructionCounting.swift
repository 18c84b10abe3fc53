import Foundation
import FrameBench

/// `bench --counts`: each selected benchmark's instructions per operation, counted by Valgrind's
/// callgrind in a child process of the same executable (``CountingChild``, ``InstructionCounter``).
/// Instruction counts do not move with the machine's load, so they can gate CI where wall time cannot
/// (rustc-perf's `instructions:u`, iai-callgrind).
public struct InstructionCounting: Sendable {
    /// The `valgrind` executable.
    public let valgrind: String
    /// `valgrind --version`, e.g. "valgrind-3.19.0".
    public let version: String
    /// `objcopy` or `llvm-objcopy`, to count in a copy of the executable without debug information:
    /// Valgrind 3.19 (Debian 12) gives up on the DWARF that Swift 6.3 writes ("Possibly corrupted
    /// debuginfo file"), and the instructions executed do not depend on it. nil: count in the executable
    /// itself.
    public let objcopy: String?

    /// Finds what counting needs, or says exactly what is missing and how to get it.
    public static func prepare(callgrind: CallgrindRequests, environment: [String: String]) throws(BenchError)
        -> InstructionCounting
    {
        guard callgrind.isSupported else {
            throw .countingUnavailable(
                "this bench was built without Valgrind's headers (<valgrind/callgrind.h>, from Debian's valgrind "
                    + "package): install valgrind (Scripts/bootstrap.sh does, or apt-get install valgrind), then "
                    + "rebuild: rm -rf .build/release/CPopSimCallgrind.build && swift build -c release --product bench")
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard let valgrind = find("valgrind") else {
            throw .countingUnavailable(
                "valgrind is not on PATH: install it (Scripts/bootstrap.sh does, or apt-get install valgrind)")
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: valgrind)
        probe.arguments = ["--version"]
        let pipe = Pipe()
        probe.standardOutput = pipe
        probe.standardError = FileHandle.nullDevice
        do { try probe.run() } catch {
            throw .countingUnavailable("cannot run \(valgrind) (\(error.localizedDescription))")
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        let version = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard probe.terminationStatus == 0, version.hasPrefix("valgrind-") else {
            throw .countingUnavailable("\(valgrind) --version did not answer as valgrind does ('\(version)')")
        }
        return InstructionCounting(
            valgrind: valgrind, version: version, objcopy: find("objcopy") ?? find("llvm-objcopy"))
    }

    /// callgrind's command line, before the executable (run in the counting directory).
    public static let valgrindArguments = [
        "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
        "--callgrind-out-file=\(CountingChild.dumpBase)", "--dump-line=no",
    ]

    /// What the report says about the counts.
    public var method: String {
        "\(version) --tool=callgrind in a child process (a copy of this executable "
            + (objcopy == nil ? "with" : "without") + " its debug information), "
            + "client requests around each counted call "
            + "(set-up and warm-up not counted); per operation (I(n) − I(0))/n, n the largest power of two with "
            + "n·I(1) ≤ \(Formatting.grouped(Int(InstructionCounter.instructionBudget))) instructions, or the "
            + "baseline's n; a fixed environment, SWIFT_DETERMINISTIC_HASHING=1"
    }

    /// Counts the benchmarks `ids` (in run order), each in its own child of `executable` under
    /// callgrind, `jobs` children at a time (default: one per CPU): counts do not depend on the machine's
    /// load, so the children share the cores.
    /// `iterations` gives a benchmark's n and its reference's (a baseline's), by id.
    public func run(
        ids: [String], iterations: [String: (Int, Int?)] = [:], executable: String,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: Progress
    )
        -> (counts: [String: CountedBenchmark], errors: [String])
    {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("popsim-bench-counts-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return ([:], [BenchError.cannotWrite(path: directory, reason: error.localizedDescription).description])
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Children run in directories of their own beside the copy, which they name by a relative path:
        // their arguments (which sit on their stack, as the environment does) are the same wherever the
        // directory is, and the same for every benchmark (``CountingChild``).
        let program = strippedCopy(of: executable, in: directory).map { "../\($0)" } ?? executable
        var counts: [String: CountedBenchmark] = [:]
        var errors: [String] = []
        var running: [(index: Int, process: Process, directory: String)] = []
        var next = 0
        var finished = 0
        while next < ids.count || !running.isEmpty {
            while next < ids.count && running.count < max(jobs, 1) {
                let childDirectory = "\(directory)/\(String(next + 100_000).dropFirst())"
                do {
                    try FileManager.default.createDirectory(atPath: childDirectory, withIntermediateDirectories: true)
                    let request = CountingChild.Request(
                        id: ids[next], iterations: iterations[ids[next]]?.0,
                        referenceIterations: iterations[ids[next]]?.1 ?? nil)
                    running.append((next, try start(program, request, in: childDirectory), childDirectory))
                } catch {
                    errors.append(
                        "\(BenchOptions.countsParameter.flag): \(ids[next]): cannot start valgrind (\(error.localizedDescription))"
                    )
                }
                next += 1
            }
            progress.update(
                finished + 1, of: ids.count, "instructions: \(ids[running.first?.index ?? min(next, ids.count - 1)])")
            Thread.sleep(forTimeInterval: 0.05)
            for child in running where !child.process.isRunning {
                child.process.waitUntilExit()
                finished += 1
                switch Self.outcome(child.process, id: ids[child.index], directory: child.directory) {
                case let .counted(result):
                    counts[result.id] = result
                    if let error = result.error {
                        errors.append("\(BenchOptions.countsParameter.flag): \(result.id): \(error)")
                    }
                case let .failed(error):
                    errors.append(error)
                }
            }
            running.removeAll { !$0.process.isRunning }
        }
        progress.finish()
        return (counts, errors)
    }

    enum Outcome {
        case counted(CountedBenchmark)
        case failed(String)
    }

    func start(_ program: String, _ request: CountingChild.Request, in directory: String) throws -> Process {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(request).write(to: URL(fileURLWithPath: "\(directory)/\(CountingChild.requestFile)"))
        let child = Process()
        child.executableURL = URL(fileURLWithPath: Self.env)
        child.currentDirectoryURL = URL(fileURLWithPath: directory)
        child.arguments =
            ["-i"] + Self.childEnvironment + [valgrind] + Self.valgrindArguments + [program, CountingChild.argument]
        _ = FileManager.default.createFile(atPath: "\(directory)/\(Self.messagesFile)", contents: nil)
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle(forWritingAtPath: "\(directory)/\(Self.messagesFile)")
        try child.run()
        return child
    }

    /// valgrind's messages, in a child's directory.
    static let messagesFile = "valgrind.err"

    static func outcome(_ child: Process, id: String, directory: String) -> Outcome {
        let decoder = ReportEncoding.decoder()
        if child.terminationReason == .exit, child.terminationStatus == 0,
            let data = FileManager.default.contents(atPath: "\(directory)/\(CountingChild.resultFile)"),
            let result = try? decoder.decode(CountedBenchmark.self, from: data), result.id == id
        {
            return .counted(result)
        }
        let messages = tail((try? String(contentsOfFile: "\(directory)/\(messagesFile)", encoding: .utf8)) ?? "")
        let ending =
            child.terminationReason == .uncaughtSignal
            ? "signal \(child.terminationStatus)" : "exit status \(child.terminationStatus)"
        return .failed(
            "\(BenchOptions.countsParameter.flag): counting '\(id)' under valgrind ended with \(ending); not counted: \(messages)"
        )
    }

    /// The program that starts valgrind with exactly ``childEnvironment(_:)``.
    static let env = "/usr/bin/env"

    /// The counting child's whole environment, in this order. Nothing else: the Swift runtime reads its
    /// variables with getenv, whose cost depends on where a variable sits in the environment, a parent
    /// hands its environment on in the random order of a Swift dictionary, and the environment's size
    /// moves the stack; with a fixed environment two runs (and two users) execute the same instructions.
    static let childEnvironment = ["PATH=/usr/bin:/bin", "SWIFT_DETERMINISTIC_HASHING=1"]

    /// A copy of `executable` in `directory` without debug information, by its name (nil when there is no
    /// objcopy or it fails: then valgrind runs the executable itself).
    func strippedCopy(of executable: String, in directory: String) -> String? {
        guard let objcopy else { return nil }
        let name = BenchTool.product(ofExecutableAt: executable)
        let copy = "\(directory)/\(name)"
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: objcopy)
        strip.arguments = ["--strip-debug", executable, copy]
        strip.standardOutput = FileHandle.nullDevice
        strip.standardError = FileHandle.nullDevice
        do { try strip.run() } catch { return nil }
        strip.waitUntilExit()
        return strip.terminationStatus == 0 && FileManager.default.isExecutableFile(atPath: copy) ? name : nil
    }

    /// The last lines of valgrind's messages, without its `==pid==` prefixes.
    static func tail(_ text: String, lines: Int = 6) -> String {
        let cleaned = text.split(separator: "\n").map { line -> String in
            var s = Substring(line)
            if s.hasPrefix("=="), let end = s.dropFirst(2).firstRange(of: "==") { s = s[end.upperBound...] }
            return s.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        let last = cleaned.suffix(lines).joined(separator: " / ")
        return last.isEmpty ? "valgrind said nothing" : last
    }
}
