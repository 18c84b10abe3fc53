import PopSimGestures

/// The display-link driver: merges a touch stream with frame ticks on one virtual clock.
///
/// Time runs on the vsync grid of the frame rate (frame k at k / rate). Before each vsync the touch
/// samples due by then are delivered to the model in time order, each after advancing the model to the
/// sample's own time (UIKit handles events before the frame is committed, so a sample exactly on a
/// vsync is seen by that frame). A vsync becomes a drawn frame at a fixed rate always, and on a
/// ProMotion display when the model needs frames or asks for a high rate, or on the idle stride. The
/// drawn state is sampled once per drawn frame into the trace.
///
/// The run ends at `duration` when one is given; otherwise once every sample has been delivered and
/// the model has no pending work (everything has settled), or after `settleLimit` seconds past the
/// last sample, whichever comes first. Sample times must be finite and non-decreasing, and a run may
/// not exceed `maximumFrames` vsyncs (a guard against a typo such as `--seconds 1e9`). Samples can be
/// pulled one at a time and frames handed out as they are drawn
/// (``run(_:nextSample:drawn:failure:)``), so a run of any length needs memory only for the model.
public struct FrameClock: Sendable {
    public var rate: FrameRate
    /// Run exactly this long (frames with time ≤ duration), settled or not.
    public var duration: Double?
    /// The longest a run may continue after the last sample while waiting to settle.
    public var settleLimit: Double
    /// The most vsyncs one run may span (default 10 million: 23 hours at 120 Hz).
    public var maximumFrames: Int

    public init(rate: FrameRate, duration: Double? = nil, settleLimit: Double = 60, maximumFrames: Int = 10_000_000) {
        self.rate = rate
        self.duration = duration
        self.settleLimit = settleLimit
        self.maximumFrames = maximumFrames
    }

    /// Checks the stream and the run's length before anything is simulated.
    func validate(_ samples: [TouchSample]) throws(InteractionError) {
        try validateDuration()
        var check = sampleCheck
        for sample in samples { try check.admit(sample) }
    }

    /// Checks the run's length before anything is simulated, when a duration fixes it.
    func validateDuration() throws(InteractionError) {
        guard let duration else { return }
        guard duration.isFinite && duration >= 0 else {
            throw .invalidParameter(.invalidParameter(parameter: "duration", value: duration, requirement: "a finite number ≥ 0"))
        }
        try checkFrameCount(until: duration)
    }

    /// The clock's rules for one sample after another: finite time and location, times never
    /// decreasing, and (without a fixed duration) no sample so late that waiting for it to settle would
    /// pass the frame limit. The clock applies it as it reads; a caller can apply it to a whole stream
    /// first, to refuse a bad one before anything is drawn.
    public struct SampleCheck: Sendable {
        let clock: FrameClock
        private var count = 0
        private(set) var previousTime = -Double.infinity

        init(clock: FrameClock) { self.clock = clock }

        public mutating func admit(_ sample: TouchSample) throws(InteractionError) {
            count += 1
            guard sample.time.isFinite, sample.location.x.isFinite, sample.location.y.isFinite else {
                throw .invalidStream("touch sample \(count) has a non-finite time or location")
            }
            guard sample.time >= previousTime else {
                throw .invalidStream("touch sample \(count) at time \(sample.time) comes before the previous sample (\(previousTime)): samples must be in time order")
            }
            if clock.duration == nil { try clock.checkFrameCount(until: sample.time + clock.settleLimit) }
            previousTime = sample.time
        }

        /// The time of the last sample admitted, or nil before the first.
        var lastTime: Double? { count == 0 ? nil : previousTime }
    }

    /// A fresh ``SampleCheck`` with this clock's limits.
    public var sampleCheck: SampleCheck { SampleCheck(clock: self) }

    fileprivate func checkFrameCount(until end: Double) throws(InteractionError) {
        guard end * rate.vsyncRate <= Double(maximumFrames) else {
            throw .invalidParameter(.invalidParameter(parameter: "duration", value: end,
                requirement: "at most \(maximumFrames) frames at \(rate) (\(Double(maximumFrames) / rate.vsyncRate) s)"))
        }
    }

    /// Plays the stream through the model and returns the trace; the model is left in its final state.
    public func run<Model: InteractionModel>(_ model: inout Model, stream: TouchStream) throws(InteractionError)
        -> Trace<Model.Frame, Model.Event> {
        var trace = Trace<Model.Frame, Model.Event>()
        var cursor = try Cursor(clock: self, samples: stream.samples)
        while try cursor.drawNextFrame(&model, stopsAtFinalOutcome: false) {
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

    /// Plays `stream` exactly as ``run(_:stream:)`` does, without a trace, and stops as soon as every
    /// sample has been delivered and the model's outcome can no longer change
    /// (``InteractionModel/outcomeIsFinal``), or where ``run(_:stream:)`` would end if that comes first.
    /// Up to that point the model sees the same samples and frames in the same order, so its outcome is
    /// the one a full run ends with; what is skipped is the settling (springs, fades, closing
    /// animations) that a decision sweep does not look at.
    public func runUntilOutcomeIsFinal<Model: InteractionModel>(_ model: inout Model, stream: TouchStream) throws(InteractionError) {
        var cursor = try Cursor(clock: self, samples: stream.samples)
        while try cursor.drawNextFrame(&model, stopsAtFinalOutcome: true) {}
    }

    /// Where a run is on the vsync grid: the one loop behind ``run(_:stream:)``,
    /// ``run(_:nextSample:drawn:failure:)``, ``runUntilOutcomeIsFinal(_:stream:)`` and ``Playback``.
    /// Samples are pulled one at a time (from an array by the in-memory entry points), read one ahead to
    /// know whether the next is due by a vsync, and checked as they are read (``SampleCheck``).
    struct Cursor {
        let clock: FrameClock
        /// The in-memory stream, when there is one (its samples are pulled from here).
        let samples: [TouchSample]
        var next = 0
        var check: SampleCheck
        /// The next undelivered sample.
        var upcoming: TouchSample?
        var exhausted = false
        var lastDrawn: Int?
        var vsyncIndex = 0
        /// The time of the frame the last ``drawNextFrame(_:stopsAtFinalOutcome:)`` drew.
        private(set) var lastFrameTime = 0.0
        private(set) var isFinished = false

        /// A run over `samples`, all checked first.
        init(clock: FrameClock, samples: [TouchSample]) throws(InteractionError) {
            try clock.validate(samples)
            self.clock = clock
            self.samples = samples
            check = clock.sampleCheck
        }

        /// A run over samples pulled as it goes; only the duration is checked first.
        init(clock: FrameClock) throws(InteractionError) {
            try clock.validateDuration()
            self.clock = clock
            samples = []
            check = clock.sampleCheck
        }

        /// Draws from the in-memory stream.
        @inline(__always)
        mutating func drawNextFrame<Model: InteractionModel>(_ model: inout Model, stopsAtFinalOutcome: Bool) throws(InteractionError) -> Bool {
            let samples = self.samples
            var index = next
            defer { next = index }
            return try drawNextFrame(&model, stopsAtFinalOutcome: stopsAtFinalOutcome, nextSample: { () throws(InteractionError) -> TouchSample? in
                guard index < samples.count else { return nil }
                index += 1
                return samples[index - 1]
            }, failure: { $0 })
        }

        /// Runs the vsyncs up to the next drawn frame: delivers the touch samples due by each vsync (the
        /// model advanced to each sample's time first) and advances the model to the frame. Returns false,
        /// drawing nothing, once the run has ended (or, with `stopsAtFinalOutcome`, once every sample is
        /// delivered and the model's outcome is final).
        @inline(__always)
        mutating func drawNextFrame<Model: InteractionModel, Failure: Error>(
            _ model: inout Model, stopsAtFinalOutcome: Bool,
            nextSample: () throws(Failure) -> TouchSample?, failure: (InteractionError) -> Failure
        ) throws(Failure) -> Bool {
            guard !isFinished else { return false }
            func readAhead() throws(Failure) {
                guard upcoming == nil, !exhausted else { return }
                guard let sample = try nextSample() else { exhausted = true; return }
                do { try check.admit(sample) } catch { throw failure(error) }
                upcoming = sample
            }
            let vsync = clock.rate.vsyncRate
            while true {
                let time = Double(vsyncIndex) / vsync
                try readAhead()
                // Without a duration the run ends the settle limit after the last sample (after 0 for an
                // empty stream), known once the stream is exhausted.
                let end = clock.duration ?? (exhausted && upcoming == nil ? (check.lastTime ?? 0) + clock.settleLimit : .infinity)
                if time > end + 1e-9 {
                    isFinished = true
                    return false
                }
                while let sample = upcoming, sample.time <= time {
                    upcoming = nil
                    do {
                        try model.advance(to: sample.time, tick: nil)
                        try model.handle(sample)
                    } catch {
                        throw failure(error)
                    }
                    try readAhead()
                }
                let delivered = exhausted && upcoming == nil
                if stopsAtFinalOutcome && delivered && model.outcomeIsFinal {
                    isFinished = true
                    return false
                }
                let draws: Bool
                do {
                    switch clock.rate {
                    case .fixed: draws = true
                    case .proMotion:
                        // A timer due while the display idles (e.g. a delayed open) fires on its vsync and
                        // wakes the display there, not at the next idle frame.
                        if lastDrawn != nil, !model.needsFrames, model.hasPendingWork {
                            try model.advance(to: time, tick: nil)
                        }
                        draws = lastDrawn == nil || model.needsFrames || model.preferredFrameRate != nil
                            || vsyncIndex.isMultiple(of: clock.rate.idleStride)
                    }
                    if draws {
                        let tick = FrameTick(index: vsyncIndex, vsyncRate: vsync,
                                             vsyncsSincePrevious: lastDrawn.map { vsyncIndex - $0 } ?? 1)
                        try model.advance(to: time, tick: tick)
                    }
                } catch {
                    throw failure(error)
                }
                if draws {
                    lastFrameTime = time
                    lastDrawn = vsyncIndex
                    vsyncIndex += 1
                    if clock.duration == nil && delivered && !model.hasPendingWork { isFinished = true }
                    return true
                }
                vsyncIndex += 1
            }
        }
    }

    /// A run in progress, one drawn frame per ``drawNextFrame()``: the same step ``run(_:stream:)``
    /// loops over, so a frame-budget benchmark that times it frame by frame times the run's own frames.
    public struct Playback<Model: InteractionModel> {
        /// The model, advanced to the last drawn frame.
        public private(set) var model: Model
        /// The drawn frames so far, and the model's events.
        public var trace: Trace<Model.Frame, Model.Event> { Trace(rows: drawn, events: model.events) }
        /// Whether the run has ended (``drawNextFrame()`` draws nothing more).
        public var isFinished: Bool { cursor.isFinished }

        private var cursor: Cursor
        private var drawn: [Trace<Model.Frame, Model.Event>.Row] = []

        /// Checks the stream and the run's length (as ``FrameClock/run(_:stream:)`` does) before
        /// anything is simulated.
        public init(clock: FrameClock, model: Model, stream: TouchStream) throws(InteractionError) {
            cursor = try Cursor(clock: clock, samples: stream.samples)
            self.model = model
        }

        /// Room for `frames` drawn frames, so drawing them appends without allocating.
        public mutating func reserveFrames(_ frames: Int) {
            drawn.reserveCapacity(frames)
        }

        /// Starts the same stream again with `model`, keeping the trace's storage.
        public mutating func restart(with model: Model) {
            self.model = model
            drawn.removeAll(keepingCapacity: true)
            cursor = Cursor(restarting: cursor)
        }

        /// Draws the next frame as ``FrameClock/run(_:stream:)`` does and appends it to the trace;
        /// returns false, drawing nothing, once the run has ended.
        public mutating func drawNextFrame() throws(InteractionError) -> Bool {
            guard try cursor.drawNextFrame(&model, stopsAtFinalOutcome: false) else { return false }
            drawn.append(.init(time: cursor.lastFrameTime, frame: model.frame))
            return true
        }
    }
}

extension FrameClock.Cursor {
    /// The same stream from its start (already validated).
    init(restarting cursor: FrameClock.Cursor) {
        clock = cursor.clock
        samples = cursor.samples
        check = cursor.clock.sampleCheck
    }
}
