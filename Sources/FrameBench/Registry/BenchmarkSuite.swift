/// The benchmarks of one module, in one file of the `bench` executable
/// (Benchmarks/PopSimBench/Suites/<Module>Suite.swift). Adding a module's benchmarks is one new conforming
/// type plus its name in the executable's suite list; everything else (filtering, timing, statistics,
/// budgets, baselines, output) comes from the harness.
public protocol BenchmarkSuite {
    /// Micro benchmarks: one operation each, timed in adaptive batches.
    static func benchmarks() -> [Benchmark]
    /// Frame-loop scenarios: whole interactions and crowds, timed frame by frame.
    static func scenarios() -> [FrameLoopScenario]
    /// Crowds whose capacity (largest N within half the frame budget at p99) is searched.
    static func capacityProbes() -> [CapacityProbe]
    /// Figures taken once per run (whole workloads, child processes).
    static func measurements() -> [Measurement]
    /// Targets judged on this suite's results.
    static func targets() -> [Target]
}

extension BenchmarkSuite {
    public static func benchmarks() -> [Benchmark] { [] }
    public static func scenarios() -> [FrameLoopScenario] { [] }
    public static func capacityProbes() -> [CapacityProbe] { [] }
    public static func measurements() -> [Measurement] { [] }
    public static func targets() -> [Target] { [] }
}

/// Everything the suites registered, with identifiers checked for uniqueness.
public struct Catalog {
    public let benchmarks: [Benchmark]
    public let scenarios: [FrameLoopScenario]
    public let capacityProbes: [CapacityProbe]
    public let measurements: [Measurement]
    public let targets: [Target]

    public init(suites: [any BenchmarkSuite.Type]) throws(CatalogError) {
        try self.init(
            benchmarks: suites.flatMap { $0.benchmarks() },
            scenarios: suites.flatMap { $0.scenarios() },
            capacityProbes: suites.flatMap { $0.capacityProbes() },
            measurements: suites.flatMap { $0.measurements() },
            targets: suites.flatMap { $0.targets() })
    }

    public init(
        benchmarks: [Benchmark], scenarios: [FrameLoopScenario] = [], capacityProbes: [CapacityProbe] = [],
        measurements: [Measurement] = [], targets: [Target] = []
    ) throws(CatalogError) {
        var seen = Set<String>()
        for id in benchmarks.map(\.id) + scenarios.map(\.id) + capacityProbes.map(\.id) + measurements.map(\.id) {
            guard seen.insert(id).inserted else { throw .duplicateIdentifier(id) }
        }
        let benchmarksByHandle = Dictionary(benchmarks.map { ($0.handle, $0) }, uniquingKeysWith: { a, _ in a })
        let probeHandles = Set(capacityProbes.map(\.handle))
        let measurementHandles = Set(measurements.map(\.handle))
        for target in targets {
            for handle in target.requirement.benchmarks {
                guard let benchmark = benchmarksByHandle[handle] else {
                    throw .unknownHandle(target: target.name, kind: "benchmark", id: handle.id)
                }
                if case .referenceRatio = target.requirement, benchmark.reference == nil {
                    throw .noReference(target: target.name, benchmark: handle.id)
                }
            }
            for handle in target.requirement.probes where !probeHandles.contains(handle) {
                throw .unknownHandle(target: target.name, kind: "capacity probe", id: handle.id)
            }
            if let handle = target.requirement.measurement, !measurementHandles.contains(handle) {
                throw .unknownHandle(target: target.name, kind: "measurement", id: handle.id)
            }
        }
        self.benchmarks = benchmarks
        self.scenarios = scenarios
        self.capacityProbes = capacityProbes
        self.measurements = measurements
        self.targets = targets
    }
}

/// Why the suites' registrations cannot be run.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Two benchmarks, scenarios, probes or measurements share "group/name".
    case duplicateIdentifier(String)
    /// A target names a benchmark, probe or measurement that no suite registers.
    case unknownHandle(target: String, kind: String, id: String)
    /// A ratio target names a benchmark that has no reference to be compared with.
    case noReference(target: String, benchmark: String)

    public var description: String {
        switch self {
        case let .duplicateIdentifier(id):
            return "two benchmarks are registered as '\(id)': give one of them another name in its suite"
        case let .unknownHandle(target, kind, id):
            return
                "target '\(target)' is judged on the \(kind) '\(id)', which no suite registers: "
                + "register it under that handle, or give the target the handle the \(kind) is registered under"
        case let .noReference(target, benchmark):
            return
                "target '\(target)' is a ratio to the reference of '\(benchmark)', which has none: "
                + "give the benchmark a reference, or judge the target on another requirement"
        }
    }
}
