/// A performance target, declared by a suite and judged on the run's numbers by the runner, which
/// prints it next to the measured value with its status. Targets are benchmark output, never timed
/// tests: a shared machine's noise must not fail a test suite.
public struct Target: Sendable {
    public enum Requirement: Sendable {
        /// median(benchmark)/median(its reference) ≤ `atMost`, judged on the ratio's 95 % bootstrap
        /// interval: met when the whole interval is within the limit, short when the whole interval is
        /// beyond it, inconclusive when the interval straddles it. `ratio` names it in the report
        /// (default Swift/C: the C references').
        case referenceRatio(benchmark: String, atMost: Double, ratio: String = "Swift/C")
        /// Heap allocations per operation ≤ `atMost`.
        case allocationsPerOperation(benchmark: String, atMost: Double)
        /// Heap allocations per operation = `exactly` (to 0.005): a calibration benchmark that allocates
        /// a known number of blocks per operation proves the counter sees the allocations, so the zeros
        /// of the other targets mean zero.
        case allocationCalibration(benchmark: String, exactly: Double)
        /// The p99 frame work of every whole-interaction scenario ≤ `atMostFraction` of the budget.
        case wholeInteractionShare(rate: RefreshRate, atMostFraction: Double)
        /// The capacity of a probe at a rate ≥ `atLeast` springs. `reference` names a probe of the same
        /// crowd in a reference implementation (a C kernel); its capacity is printed beside the measured
        /// one, and when it too falls short the shortfall is marked as a limit of the machine.
        case capacity(probe: String, rate: RefreshRate, atLeast: Int, reference: String? = nil)
        /// A value of a ``Measurement`` (by its id and the value's name) ≤ `atMost` in `unit`.
        case measuredAtMost(measurement: String, value: String, atMost: Double, unit: String)
        /// A value of a ``Measurement`` ≥ `atLeast` in `unit`; `beside` names another value of the same
        /// measurement printed next to it.
        case measuredAtLeast(measurement: String, value: String, atLeast: Double, unit: String, beside: String? = nil)
    }

    public let name: String
    public let requirement: Requirement

    public init(_ name: String, _ requirement: Requirement) {
        self.name = name
        self.requirement = requirement
    }
}
