import PopSimGestures
import PopSimParameters

/// `popsim simulate sheet`: the sheet a ``SheetDecisionProblem`` describes, driven by a touch stream
/// through ``SheetModel``.
public struct SheetScene: SimulationScene {
    public var problem = SheetDecisionProblem()

    public init() {}

    public var device: DevicePreset? { problem.device }

    /// The problem's parameters but the release, which the stream provides.
    public static let parameters = SheetDecisionProblem.parameters.excluding(["translation", "velocity"]).lifted(
        \SheetScene.problem)

    public func validate(with settings: SimulationSettings) throws(ParameterError) {
        try problem.validate()
    }

    public func run<Failure: Error>(
        clock: FrameClock, settings: SimulationSettings,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: SheetFrame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) -> (outcome: SheetDecision, events: [TimedEvent<SheetEvent>]) {
        let configuration: SheetConfiguration
        do {
            configuration = try problem.modelConfiguration(
                solver: settings.solver,
                estimator: settings.estimator ?? SheetDecisionProblem.modelEstimator)
        } catch {
            throw failure(error)
        }
        return try SheetSimulation.run(
            configuration, clock: clock, nextSample: nextSample, drawn: drawn, failure: failure)
    }
}
