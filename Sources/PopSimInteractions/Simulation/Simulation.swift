import PopSimGestures

/// The library entry point behind `popsim simulate <family>`, for any model family: runs a touch stream
/// through a fresh `Model` on the ``FrameClock``, traced, streamed, or only until its outcome is final.
///
/// Each family names its own (`PopoverSimulation`, `PopupSimulation`, `SheetSimulation`):
///
///     let result = try SheetSimulation.run(configuration, stream: stream, rate: .oneTwenty)
///     print(result.decision, result.trace.rows.count)
public enum Simulation<Model: SimulatedModel> {
    /// What a traced run produced: the trace and where the run left the model.
    @dynamicMemberLookup
    public struct Result: Sendable {
        /// One row per drawn frame and the model's event log.
        public let trace: Trace<Model.Frame, Model.Event>
        /// Where the run ended or is heading (``SimulatedModel/outcome``).
        public let outcome: Model.Outcome
        /// The outcome in `decide`'s words (``SimulatedModel/decision``).
        public let decision: Model.Decision
        /// What else the model reports (``SimulatedModel/details``), also read as the result's own
        /// properties (`result.releases` for a popover).
        public let details: Model.Details

        public subscript<Value>(dynamicMember keyPath: KeyPath<Model.Details, Value>) -> Value {
            details[keyPath: keyPath]
        }
    }

    /// Runs `stream` through a fresh model at `rate`.
    /// - Parameters:
    ///   - duration: run exactly this long; nil runs until every sample is delivered and everything has
    ///     settled (at most `settleLimit` seconds after the last sample).
    /// - Throws: ``InteractionError/invalidParameter(_:)`` for a bad configuration,
    ///   ``InteractionError/invalidStream(_:)`` for samples out of time order, non-finite values or a
    ///   touch the model cannot follow, ``InteractionError/solver(_:)`` if GSL fails.
    public static func run(
        _ configuration: Model.Configuration, stream: TouchStream, rate: FrameRate,
        duration: Double? = nil, settleLimit: Double = 60
    ) throws(InteractionError) -> Result {
        try run(
            configuration, stream: stream, clock: FrameClock(rate: rate, duration: duration, settleLimit: settleLimit))
    }

    /// The same on a given clock: its rate, duration and settle limit, and any listed, dropped, jittered or
    /// rate-stepped frames (Documentation/frames.md).
    public static func run(_ configuration: Model.Configuration, stream: TouchStream, clock: FrameClock)
        throws(InteractionError) -> Result
    {
        try Model.traced(configuration, stream: stream, clock: clock)
    }

    /// Streams a run: samples are pulled from `nextSample` and frames handed to `drawn` as they are
    /// drawn (``FrameClock/run(_:nextSample:drawn:failure:)``), so memory does not grow with the run.
    /// Returns the decision and the event log.
    public static func run<Failure: Error>(
        _ configuration: Model.Configuration, clock: FrameClock,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: Model.Frame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) -> (outcome: Model.Decision, events: [TimedEvent<Model.Event>]) {
        let model = try Model.streamed(
            configuration, clock: clock, nextSample: nextSample, drawn: drawn, failure: failure)
        return (model.decision, model.events)
    }

    /// The outcome only: the stream played as ``run(_:stream:rate:duration:settleLimit:)`` plays it,
    /// stopped once every sample has been delivered and nothing left can change the outcome
    /// (``InteractionModel/outcomeIsFinal``), without a trace. The outcome is the one a full run reports.
    public static func outcome(_ configuration: Model.Configuration, stream: TouchStream, rate: FrameRate)
        throws(InteractionError) -> Model.Outcome
    {
        try runUntilOutcomeIsFinal(configuration, stream: stream, clock: FrameClock(rate: rate)).outcome
    }

    /// The outcome on a given clock: its rate, and any listed, dropped, jittered or rate-stepped frames.
    public static func outcome(_ configuration: Model.Configuration, stream: TouchStream, clock: FrameClock)
        throws(InteractionError) -> Model.Outcome
    {
        try runUntilOutcomeIsFinal(configuration, stream: stream, clock: clock).outcome
    }

    /// The model as a run that stops at its final outcome leaves it (``FrameClock/runUntilOutcomeIsFinal(_:stream:)``,
    /// with ``SimulatedModel/decidingOnly(_:)``'s configuration): its ``SimulatedModel/outcome`` and
    /// ``SimulatedModel/decision`` are a full run's.
    public static func runUntilOutcomeIsFinal(
        _ configuration: Model.Configuration, stream: TouchStream, clock: FrameClock
    ) throws(InteractionError) -> Model {
        try Model.untilOutcomeIsFinal(configuration, stream: stream, clock: clock)
    }
}
