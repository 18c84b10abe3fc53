import PopSimGestures
import PopSimParameters

/// A release decision posed as one value: a model's configuration and the release it decides (the
/// gesture's translation and velocity), every number a `Double` that a sweep varies through its
/// parameter's key path, so a grid point is a copy of the base problem with a few fields changed,
/// decided without decoding or allocating.
///
/// The problem describes its parameters once (``parameters``): `popsim decide`, `sweep`, `threshold`,
/// golden tables and tests build it from them, and ``validate()`` holds every check a value must pass,
/// the ranges of single parameters and the relations between them, for every path.
public protocol DecisionProblem: Sendable {
    associatedtype Outcome: DecisionOutcome

    /// The problem before any parameter is given: every parameter at its default.
    init()

    /// Every parameter, in the order help lists them, sweeps order their columns and values are applied.
    static var parameters: ParameterList<Self> { get }

    /// The release-velocity estimator the model uses unless told otherwise.
    static var modelEstimator: VelocityEstimatorKind { get }

    /// Throws unless the values describe a real configuration (each number in its parameter's range,
    /// and the relations between parameters).
    func validate() throws(ParameterError)

    /// The ideal decision: the numbers taken as exact.
    func outcome() -> Outcome

    /// The decision after the full pipeline: the gesture this problem's translation and velocity
    /// describe, synthesised, digitised with `settings` and `seed`, and run through the model on the
    /// frame clock.
    func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64) -> PipelineOutcome<Outcome>

    /// What a sweep keeps from one pipeline decision to the next on one thread (``PipelineEvaluator`` for a
    /// simulated family; nothing by default).
    associatedtype Buffers: PipelineBuffers = NoPipelineBuffers

    /// ``pipelineOutcome(_:seed:)``, the same outcome, computed in `buffers` (one per thread, kept from one
    /// decision to the next) so that a sweep allocates nothing per decision.
    func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64, buffers: inout Buffers) -> PipelineOutcome<Outcome>

    /// The gesture ``pipelineOutcome(_:seed:)`` runs through the model, as a public synthesis (`popsim
    /// synth release`, ``PipelineSettings/gesture(from:translation:velocity:seed:device:)``), so a
    /// pipeline decision can be replayed by hand; nil when the problem cannot place it.
    func pipelineGesture(_ settings: PipelineSettings, seed: UInt64) -> GestureRequest?

    /// Every outcome ``pipelineOutcome(_:seed:)`` can give for this problem whatever values a sweep
    /// gives its numbers (`error` aside), in a fixed order: the order of the `p_` columns of a sweep
    /// with trials.
    var pipelineOutcomes: [Outcome] { get }

    /// A note for standard error when the problem's gesture is released in a configuration where it
    /// cannot do what its user most likely wants (a drag on a popover that no drag dismisses); nil
    /// otherwise.
    var releaseNote: String? { get }

    /// The device the problem is posed on (a pipeline then scans and draws with the device's digitiser
    /// and display), or nil.
    var device: DevicePreset? { get }
}

extension DecisionProblem {
    public var releaseNote: String? { nil }

    public func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64, buffers: inout NoPipelineBuffers)
        -> PipelineOutcome<Outcome>
    {
        pipelineOutcome(settings, seed: seed)
    }

    public func pipelineGesture(_ settings: PipelineSettings, seed: UInt64) -> GestureRequest? { nil }

    public var device: DevicePreset? { nil }

    /// The problem `assignments` describe, validated.
    public static func make(_ assignments: [Assignment<Self>]) throws(ParameterError) -> Self {
        let problem = try parameters.applying(assignments, to: Self())
        try problem.validate()
        return problem
    }

    /// The problem decoded `assignments` describe, validated; refuses a parameter it does not have.
    public static func make(_ assignments: [AnyAssignment]) throws(ParameterError) -> Self {
        try make(parameters.bind(assignments))
    }

    /// Every numeric component within its parameter's declared range: the part of ``validate()`` that
    /// the descriptions already say.
    public func validateRanges(skipping skipped: ParameterList<Self> = []) throws(ParameterError) {
        try Self.parameters.validateRanges(of: self, skipping: skipped)
    }
}

extension ParameterList {
    /// Throws for the first numeric component outside its parameter's declared range (a value set in
    /// code or by a sweep, which no decoding checked); `skipped` names parameters the value does not
    /// use in its current configuration.
    public func validateRanges(of root: Root, skipping skipped: ParameterList = []) throws(ParameterError) {
        for parameter in parameters where !skipped.parameters.contains(parameter) {
            guard case let .numbers(shape, ranges, _) = parameter.description.syntax else { continue }
            for (index, path) in parameter.components.enumerated() {
                let value = root[keyPath: path]
                guard ranges[index].contains(value) else {
                    let subject = shape.count == 1 ? "it" : shape.placeholders[index]
                    throw ParameterError.invalidValue(value, for: parameter, "\(subject) must be in \(ranges[index])")
                }
            }
        }
    }
}
