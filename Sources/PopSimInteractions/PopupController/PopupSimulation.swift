import PopSimGestures

/// The library entry point behind `popsim simulate popup`: runs the model on the frame clock.
public enum PopupSimulation {
    public struct Result: Sendable {
        public let trace: Trace<PopupFrame, PopupEvent>
        /// The state at the end: the public state once everything has settled, or the state a running
        /// animation or scheduled snap open is heading to when `duration` cut the run short.
        public let outcome: PopupPresentationState
    }

    /// Runs `configuration` against `stream` at `rate`, until everything has settled (no finger down,
    /// nothing animating, scheduled or queued) or for exactly `duration` seconds.
    public static func run(
        _ configuration: PopupConfiguration, stream: TouchStream, rate: FrameRate,
        duration: Double? = nil
    ) throws(InteractionError) -> Result {
        try run(configuration, stream: stream, clock: FrameClock(rate: rate, duration: duration))
    }

    /// The same on a given clock (rate, duration and settle limit).
    public static func run(_ configuration: PopupConfiguration, stream: TouchStream, clock: FrameClock)
        throws(InteractionError) -> Result
    {
        var model = try PopupModel(configuration: configuration)
        let trace = try clock.run(&model, stream: stream)
        return Result(trace: trace, outcome: model.outcome)
    }

    /// Streams a run: samples are pulled from `nextSample` and frames handed to `drawn` as they are
    /// drawn (``FrameClock/run(_:nextSample:drawn:failure:)``), so memory does not grow with the run.
    /// Returns the outcome and the event log.
    public static func run<Failure: Error>(
        _ configuration: PopupConfiguration, clock: FrameClock,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: PopupFrame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) -> (outcome: PopupPresentationState, events: [TimedEvent<PopupEvent>]) {
        let model = try clock.run(
            { () throws(InteractionError) in try PopupModel(configuration: configuration) },
            nextSample: nextSample, drawn: drawn, failure: failure)
        return (model.outcome, model.events)
    }

    /// The outcome only: the stream played as ``run(_:stream:rate:duration:)`` plays it, stopped once
    /// every sample has been delivered and nothing left can change the outcome
    /// (``PopupModel/outcomeIsFinal``), without recording a trace. The outcome is the one a full run
    /// reports.
    public static func outcome(
        _ configuration: PopupConfiguration, stream: TouchStream,
        rate: FrameRate
    ) throws(InteractionError) -> PopupPresentationState {
        try outcome(configuration, stream: stream, clock: FrameClock(rate: rate))
    }

    /// The same on a given clock: its rate, and any listed, dropped, jittered or rate-stepped frames
    /// (Documentation/frames.md).
    public static func outcome(
        _ configuration: PopupConfiguration, stream: TouchStream,
        clock: FrameClock
    ) throws(InteractionError) -> PopupPresentationState {
        var model = try PopupModel(configuration: configuration)
        try clock.runUntilOutcomeIsFinal(&model, stream: stream)
        return model.outcome
    }
}
