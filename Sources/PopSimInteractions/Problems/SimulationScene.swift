import PopSimGestures
import PopSimParameters

/// A model set up to follow a touch stream on the frame clock (`popsim simulate`): a family's decision
/// problem without the release the stream now provides, plus what only a full run uses
/// (``runParameters``); ``Simulation`` runs the model they describe. A family whose full run needs
/// nothing more uses ``ProblemScene``.
public protocol SimulationScene: Sendable {
    associatedtype Problem: SimulatedProblem
    typealias Model = Problem.Model
    typealias Frame = Model.Frame
    typealias Event = Model.Event
    typealias Outcome = Model.Decision

    init()

    /// The problem posed on the model.
    var problem: Problem { get set }

    /// What only a full run uses, after the problem's parameters (none by default).
    static var runParameters: ParameterList<Self> { get }

    /// Throws unless the values describe a real configuration for a run with `settings` (by default,
    /// what the problem checks).
    func validate(with settings: SimulationSettings) throws(ParameterError)

    /// The model these values describe for a run with `settings` (by default the problem's, with the
    /// settings' solver and estimator).
    func modelConfiguration(with settings: SimulationSettings) throws(InteractionError) -> Model.Configuration

    /// A one-line note for standard error about a finished run, from its events, or nil.
    func note(events: [TimedEvent<Event>]) -> String?
}

extension SimulationScene {
    public static var runParameters: ParameterList<Self> { [] }

    /// The problem's parameters but the release, which the stream provides, then ``runParameters``.
    public static var parameters: ParameterList<Self> {
        Problem.parameters.excluding(Problem.releaseParameters).lifted(\Self.problem) + runParameters
    }

    public func validate(with settings: SimulationSettings) throws(ParameterError) {
        try problem.validate()
    }

    public func modelConfiguration(with settings: SimulationSettings) throws(InteractionError) -> Model.Configuration {
        try problem.modelConfiguration(solver: settings.solver, estimator: settings.estimator ?? Problem.modelEstimator)
    }

    public func note(events: [TimedEvent<Event>]) -> String? { nil }

    /// The device the scene is posed on: its display draws the frames and its digitiser scans a
    /// synthesised stream, unless the settings say otherwise.
    public var device: DevicePreset? { problem.device }

    /// The scene `assignments` describe, validated for `settings`.
    public static func make(_ assignments: [AnyAssignment], settings: SimulationSettings) throws(ParameterError)
        -> Self
    {
        let scene = try parameters.applying(assignments, to: Self())
        try scene.validate(with: settings)
        return scene
    }

    /// Runs the samples `nextSample` yields through the model on `clock`, handing each drawn frame to
    /// `drawn` (``Simulation/run(_:clock:nextSample:drawn:failure:)``); returns the outcome in `decide`'s
    /// words and the event log.
    public func run<Failure: Error>(
        clock: FrameClock, settings: SimulationSettings,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: Frame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) -> (outcome: Outcome, events: [TimedEvent<Event>]) {
        let configuration: Model.Configuration
        do { configuration = try modelConfiguration(with: settings) } catch { throw failure(error) }
        return try Simulation<Model>.run(
            configuration, clock: clock, nextSample: nextSample, drawn: drawn, failure: failure)
    }
}

/// The scene of a problem whose full run needs nothing the problem does not say: its model, driven by
/// a touch stream instead of a given release.
public struct ProblemScene<Problem: SimulatedProblem>: SimulationScene {
    public var problem = Problem()

    public init() {}
}
