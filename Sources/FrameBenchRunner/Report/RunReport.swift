import FrameBench

/// Everything one run measured: what `--format json` prints and what a baseline file holds. The schema
/// is documented in Documentation/benchmarking.md; `schema` changes when a field changes meaning.
public struct RunReport: Codable, Sendable {
    public static let currentSchema = "popsim-bench/3"

    public var schema: String
    /// The text report's heading (`PopSim bench`, or a runner's own); absent from older reports.
    public var title: String?
    /// The executable's product, which `swift run -c release` runs; absent from older reports.
    public var product: String?
    public var environment: EnvironmentInfo
    public var configuration: RunConfiguration
    public var benchmarks: [BenchmarkResult]
    public var scenarios: [ScenarioResult]
    public var capacity: [CapacityResult]
    /// Figures taken once (absent from reports written before measurements existed).
    public var measurements: [MeasurementResult]?
    public var targets: [TargetResult]
    public var comparison: Comparison?
    /// With `--ab`: this build against another, round by round.
    public var ab: ABComparison?
    /// Benchmarks that could not run, with the reason.
    public var errors: [String]
    /// Wall time of the measuring part of the run, seconds (counting included).
    public var elapsedSeconds: Double = 0
    /// Wall time of the instruction counting (`--counts`), seconds.
    public var countingSeconds: Double?

    public init(
        environment: EnvironmentInfo, configuration: RunConfiguration, benchmarks: [BenchmarkResult] = [],
        scenarios: [ScenarioResult] = [], capacity: [CapacityResult] = [], targets: [TargetResult] = [],
        comparison: Comparison? = nil, errors: [String] = []
    ) {
        schema = Self.currentSchema
        self.environment = environment
        self.configuration = configuration
        self.benchmarks = benchmarks
        self.scenarios = scenarios
        self.capacity = capacity
        self.targets = targets
        self.comparison = comparison
        self.errors = errors
    }
}

/// The settings the numbers were taken with.
public struct RunConfiguration: Codable, Sendable, Equatable {
    public var quick: Bool
    public var samples: Int
    public var minimumTimeSeconds: Double
    public var warmupSeconds: Double
    public var minimumSampleNanoseconds: Double
    public var seed: UInt64
    public var ratesHertz: [Int]
    public var filter: String?
    public var scenarioFrames: Int
    public var capacityFramesPerProbe: Int
    public var percentileMethod: String
    public var bootstrapResamples: Int
    public var confidenceLevel: Double
    public var outlierMethod: String
    public var hitchBands: String
}

extension RunConfiguration {
    /// The settings a run with `options` takes its numbers with.
    public init(_ options: BenchOptions) {
        self.init(
            quick: options.quick, samples: options.samples, minimumTimeSeconds: options.minimumTime,
            warmupSeconds: options.warmupTime, minimumSampleNanoseconds: options.minimumSampleNanoseconds,
            seed: options.seed, ratesHertz: options.rates.map(\.hertz), filter: options.filter,
            scenarioFrames: options.scenarioFrames, capacityFramesPerProbe: options.capacityFrames,
            percentileMethod: Percentile.methodDescription, bootstrapResamples: Bootstrap.defaultResamples,
            confidenceLevel: 0.95,
            outlierMethod:
                "Tukey fences on nearest-rank quartiles: mild beyond 1.5·IQR, severe beyond 3·IQR; counted, never dropped",
            hitchBands: HitchBands.xcodeOrganizer.name)
    }
}

/// One micro benchmark. Times are nanoseconds per operation.
public struct BenchmarkResult: Codable, Sendable, TimedResult {
    public var id: String
    public var group: String
    public var name: String
    public var operation: String
    public var operationsPerIteration: Int
    public var iterationsPerSample: Int
    public var warmupIterations: Int
    public var statistics: SampleStatistics
    /// nil when allocations could not be counted.
    public var allocationsPerOperation: Double?
    /// Instructions per operation under callgrind (`--counts`; nil otherwise).
    public var instructions: Double?
    /// How `instructions` was counted, and the allocations over the same counted iterations.
    public var instructionCount: InstructionCount?
    public var budgets: [BudgetShare]
    public var reference: ReferenceResult?
    /// Raw samples, ns per operation, in the order taken.
    public var samples: [Double]
    /// The same samples' work per operation, min(wall clock, thread CPU time): what comparisons across
    /// runs use (absent from reports written before it existed).
    public var workSamples: [Double]?
    /// Wall time spent on it (setup, warm-up, samples, reference), seconds.
    public var elapsedSeconds: Double = 0
}

/// A result that records the wall time the run spent on it.
public protocol TimedResult {
    /// Seconds.
    var elapsedSeconds: Double { get set }
}

/// A benchmark's side-by-side reference.
public struct ReferenceResult: Codable, Sendable {
    public var name: String
    /// Code the package cannot change (``Reference/isYardstick``): comparisons divide by its change.
    public var isYardstick: Bool?
    public var iterationsPerSample: Int
    public var statistics: SampleStatistics
    public var allocationsPerOperation: Double?
    /// Instructions per operation under callgrind (`--counts`; nil otherwise).
    public var instructions: Double?
    public var instructionCount: InstructionCount?
    /// median(benchmark)/median(reference).
    public var ratio: Double
    public var ratioInterval: ConfidenceInterval
    public var samples: [Double]
    /// Work per operation of the same samples (``BenchmarkResult/workSamples``).
    public var workSamples: [Double]?
}

/// A frame-loop scenario at one rate. Times are nanoseconds per frame; the frame's work is
/// min(wall clock, thread CPU time) (``Sampler/FrameTimes``), with the wall-clock time beside it.
public struct ScenarioResult: Codable, Sendable, TimedResult {
    public var id: String
    public var group: String
    public var name: String
    public var detail: String
    public var isWholeInteraction: Bool
    public var rateHertz: Int
    public var statistics: SampleStatistics
    public var budget: BudgetShare
    /// Budget metrics of the work.
    public var hitches: HitchAnalysis
    /// The same frames on the wall clock (work plus time the thread was preempted).
    public var wallClock: SampleStatistics
    public var wallClockHitches: HitchAnalysis
    public var allocationsPerFrame: Double?
    /// Per-frame work, ns, in frame order.
    public var samples: [Double]
    /// Per-frame wall-clock time, ns, in frame order.
    public var wallClockSamples: [Double]
    /// Wall time spent on it, seconds.
    public var elapsedSeconds: Double = 0
}

/// The capacity of one crowd at one rate, judged on the p99 of the frames' work (min(wall, CPU time)).
public struct CapacityResult: Codable, Sendable, TimedResult {
    public var id: String
    public var group: String
    public var name: String
    public var rateHertz: Int
    /// Half the frame budget, ns.
    public var limitNanoseconds: Double
    public var framesPerProbe: Int
    public var capacity: Int
    public var firstFailing: Int?
    public var reachedSearchLimit: Bool
    public var probes: [CapacitySearch.Probe]
    /// Wall time of the search (pilot and probes, crowd construction included), seconds.
    public var elapsedSeconds: Double = 0
}

/// A measurement's values in one run.
public struct MeasurementResult: Codable, Sendable {
    public var id: String
    public var group: String
    public var name: String
    public var detail: String
    public var values: [MeasuredValue]
    /// Wall time spent on it, seconds.
    public var elapsedSeconds: Double = 0
}
