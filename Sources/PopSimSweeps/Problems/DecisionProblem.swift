import PopSimGestures

/// A release decision posed as one value: every number that decides it is a stored `Double` that a
/// sweep can vary through a key path, so a grid point is a copy of the base problem with a few fields
/// changed, decided without parsing or allocating.
///
/// ``PopoverDecisionProblem`` and ``PopupDecisionProblem`` are the two models' problems; `popsim
/// decide`, `sweep` and `threshold` build them from flags, ``DecisionTable`` and `PopSimTesting` from
/// code.
public protocol DecisionProblem: Sendable {
    /// Every numeric parameter a sweep may turn into an axis, in the order the CSV lists swept columns.
    static var parameters: [DecisionParameter<Self>] { get }

    /// The release-velocity estimator the model uses unless told otherwise.
    static var modelEstimator: VelocityEstimatorKind { get }

    /// Throws when a number cannot describe a real configuration (not finite, out of the library's range).
    func validate() throws(DecisionProblemError)

    /// The outcome word of the ideal decision (the numbers taken as exact), as `popsim decide` prints it.
    func outcome() -> String

    /// The outcome after the full pipeline: the gesture this problem's translation and velocity
    /// describe, synthesised, digitised with `settings` and `seed`, and run through the model on the
    /// frame clock. `"error"` when the gesture cannot be synthesised or the model refuses the stream.
    func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64) -> String

    /// Every word ``pipelineOutcome(_:seed:)`` can return for this problem whatever values a sweep gives
    /// its numbers (`error` aside), in a fixed order: the order of the `p_` columns of a sweep with
    /// trials. The default is empty: such a problem cannot be swept with trials.
    var pipelineOutcomeWords: [String] { get }
}

/// One numeric parameter of a ``DecisionProblem``: the CSV column that names it (`translation_y`) and
/// where it lives in the problem.
public struct DecisionParameter<Problem>: Sendable {
    public let column: String
    public let keyPath: WritableKeyPath<Problem, Double> & Sendable

    public init(_ column: String, _ keyPath: WritableKeyPath<Problem, Double> & Sendable) {
        self.column = column
        self.keyPath = keyPath
    }
}

extension DecisionProblem {
    /// The parameter named `column`, or nil.
    public static func parameter(named column: String) -> DecisionParameter<Self>? {
        parameters.first { $0.column == column }
    }

    public var pipelineOutcomeWords: [String] { [] }

    /// The column names, for error messages.
    public static var parameterNames: String { parameters.map(\.column).joined(separator: ", ") }
}
