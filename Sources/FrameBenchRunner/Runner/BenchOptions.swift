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
    public static let standard = BenchOptions(
        samples: 300, minimumTime: 0.25, warmupTime: 0.05,
        scenarioFrames: 240, capacityFrames: 60)
    /// `--quick`: a smoke run for CI (about 10 s on a shared 2-core machine).
    public static let quickDefaults = BenchOptions(
        quick: true, samples: 30, minimumTime: 0.01, warmupTime: 0.004,
        scenarioFrames: 40, capacityFrames: 12, minimumSampleNanoseconds: 5_000)

    init(
        quick: Bool = false, samples: Int, minimumTime: Double, warmupTime: Double, scenarioFrames: Int,
        capacityFrames: Int, minimumSampleNanoseconds: Double = 20_000
    ) {
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
        A comparison's verdict per benchmark: unchanged (median moved less than the threshold), within noise
        (moved more, but a Mann-Whitney U test cannot tell it from noise at α = 0.05), improved or regressed.
        Exit status: 0 ok, 2 a regression, 4 improvements only, 1 an error (bad flag, missing baseline,
        a benchmark that failed to run).
        A debug build rebuilds and runs the release build (telling you on stderr) unless --allow-debug is
        given; set POPSIM_BENCH_NO_RELAUNCH=1 to get the command instead.
        """

    /// `bench`'s parameters; `--quick` sets the defaults of the others.
    public static let parameters = ParameterList<BenchOptions>([
        filterParameter,
        .toggle("list", \.list, "list what would run (after \(filterParameter.flag)) and exit"),
        quickParameter,
        Parameter(
            ParameterDescription(
                name: "rate", syntax: .choice(RateChoice.allCases.map(\.rawValue)), placeholder: "60|120|both",
                summary: "frame rates for budgets, scenarios and capacity", defaultText: RateChoice.both.rawValue),
            assign: { (options: inout BenchOptions, value: ParameterValue) throws(ParameterError) in
                if case let .word(word) = value, let choice = RateChoice(rawValue: word) {
                    options.rates = choice.rates
                }
            }),
        .number(
            "min_time", \.minimumTime, .closed(0, 3600), placeholder: "S", "measuring time per benchmark in seconds",
            default: "0.25; quick 0.01"),
        .integer("samples", \.samples, 10...1_000_000, "samples per benchmark", default: "300; quick 30"),
        .number(
            "warmup", \.warmupTime, .closed(0, 3600), placeholder: "S", "warm-up time per benchmark in seconds",
            default: "0.05; quick 0.004"),
        .seed("seed", \.seed, "seed of the bootstrap resampling", default: "24301"),
        text("trace_dir", \.traceDirectory, "DIR", "write per-frame work times of each scenario as CSV into DIR"),
        .choice("format", \.format, "output format", default: OutputFormat.text.rawValue),
        text("output", \.outputPath, "FILE", "write the output to FILE (atomically) instead of standard output"),
        text("save_baseline", \.saveBaseline, "NAME", "save this run as .bench/NAME.json"),
        compareParameter, thresholdParameter,
        .toggle("allow_debug", \.allowDebug, "run even in a debug build (numbers are marked and not representative)"),
    ])

    /// `--filter REGEX`.
    static let filterParameter = text(
        "filter", \.filter, "REGEX", "run only benchmarks, scenarios, probes and measurements whose group/name matches")

    /// `--quick`.
    static let quickParameter = Parameter<BenchOptions>.toggle(
        "quick", \.quick, "smoke run for CI: few samples, short scenarios, few capacity probes (about 10 s on 2 cores)")

    /// `--compare NAME`.
    static let compareParameter = text(
        "compare", \.compareBaseline, "NAME",
        "compare with .bench/NAME.json (exit 2 on a regression, 4 on improvements only)")

    /// `--threshold PCT`.
    static let thresholdParameter = Parameter<BenchOptions>.number(
        "threshold", \.threshold, .above(0, through: 1e6), placeholder: "PCT",
        "median change that counts as a regression or improvement", default: "5"
    )
    .followed(by: { $0.threshold /= 100 })

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
        for name in [options.saveBaseline, options.compareBaseline].compactMap({ $0 })
        where !BaselineStore.isValidName(name) {
            throw ParameterError(BenchError.invalidBaselineName(name).description)
        }
        if decoded.has(thresholdParameter.description) && options.compareBaseline == nil {
            throw ParameterError(
                "\(thresholdParameter.flag) applies to a comparison: give \(compareParameter.flag) NAME too")
        }
        return .run(options)
    }
}
