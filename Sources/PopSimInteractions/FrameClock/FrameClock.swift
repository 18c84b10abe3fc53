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
    }

    /// A fresh ``SampleCheck`` with this clock's limits.
    public var sampleCheck: SampleCheck { SampleCheck(clock: self) }

    fileprivate func checkFrameCount(until end: Double) throws(InteractionError) {
        guard end * rate.vsyncRate <= Double(maximumFrames) else {
            throw .invalidParameter(.invalidParameter(parameter: "duration", value: end,
                requirement: "at most \(maximumFrames) frames at \(rate) (\(Double(maximumFrames) / rate.vsyncRate) s)"))
        }
    }

    /// Runs the model on `stream` and collects the trace in memory.
    public func run<Model: InteractionModel>(_ model: inout Model, stream: TouchStream) throws(InteractionError)
        -> Trace<Model.Frame, Model.Event> {
        var trace = Trace<Model.Frame, Model.Event>()
        var next = 0
        let samples = stream.samples
        try run(&model, nextSample: { () throws(InteractionError) -> TouchSample? in
            guard next < samples.count else { return nil }
            next += 1
            return samples[next - 1]
        }, drawn: { (time, frame) throws(InteractionError) in
            trace.rows.append(.init(time: time, frame: frame))
        }, failure: { $0 })
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
    /// run. Sample times must be finite and non-decreasing, and no sample may lie beyond the frame
    /// limit; a sample that breaks a rule ends the run with ``InteractionError/invalidStream(_:)``
    /// (the frames before it have been handed out). `failure` turns the clock's and the model's errors
    /// into the caller's error type; the model's event log is in `model.events` afterwards.
    public func run<Model: InteractionModel, Failure: Error>(
        _ model: inout Model,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: Model.Frame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) {
        do { try validateDuration() } catch { throw failure(error) }
        let vsync = rate.vsyncRate
        let stride = rate.idleStride
        var check = sampleCheck
        /// The next undelivered sample, read ahead to know whether it is due before a vsync.
        var upcoming: TouchSample?
        var exhausted = false
        func readAhead() throws(Failure) {
            guard upcoming == nil, !exhausted else { return }
            guard let sample = try nextSample() else { exhausted = true; return }
            do { try check.admit(sample) } catch { throw failure(error) }
            upcoming = sample
        }

        var lastDrawn: Int?
        var vsyncIndex = 0
        while true {
            let time = Double(vsyncIndex) / vsync
            if let duration {
                if time > duration + 1e-9 { break }
            } else {
                try readAhead()
                // The settle limit counts from the last sample (from 0 for an empty stream).
                let lastSampleTime = check.previousTime == -.infinity ? 0 : check.previousTime
                if exhausted, upcoming == nil, time > lastSampleTime + settleLimit + 1e-9 { break }
            }
            try readAhead()
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
            let draws: Bool
            do {
                switch rate {
                case .fixed: draws = true
                case .proMotion:
                    // A timer due while the display idles (e.g. a delayed open) fires on its vsync and
                    // wakes the display there, not at the next idle frame.
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
                }
            } catch {
                throw failure(error)
            }
            if draws {
                try drawn(time, model.frame)
                lastDrawn = vsyncIndex
                if duration == nil && exhausted && upcoming == nil && !model.hasPendingWork { break }
            }
            vsyncIndex += 1
        }
    }
}
