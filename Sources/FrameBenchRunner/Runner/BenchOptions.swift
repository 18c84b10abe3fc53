import FrameBench
import PopSimArgumentParsing
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
}

/// Which rates `--rate` selects.
public enum RateChoice: String, Sendable, CaseIterable {
    case hz60 = "60", hz120 = "120", both

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
    public var saveBaseline: String?
    public var compareBaseline: String?
    /// Relative change of the median beyond which a significant difference is a regression or an
    /// improvement, as a fraction (default 0.05 = 5 %).
    public var threshold: Double = 0.05
    /// Significance level of the U test.
    public var alpha: Double = 0.05
    public var allowDebug = false
    /// Frames timed per frame-loop scenario and rate.
    public var scenarioFrames: Int
    /// Frames timed per capacity probe.
    public var capacityFrames: Int
    /// No sample shorter than this, ns.
    public var minimumSampleNanoseconds: Double = 20_000

    /// The defaults of a full run: 300 samples over ≥ 0.25 s per benchmark after a 0.05 s warm-up.
    public static let standard = BenchOptions(samples: 300, minimumTime: 0.25, warmupTime: 0.05,
                                              scenarioFrames: 240, capacityFrames: 60)
    /// `--quick`: a smoke run for CI (about 10 s on a shared 2-core machine).
    public static let quickDefaults = BenchOptions(quick: true, samples: 30, minimumTime: 0.01, warmupTime: 0.004,
                                                   scenarioFrames: 40, capacityFrames: 12, minimumSampleNanoseconds: 5_000)

    init(quick: Bool = false, samples: Int, minimumTime: Double, warmupTime: Double, scenarioFrames: Int,
         capacityFrames: Int, minimumSampleNanoseconds: Double = 20_000) {
        self.quick = quick
        self.samples = samples
        self.minimumTime = minimumTime
        self.warmupTime = warmupTime
        self.scenarioFrames = scenarioFrames
        self.capacityFrames = capacityFrames
        self.minimumSampleNanoseconds = minimumSampleNanoseconds
    }

    public static let toolName = "bench"

    public static let spec = CommandSpec(
        path: [],
        summary: "bench: frame-budget benchmarks of PopSim's hot paths, with C references and baselines.",
        flags: [
            .option("--filter", "REGEX", "run only benchmarks, scenarios, probes and measurements whose group/name matches"),
            .switch("--list", "list what would run (after --filter) and exit"),
            .switch("--quick", "smoke run for CI: few samples, short scenarios, few capacity probes (about 10 s on 2 cores)"),
            .option("--rate", "60|120|both", "frame rates for budgets, scenarios and capacity (default both)"),
            .number("--min-time", "S", .closed(0, 3600), "measuring time per benchmark in seconds (default 0.25; quick 0.01)"),
            .integer("--samples", "N", 10...1_000_000, "samples per benchmark (default 300; quick 30)"),
            .number("--warmup", "S", .closed(0, 3600), "warm-up time per benchmark in seconds (default 0.05; quick 0.004)"),
            .seed("--seed", "seed of the bootstrap resampling (default 24301)"),
            .option("--trace-dir", "DIR", "write per-frame work times of each scenario as CSV into DIR"),
            .option("--format", "text|csv|json|github", "output format (default text)"),
            .option("--output", "FILE", "write the output to FILE (atomically) instead of standard output"),
            .option("--save-baseline", "NAME", "save this run as .bench/NAME.json"),
            .option("--compare", "NAME", "compare with .bench/NAME.json (exit 2 on a regression, 4 on improvements only)"),
            .number("--threshold", "PCT", .above(0, through: 1e6), "median change that counts as a regression or improvement (default 5)"),
            .switch("--allow-debug", "run even in a debug build (numbers are marked and not representative)"),
        ],
        discussion: """
        Percentiles are nearest-rank on the raw samples; the median has a seeded 95 % bootstrap interval.
        A comparison's verdict per benchmark: unchanged (median moved less than the threshold), within noise
        (moved more, but a Mann-Whitney U test cannot tell it from noise at α = 0.05), improved or regressed.
        Exit status: 0 ok, 2 a regression, 4 improvements only, 1 an error (bad flag, missing baseline,
        a benchmark that failed to run).
        A debug build rebuilds and runs the release build (telling you on stderr) unless --allow-debug is
        given; set POPSIM_BENCH_NO_RELAUNCH=1 to get the command instead.
        """)

    public enum ParseOutcome: Sendable, Equatable {
        case run(BenchOptions)
        case help(String)
    }

    /// Parses `bench`'s arguments (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        let parsed: ParsedArguments
        switch try ArgumentParser.parse(arguments, for: spec, toolName: toolName) {
        case .help: return .help(spec.helpText(toolName: toolName))
        case let .arguments(arguments): parsed = arguments
        }
        let quick = parsed.isSet("--quick")
        var options = quick ? quickDefaults : standard
        options.list = parsed.isSet("--list")
        options.allowDebug = parsed.isSet("--allow-debug")
        if let filter = parsed.string("--filter") {
            do { _ = try Regex(filter) } catch {
                throw UsageError("invalid value '\(DiagnosticText.excerpt(filter))' for --filter: not a regular expression (\(error))")
            }
            options.filter = filter
        }
        options.rates = try parsed.choice("--rate", default: RateChoice.both).rates
        options.minimumTime = try parsed.double("--min-time", default: options.minimumTime)
        options.warmupTime = try parsed.double("--warmup", default: options.warmupTime)
        options.samples = try parsed.integer("--samples", default: options.samples)
        options.seed = try parsed.unsignedInteger("--seed") ?? options.seed
        options.traceDirectory = try nonEmpty(parsed, "--trace-dir")
        options.format = try parsed.choice("--format", default: OutputFormat.text)
        options.outputPath = try nonEmpty(parsed, "--output")
        options.saveBaseline = try nonEmpty(parsed, "--save-baseline")
        options.compareBaseline = try nonEmpty(parsed, "--compare")
        for name in [options.saveBaseline, options.compareBaseline].compactMap({ $0 }) where !BaselineStore.isValidName(name) {
            throw UsageError(BenchError.invalidBaselineName(name).description)
        }
        if parsed.has("--threshold") {
            guard options.compareBaseline != nil else {
                throw UsageError("--threshold applies to a comparison: give --compare NAME too")
            }
            options.threshold = try parsed.double("--threshold", default: 5) / 100
        }
        return .run(options)
    }

    private static func nonEmpty(_ parsed: ParsedArguments, _ flag: String) throws(UsageError) -> String? {
        guard let value = parsed.string(flag) else { return nil }
        guard !value.isEmpty else { throw UsageError("flag \(flag) needs a non-empty value") }
        return value
    }
}
