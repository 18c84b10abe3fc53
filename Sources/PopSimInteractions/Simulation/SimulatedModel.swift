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

    /// Where the run ended, or is heading when it was cut short.
    var outcome: Outcome { get }

    /// ``outcome`` in `decide`'s words.
    var decision: Decision { get }

    /// What else a finished traced run reports.
    var details: Details { get }

    /// The configuration a run that reports only its outcome uses (no trace is drawn): it may skip what
    /// only drawing needs, never what decides. Unchanged by default.
    static func decidingOnly(_ configuration: Configuration) -> Configuration
}

extension SimulatedModel {
    public static func decidingOnly(_ configuration: Configuration) -> Configuration { configuration }
}

extension SimulatedModel where Decision == Outcome {
    public var decision: Outcome { outcome }
}

extension SimulatedModel where Details == Void {
    public var details: Void { () }
}
