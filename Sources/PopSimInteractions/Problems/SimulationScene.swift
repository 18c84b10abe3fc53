import PopSimGestures
import PopSimParameters

/// A model set up to follow a touch stream on the frame clock (`popsim simulate`): its parameters
/// (the problem's, without the release the stream now provides, plus what only a full run uses), and
/// the model configuration they describe; ``Simulation`` runs it.
public protocol SimulationScene: Sendable {
    associatedtype Model: SimulatedModel
    typealias Frame = Model.Frame
    typealias Event = Model.Event
    typealias Outcome = Model.Decision

    init()

    static var parameters: ParameterList<Self> { get }

    /// Throws unless the values describe a real configuration for a run with `settings`.
    func validate(with settings: SimulationSettings) throws(ParameterError)

    /// The device the scene is posed on: its display draws the frames and its digitiser scans a
    /// synthesised stream, unless the settings say otherwise.
    var device: DevicePreset? { get }

    /// The model these values describe for a run with `settings` (its solver and estimator).
    func modelConfiguration(with settings: SimulationSettings) throws(InteractionError) -> Model.Configuration

    /// A one-line note for standard error about a finished run, from its events, or nil.
    func note(events: [TimedEvent<Event>]) -> String?
}

extension SimulationScene {
    public func note(events: [TimedEvent<Event>]) -> String? { nil }

    /// The scene `assignments` describe, validated for `settings`.
    public static func make(_ assignments: [Assignment], settings: SimulationSettings) throws(ParameterError) -> Self {
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
