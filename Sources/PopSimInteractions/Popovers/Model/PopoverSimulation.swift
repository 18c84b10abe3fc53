import PopSimGestures

/// What a Popovers simulation produced.
public struct PopoverSimulationResult: Sendable {
    /// One row per drawn frame of the traced popover (`time,x,y,opacity,state`) and the event log.
    public var trace: Trace<PopoverTraceFrame, PopoverEvent>
    /// The traced popover's outcome, in `decide`'s words for a drag release (see
    /// ``PopoverInteractionModel/outcome(ofPopover:)``).
    public var outcome: PopoverOutcome
    /// Every popover's outcome, in configuration order.
    public var outcomes: [PopoverOutcome]
    /// Every drag release as the model measured it (translation, velocity, prediction, decision).
    public var releases: [PopoverReleaseRecord]
}

/// The library entry point behind `popsim simulate popover`: runs a touch stream through
/// ``PopoverInteractionModel`` on the ``FrameClock``.
public enum PopoverSimulation {
    /// Runs `stream` through a fresh model.
    /// - Parameters:
    ///   - rate: 60 Hz, 120 Hz or ProMotion.
    ///   - duration: run exactly this long; nil runs until every sample is delivered and everything has
    ///     settled (at most `settleLimit` seconds after the last sample).
    /// - Throws: ``InteractionError/invalidParameter(_:)`` for a bad configuration,
    ///   ``InteractionError/invalidStream(_:)`` for samples out of time order, non-finite values or a
    ///   touch that moves or ends without having begun, ``InteractionError/solver(_:)`` if GSL fails.
    public static func run(
        _ configuration: PopoverModelConfiguration, stream: TouchStream, rate: FrameRate,
        duration: Double? = nil, settleLimit: Double = 60
    ) throws(InteractionError) -> PopoverSimulationResult {
        try run(
            configuration, stream: stream, clock: FrameClock(rate: rate, duration: duration, settleLimit: settleLimit))
    }

    /// Runs `stream` through a fresh model on `clock`.
    public static func run(
        _ configuration: PopoverModelConfiguration, stream: TouchStream,
        clock: FrameClock
    ) throws(InteractionError) -> PopoverSimulationResult {
        var model = try PopoverInteractionModel(configuration: configuration)
        let trace = try clock.run(&model, stream: stream)
        return PopoverSimulationResult(
            trace: trace, outcome: model.outcome,
            outcomes: configuration.popovers.indices.map { model.outcome(ofPopover: $0) },
            releases: model.releases)
    }

    /// Streams a run: samples are pulled from `nextSample` and frames handed to `drawn` as they are
    /// drawn (``FrameClock/run(_:nextSample:drawn:failure:)``), so memory does not grow with the run.
    /// Returns the traced popover's outcome and the event log.
    public static func run<Failure: Error>(
        _ configuration: PopoverModelConfiguration, clock: FrameClock,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: PopoverTraceFrame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) -> (outcome: PopoverOutcome, events: [TimedEvent<PopoverEvent>]) {
        let model = try clock.run(
            { () throws(InteractionError) in try PopoverInteractionModel(configuration: configuration) },
            nextSample: nextSample, drawn: drawn, failure: failure)
        return (model.outcome, model.events)
    }

    /// The traced popover's outcome only: the stream played as ``run(_:stream:rate:duration:settleLimit:)``
    /// plays it, stopped once every sample has been delivered (``FrameClock/runUntilOutcomeIsFinal(_:stream:)``),
    /// without recording a trace or animating drawn positions (``PopoverModelConfiguration/animatesDrawnPositions``).
    /// The outcome is the one a full run reports.
    public static func outcome(
        _ configuration: PopoverModelConfiguration, stream: TouchStream,
        rate: FrameRate
    ) throws(InteractionError) -> PopoverOutcome {
        try outcome(configuration, stream: stream, clock: FrameClock(rate: rate))
    }

    /// The same on a given clock: its rate, and any listed, dropped, jittered or rate-stepped frames
    /// (Documentation/frames.md).
    public static func outcome(
        _ configuration: PopoverModelConfiguration, stream: TouchStream,
        clock: FrameClock
    ) throws(InteractionError) -> PopoverOutcome {
        var configuration = configuration
        configuration.animatesDrawnPositions = false
        var model = try PopoverInteractionModel(configuration: configuration)
        try clock.runUntilOutcomeIsFinal(&model, stream: stream)
        return model.outcome
    }
}
