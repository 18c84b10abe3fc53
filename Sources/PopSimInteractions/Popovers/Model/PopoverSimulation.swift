/// The library entry point behind `popsim simulate popover`: runs a touch stream through
/// ``PopoverInteractionModel`` on the ``FrameClock``. The result's ``Simulation/Result/outcome`` is the
/// traced popover's, in `decide`'s words for a drag release (``PopoverInteractionModel/outcome``).
public typealias PopoverSimulation = Simulation<PopoverInteractionModel>

/// What a Popovers simulation produced: the trace (`time,x,y,opacity,state`) and event log, the traced
/// popover's outcome, every popover's (`outcomes`) and every drag release (`releases`).
public typealias PopoverSimulationResult = PopoverSimulation.Result

extension PopoverInteractionModel: SimulatedModel {
    public var details: PopoverRunDetails { PopoverRunDetails(outcomes: outcomes, releases: releases) }

    /// A run that reports only the outcome does not animate drawn positions
    /// (``PopoverModelConfiguration/animatesDrawnPositions``): touches decide, springs never do.
    public static func decidingOnly(_ configuration: PopoverModelConfiguration) -> PopoverModelConfiguration {
        var configuration = configuration
        configuration.animatesDrawnPositions = false
        return configuration
    }
}

/// What a Popovers run reports besides the traced popover's outcome.
public struct PopoverRunDetails: Sendable {
    /// Every popover's outcome, in configuration order.
    public var outcomes: [PopoverOutcome]
    /// Every drag release as the model measured it (translation, velocity, prediction, decision).
    public var releases: [PopoverReleaseRecord]
}
