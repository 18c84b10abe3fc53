import PopSimGestures

extension FrameClock {
    /// Plays the stream through the model and returns the trace; the model is left in its final state.
    public func run<Model: InteractionModel>(_ model: inout Model, stream: TouchStream) throws(InteractionError)
        -> Trace<Model.Frame, Model.Event>
    {
        var trace = Trace<Model.Frame, Model.Event>()
        var cursor = try Cursor(clock: self, samples: stream.samples)
        var pull = StreamPull<InteractionError>(stream.samples)
        while try cursor.drawNextFrame(&model, stopsAtFinalOutcome: false, pull: &pull, failure: { $0 }) {
            trace.rows.append(.init(time: cursor.lastFrameTime, frame: model.frame))
        }
        trace.events = model.events
        return trace
    }

    /// Builds a model with `makeModel` and runs it streamed (below); returns the model as the run
    /// left it, for its outcome and event log.
    public func run<Model: InteractionModel, Failure: Error>(
        _ makeModel: () throws(InteractionError) -> Model,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: Model.Frame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) -> Model {
        var model: Model
        do { model = try makeModel() } catch { throw failure(error) }
        try run(&model, nextSample: nextSample, drawn: drawn, failure: failure)
        return model
    }

    /// Runs the model on samples pulled one at a time from `nextSample` (nil at the end), handing each
    /// drawn frame to `drawn` as it is produced: memory stays bounded however long the stream or the
    /// run. The frames are those of ``run(_:stream:)`` on the same samples. Sample times must be finite
    /// and non-decreasing, and no sample may lie beyond the frame limit; a sample that breaks a rule
    /// ends the run with ``InteractionError/invalidStream(_:)`` (the frames before it have been handed
    /// out). `failure` turns the clock's and the model's errors into the caller's error type; the
    /// model's event log is in `model.events` afterwards.
    public func run<Model: InteractionModel, Failure: Error>(
        _ model: inout Model,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: Model.Frame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) {
        var cursor: Cursor
        do { cursor = try Cursor(clock: self) } catch { throw failure(error) }
        while try cursor.drawNextFrame(&model, stopsAtFinalOutcome: false, nextSample: nextSample, failure: failure) {
            try drawn(cursor.lastFrameTime, model.frame)
        }
    }

    /// As ``run(_:nextSample:drawn:failure:)``, with frames drawn exactly at the instants pulled from
    /// `nextFrameTime` (nil at the end of the list; e.g. ``FrameTimesReader/next()``), so a frame-times
    /// file of any length is read as the run goes. The clock's own ``frameTimes`` must be nil, and
    /// ``ramp`` and ``irregularity`` unset; a frame time that is not finite, negative or not after the
    /// previous one ends the run with an error naming it.
    public func run<Model: InteractionModel, Failure: Error>(
        _ model: inout Model,
        frameTimes nextFrameTime: () throws(Failure) -> Double?,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: Model.Frame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) {
        var clock = self
        clock.streamsFrameTimes = true
        if frameTimes != nil || frameTimesFile != nil {
            throw failure(
                .invalidParameter(
                    .invalidParameter(
                        parameter: "frameTimes count", value: Double(frameTimes?.count ?? frameTimesFile!.count),
                        requirement: "0 when frame times are streamed: give them one way")))
        }
        var cursor: Cursor
        do { cursor = try Cursor(clock: clock) } catch { throw failure(error) }
        while try cursor.drawNextFrame(
            &model, stopsAtFinalOutcome: false, nextSample: nextSample,
            nextFrameTime: nextFrameTime, failure: failure)
        {
            try drawn(cursor.lastFrameTime, model.frame)
        }
    }

    /// Plays `stream` exactly as ``run(_:stream:)`` does, without a trace, and stops as soon as every
    /// sample has been delivered and the model's outcome can no longer change
    /// (``InteractionModel/outcomeIsFinal``), or where ``run(_:stream:)`` would end if that comes first.
    /// Up to that point the model sees the same samples and frames in the same order, so its outcome is
    /// the one a full run ends with; what is skipped is the settling (springs, fades, closing
    /// animations) that a decision sweep does not look at.
    public func runUntilOutcomeIsFinal<Model: InteractionModel>(_ model: inout Model, stream: TouchStream)
        throws(InteractionError)
    {
        var cursor = try Cursor(clock: self, samples: stream.samples)
        var pull = StreamPull<InteractionError>(stream.samples)
        while try cursor.drawNextFrame(&model, stopsAtFinalOutcome: true, pull: &pull, failure: { $0 }) {}
    }

    /// ``runUntilOutcomeIsFinal(_:stream:)`` with each sample checked as it is read rather than the whole
    /// stream first: the same run, the same outcome, one pass over the samples less. A bad sample
    /// still throws before the run ends (every sample is read before it can stop), though possibly
    /// after the model saw the samples before it: for a pipeline, whose every failure is its `error`
    /// outcome.
    func runUntilOutcomeIsFinal<Model: InteractionModel>(
        _ model: inout Model, checkingAsItGoes samples: [TouchSample]
    ) throws(InteractionError) {
        var cursor = try Cursor(clock: self)
        var pull = StreamPull<InteractionError>(samples)
        while try cursor.drawNextFrame(&model, stopsAtFinalOutcome: true, pull: &pull, failure: { $0 }) {}
    }
}
