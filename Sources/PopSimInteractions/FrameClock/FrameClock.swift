import PopSimGestures
import PopSimTextIO

/// The display-link driver: merges a touch stream with frame ticks on one virtual clock.
///
/// Time runs on the vsync grid of the frame rate (frame k at k / rate). Before each vsync the touch
/// samples due by then are delivered to the model in time order, each after advancing the model to the
/// sample's own time (UIKit handles events before the frame is committed, so a sample exactly on a
/// vsync is seen by that frame). A vsync becomes a drawn frame at a fixed rate always, and on a
/// ProMotion display when the model needs frames or asks for a high rate, or on the idle stride. The
/// drawn state is sampled once per drawn frame into the trace.
///
/// Frames need not be regular (Documentation/frames.md): ``ramp`` steps the
/// display's rate while it runs (ProMotion under thermal or power limits), ``irregularity`` drops
/// frames and moves them off their vsyncs (seeded), and ``frameTimes`` (or a streamed list,
/// ``run(_:frameTimes:nextSample:drawn:failure:)``) draws frames exactly at given instants instead of on
/// any grid. Every drawn frame hands the model a ``FrameTick`` with its time, the time elapsed since the
/// previous frame and the display's nominal frame duration.
///
/// The run ends at `duration` when one is given; otherwise once every sample has been delivered and
/// the model has no pending work (everything has settled), or after `settleLimit` seconds past the
/// last sample, whichever comes first; with listed frame times also at the last one. Sample times must
/// be finite and non-decreasing, and a run may not exceed `maximumFrames` vsyncs (a guard against a typo
/// such as `--seconds 1e9`). Samples (and listed frame times) can be pulled one at a time and frames
/// handed out as they are drawn (``run(_:nextSample:drawn:failure:)``), so a run of any length needs
/// memory only for the model.
public struct FrameClock: Sendable {
    public var rate: FrameRate
    /// Run exactly this long (frames with time ≤ duration), settled or not.
    public var duration: Double?
    /// The longest a run may continue after the last sample while waiting to settle.
    public var settleLimit: Double
    /// The most vsyncs one run may span (default 10 million: 23 hours at 120 Hz).
    public var maximumFrames: Int
    /// Dropped and jittered frames on the vsync grid (default: none).
    public var irregularity: FrameIrregularity
    /// Steps of the display's rate while the run goes on (default: none, the rate throughout).
    public var ramp: RefreshRateRamp?
    /// Frames exactly at these instants (seconds, increasing), instead of on the vsync grid: every listed
    /// frame is drawn and none other (``FrameTimesReader`` reads them from a file). `rate` then only sets
    /// the nominal frame duration; ``ramp`` and ``irregularity`` must be unset.
    public var frameTimes: [Double]?
    /// Frames exactly at the instants of a checked file, read row at a time by each run (a run reads
    /// only the rows it draws), as ``frameTimes`` are drawn; the two are not given together.
    public var frameTimesFile: FrameTimesFile?

    public init(
        rate: FrameRate, duration: Double? = nil, settleLimit: Double = 60, maximumFrames: Int = 10_000_000,
        irregularity: FrameIrregularity = .none, ramp: RefreshRateRamp? = nil, frameTimes: [Double]? = nil
    ) {
        self.rate = rate
        self.duration = duration
        self.settleLimit = settleLimit
        self.maximumFrames = maximumFrames
        self.irregularity = irregularity
        self.ramp = ramp
        self.frameTimes = frameTimes
    }

    /// Checks the stream and the run's length before anything is simulated.
    func validate(_ samples: [TouchSample]) throws(InteractionError) {
        try validateDuration()
        var check = sampleCheck
        for sample in samples { try check.admit(sample) }
    }

    /// Checks the frame schedule, and the run's length when a duration fixes it, before anything is
    /// simulated.
    func validateDuration() throws(InteractionError) {
        try irregularity.validate()
        try ramp?.validate()
        if frameTimes != nil || frameTimesFile != nil || streamsFrameTimes {
            // Listed frames are drawn exactly where they are.
            let exactly = "with listed frame times, which are drawn exactly"
            if let ramp {
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "ramp steps", value: Double(ramp.steps.count),
                        requirement: "absent \(exactly)"))
            }
            if irregularity.dropProbability != 0 {
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "dropProbability", value: irregularity.dropProbability, requirement: "0 \(exactly)"))
            }
            if irregularity.jitter != 0 {
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "jitter", value: irregularity.jitter,
                        requirement: "0 \(exactly)"))
            }
        }
        if frameTimes != nil && frameTimesFile != nil {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "frameTimes count", value: Double(frameTimes!.count),
                    requirement: "0 beside a frame-times file: give frame times one way"))
        }
        if let frameTimesFile, frameTimesFile.count > maximumFrames {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "frameTimesFile count", value: Double(frameTimesFile.count),
                    requirement: "at most \(maximumFrames) frames"))
        }
        if let frameTimes {
            guard frameTimes.count <= maximumFrames else {
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "frameTimes", value: Double(frameTimes.count),
                        requirement: "at most \(maximumFrames) frames"))
            }
            var check = FrameTimeCheck()
            for time in frameTimes { try check.admit(time) }
        }
        guard let duration else { return }
        guard duration.isFinite && duration >= 0 else {
            throw .invalidParameter(
                .invalidParameter(parameter: "duration", value: duration, requirement: "a finite number ≥ 0"))
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
                throw .invalidStream(
                    "touch sample \(count) at time \(sample.time) "
                        + "comes before the previous sample (\(previousTime)): samples must be in time order"
                )
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
        let highest = highestRate
        guard end * highest <= Double(maximumFrames) else {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "duration", value: end,
                    requirement: "at most \(maximumFrames) frames at \(rate) (\(Double(maximumFrames) / highest) s)"))
        }
    }

    /// The highest vsync rate the run reaches (the rate, or a ramp's step above it).
    var highestRate: Double { ramp?.highestRate(startingAt: rate.vsyncRate) ?? rate.vsyncRate }

    /// Set on the copy of the clock a streamed-frame-times run uses, so validation knows.
    fileprivate var streamsFrameTimes = false

    /// The rules for listed frame times: finite, ≥ 0, each later than the one before.
    struct FrameTimeCheck {
        private(set) var count = 0
        private var previous: Double?

        mutating func admit(_ time: Double) throws(InteractionError) {
            count += 1
            guard time.isFinite, time >= 0, previous.map({ time > $0 }) ?? true else {
                let before = previous.map { " (the frame before is at \($0) s)" } ?? ""
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "frameTimes[\(count - 1)]", value: time,
                        requirement: "a finite time ≥ 0, later than the frame before\(before): "
                            + "frame times must increase"))
            }
            previous = time
        }
    }

    /// Plays the stream through the model and returns the trace; the model is left in its final state.
    public func run<Model: InteractionModel>(_ model: inout Model, stream: TouchStream) throws(InteractionError)
        -> Trace<Model.Frame, Model.Event>
    {
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
        while try cursor.drawNextFrame(&model, stopsAtFinalOutcome: true) {}
    }

    /// Where a run is on the vsync grid: the one loop behind ``run(_:stream:)``,
    /// ``run(_:nextSample:drawn:failure:)``, ``runUntilOutcomeIsFinal(_:stream:)`` and ``Playback``.
    /// Samples are pulled one at a time (from an array by the in-memory entry points), read one ahead to
    /// know whether the next is due by a vsync, and checked as they are read (``SampleCheck``). Frames are
    /// the vsyncs of the current grid (the rate, stepped by the ramp; dropped and moved by the
    /// irregularity) or the listed frame times.
    struct Cursor {
        let clock: FrameClock
        /// The in-memory stream, when there is one (its samples are pulled from here).
        let samples: [TouchSample]
        var next = 0
        var check: SampleCheck
        /// The next undelivered sample.
        var upcoming: TouchSample?
        var exhausted = false
        /// The vsync index (or listed frame number) of the last drawn frame.
        var lastDrawn: Int?
        var vsyncIndex = 0
        /// The current vsync grid: vsync k lies at gridStart + (k − gridStartIndex)/gridRate.
        private var gridStart = 0.0
        private var gridStartIndex = 0
        private var gridRate: Double
        /// The ramp's next step to take.
        private var nextStep = 0
        /// Whether the last drawn frame lay exactly on the current grid.
        private var lastDrawnOnGrid = false
        /// Listed frame times: the next unread one in `clock.frameTimes` (or this run's reader of
        /// `clock.frameTimesFile`), and the checks on them.
        private var nextListed = 0
        private var fileTimes: FrameTimesReader?
        private var frameTimeCheck = FrameTimeCheck()
        /// The time of the frame the last ``drawNextFrame(_:stopsAtFinalOutcome:)`` drew.
        private(set) var lastFrameTime = 0.0
        private(set) var isFinished = false

        /// A run over `samples`, all checked first.
        init(clock: FrameClock, samples: [TouchSample]) throws(InteractionError) {
            try clock.validate(samples)
            self.clock = clock
            self.samples = samples
            check = clock.sampleCheck
            gridRate = clock.rate.vsyncRate
            fileTimes = try Self.fileReader(clock)
        }

        /// A reader of the clock's frame-times file for this run, if it has one.
        static func fileReader(_ clock: FrameClock) throws(InteractionError) -> FrameTimesReader? {
            do { return try clock.frameTimesFile?.reader() } catch { throw .invalidStream(error.description) }
        }

        /// A run over samples pulled as it goes; only the duration and the schedule are checked first.
        init(clock: FrameClock) throws(InteractionError) {
            try clock.validateDuration()
            self.clock = clock
            samples = []
            check = clock.sampleCheck
            gridRate = clock.rate.vsyncRate
            fileTimes = try Self.fileReader(clock)
        }

        /// Draws from the in-memory stream.
        @inline(__always)
        mutating func drawNextFrame<Model: InteractionModel>(_ model: inout Model, stopsAtFinalOutcome: Bool)
            throws(InteractionError) -> Bool
        {
            let samples = self.samples
            var index = next
            defer { next = index }
            return try drawNextFrame(
                &model, stopsAtFinalOutcome: stopsAtFinalOutcome,
                nextSample: { () throws(InteractionError) -> TouchSample? in
                    guard index < samples.count else { return nil }
                    index += 1
                    return samples[index - 1]
                }, failure: { $0 })
        }

        /// Draws with the clock's own frame times, if any.
        @inline(__always)
        mutating func drawNextFrame<Model: InteractionModel, Failure: Error>(
            _ model: inout Model, stopsAtFinalOutcome: Bool,
            nextSample: () throws(Failure) -> TouchSample?, failure: (InteractionError) -> Failure
        ) throws(Failure) -> Bool {
            let listed = clock.frameTimes
            let file = fileTimes
            var index = nextListed
            defer { nextListed = index }
            return try drawNextFrame(
                &model, stopsAtFinalOutcome: stopsAtFinalOutcome, nextSample: nextSample,
                nextFrameTime: { () throws(Failure) -> Double? in
                    if let file {
                        do throws(InputError) { return try file.next() } catch {
                            throw failure(.invalidStream(error.description))
                        }
                    }
                    guard let listed, index < listed.count else { return nil }
                    index += 1
                    return listed[index - 1]
                }, failure: failure)
        }

        /// The time of vsync `k` on the current grid (k / rate on a run without a ramp, bit for bit).
        @inline(__always)
        private func vsyncTime(_ k: Int) -> Double { gridStart + Double(k - gridStartIndex) / gridRate }

        /// Runs the vsyncs up to the next drawn frame: delivers the touch samples due by each vsync (the
        /// model advanced to each sample's time first) and advances the model to the frame. Returns false,
        /// drawing nothing, once the run has ended (or, with `stopsAtFinalOutcome`, once every sample is
        /// delivered and the model's outcome is final).
        @inline(__always)
        mutating func drawNextFrame<Model: InteractionModel, Failure: Error>(
            _ model: inout Model, stopsAtFinalOutcome: Bool,
            nextSample: () throws(Failure) -> TouchSample?, nextFrameTime: () throws(Failure) -> Double?,
            failure: (InteractionError) -> Failure
        ) throws(Failure) -> Bool {
            guard !isFinished else { return false }
            func readAhead() throws(Failure) {
                guard upcoming == nil, !exhausted else { return }
                guard let sample = try nextSample() else {
                    exhausted = true
                    return
                }
                do { try check.admit(sample) } catch { throw failure(error) }
                upcoming = sample
            }
            let listsFrames = clock.frameTimes != nil || clock.frameTimesFile != nil || clock.streamsFrameTimes
            let steps = clock.ramp?.steps ?? []
            let jitterLimit = FrameIrregularity.jitterLimit / clock.highestRate
            while true {
                // The candidate frame: the next listed time, or the next vsync (after any rate step due).
                let time: Double
                var onGrid = true
                if listsFrames {
                    guard let listed = try nextFrameTime() else {
                        isFinished = true
                        return false
                    }
                    do throws(InteractionError) {
                        try frameTimeCheck.admit(listed)
                        if frameTimeCheck.count > clock.maximumFrames {
                            throw InteractionError.invalidParameter(
                                .invalidParameter(
                                    parameter: "frameTimes count", value: Double(frameTimeCheck.count),
                                    requirement: "at most \(clock.maximumFrames), the run's frame limit"))
                        }
                    } catch { throw failure(error) }
                    time = listed
                    onGrid = false
                } else {
                    while nextStep < steps.count, vsyncTime(vsyncIndex) >= steps[nextStep].start {
                        gridStart = vsyncTime(vsyncIndex)
                        gridStartIndex = vsyncIndex
                        gridRate = steps[nextStep].hertz
                        nextStep += 1
                        lastDrawnOnGrid = false
                    }
                    let offset = clock.irregularity.offset(vsync: vsyncIndex, limit: jitterLimit)
                    time = vsyncTime(vsyncIndex) + offset
                    onGrid = offset == 0
                }
                try readAhead()
                // Without a duration the run ends the settle limit after the last sample (after 0 for an
                // empty stream), known once the stream is exhausted.
                let end =
                    clock.duration
                    ?? (exhausted && upcoming == nil ? (check.lastTime ?? 0) + clock.settleLimit : .infinity)
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
                var draws = true
                var nominal = listsFrames ? 1 / clock.rate.vsyncRate : 1 / gridRate
                do {
                    if !listsFrames, case let .proMotion(_, idle) = clock.rate {
                        // A timer due while the display idles (e.g. a delayed open) fires on its vsync and
                        // wakes the display there, not at the next idle frame.
                        if lastDrawn != nil, !model.needsFrames, model.hasPendingWork {
                            try model.advance(to: time, tick: nil)
                        }
                        let active = lastDrawn == nil || model.needsFrames || model.preferredFrameRate != nil
                        let stride = FrameRate.proMotion(active: gridRate, idle: idle).idleStride
                        draws = active || (vsyncIndex - gridStartIndex).isMultiple(of: stride)
                        if !active { nominal = Double(stride) / gridRate }
                    }
                    if draws, lastDrawn != nil, !listsFrames, clock.irregularity.isDropped(vsync: vsyncIndex) {
                        draws = false
                    }
                    if draws {
                        let index = listsFrames ? frameTimeCheck.count - 1 : vsyncIndex
                        let steps = lastDrawn.map { index - $0 } ?? 1
                        let regular = onGrid && (lastDrawn == nil || lastDrawnOnGrid)
                        let elapsed =
                            lastDrawn == nil
                            ? nominal
                            : regular ? Double(steps) / gridRate : time - lastFrameTime
                        let tick = FrameTick(
                            index: index, time: time, vsyncsSincePrevious: listsFrames ? 1 : steps,
                            vsyncInterval: listsFrames ? nominal : 1 / gridRate, elapsed: elapsed,
                            nominalInterval: nominal, isOnVsyncGrid: regular)
                        try model.advance(to: time, tick: tick)
                        lastDrawnOnGrid = onGrid
                    }
                } catch {
                    throw failure(error)
                }
                if draws {
                    lastFrameTime = time
                    lastDrawn = listsFrames ? frameTimeCheck.count - 1 : vsyncIndex
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
    /// A frame-times file, checked when the run was set up, is read again from its start (a file that
    /// can no longer be read then ends the run at once).
    init(restarting cursor: FrameClock.Cursor) {
        clock = cursor.clock
        samples = cursor.samples
        check = cursor.clock.sampleCheck
        gridRate = cursor.clock.rate.vsyncRate
        fileTimes = (try? Self.fileReader(cursor.clock)) ?? nil
        isFinished = cursor.clock.frameTimesFile != nil && fileTimes == nil
    }
}
