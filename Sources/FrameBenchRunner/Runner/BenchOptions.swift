import FrameBench
import PopSimParameters
import PopSimTextIO

/// Output formats of `--format`.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Grouped, aligned tables with units per row (the default).
    case text
    /// One row per measured distribution, fixed units (ns), for spreadsheets and plotting.
    case csv
    /// The full ``RunReport`` (schema in Documentation/benchmarking.md), raw samples included.
    case json
    /// github-action-benchmark's `customSmallerIsBetter` array.
    case github
    /// One self-contained web page: the tables, and the charts its inline script draws.
    case html
}

/// Which rates `--rate` selects.
public enum RateChoice: String, Sendable, CaseIterable {
    case hz60 = "60"
    case hz120 = "120"
    case both

    public var rates: [RefreshRate] {
        switch self {
        case .hz60: return [.hz60]
        case .hz120: return [.hz120]
        case .both: return [.hz60, .hz120]
        }
    }
}

/// The command line of `bench`, parsed and checked.
public struct BenchOptions: Sendable, Equatable {
    public var filter: String?
    public var list = false
    public var quick = false
    public var rates: [RefreshRate] = [.hz60, .hz120]
    public var samples: Int
    public var minimumTime: Double
    public var warmupTime: Double
    public var seed: UInt64 = 0x5EED
    public var traceDirectory: String?
    public var format: OutputFormat = .text
    public var outputPath: String?
    public var saveBaseline: BaselineLocation?
    public var compareBaseline: BaselineLocation?
    /// `--threshold`, as a fraction: the change beyond which a difference is a regression or an
    /// improvement (nil: ``countsThreshold`` or ``wallTimeThreshold``, by what the comparison is on).
    public var threshold: Double?
    /// The default threshold of a comparison on instruction counts and allocations (deterministic: any
    /// change beyond rounding is real, 1 % is a change worth a look).
    public static let countsThreshold = 0.01
    /// The default threshold of a comparison on wall time.
    public static let wallTimeThreshold = 0.05
    /// The threshold this run's comparison uses.
    public var comparisonThreshold: Double { threshold ?? (counts ? Self.countsThreshold : Self.wallTimeThreshold) }
    /// Significance level of the U test.
    public var alpha: Double = 0.05
    public var allowDebug = false
    /// `--threshold` as given, in percent (read through ``threshold``).
    var thresholdPercent = 0.0
    /// `--counts`: count each benchmark's instructions under callgrind, and judge comparisons on them.
    public var counts = false
    /// `--ab OTHER`: the other build's bench executable, timed against this one in alternating processes.
    public var ab: String?
    /// Rounds of an A/B run: batches per build.
    public var rounds: Int
    /// Frames timed per frame-loop scenario and rate.
    public var scenarioFrames: Int
    /// Frames timed per capacity probe.
    public var capacityFrames: Int
    /// No sample shorter than this, ns.
    public var minimumSampleNanoseconds: Double = 20_000

    /// The defaults of a full run: 300 samples over ≥ 0.25 s per benchmark after a 0.05 s warm-up.
    public static let standard = BenchOptions(
        samples: 300, minimumTime: 0.25, warmupTime: 0.05,
        scenarioFrames: 240, capacityFrames: 60, rounds: 10)
    /// `--quick`: a smoke run for CI (about 10 s on a shared 2-core machine).
    public static let quickDefaults = BenchOptions(
        quick: true, samples: 30, minimumTime: 0.01, warmupTime: 0.004,
        scenarioFrames: 40, capacityFrames: 12, rounds: 4, minimumSampleNanoseconds: 5_000)

    init(
        quick: Bool = false, samples: Int, minimumTime: Double, warmupTime: Double, scenarioFrames: Int,
        capacityFrames: Int, rounds: Int, minimumSampleNanoseconds: Double = 20_000
    ) {
        self.rounds = rounds
        self.quick = quick
        self.samples = samples
        self.minimumTime = minimumTime
        self.warmupTime = warmupTime
        self.scenarioFrames = scenarioFrames
        self.capacityFrames = capacityFrames
        self.minimumSampleNanoseconds = minimumSampleNanoseconds
    }

    public static let discussion = """
        Percentiles are nearest-rank on the raw samples; the median has a seeded 95 % bootstrap interval.
        --compare with --counts judges each benchmark on its instructions and allocations per operation
        (counted under valgrind, deterministic): regressed when either grew by more than the threshold
        (\(percent(countsThreshold))), improved when one shrank by more and neither grew; wall time is shown beside it.
        Without --counts, on wall time: each change is divided by the machine's change of speed, read from
        the C reference kernels (the yardstick); then unchanged within the threshold (\(percent(wallTimeThreshold))); within noise
        when it is within the yardsticks' own spread or a Mann-Whitney U test cannot tell it from noise at
        α = \(standard.alpha); improved or regressed otherwise. A baseline with other sampling settings (--quick
        against a full run) is refused. --ab: regressed or improved when the ratio's 95 % interval is clear
        of 1 and its estimate beyond the threshold, unchanged when the interval is within the threshold.
        Exit status: 0 ok, 2 a regression, 4 improvements only, 1 an error (bad flag, missing or
        incomparable baseline, a benchmark that failed to run or to be counted). Targets never change the
        exit status: the report's totals line counts them (pass, SHORT, inconclusive, not run).
        A debug build rebuilds and runs the release build (telling you on stderr) unless --allow-debug is
        given; set POPSIM_BENCH_NO_RELAUNCH=1 to get the command instead.
        """

    /// A threshold as help prints it: 0.01 → "1 %".
    static func percent(_ fraction: Double) -> String { "\(Formatting.significant(fraction * 100, digits: 1)) %" }

    /// `bench`'s parameters; `--quick` sets the defaults of the others.
    public static let parameters = ParameterList<BenchOptions>([
        filterParameter,
        .toggle("list", \.list, "list what would run (after \(filterParameter.flag)) and exit"),
        quickParameter,
        rateParameter, minimumTimeParameter, samplesParameter, warmupParameter,
        .seed("seed", \.seed, "seed of the bootstrap resampling", default: "24301"),
        traceDirParameter,
        formatParameter, outputParameter,
        saveBaselineParameter, compareParameter, thresholdParameter, countsParameter, abParameter, roundsParameter,
        allowDebugParameter,
    ])

    static let rateParameter = Parameter<BenchOptions>(
        ParameterDescription(
            name: "rate", syntax: .choice(RateChoice.allCases.map(\.rawValue)), placeholder: "60|120|both",
            summary: "frame rates for budgets, scenarios and capacity", defaultText: RateChoice.both.rawValue),
        assign: { (options: inout BenchOptions, value: ParameterValue) throws(ParameterError) in
            if case let .word(word) = value, let choice = RateChoice(rawValue: word) { options.rates = choice.rates }
        })
    static let minimumTimeParameter = Parameter<BenchOptions>.number(
        "min_time", \.minimumTime, .closed(0, 3600), placeholder: "S", "measuring time per benchmark in seconds",
        default: "0.25; quick 0.01")
    static let samplesParameter = Parameter<BenchOptions>.integer(
        "samples", \.samples, 10...1_000_000, "samples per benchmark", default: "300; quick 30")
    static let warmupParameter = Parameter<BenchOptions>.number(
        "warmup", \.warmupTime, .closed(0, 3600), placeholder: "S", "warm-up time per benchmark in seconds",
        default: "0.05; quick 0.004")
    static let formatParameter = Parameter<BenchOptions>.choice(
        "format", \.format, "output format", default: OutputFormat.text.rawValue)
    static let outputParameter = text(
        "output", \.outputPath, "FILE", "write the output to FILE (atomically) instead of standard output")
    static let allowDebugParameter = Parameter<BenchOptions>.toggle(
        "allow_debug", \.allowDebug, "run even in a debug build (numbers are marked and not representative)")
    static let filterParameter = text(
        "filter", \.filter, "REGEX", "run only benchmarks, scenarios, probes and measurements whose group/name matches")
    static let quickParameter = Parameter<BenchOptions>.toggle(
        "quick", \.quick, "smoke run for CI: few samples, short scenarios, few capacity probes (about 10 s on 2 cores)")
    static let traceDirParameter = text(
        "trace_dir", \.traceDirectory, "DIR", "write per-frame work times of each scenario as CSV into DIR")
    static let saveBaselineParameter = baseline(
        "save_baseline", \.saveBaseline,
        "save this run as .bench/NAME.json, or as the file PATH (a '/' or .json makes it a path)")
    static let compareParameter = baseline(
        "compare", \.compareBaseline,
        "compare with .bench/NAME.json or the file PATH (exit 2 on a regression, 4 on improvements only)")
    static let thresholdParameter = Parameter<BenchOptions>.number(
        "threshold", \.thresholdPercent, .above(0, through: 1e6), placeholder: "PCT",
        "change that counts as a regression or improvement: of instructions and allocations with "
            + "\(countsParameter.flag), else of the median wall time (after the yardstick)",
        default: "\(percent(countsThreshold)) with \(countsParameter.flag), \(percent(wallTimeThreshold)) without"
    )
    .followed(by: { $0.threshold = $0.thresholdPercent / 100 })
    static let countsParameter = Parameter<BenchOptions>.toggle(
        "counts", \.counts,
        "also count each benchmark's instructions per operation under valgrind (callgrind); a comparison's "
            + "verdict is then on instructions and allocations")
    static let abParameter = text(
        "ab", \.ab, "OTHER",
        "time this build against OTHER, another build's bench executable, in alternating processes: each "
            + "benchmark's ratio with its 95 % interval (exit 2 when this build is slower)")
    static let roundsParameter = Parameter<BenchOptions>.integer(
        "rounds", \.rounds, 3...1_000, "batches per build of an \(abParameter.flag) run", default: "10; quick 4")

    private static func text(
        _ name: String, _ path: WritableKeyPath<BenchOptions, String?> & Sendable, _ placeholder: String,
        _ summary: String
    ) -> Parameter<BenchOptions> {
        Parameter(
            ParameterDescription(name: name, syntax: .text, placeholder: placeholder, summary: summary),
            assign: { (options: inout BenchOptions, value: ParameterValue) throws(ParameterError) in
                guard case let .text(text) = value else { return }
                guard !text.isEmpty else {
                    throw ParameterError("flag \(ParameterDescription.flag(for: name)) needs a non-empty value")
                }
                options[keyPath: path] = text
            })
    }

    private static func baseline(
        _ name: String, _ path: WritableKeyPath<BenchOptions, BaselineLocation?> & Sendable, _ summary: String
    ) -> Parameter<BenchOptions> {
        Parameter(
            ParameterDescription(name: name, syntax: .text, placeholder: "NAME|PATH", summary: summary),
            assign: { (options: inout BenchOptions, value: ParameterValue) throws(ParameterError) in
                guard case let .text(text) = value else { return }
                do throws(BenchError) {
                    options[keyPath: path] = try BaselineLocation(text)
                } catch {
                    throw ParameterError(error.description)
                }
            })
    }

    public enum ParseOutcome: Sendable, Equatable {
        case run(BenchOptions)
        case help(String)
    }

    /// Parses a runner's arguments (without the program name); `tool` names the executable in messages
    /// and help.
    public static func parse(_ arguments: [String], tool: BenchTool = BenchTool(product: "bench"))
        throws(ParameterError) -> ParseOutcome
    {
        let decoded = try ParameterWords.decode(arguments, parameters: parameters.descriptions, command: tool.product)
        if decoded.helpRequested {
            return .help(
                ParameterHelp.text(
                    command: tool.product, summary: tool.summary, parameters: parameters.descriptions,
                    discussion: discussion))
        }
        let options = try parameters.applying(
            decoded.assignments, to: decoded.has(quickParameter.description) ? quickDefaults : standard)
        if let filter = options.filter {
            do { _ = try Regex(filter) } catch {
                throw .invalidValue(filter, for: filterParameter, "not a regular expression (\(error))")
            }
        }
        let ab = abParameter.flag
        if decoded.has(thresholdParameter.description) && options.compareBaseline == nil && options.ab == nil {
            throw ParameterError(
                "\(thresholdParameter.flag) applies to a comparison: give \(compareParameter.flag) NAME|PATH or "
                    + "\(ab) OTHER too")
        }
        if decoded.has(roundsParameter.description) && options.ab == nil {
            throw ParameterError("\(roundsParameter.flag) applies to an A/B run: give \(ab) OTHER too")
        }
        if options.ab != nil {
            for (parameter, given) in [
                (compareParameter, options.compareBaseline != nil),
                (saveBaselineParameter, options.saveBaseline != nil),
                (countsParameter, options.counts), (traceDirParameter, options.traceDirectory != nil),
            ] where given {
                throw ParameterError(
                    "\(ab) times wall time against another build and cannot be combined with \(parameter.flag): "
                        + "run them apart")
            }
        }
        return .run(options)
    }
}
