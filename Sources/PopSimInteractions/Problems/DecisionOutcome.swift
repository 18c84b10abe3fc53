/// What a decision can come to, as a value with one stable word: the word `popsim decide` prints, a
/// sweep writes in its `outcome` column and a golden table records.
public protocol DecisionOutcome: Hashable, Sendable, CustomStringConvertible {
    var word: String { get }
}

extension DecisionOutcome {
    public var description: String { word }
}

/// An outcome through the pipeline: the model's, or `error` when the gesture could not be synthesised
/// or the model refused the stream.
public enum PipelineOutcome<Outcome: DecisionOutcome>: DecisionOutcome {
    case decided(Outcome)
    case error

    /// The word of a realisation that could not run.
    public static var errorWord: String { "error" }

    public var word: String {
        switch self {
        case let .decided(outcome): return outcome.word
        case .error: return Self.errorWord
        }
    }
}

extension PopoverOutcome: DecisionOutcome {}

extension PopupPresentationState: DecisionOutcome {
    public var word: String { rawValue }
}
