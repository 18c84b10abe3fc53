@testable import FrameBench
@testable import FrameBenchRunner

/// Synthetic reports for tests that need whole runs (comparisons, output formats).
enum Fixtures {
    static let environment = EnvironmentInfo(
        cpuModel: "Test CPU", logicalCPUs: 2, governor: "performance", loadAverageStart: [0.1, 0.2, 0.3],
        loadAverageEnd: [0.4, 0.5, 0.6], kernel: "Linux test x86_64", swiftVersion: "6.3.1",
        buildConfiguration: "release",
        clock: MonotonicClock.name, clockResolutionNanoseconds: 1, clockOverheadNanoseconds: 20,
        frameClock: "thread CPU time", allocationCounting: "fake", extra: [.init("GSL", "2.7.1")],
        date: "2026-01-01T00:00:00Z")

    static let configuration = RunConfiguration(
        quick: false, samples: 10, minimumTimeSeconds: 0.1, warmupSeconds: 0.01, minimumSampleNanoseconds: 20_000,
        seed: 1,
        ratesHertz: [60, 120], filter: nil, scenarioFrames: 10, capacityFramesPerProbe: 10,
        percentileMethod: Percentile.methodDescription, bootstrapResamples: 2000, confidenceLevel: 0.95,
        outlierMethod: "Tukey", hitchBands: HitchBands.xcodeOrganizer.name)

    /// A benchmark; with a reference, the ratio's interval is `ratioInterval` (default: the point ratio).
    static func benchmark(
        _ id: String, _ samples: [Double], reference: [Double]? = nil,
        ratioInterval: (Double, Double)? = nil
    ) -> BenchmarkResult {
        let parts = id.split(separator: "/", maxSplits: 1).map(String.init)
        let statistics = SampleStatistics(samples: samples, seed: 1)
        var referenceResult: ReferenceResult?
        if let reference {
            let r = SampleStatistics(samples: reference, seed: 2)
            let ratio = statistics.p50 / r.p50
            let (lower, upper) = ratioInterval ?? (ratio, ratio)
            referenceResult = ReferenceResult(
                name: "C", isYardstick: true, iterationsPerSample: 10, statistics: r, allocationsPerOperation: 0,
                ratio: ratio,
                ratioInterval: ConfidenceInterval(lower: lower, upper: upper, level: 0.95), samples: reference)
        }
        return BenchmarkResult(
            id: id, group: parts[0], name: parts[1], operation: "op", operationsPerIteration: 1,
            iterationsPerSample: 100, warmupIterations: 1000, statistics: statistics,
            allocationsPerOperation: 0,
            budgets: [.hz60, .hz120].map { BudgetShare(rate: $0, p50: statistics.p50, p99: statistics.p99) },
            reference: referenceResult, samples: samples)
    }

    static func scenario(_ id: String, _ work: [Int], rate: RefreshRate = .hz120) -> ScenarioResult {
        let parts = id.split(separator: "/", maxSplits: 1).map(String.init)
        let samples = work.map(Double.init)
        let statistics = SampleStatistics(samples: samples, seed: 1)
        return ScenarioResult(
            id: id, group: parts[0], name: parts[1], detail: "detail", isWholeInteraction: false,
            rateHertz: rate.hertz, statistics: statistics,
            budget: BudgetShare(rate: rate, p50: statistics.p50, p99: statistics.p99),
            hitches: HitchAnalysis(workNanoseconds: work, rate: rate), wallClock: statistics,
            wallClockHitches: HitchAnalysis(workNanoseconds: work, rate: rate),
            allocationsPerFrame: 0, samples: samples, wallClockSamples: samples)
    }

    /// An instruction count of `perOperation` instructions and `allocations` per operation.
    static func count(_ perOperation: Double, allocations: Double? = 0) -> InstructionCount {
        InstructionCount(
            perOperation: perOperation, iterations: 1024, operations: 1024,
            instructions: UInt64(perOperation * 1024) + 50, overhead: 50, allocationsPerOperation: allocations)
    }

    static func report(_ benchmarks: [BenchmarkResult], scenarios: [ScenarioResult] = []) -> RunReport {
        RunReport(environment: environment, configuration: configuration, benchmarks: benchmarks, scenarios: scenarios)
    }

    /// n deterministic samples around `center` (±2 %), no two equal.
    static func samples(around center: Double, count: Int = 100) -> [Double] {
        (0..<count).map { center * (1 + 0.04 * (Double(($0 * 37) % count) / Double(count) - 0.5)) }
    }
}
