import PopSimArgumentParsing
import Dispatch
import PopSimPlatform
import PopSimSweeps
import PopSimTextIO

/// The flags every `popsim sweep <model>` accepts besides its decide flags.
enum SweepFlags {
    static let flags: [FlagSpec] = PipelineFlags.flags + SweepExecution.flags + [
        .switch("--golden", "start the output with a '# popsim sweep …' line recording the command, for 'popsim check'"),
    ]

    /// Flags that change how a sweep runs but not what it computes; a golden's command omits them.
    static let executionFlags: Set<String> = ["--jobs", "--shard", "--output", "--golden"]

    /// A decide command's flags as a sweep accepts them: every numeric component may be an axis (and,
    /// for `threshold`, the interval to solve along).
    static func sweepable(_ flags: [FlagSpec], intervals: Bool = false) -> [FlagSpec] {
        flags.map { $0.allowingGridAxes(maximumPoints: ParameterGrid.maximumPoints, intervals: intervals) }
    }

    static let discussion = """
    any numeric component of a decide flag may be a grid axis A:B:N (N evenly spaced values from A to B
    inclusive), e.g. --translation 0,0:400:81 --velocity 0,-2000:2000:81. The CSV has one column per
    swept component (translation_y, velocity_y, …) and outcome; rows are in grid order: axes in the
    order of the flag list above, the first varying slowest. A final line on stderr gives the number
    of decisions and decisions per second.

    --pipeline --trials K runs K realisations per grid point (seeds from --seed, the grid index and the
    trial, so the output does not depend on --jobs or --shard) and writes, after outcome (now the most
    frequent outcome, ties to the ideal one), a p_<outcome> column per outcome the model can give and
    p_error, fractions of K that sum to 1. Rows are written as they are computed, in constant memory.

    sharding: --shard K/N computes the contiguous part K (0 ≤ K < N) of the grid; only part 0 writes
    the header, so 'cat part-0.csv part-1.csv …' is byte-identical to the unsharded output. As a
    Kubernetes Indexed Job: --shard $JOB_COMPLETION_INDEX/N; as a Slurm array (--array=0-(N-1)):
    --shard $SLURM_ARRAY_TASK_ID/N; with GNU parallel: parallel popsim sweep … --shard {}/N
    --output part-{}.csv ::: $(seq 0 N-1).
    """
}

/// How a sweep or threshold run is carried out (threads, which part of the grid), not what it computes.
struct SweepExecution {
    static let flags: [FlagSpec] = [
        .integer("--jobs", "N", ValueRanges.jobs, "worker threads (default: all cores); the output is identical for any N"),
        .option("--shard", "K/N", "compute only part K of N (K from 0); the parts' outputs concatenate to the whole"),
        .option("--output", "FILE", "write the CSV to FILE atomically (default: standard output)"),
    ]

    let jobs: Int
    let shard: Shard

    init(arguments: ParsedArguments) throws {
        jobs = try arguments.integer("--jobs") ?? Platform.processorCount
        var shard = Shard.whole
        if let text = arguments.string("--shard") {
            do { shard = try Shard(parsing: text, maximumCount: ParameterGrid.maximumPoints) } catch { throw UsageError(error.description) }
        }
        self.shard = shard
    }
}

/// Runs a decision sweep for one model and writes its CSV.
enum SweepRunner {
    static func run<Decision: SweepableDecision>(_ type: Decision.Type, modelWord: String,
                                                 _ arguments: ParsedArguments, _ context: CommandContext) throws {
        let execution = try SweepExecution(arguments: arguments)
        let (jobs, shard) = (execution.jobs, execution.shard)
        let table: DecisionTable<Decision>
        do { table = try DecisionTable(arguments: arguments) } catch let error as SweepError { throw UsageError(error.description) }
        let pipeline = try PipelineSettings(arguments: arguments)
        if let note = Decision.note(for: table) { try context.standardError.write(note + "\n") }

        let range = shard.range(in: table.count)
        let progress = ProgressLine(total: range.count, unit: "decisions", enabled: context.standardErrorIsTerminal, sink: context.standardError)
        let start = Platform.monotonicSeconds()
        var summary = BoundaryShift.Accumulator(grid: table.grid, range: range)
        try context.withOutput(path: arguments.string("--output")) { out in
            if shard.writesHeader {
                if arguments.isSet("--golden") {
                    try out.write(GoldenDecisionTable.firstLine(recordedCommand: recordedCommand(Decision.self, modelWord: modelWord, arguments)))
                }
                try out.write(table.header(for: pipeline))
            }
            try table.forEachChunk(range, pipeline: pipeline, jobs: jobs, progress: progress.advance) { (chunk: DecisionTableChunk) throws(OutputError) in
                try out.write(chunk.text)
                if pipeline != nil {
                    for row in chunk.rows { summary.add(index: row.index, outcome: row.outcome, ideal: row.ideal ?? "") }
                }
            }
        }
        let elapsed = Platform.monotonicSeconds() - start
        progress.finish()
        if let pipeline {
            try context.standardError.write("pipeline (\(pipeline.summary(modelEstimator: Decision.modelEstimator))) vs the ideal decision: " + summary.result.description + "\n")
        }
        let trials = pipeline?.trials ?? 1
        let decisions = range.count * trials
        let what = trials > 1 ? "\(range.count) grid points × \(trials) trials = \(decisions) decisions" : "\(decisions) decisions"
        try context.standardError.write("swept \(what) in \(formatSeconds(elapsed)) s (\(formatRate(decisions, elapsed)) decisions/s)\n")
    }

    /// `count / seconds`, rounded, or ∞ for a run too short to time.
    static func formatRate(_ count: Int, _ seconds: Double) -> String {
        let rate = seconds > 0 ? Double(count) / seconds : .infinity
        return rate.isFinite ? String(Int(rate.rounded())) : "∞"
    }

    /// The command line that reproduces this sweep's results (execution-only flags left out), with the
    /// flags in the order of the command's flag list.
    static func recordedCommand<Decision: SweepableDecision>(_ type: Decision.Type, modelWord: String,
                                                            _ arguments: ParsedArguments) -> String {
        var words = ["popsim", "sweep", modelWord]
        for flag in Decision.decideSpec.flags + SweepFlags.flags where !SweepFlags.executionFlags.contains(flag.name) {
            if let value = arguments.string(flag.name) {
                words += [flag.name, value]
            } else if arguments.isSet(flag.name) {
                words.append(flag.name)
            }
        }
        return ShellWords.join(words)
    }

    static func formatSeconds(_ seconds: Double) -> String {
        String((seconds * 1000).rounded() / 1000)
    }
}

/// A `done/total` line on stderr, redrawn at most five times a second, only on a terminal.
final class ProgressLine: @unchecked Sendable {
    private let total: Int
    private let unit: String
    private let enabled: Bool
    private let sink: TextSink
    private var done = 0
    private var lastDrawn = 0.0
    private let lock = DispatchSemaphore(value: 1)

    init(total: Int, unit: String, enabled: Bool, sink: TextSink) {
        self.total = total
        self.unit = unit
        self.enabled = enabled
        self.sink = sink
    }

    var advance: (@Sendable (Int) -> Void)? {
        guard enabled else { return nil }
        return { [self] count in
            lock.wait()
            defer { lock.signal() }
            done += count
            let now = Platform.monotonicSeconds()
            if now - lastDrawn >= 0.2 {
                lastDrawn = now
                try? sink.write("\r\(done)/\(total) \(unit)")
            }
        }
    }

    func finish() {
        if enabled { try? sink.write("\r\u{1B}[K") }
    }
}
