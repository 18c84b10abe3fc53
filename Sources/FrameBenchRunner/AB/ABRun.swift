import Foundation
import FrameBench

/// The rounds of `bench --ab OTHER`: in each, this build's executable and the other build's run one
/// batch of every selected micro benchmark each, as child processes, in alternating order (A B, then
/// B A, …); the children write their reports as JSON, and ``ABComparison`` pairs the batches.
///
/// The children are asked with flags every version of the bench understands (`--filter` with the
/// exact benchmark names, `--samples`, `--min-time`, `--warmup`, `--format json`, `--output`, and
/// `--allow-debug` when this run was given it), and
/// only the benchmarks' samples are read from their reports, so an older build of the bench serves as
/// the other side.
public struct ABRun: Sendable {
    public let options: BenchOptions
    /// The selected benchmarks' identifiers, in run order.
    public let ids: [String]
    public let thisExecutable: String
    public let otherExecutable: String

    /// Fails unless `path` names an executable file.
    public static func check(other path: String) throws(BenchError) {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw .abUnavailable(
                "'\(path)' is not an executable file: give the path of the other build's bench, e.g. "
                    + "../main/.build/release/bench")
        }
    }

    /// Samples per benchmark in one batch: the run's samples shared among the rounds (at least 10).
    public var samplesPerBatch: Int { max(10, options.samples / max(options.rounds, 1)) }

    /// A regular expression matching exactly the selected benchmarks.
    public static func exactFilter(_ ids: [String]) -> String {
        let special = Set("\\^$.|?*+()[]{}/")
        let alternatives = ids.map { id in
            String(id.flatMap { special.contains($0) ? ["\\", $0] : [$0] })
        }
        return "^(?:" + alternatives.joined(separator: "|") + ")$"
    }

    /// One batch's command line (after the executable).
    public func batchArguments(output: String) -> [String] {
        [
            BenchOptions.filterParameter.flag, Self.exactFilter(ids), BenchOptions.samplesParameter.flag,
            String(samplesPerBatch), BenchOptions.minimumTimeParameter.flag,
            String(options.minimumTime / Double(max(options.rounds, 1))), BenchOptions.warmupParameter.flag,
            String(options.warmupTime), BenchOptions.formatParameter.flag, "json", BenchOptions.outputParameter.flag,
            output,
        ] + (options.allowDebug ? [BenchOptions.allowDebugParameter.flag] : [])
    }

    /// What a batch's report is read for.
    struct Batch: Decodable {
        struct Benchmark: Decodable {
            var id: String
            var samples: [Double]
            var workSamples: [Double]?
            var reference: Reference?
        }
        struct Reference: Decodable {
            var name: String
            var isYardstick: Bool?
            var samples: [Double]
            var workSamples: [Double]?
        }
        struct Environment: Decodable {
            var buildConfiguration: String?
            var swiftVersion: String?
        }
        var benchmarks: [Benchmark]
        var environment: Environment?

        /// Each benchmark's samples and each reference's ("id [name]"), by identifier: their work
        /// (min(wall, thread CPU time)) where the bench records it, else the wall clock.
        var samples: [String: [Double]] {
            var result: [String: [Double]] = [:]
            for b in benchmarks {
                result[b.id] = b.workSamples ?? b.samples
                if let r = b.reference { result["\(b.id) [\(r.name)]"] = r.workSamples ?? r.samples }
            }
            return result
        }
    }

    /// Runs the rounds; this build's reports come back whole (they are this bench's own), for the
    /// report's tables.
    public func run(progress: Progress) -> (comparison: ABComparison?, thisBuild: [RunReport], errors: [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("popsim-bench-ab-\(UUID())")
            .path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return (nil, [], [BenchError.cannotWrite(path: directory, reason: error.localizedDescription).description])
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var here: [[String: [Double]]] = []
        var there: [[String: [Double]]] = []
        var thisReports: [RunReport] = []
        var otherBuild: String?
        var order: [String] = []
        var references: Set<String> = []
        var yardsticks: [String: String] = [:]
        for round in 0..<options.rounds {
            let sides = round % 2 == 0 ? [true, false] : [false, true]
            for (k, isThis) in sides.enumerated() {
                progress.update(
                    2 * round + k + 1, of: 2 * options.rounds,
                    "A/B round \(round + 1): \(isThis ? "this build" : otherExecutable)")
                let output = "\(directory)/\(round)-\(isThis ? "this" : "other").json"
                let executable = isThis ? thisExecutable : otherExecutable
                let batch: Batch
                do { batch = try runBatch(executable, output: output, directory: directory) } catch {
                    progress.finish()
                    return (nil, [], [error.description])
                }
                if isThis {
                    here.append(batch.samples)
                    if order.isEmpty {
                        order = Self.order(batch)
                        references = Set(
                            batch.benchmarks.compactMap { b in b.reference.map { "\(b.id) [\($0.name)]" } })
                        // This build says which references are yardsticks (an older other build may not).
                        for b in batch.benchmarks {
                            if let r = b.reference, r.isYardstick == true { yardsticks[b.id] = "\(b.id) [\(r.name)]" }
                        }
                    }
                    if let data = FileManager.default.contents(atPath: output),
                        let report = try? ReportEncoding.decoder().decode(RunReport.self, from: data)
                    {
                        thisReports.append(report)
                    }
                } else {
                    there.append(batch.samples)
                    if let environment = batch.environment {
                        otherBuild = [environment.buildConfiguration, environment.swiftVersion.map { "Swift \($0)" }]
                            .compactMap { $0 }.joined(separator: ", ")
                    }
                }
            }
        }
        progress.finish()
        let comparison = ABComparison(
            other: otherExecutable, samplesPerBatch: samplesPerBatch, threshold: options.comparisonThreshold,
            here: here, there: there, order: order, references: references, yardsticks: yardsticks,
            otherBuild: otherBuild)
        return (comparison, thisReports, [])
    }

    /// Benchmarks, each followed by its reference, in report order.
    static func order(_ batch: Batch) -> [String] {
        batch.benchmarks.flatMap { b in [b.id] + (b.reference.map { ["\(b.id) [\($0.name)]"] } ?? []) }
    }

    /// One batch: the executable as a child process; its report, or why there is none.
    func runBatch(_ executable: String, output: String, directory: String) throws(BenchError) -> Batch {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = batchArguments(output: output)
        var environment = ProcessInfo.processInfo.environment
        // A debug build on the other side refuses instead of rebuilding itself.
        environment["POPSIM_BENCH_NO_RELAUNCH"] = "1"
        child.environment = environment
        let messages = "\(directory)/messages.txt"
        _ = FileManager.default.createFile(atPath: messages, contents: nil)
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle(forWritingAtPath: messages)
        do { try child.run() } catch {
            throw .abUnavailable("cannot run \(executable) (\(error.localizedDescription))")
        }
        child.waitUntilExit()
        let said = ((try? String(contentsOfFile: messages, encoding: .utf8)) ?? "")
            .split(separator: "\n").suffix(4).joined(separator: " / ")
        guard child.terminationReason == .exit, child.terminationStatus == 0,
            let data = FileManager.default.contents(atPath: output)
        else {
            throw .abUnavailable(
                "\(executable) \(batchArguments(output: output).joined(separator: " ")) ended with status "
                    + "\(child.terminationStatus): \(said.isEmpty ? "it said nothing" : said)")
        }
        do { return try ReportEncoding.decoder().decode(Batch.self, from: data) } catch {
            throw .abUnavailable("\(executable) wrote no bench report to read (\(error))")
        }
    }
}

extension ABRun {
    /// This build's batches as one report: each benchmark's samples from every round together, its
    /// statistics, budgets and reference ratio computed again over them.
    public static func pooled(_ reports: [RunReport], rates: [RefreshRate], seed: UInt64) -> [BenchmarkResult] {
        guard let first = reports.first else { return [] }
        return first.benchmarks.map { b in
            var result = b
            let all = reports.compactMap { $0.benchmarks.first(where: { $0.id == b.id }) }
            result.samples = all.flatMap(\.samples)
            result.workSamples = all.flatMap { $0.workSamples ?? [] }
            result.statistics = SampleStatistics(samples: result.samples, seed: seed ^ stableHash(b.id))
            result.budgets = rates.map { BudgetShare(rate: $0, p50: result.statistics.p50, p99: result.statistics.p99) }
            result.elapsedSeconds = all.map(\.elapsedSeconds).reduce(0, +)
            if var reference = b.reference {
                reference.samples = all.compactMap(\.reference).flatMap(\.samples)
                reference.workSamples = all.compactMap(\.reference).flatMap { $0.workSamples ?? [] }
                reference.statistics = SampleStatistics(
                    samples: reference.samples, seed: seed ^ stableHash(b.id + "#reference"))
                let a = result.samples.sorted()
                let c = reference.samples.sorted()
                reference.ratio = Percentile.median(sorted: a) / Percentile.median(sorted: c)
                reference.ratioInterval = Bootstrap.ratioOfMediansInterval(
                    sortedNumerator: a, sortedDenominator: c, seed: seed ^ stableHash(b.id + "#ratio"))
                result.reference = reference
            }
            return result
        }
    }
}
