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

    public func run<Model: InteractionModel>(_ model: inout Model, stream: TouchStream) throws(InteractionError)
        -> Trace<Model.Frame, Model.Event> {
        var trace = Trace<Model.Frame, Model.Event>()
        try drive(&model, stream: stream, stopsAtFinalOutcome: false) { time, model in
            trace.rows.append(.init(time: time, frame: model.frame))
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
        try drive(&model, stream: stream, stopsAtFinalOutcome: true) { _, _ in }
    }

    /// The clock's loop; `drawn` sees the model at every drawn frame.
    private func drive<Model: InteractionModel>(_ model: inout Model, stream: TouchStream, stopsAtFinalOutcome: Bool,
                                                drawn: (Double, Model) -> Void) throws(InteractionError) {
        let samples = stream.samples
        try validate(samples)
        let vsync = rate.vsyncRate
        let stride = rate.idleStride
        let lastSampleTime = samples.last?.time ?? 0
        let end = duration ?? (lastSampleTime + settleLimit)
        var next = 0
        var lastDrawn: Int?
        var vsyncIndex = 0
        while true {
            let time = Double(vsyncIndex) / vsync
            if time > end + 1e-9 { break }
            while next < samples.count && samples[next].time <= time {
                let sample = samples[next]
                try model.advance(to: sample.time, tick: nil)
                try model.handle(sample)
                next += 1
            }
            if stopsAtFinalOutcome && next == samples.count && model.outcomeIsFinal { break }
            let draws: Bool
            switch rate {
            case .fixed: draws = true
            case .proMotion:
                // A timer due while the display idles (e.g. a delayed open) fires on its vsync and wakes
                // the display there, not at the next idle frame.
                if lastDrawn != nil, !model.needsFrames, model.hasPendingWork {
                    try model.advance(to: time, tick: nil)
                }
                draws = lastDrawn == nil || model.needsFrames || model.preferredFrameRate != nil
                    || vsyncIndex.isMultiple(of: stride)
            }
            if draws {
                let tick = FrameTick(index: vsyncIndex, vsyncRate: vsync,
                                     vsyncsSincePrevious: lastDrawn.map { vsyncIndex - $0 } ?? 1)
                try model.advance(to: time, tick: tick)
                drawn(time, model)
                lastDrawn = vsyncIndex
                if duration == nil && next == samples.count && !model.hasPendingWork { break }
            }
            vsyncIndex += 1
        }
    }
}
