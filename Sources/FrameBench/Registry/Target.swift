/// A performance target printed next to its measured value with a pass/short mark. Targets are
/// benchmark output, never timed tests (guide: "speed targets belong in the bench").
public struct Target: Sendable {
    public enum Requirement: Sendable {
        /// median(benchmark)/median(its reference) ≤ `atMost`.
        case referenceRatio(benchmark: String, atMost: Double)
        /// Heap allocations per operation ≤ `atMost`.
        case allocationsPerOperation(benchmark: String, atMost: Double)
        /// The p99 frame work of every whole-interaction scenario ≤ `atMostFraction` of the budget.
        case wholeInteractionShare(rate: FrameRate, atMostFraction: Double)
        /// The capacity of a probe at a rate ≥ `atLeast` springs. `reference` names a probe of the same
        /// crowd in a reference implementation (a C kernel); its capacity is printed beside the measured
        /// one, and when it too falls short the shortfall is marked as a limit of the machine.
        case capacity(probe: String, rate: FrameRate, atLeast: Int, reference: String? = nil)
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

/// How a target fared in this run.
public struct TargetResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case pass
        case short
        /// What it is judged on was filtered out or failed to run.
        case notRun = "not run"
        /// What it is judged on does not exist yet (e.g. no interaction model registered).
        case pending
    }

    public var name: String
    /// The requirement in words, e.g. "≤ 1.5×".
    public var required: String
    /// The measured value in words, e.g. "1.12× (95 % CI 1.10–1.14)"; "—" when not run.
    public var measured: String
    public var status: Status
}
