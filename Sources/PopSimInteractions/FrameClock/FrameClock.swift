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
/// not exceed `maximumFrames` vsyncs (a guard against a typo such as `--seconds 1e9`).
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
        var previous = -Double.infinity
        for (index, sample) in samples.enumerated() {
            guard sample.time.isFinite, sample.location.x.isFinite, sample.location.y.isFinite else {
                throw .invalidStream("touch sample \(index + 1) has a non-finite time or location")
            }
            guard sample.time >= previous else {
                throw .invalidStream("touch sample \(index + 1) at time \(sample.time) comes before the previous sample (\(previous)): samples must be in time order")
            }
            previous = sample.time
        }
        if let duration, !(duration.isFinite && duration >= 0) {
            throw .invalidParameter(.invalidParameter(parameter: "duration", value: duration, requirement: "a finite number ≥ 0"))
        }
        let end = duration ?? ((samples.last?.time ?? 0) + settleLimit)
        let frames = end * rate.vsyncRate
        guard frames <= Double(maximumFrames) else {
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
    /// ``runUntilOutcomeIsFinal(_:stream:)`` and ``Playback``.
    struct Cursor {
        let clock: FrameClock
        let samples: [TouchSample]
        let end: Double
        var next = 0
        var lastDrawn: Int?
        var vsyncIndex = 0
        /// The time of the frame the last ``drawNextFrame(_:stopsAtFinalOutcome:)`` drew.
        private(set) var lastFrameTime = 0.0
        private(set) var isFinished = false

        init(clock: FrameClock, samples: [TouchSample]) throws(InteractionError) {
            try clock.validate(samples)
            self.clock = clock
            self.samples = samples
            end = clock.duration ?? ((samples.last?.time ?? 0) + clock.settleLimit)
        }

        /// Runs the vsyncs up to the next drawn frame: delivers the touch samples due by each vsync (the
        /// model advanced to each sample's time first) and advances the model to the frame. Returns false,
        /// drawing nothing, once the run has ended (or, with `stopsAtFinalOutcome`, once every sample is
        /// delivered and the model's outcome is final).
        @inline(__always)
        mutating func drawNextFrame<Model: InteractionModel>(_ model: inout Model, stopsAtFinalOutcome: Bool) throws(InteractionError) -> Bool {
            guard !isFinished else { return false }
            let vsync = clock.rate.vsyncRate
            while true {
                let time = Double(vsyncIndex) / vsync
                if time > end + 1e-9 {
                    isFinished = true
                    return false
                }
                while next < samples.count && samples[next].time <= time {
                    let sample = samples[next]
                    try model.advance(to: sample.time, tick: nil)
                    try model.handle(sample)
                    next += 1
                }
                if stopsAtFinalOutcome && next == samples.count && model.outcomeIsFinal {
                    isFinished = true
                    return false
                }
                let draws: Bool
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
                    lastFrameTime = time
                    lastDrawn = vsyncIndex
                    vsyncIndex += 1
                    if clock.duration == nil && next == samples.count && !model.hasPendingWork { isFinished = true }
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
        end = cursor.end
    }
}
