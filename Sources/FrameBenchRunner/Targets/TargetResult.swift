import FrameBench

/// How a target fared in this run.
public struct TargetResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case pass
        case short
        /// A ratio target whose 95 % interval straddles the limit: the run cannot tell.
        case inconclusive
        /// What it is judged on was filtered out or failed to run.
        case notRun = "not run"
        /// What it is judged on does not exist yet (e.g. no interaction model registered).
        case pending
    }

    public var name: String
    /// The requirement in words, e.g. "Swift/C ≤ 1.5×" (a ratio's ends in "×").
    public var required: String
    /// The measured value in words, e.g. "1.12× (95 % CI 1.10–1.14)"; "—" when not run.
    public var measured: String
    public var status: Status

    public init(name: String, required: String, measured: String, status: Status) {
        self.name = name
        self.required = required
        self.measured = measured
        self.status = status
    }
}
