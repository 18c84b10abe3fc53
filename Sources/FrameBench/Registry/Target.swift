/// A performance target, declared by a suite and judged on the run's numbers by the runner, which
/// prints it next to the measured value with its status. Targets are benchmark output, never timed
/// tests: a shared machine's noise must not fail a test suite. They name what they judge by its
/// handle (``RegistrationHandle``); the ``Catalog`` refuses a handle no suite registers.
public struct Target: Sendable {
    public enum Requirement: Sendable {
        /// median(benchmark)/median(its reference) ≤ `atMost`, judged on the ratio's 95 % bootstrap
        /// interval: met when the whole interval is within the limit, short when the whole interval is
        /// beyond it, inconclusive when the interval straddles it. `ratio` names it in the report
        /// (default Swift/C: the C references').
        case referenceRatio(benchmark: BenchmarkHandle, atMost: Double, ratio: String = "Swift/C")
        /// median(benchmark)/median(`over`) ≤ `atMost`, `over` another benchmark of the same run (a
        /// pipeline decision against the ideal decision it contains). With instruction counts (`--counts`)
        /// it is judged on their ratio, which the machine's load does not move; otherwise on the medians'
        /// 95 % intervals (the lower end over the other's upper end, the upper end over its lower end),
        /// as ``referenceRatio(benchmark:atMost:ratio:)`` is judged. `ratio` names it in the report.
        case benchmarkRatio(benchmark: BenchmarkHandle, over: BenchmarkHandle, atMost: Double, ratio: String)
        /// Heap allocations per operation ≤ `atMost`.
        case allocationsPerOperation(benchmark: BenchmarkHandle, atMost: Double)
        /// Heap allocations per operation = `exactly` (to 0.005): a calibration benchmark that allocates
        /// a known number of blocks per operation proves the counter sees the allocations, so the zeros
        /// of the other targets mean zero.
        case allocationCalibration(benchmark: BenchmarkHandle, exactly: Double)
        /// The p99 frame work of every whole-interaction scenario ≤ `atMostFraction` of the budget.
        case wholeInteractionShare(rate: RefreshRate, atMostFraction: Double)
        /// The capacity of a probe at a rate ≥ `atLeast` springs. `reference` names a probe of the same
        /// crowd in a reference implementation (a C kernel); its capacity is printed beside the measured
        /// one, and when it too falls short the shortfall is marked as a limit of the machine.
        case capacity(
            probe: CapacityProbeHandle, rate: RefreshRate, atLeast: Int, reference: CapacityProbeHandle? = nil)
        /// A value of a ``Measurement`` (by its handle and the value's name) ≤ `atMost` in `unit`.
        case measuredAtMost(measurement: MeasurementHandle, value: String, atMost: Double, unit: String)
        /// A value of a ``Measurement`` ≥ `atLeast` in `unit`; `beside` names another value of the same
        /// measurement printed next to it.
        case measuredAtLeast(
            measurement: MeasurementHandle, value: String, atLeast: Double, unit: String, beside: String? = nil)
    }

    public let name: String
    public let requirement: Requirement

    public init(_ name: String, _ requirement: Requirement) {
        self.name = name
        self.requirement = requirement
    }
}

extension Target.Requirement {
    /// The benchmarks it is judged on.
    public var benchmarks: [BenchmarkHandle] {
        switch self {
        case let .referenceRatio(benchmark, _, _), let .allocationsPerOperation(benchmark, _),
            let .allocationCalibration(benchmark, _):
            return [benchmark]
        case let .benchmarkRatio(benchmark, over, _, _):
            return [benchmark, over]
        default:
            return []
        }
    }

    /// The capacity probes it is judged on (a reference probe included).
    public var probes: [CapacityProbeHandle] {
        guard case let .capacity(probe, _, _, reference) = self else { return [] }
        return [probe] + (reference.map { [$0] } ?? [])
    }

    /// The measurement it is judged on.
    public var measurement: MeasurementHandle? {
        switch self {
        case let .measuredAtMost(measurement, _, _, _), let .measuredAtLeast(measurement, _, _, _, _):
            return measurement
        default:
            return nil
        }
    }
}
