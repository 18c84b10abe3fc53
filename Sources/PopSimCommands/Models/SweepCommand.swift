import PopSimInteractions
import PopSimParameters
import PopSimPlatform
import PopSimSweeps
import PopSimTextIO

/// `popsim sweep <family>` and `popsim threshold <family>`: a ``Sweep`` decoded from the flags, its table
/// computed on `--jobs` threads and written as it is computed.
enum SweepCommand {
    static func command(_ family: any ModelFamily.Type, _ verb: SweepVerb) -> Command { command(for: family, verb) }

    static let execution = [CommandLineParameters.jobs, CommandLineParameters.shard, CommandLineParameters.output]

    private static func command<Family: ModelFamily>(for family: Family.Type, _ verb: SweepVerb) -> Command {
        let parameters =
            Sweep<Family>.parameters(verb) + execution
            + (verb == .sweep
                ? [CommandLineParameters.golden, CommandLineParameters.replay, CommandLineParameters.trial] : [])
        switch verb {
        case .sweep:
            return Command(
                ["sweep", Family.name],
                summary:
                    "the \(Family.library) release decision over a grid (any numeric decide flag component as A:B:N)",
                parameters: parameters, forms: Sweep<Family>.forms(.sweep), discussion: sweepDiscussion
            ) { invocation, context in
                var sweep = try Sweep<Family>(.sweep, invocation.assignments.filter { !isExecution($0) })
                try sweep.prepareFrameTiming(digesting: invocation.has(CommandLineParameters.golden))
                try runSweep(sweep, invocation, context)
            }
        case .threshold:
            return Command(
                ["threshold", Family.name],
                summary:
                    "where the \(Family.library) release decision changes along one decide flag "
                    + "component (A:B), per grid point",
                parameters: parameters, forms: Sweep<Family>.forms(.threshold),
                discussion: thresholdDiscussion + "\n" + Family.thresholdExample
            ) { invocation, context in
                var sweep = try Sweep<Family>(.threshold, invocation.assignments.filter { !isExecution($0) })
                try sweep.prepareFrameTiming()
                try runThreshold(sweep, invocation, context)
            }
        }
    }

    private static func isExecution(_ assignment: AnyAssignment) -> Bool {
        let cliOnly =
            execution + [CommandLineParameters.golden, CommandLineParameters.replay, CommandLineParameters.trial]
        return cliOnly.contains { assignment.isValue(of: $0) }
    }

    /// `--replay ROW [--trial T]`: the row's synth and simulate commands, one line.
    private static func writeReplay<Family: ModelFamily>(
        _ sweep: Sweep<Family>, row: Int, _ invocation: Invocation,
        _ context: CommandContext
    ) throws {
        for conflicting in [CommandLineParameters.golden, CommandLineParameters.shard] where invocation.has(conflicting)
        {
            throw ParameterError(
                "\(CommandLineParameters.replay.flag) prints one row's commands; "
                    + "it cannot be combined with \(conflicting.flag)")
        }
        let replay = try sweep.replay(row: row - 1, trial: invocation.integer(CommandLineParameters.trial) ?? 0)
        let line =
            ShellWords.join(replay.synth) + " | "
            + ShellWords.join(replay.simulate + [CommandLineParameters.outcome.flag])
        try context.produce(output: invocation.text(CommandLineParameters.output)) { out, _ in
            try out.write(line + "\n")
            return []
        }
    }

    /// Threads and the part of the grid to compute.
    private static func execution(_ invocation: Invocation, count: Int) throws -> (jobs: Int, shard: Shard) {
        var shard = Shard.whole
        if let text = invocation.text(CommandLineParameters.shard) {
            do { shard = try Shard(parsing: text, maximumCount: ParameterGrid.maximumPoints) } catch {
                throw ParameterError(error.description)
            }
        }
        return (invocation.integer(CommandLineParameters.jobs) ?? Platform.processorCount, shard)
    }

    /// The note for a pipeline asked to scan and draw faster than some of its devices can.
    private static func rateNote<Problem: DecisionProblem>(
        _ table: DecisionTable<Problem>, _ pipeline: PipelineSettings?
    ) -> String? {
        guard let pipeline else { return nil }
        let variants =
            table.categories?.variants.map { ($0.problem.device, $0.pipeline(pipeline).rate) }
            ?? [(table.base.device, pipeline.rate)]
        return PipelineRateNote.text(variants.map { (device: $0.0, rate: $0.1) })
    }

    private static func runSweep<Family: ModelFamily>(
        _ sweep: Sweep<Family>, _ invocation: Invocation, _ context: CommandContext
    ) throws {
        if let row = invocation.integer(CommandLineParameters.replay) {
            return try writeReplay(sweep, row: row, invocation, context)
        }
        if invocation.has(CommandLineParameters.trial) {
            let replay = CommandLineParameters.replay.flag
            throw ParameterError(
                "\(CommandLineParameters.trial.flag) chooses the realisation \(replay) replays; give \(replay) ROW too")
        }
        let table = try sweep.decisionTable()
        let pipeline = sweep.pipelineSettings
        if table.count > 0,
            let note = table.problem(at: 0).releaseNote ?? table.problem(at: table.count - 1).releaseNote
        {
            context.note(note)
        }
        if let note = rateNote(table, pipeline) { context.note(note) }
        let (jobs, shard) = try execution(invocation, count: table.count)
        let range = shard.range(in: table.count)
        let progress = ProgressLine(
            total: range.count, unit: "decisions", enabled: context.standardErrorIsTerminal, sink: context.notes)
        let start = Platform.monotonicSeconds()
        var summary = BoundaryShift.Accumulator(grid: table.grid, range: range)
        let output = invocation.text(CommandLineParameters.output)
        let goldenLine =
            invocation.has(CommandLineParameters.golden)
            ? try GoldenRecording.firstLine(for: sweep, goldenPath: output) : nil
        try context.produce(reading: sweep.inputFiles, output: output) { out, _ in
            if shard.writesHeader {
                if let goldenLine { try out.write(goldenLine) }
                try out.write(table.header(for: pipeline))
            }
            try table.forEachChunk(range, pipeline: pipeline, jobs: jobs, progress: progress.advance) {
                (chunk: DecisionTableChunk) throws(OutputError) in
                try out.write(chunk.text)
                if pipeline != nil {
                    for row in chunk.results {
                        summary.add(index: row.index, outcome: row.outcome, ideal: row.ideal ?? "")
                    }
                }
            }
            let elapsed = Platform.monotonicSeconds() - start
            progress.finish()
            var lines: [String] = []
            if let pipeline {
                let onDevice = sweep.base.device != nil
                let settings = pipeline.summary(
                    modelEstimator: Family.Problem.modelEstimator, onDevice: onDevice, rates: sweep.pipelineRates)
                lines.append("pipeline (\(settings)) vs the ideal decision: " + summary.result.description)
            }
            let trials = pipeline?.trials ?? 1
            let decisions = range.count * trials
            let what =
                trials > 1
                ? "\(range.count) grid points × \(trials) trials = \(decisions) decisions" : "\(decisions) decisions"
            return lines + [
                "swept \(what) in \(formatSeconds(elapsed)) s (\(formatRate(decisions, elapsed)) decisions/s)"
            ]
        }
    }

    private static func runThreshold<Family: ModelFamily>(
        _ sweep: Sweep<Family>, _ invocation: Invocation, _ context: CommandContext
    ) throws {
        let table = try sweep.thresholdTable()
        let pipeline = sweep.pipelineSettings
        if let note = rateNote(table.lines, pipeline) { context.note(note) }
        if let pipeline, pipeline.trials == nil, pipeline.profileName == .human {
            context.note(
                "note: one realisation: each line is one drawn human release, and another "
                    + "\(PipelineParameter.seed.flag) draws another; \(PipelineParameter.trials.flag) K gives where "
                    + "half of K realisations have crossed, with its 95 % interval")
        }
        let (jobs, shard) = try execution(invocation, count: table.count)
        let range = shard.range(in: table.count)
        let progress = ProgressLine(
            total: range.count, unit: "lines", enabled: context.standardErrorIsTerminal, sink: context.notes)
        let start = Platform.monotonicSeconds()
        var evaluations = 0
        var truncated = 0
        let output = invocation.text(CommandLineParameters.output)
        try context.produce(reading: sweep.inputFiles, output: output) { out, _ in
            if shard.writesHeader {
                try out.write(table.header(trials: pipeline?.trials != nil, marksPoints: pipeline != nil))
            }
            try table.forEachChunk(range, pipeline: pipeline, jobs: jobs, progress: progress.advance) {
                (chunk: ThresholdChunk) throws(OutputError) in
                try out.write(chunk.text)
                for line in chunk.results {
                    evaluations += line.evaluations
                    if line.truncated { truncated += 1 }
                }
            }
            let elapsed = Platform.monotonicSeconds() - start
            progress.finish()
            if truncated > 0 {
                context.note(
                    "warning: \(truncated) lines changed outcome more than \(BoundarySearch.maximumBoundaries) times; "
                        + "the rest of their boundaries were not resolved"
                )
            }
            return [
                "solved \(range.count) lines with \(evaluations) "
                    + "decisions in \(formatSeconds(elapsed)) s (\(formatRate(evaluations, elapsed)) decisions/s)"
            ]
        }
    }

    /// `count / seconds`, rounded, or ∞ for a run too short to time.
    static func formatRate(_ count: Int, _ seconds: Double) -> String {
        let rate = seconds > 0 ? Double(count) / seconds : .infinity
        return rate.isFinite ? String(Int(rate.rounded())) : "∞"
    }

    static func formatSeconds(_ seconds: Double) -> String {
        String((seconds * 1000).rounded() / 1000)
    }

    static let sweepDiscussion = """
        any numeric component of a decide flag may be a grid axis A:B:N (N evenly spaced values from A to B
        inclusive), e.g. --translation 0,0:400:81 --velocity 0,-2000:2000:81. The CSV has one column per
        swept component (translation_y, velocity_y, …) and outcome; rows are in grid order: axes in the
        order of the flag list above, the first varying slowest. --device and --rate may list several values
        (a device, a rate column first). A final line on stderr gives the number of decisions and decisions
        per second.

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

    static let thresholdDiscussion = """
        exactly one numeric component of a decide flag is written A:B (no count): the parameter to solve
        along, e.g. --velocity 0,-3000:3000. Any other component may be a grid axis A:B:N as in 'popsim
        sweep'; each grid point is a line. Along a line the outcome is probed at --probes values on [A, B]
        (both ends included) and every change between neighbouring probes is bisected until its bracket is
        at most --tolerance wide; a change whose midpoint gives a third outcome is split and both halves
        are resolved. An island of another outcome narrower than the probe spacing can be missed.

        the CSV has the grid columns (named as in 'popsim sweep'), the solved column, below and above: one
        row per boundary in increasing order, with the outcomes on either side. The boundary is the final
        bracket's midpoint (within T/2 of the change), or the number a rule compares against when the change
        is there to within rounding: the bracket's shortest decimal (0 for a rule on the sign of the
        velocity, 572 for Popovers' projected edge), which then has the outcome its comparison gives it
        (below for a strict >, above for ≥; 'popsim decide' at it prints which). A line without a change on
        [A, B] gives one row with the solved column empty and below = above. Rows are written in grid order as they are
        computed, in constant memory, identical for any --jobs; --shard splits the lines.

        --pipeline decides every value of a line through the synthesised gesture, the digitiser and the
        model with the line's own seed (from --seed and the line's index), so a line is one realisation,
        and adds a last column, boundary: step where the outcome changes, point where the outcome beside
        the value holds on less than --tolerance and the other returns beyond it (decided a tolerance on
        either side: a rule discontinuity, such as the release at v = 0, which no finger makes; plots draw
        it as a point), empty without a boundary.
        --trials K (K ≥ 2) runs K realisations per line (seeds from --seed, the line and the trial) and
        writes one row per transition below → above seen in any of them: the 50 % point, the median of
        the realisations' thresholds (each its crossing, crossed before A, or not crossed by B), with a
        distribution-free 95 % interval from their order statistics in <column>_low and <column>_high
        (empty where it lies outside [A, B]; with fewer than 6 realisations, their range); a point is no
        crossing: one row at the median of its values, without an interval.
        Documentation/thresholds.md has the closed forms this agrees with.

        A final line on stderr gives the lines solved, the decisions evaluated and decisions per second.
        """
}
