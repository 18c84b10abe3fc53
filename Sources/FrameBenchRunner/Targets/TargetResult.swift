import FrameBench

/// How a target fared in this run.
public struct TargetResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case pass
        case short
        /// A ratio target whose 95 % interval straddles the limit: the run cannot tell.
        case inconclusive
        /// What it is judged on was not measured: filtered out, left out of a quick run or a rate, failed,
        /// not registered yet; ``TargetResult/reason`` says which.
        case notRun = "not run"
    }

    public var name: String
    /// The requirement in words, e.g. "Swift/C ≤ 1.5×" (a ratio's ends in "×").
    public var required: String
    /// The measured value in words, e.g. "1.12× (95 % CI 1.10–1.14)"; "—" when not run.
    public var measured: String
    public var status: Status
    /// Why a target was not run (its status is `not run`), e.g. "--filter 'GSL' leaves out Harness/…".
    public var reason: String?

    public init(name: String, required: String, measured: String, status: Status, reason: String? = nil) {
        self.name = name
        self.required = required
        self.measured = measured
        self.status = status
        self.reason = reason
    }
}
