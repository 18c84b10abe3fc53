import PopSimGestures
import PopSimParameters

/// `popsim simulate sheet`: the sheet a ``SheetDecisionProblem`` describes, driven by a touch stream
/// through ``SheetModel``.
public struct SheetScene: SimulationScene {
    public typealias Model = SheetModel

    public var problem = SheetDecisionProblem()

    public init() {}

    public var device: DevicePreset? { problem.device }

    /// The problem's parameters but the release, which the stream provides.
    public static let parameters = SheetDecisionProblem.parameters.excluding(["translation", "velocity"]).lifted(
        \SheetScene.problem)

    public func validate(with settings: SimulationSettings) throws(ParameterError) {
        try problem.validate()
    }

    public func modelConfiguration(with settings: SimulationSettings) throws(InteractionError) -> SheetConfiguration {
        try problem.modelConfiguration(
            solver: settings.solver, estimator: settings.estimator ?? SheetDecisionProblem.modelEstimator)
    }
}
