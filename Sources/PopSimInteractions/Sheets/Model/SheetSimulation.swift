import PopSimGestures

/// The library entry point behind `popsim simulate sheet`: runs the model on the frame clock.
public enum SheetSimulation {
    public struct Result: Sendable {
        public let trace: Trace<SheetFrame, SheetEvent>
        /// Where the sheet ended or is heading (``SheetModel/outcome``).
        public let outcome: SheetOutcome
        /// The outcome and, with a scroll view, what the fingers moved (``SheetModel/decision``).
        public let decision: SheetDecision
    }

    /// Runs `configuration` against `stream` at `rate`, until everything has settled (no finger down,
    /// nothing moving) or for exactly `duration` seconds.
    public static func run(
        _ configuration: SheetConfiguration, stream: TouchStream, rate: FrameRate,
        duration: Double? = nil
    ) throws(InteractionError) -> Result {
        try run(configuration, stream: stream, clock: FrameClock(rate: rate, duration: duration))
    }

    /// The same on a given clock (rate, duration and settle limit).
    public static func run(
        _ configuration: SheetConfiguration, stream: TouchStream,
        clock: FrameClock
    ) throws(InteractionError) -> Result {
        var model = try SheetModel(configuration: configuration)
        let trace = try clock.run(&model, stream: stream)
        return Result(trace: trace, outcome: model.outcome, decision: model.decision)
    }

    /// Streams a run: samples are pulled from `nextSample` and frames handed to `drawn` as they are
    /// drawn (``FrameClock/run(_:nextSample:drawn:failure:)``), so memory does not grow with the run.
    /// Returns the outcome and the event log.
    public static func run<Failure: Error>(
        _ configuration: SheetConfiguration, clock: FrameClock,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: SheetFrame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) -> (outcome: SheetDecision, events: [TimedEvent<SheetEvent>]) {
        let model = try clock.run(
            { () throws(InteractionError) in try SheetModel(configuration: configuration) },
            nextSample: nextSample, drawn: drawn, failure: failure)
        return (model.decision, model.events)
    }

    /// The outcome only: the stream played as ``run(_:stream:rate:duration:)`` plays it, stopped once
    /// every sample has been delivered and no finger is down (``SheetModel/outcomeIsFinal``), without a
    /// trace. The outcome is the one a full run reports.
    public static func outcome(
        _ configuration: SheetConfiguration, stream: TouchStream,
        rate: FrameRate
    ) throws(InteractionError) -> SheetOutcome {
        try decision(configuration, stream: stream, clock: FrameClock(rate: rate)).outcome
    }

    /// The outcome on a given clock: its rate, and any listed, dropped, jittered or rate-stepped frames.
    public static func outcome(
        _ configuration: SheetConfiguration, stream: TouchStream,
        clock: FrameClock
    ) throws(InteractionError) -> SheetOutcome {
        try decision(configuration, stream: stream, clock: clock).outcome
    }

    /// The decision (the outcome and, with a scroll view, what the fingers moved), stopped as
    /// ``outcome(_:stream:rate:)`` stops.
    public static func decision(
        _ configuration: SheetConfiguration, stream: TouchStream,
        rate: FrameRate
    ) throws(InteractionError) -> SheetDecision {
        try decision(configuration, stream: stream, clock: FrameClock(rate: rate))
    }

    /// The decision on a given clock.
    public static func decision(
        _ configuration: SheetConfiguration, stream: TouchStream,
        clock: FrameClock
    ) throws(InteractionError) -> SheetDecision {
        var model = try SheetModel(configuration: configuration)
        try clock.runUntilOutcomeIsFinal(&model, stream: stream)
        return model.decision
    }
}
