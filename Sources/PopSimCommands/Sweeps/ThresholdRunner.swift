import PopSimArgumentParsing
import PopSimPlatform
import PopSimSweeps
import PopSimTextIO

/// The flags every `popsim threshold <model>` accepts besides its decide flags.
enum ThresholdFlags {
    static let flags: [FlagSpec] = [
        .integer("--probes", "N", 2...BoundarySearch.maximumProbes, "coarse scan: N evenly spaced values on [A, B], both ends included (default \(BoundarySearch.defaultProbes))")
            .hinted("the probe count includes both ends of A:B"),
        .number("--tolerance", "T", .above(0, through: 1e9), "bisect each change down to a bracket of width ≤ T, in the solved parameter's unit (default \(BoundarySearch.defaultTolerance))"),
    ] + PipelineFlags.flags.map(describedForThresholds) + SweepExecution.flags

    /// The pipeline flags as a threshold run uses them (a seed per line; trials fitted, not counted).
    static func describedForThresholds(_ flag: FlagSpec) -> FlagSpec {
        switch flag.name {
        case "--pipeline":
            return .switch(flag.name, "decide every value of a line through a synthesised touch stream and the model, with the line's own seed")
        case "--seed":
            return flag.described("pipeline: random seed (default 0); line i uses a seed derived from N and i")
        case "--trials":
            return flag.described("pipeline: K ≥ 2 realisations per line (seeds from --seed, the line and the trial); each transition's 50 % point with its 95 % interval (<column>_low, <column>_high)")
        default:
            return flag
        }
    }

    static let discussion = """
    exactly one numeric component of a decide flag is written A:B (no count): the parameter to solve
    along, e.g. --velocity 0,-3000:3000. Any other component may be a grid axis A:B:N as in 'popsim
    sweep'; each grid point is a line. Along a line the outcome is probed at --probes values on [A, B]
    (both ends included) and every change between neighbouring probes is bisected until its bracket is
    at most --tolerance wide; a change whose midpoint gives a third outcome is split and both halves
    are resolved. An island of another outcome narrower than the probe spacing can be missed.

    the CSV has the grid columns (named as in 'popsim sweep'), the solved column, below and above: one
    row per boundary in increasing order, the boundary being the final bracket's midpoint (within T/2
    of the change) with the outcomes on either side; a line without a change on [A, B] gives one row
    with the solved column empty and below = above. Rows are written in grid order as they are
    computed, in constant memory, identical for any --jobs; --shard splits the lines.

    --pipeline decides every value of a line through the synthesised gesture, the digitiser and the
    model with the line's own seed (from --seed and the line's index), so a line is one realisation.
    --trials K (K ≥ 2) runs K realisations per line (seeds from --seed, the line and the trial) and
    writes one row per transition below → above seen in any of them: the 50 % point of a logistic fit,
    by maximum likelihood, of the chance that a realisation has crossed it by a value (its threshold
    there, crossed before A, or not crossed by B), with the 95 % confidence interval of that point in
    <column>_low and <column>_high (empty when fewer than two realisations crossed inside [A, B]).
    Documentation/thresholds.md has the closed forms this agrees with.

    A final line on stderr gives the lines solved, the decisions evaluated and decisions per second.
    """
}

/// Solves the thresholds of one model and writes its CSV.
enum ThresholdRunner {
    static func run<Decision: SweepableDecision>(_ type: Decision.Type, _ arguments: ParsedArguments,
                                                 _ context: CommandContext) throws {
        let execution = try SweepExecution(arguments: arguments)
        let components: SweepComponents<Decision>
        do { components = try SweepComponents(arguments: arguments, allowsInterval: true) } catch let error as SweepError {
            throw UsageError(error.description)
        }
        guard let interval = components.interval else {
            throw UsageError("no parameter to solve along: write exactly one numeric component A:B (no count), e.g. --velocity 0,-3000:3000")
        }
        let probes = try arguments.integer("--probes", default: BoundarySearch.defaultProbes)
        let tolerance = try arguments.double("--tolerance", default: BoundarySearch.defaultTolerance)
        let pipeline = try PipelineSettings(arguments: arguments)
        if let trials = pipeline?.trials, trials < 2 {
            throw UsageError("invalid value '\(trials)' for --trials: a fit needs at least 2 realisations (leave --trials out for one)")
        }
        let table: ThresholdTable<Decision>
        do {
            let search = try BoundarySearch(lower: interval.lower, upper: interval.upper, probes: probes, tolerance: tolerance)
            table = try ThresholdTable(base: components.base, category: components.category, axes: components.axes,
                                       solving: interval.column, search: search)
        } catch {
            throw UsageError("\(error)")
        }

        let range = execution.shard.range(in: table.count)
        let progress = ProgressLine(total: range.count, unit: "lines", enabled: context.standardErrorIsTerminal, sink: context.standardError)
        let start = Platform.monotonicSeconds()
        var evaluations = 0, truncated = 0
        try context.withOutput(path: arguments.string("--output")) { out in
            if execution.shard.writesHeader { try out.write(table.header(trials: pipeline?.trials != nil)) }
            try table.forEachChunk(range, pipeline: pipeline, jobs: execution.jobs, progress: progress.advance) { (chunk: ThresholdChunk) throws(OutputError) in
                try out.write(chunk.text)
                for line in chunk.lines {
                    evaluations += line.evaluations
                    if line.truncated { truncated += 1 }
                }
            }
        }
        let elapsed = Platform.monotonicSeconds() - start
        progress.finish()
        if truncated > 0 {
            try context.standardError.write("warning: \(truncated) lines changed outcome more than \(BoundarySearch.maximumBoundaries) times; the rest of their boundaries were not resolved\n")
        }
        try context.standardError.write("solved \(range.count) lines with \(evaluations) decisions in \(SweepRunner.formatSeconds(elapsed)) s (\(SweepRunner.formatRate(evaluations, elapsed)) decisions/s)\n")
    }
}
