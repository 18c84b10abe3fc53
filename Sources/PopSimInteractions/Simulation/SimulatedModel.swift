import PopSimGestures

/// An ``InteractionModel`` a model family runs through ``Simulation``: built from its configuration,
/// and able to say where a run left it.
///
/// A family conforms its model with what the model already has: its configuration type, `init(configuration:)`,
/// its ``outcome`` and, when `decide`'s word says more than the outcome (a sheet with a scroll view also
/// names what the finger moved), its ``decision``.
public protocol SimulatedModel: InteractionModel, SendableMetatype {
    /// Every parameter of the model.
    associatedtype Configuration: Sendable
    /// Where a run ends or is heading, in the model's own type.
    associatedtype Outcome: Sendable
    /// The outcome in `decide`'s words: what a pipeline decision, `simulate --outcome` and PopSimTesting
    /// report. The outcome itself unless the family says more.
    associatedtype Decision: DecisionOutcome
    /// What else a traced run reports (``Simulation/Result`` reads it as its own properties); nothing
    /// unless the family says more.
    associatedtype Details: Sendable = Void

    /// A model at the start of a run. Throws ``InteractionError/invalidParameter(_:)`` for a configuration
    /// it cannot run.
    init(configuration: Configuration) throws(InteractionError)

    /// The configuration the model was built from.
    var configuration: Configuration { get }

    /// Makes this model the one ``init(configuration:)`` builds from its ``configuration``, keeping the
    /// storage its finished run filled (its event log, …), emptied, and what it derived from the
    /// configuration (springs, …): a pipeline that runs one decision after another on one model then
    /// allocates nothing once that storage is large enough. By default a new model replaces it.
    mutating func restart() throws(InteractionError)

    /// Where the run ended, or is heading when it was cut short.
    var outcome: Outcome { get }

    /// ``outcome`` in `decide`'s words.
    var decision: Decision { get }

    /// What else a finished traced run reports.
    var details: Details { get }

    /// The configuration a run that reports only its outcome uses (no trace is drawn): it may skip what
    /// only drawing needs, never what decides. Unchanged by default.
    static func decidingOnly(_ configuration: Configuration) -> Configuration

    // The three runs ``Simulation`` makes, each with the one implementation below. As requirements they
    // are compiled into each family's conformance for its own model, so the frame loop a caller in
    // another module reaches through ``Simulation`` is the one specialised for the model, not the
    // generic one.

    /// A model built from `configuration`, played through `stream` on `clock`: its trace and where it
    /// ended.
    static func traced(_ configuration: Configuration, stream: TouchStream, clock: FrameClock)
        throws(InteractionError) -> Simulation<Self>.Result

    /// A model built from `configuration`, played on `clock` with samples pulled from `nextSample` and
    /// frames handed to `drawn` as they are drawn.
    static func streamed<Failure: Error>(
        _ configuration: Configuration, clock: FrameClock,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: Frame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) -> Self

    /// A model built from ``decidingOnly(_:)``'s configuration, played through `stream` on `clock` until
    /// its outcome is final.
    static func untilOutcomeIsFinal(_ configuration: Configuration, stream: TouchStream, clock: FrameClock)
        throws(InteractionError) -> Self
}

extension SimulatedModel {
    public static func decidingOnly(_ configuration: Configuration) -> Configuration { configuration }

    public mutating func restart() throws(InteractionError) {
        self = try Self(configuration: configuration)
    }

    public static func traced(_ configuration: Configuration, stream: TouchStream, clock: FrameClock)
        throws(InteractionError) -> Simulation<Self>.Result
    {
        var model = try Self(configuration: configuration)
        let trace = try clock.run(&model, stream: stream)
        return Simulation.Result(trace: trace, outcome: model.outcome, decision: model.decision, details: model.details)
    }

    public static func streamed<Failure: Error>(
        _ configuration: Configuration, clock: FrameClock,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: Frame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) -> Self {
        try clock.run(
            { () throws(InteractionError) in try Self(configuration: configuration) },
            nextSample: nextSample, drawn: drawn, failure: failure)
    }

    public static func untilOutcomeIsFinal(_ configuration: Configuration, stream: TouchStream, clock: FrameClock)
        throws(InteractionError) -> Self
    {
        var model = try Self(configuration: decidingOnly(configuration))
        try clock.runUntilOutcomeIsFinal(&model, stream: stream)
        return model
    }
}

extension SimulatedModel where Decision == Outcome {
    public var decision: Outcome { outcome }
}

extension SimulatedModel where Details == Void {
    public var details: Void { () }
}
