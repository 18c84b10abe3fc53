import PopSimGestures
import PopSimTextIO

extension FrameClock {
    /// Where a run is on the vsync grid: the one loop behind ``run(_:stream:)``,
    /// ``run(_:nextSample:drawn:failure:)``, ``runUntilOutcomeIsFinal(_:stream:)`` and ``Playback``.
    /// Samples are pulled one at a time (from an array the caller holds for the whole run, by the
    /// in-memory entry points), read one ahead to know whether the next is due by a vsync, and checked as
    /// they are read (``SampleCheck``). Frames are the vsyncs of the current grid (the rate, stepped by
    /// the ramp; dropped and moved by the irregularity) or the listed frame times. What the clock lists
    /// is read once, when the run starts, so drawing a frame copies no array.
    struct Cursor {
        let clock: FrameClock
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
        /// The ramp's steps (``FrameClock/ramp``), and the next one to take.
        private let rampSteps: [RefreshRateRamp.Step]
        private var nextStep = 0
        /// Whether frames are listed (the clock's ``FrameClock/frameTimes`` or streamed ones) rather than on
        /// the vsync grid.
        private let listsFrames: Bool
        /// The largest move of a jittered frame: ``FrameIrregularity/jitterLimit`` of the shortest vsync
        /// interval of the run, computed once.
        private let jitterLimit: Double
        /// Whether the last drawn frame lay exactly on the current grid.
        private var lastDrawnOnGrid = false
        /// Whether every vsync of one fixed-rate grid is drawn (no ramp, no irregularity, no listed
        /// frames): the run then takes ``drawNextGridFrame(_:stopsAtFinalOutcome:pull:failure:)``.
        private let drawsEveryVsync: Bool
        /// Listed frame times: the next unread one in `clock.frameTimes` (or this run's reader of
        /// `clock.frameTimesFile`), and the checks on them.
        private var nextListed = 0
        private var fileTimes: FrameTimesReader?
        private var frameTimeCheck = FrameTimeCheck()
        /// The time of the frame the last ``drawNextFrame(_:from:stopsAtFinalOutcome:)`` drew.
        private(set) var lastFrameTime = 0.0
        private(set) var isFinished = false

        /// A run over `samples`, all checked first; each frame is drawn from them
        /// (``drawNextFrame(_:from:stopsAtFinalOutcome:)``).
        init(clock: FrameClock, samples: [TouchSample]) throws(InteractionError) {
            try clock.validate(samples)
            self.init(validated: clock, fileTimes: try Self.fileReader(clock))
        }

        /// A run over samples pulled as it goes; only the duration and the schedule are checked first.
        init(clock: FrameClock) throws(InteractionError) {
            try clock.validateDuration()
            self.init(validated: clock, fileTimes: try Self.fileReader(clock))
        }

        /// The same run from its start (already validated). A frame-times file, checked when the run was
        /// set up, is read again from its start (a file that can no longer be read then ends the run at
        /// once).
        init(restarting cursor: Cursor) {
            let fileTimes = (try? Self.fileReader(cursor.clock)) ?? nil
            self.init(validated: cursor.clock, fileTimes: fileTimes)
            isFinished = cursor.clock.frameTimesFile != nil && fileTimes == nil
        }

        /// The start of a run on `clock`, already checked, with this run's reader of its frame-times file.
        private init(validated clock: FrameClock, fileTimes: FrameTimesReader?) {
            self.clock = clock
            check = clock.sampleCheck
            gridRate = clock.rate.vsyncRate
            rampSteps = clock.ramp?.steps ?? []
            jitterLimit = FrameIrregularity.jitterLimit / clock.highestRate
            listsFrames = clock.frameTimes != nil || clock.frameTimesFile != nil || clock.streamsFrameTimes
            if case .fixed = clock.rate {
                drawsEveryVsync = !listsFrames && rampSteps.isEmpty && clock.irregularity.isNone
            } else {
                drawsEveryVsync = false
            }
            self.fileTimes = fileTimes
        }

        /// A reader of the clock's frame-times file for this run, if it has one.
        static func fileReader(_ clock: FrameClock) throws(InteractionError) -> FrameTimesReader? {
            do { return try clock.frameTimesFile?.reader() } catch { throw .invalidStream(error.description) }
        }

        /// Draws with samples pulled from `nextSample`, and the clock's own frame times, if any.
        @inline(__always)
        mutating func drawNextFrame<Model: InteractionModel, Failure: Error>(
            _ model: inout Model, stopsAtFinalOutcome: Bool,
            nextSample: () throws(Failure) -> TouchSample?, failure: (InteractionError) -> Failure
        ) throws(Failure) -> Bool {
            try withoutActuallyEscaping(nextSample) { (nextSample) throws(Failure) -> Bool in
                var pull = FunctionPull(nextSample)
                return try drawNextFrame(
                    &model, stopsAtFinalOutcome: stopsAtFinalOutcome, pull: &pull, failure: failure)
            }
        }

        /// Draws with samples pulled from `nextSample` at the instants pulled from `nextFrameTime`.
        @inline(__always)
        mutating func drawNextFrame<Model: InteractionModel, Failure: Error>(
            _ model: inout Model, stopsAtFinalOutcome: Bool,
            nextSample: () throws(Failure) -> TouchSample?, nextFrameTime: () throws(Failure) -> Double?,
            failure: (InteractionError) -> Failure
        ) throws(Failure) -> Bool {
            try withoutActuallyEscaping(nextSample) { (nextSample) throws(Failure) -> Bool in
                var pull = FunctionPull(nextSample)
                return try drawNextFrame(
                    &model, stopsAtFinalOutcome: stopsAtFinalOutcome, pull: &pull, nextFrameTime: nextFrameTime,
                    failure: failure)
            }
        }

        /// Draws with samples from `pull` (an in-memory stream's is kept for the whole run, so drawing a
        /// frame neither calls through a closure per sample nor retains the stream's array), and the
        /// clock's own frame times, if any.
        @inline(__always)
        mutating func drawNextFrame<Model: InteractionModel, Pull: SamplePull>(
            _ model: inout Model, stopsAtFinalOutcome: Bool, pull: inout Pull,
            failure: (InteractionError) -> Pull.Failure
        ) throws(Pull.Failure) -> Bool {
            typealias Failure = Pull.Failure
            if let file = fileTimes {
                return try drawNextFrame(
                    &model, stopsAtFinalOutcome: stopsAtFinalOutcome, pull: &pull,
                    nextFrameTime: { () throws(Failure) -> Double? in
                        do throws(InputError) { return try file.next() } catch {
                            throw failure(.invalidStream(error.description))
                        }
                    }, failure: failure)
            }
            if drawsEveryVsync {
                return try drawNextGridFrame(
                    &model, stopsAtFinalOutcome: stopsAtFinalOutcome, pull: &pull, failure: failure)
            }
            guard listsFrames, let listed = clock.frameTimes else {
                return try drawNextFrame(
                    &model, stopsAtFinalOutcome: stopsAtFinalOutcome, pull: &pull,
                    nextFrameTime: { () throws(Failure) -> Double? in nil }, failure: failure)
            }
            var index = nextListed
            defer { nextListed = index }
            return try drawNextFrame(
                &model, stopsAtFinalOutcome: stopsAtFinalOutcome, pull: &pull,
                nextFrameTime: { () throws(Failure) -> Double? in
                    guard index < listed.count else { return nil }
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
        private mutating func drawNextFrame<Model: InteractionModel, Pull: SamplePull>(
            _ model: inout Model, stopsAtFinalOutcome: Bool, pull: inout Pull,
            nextFrameTime: () throws(Pull.Failure) -> Double?, failure: (InteractionError) -> Pull.Failure
        ) throws(Pull.Failure) -> Bool {
            guard !isFinished else { return false }
            let jitterLimit = self.jitterLimit
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
                    while nextStep < rampSteps.count, vsyncTime(vsyncIndex) >= rampSteps[nextStep].start {
                        gridStart = vsyncTime(vsyncIndex)
                        gridStartIndex = vsyncIndex
                        gridRate = rampSteps[nextStep].hertz
                        nextStep += 1
                        lastDrawnOnGrid = false
                    }
                    let offset = clock.irregularity.offset(vsync: vsyncIndex, limit: jitterLimit)
                    time = vsyncTime(vsyncIndex) + offset
                    onGrid = offset == 0
                }
                guard
                    let delivered = try deliverSamples(
                        dueBy: time, to: &model, stopsAtFinalOutcome: stopsAtFinalOutcome, pull: &pull,
                        failure: failure)
                else { return false }
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

        /// ``drawNextFrame(_:stopsAtFinalOutcome:pull:nextFrameTime:failure:)`` on a run that draws
        /// every vsync of one fixed-rate grid (``drawsEveryVsync``), with none of the branches for ramps,
        /// irregular, idle or listed frames: frame k at k / rate, one vsync after the frame before. Its
        /// frames and ticks are the general loop's on such a run, bit for bit (the grid starts at 0 and no
        /// frame is moved, so k / rate is `vsyncTime(k) + 0`; every elapsed time is one vsync).
        @inline(__always)
        private mutating func drawNextGridFrame<Model: InteractionModel, Pull: SamplePull>(
            _ model: inout Model, stopsAtFinalOutcome: Bool, pull: inout Pull,
            failure: (InteractionError) -> Pull.Failure
        ) throws(Pull.Failure) -> Bool {
            guard !isFinished else { return false }
            let time = Double(vsyncIndex) / gridRate
            guard
                let delivered = try deliverSamples(
                    dueBy: time, to: &model, stopsAtFinalOutcome: stopsAtFinalOutcome, pull: &pull,
                    failure: failure)
            else { return false }
            do {
                try model.advance(
                    to: time, tick: FrameTick(index: vsyncIndex, vsyncRate: gridRate, vsyncsSincePrevious: 1))
            } catch {
                throw failure(error)
            }
            lastDrawnOnGrid = true
            lastFrameTime = time
            lastDrawn = vsyncIndex
            vsyncIndex += 1
            if clock.duration == nil && delivered && !model.hasPendingWork { isFinished = true }
            return true
        }

        /// Reads the next sample into ``upcoming``, checked, unless one is waiting or the stream has ended.
        @inline(__always)
        private mutating func readAhead<Pull: SamplePull>(
            _ pull: inout Pull, failure: (InteractionError) -> Pull.Failure
        ) throws(Pull.Failure) {
            guard upcoming == nil, !exhausted else { return }
            guard let sample = try pull.next() else {
                exhausted = true
                return
            }
            do { try check.admit(sample) } catch { throw failure(error) }
            upcoming = sample
        }

        /// The samples due by the frame at `time` delivered to the model in order, each after advancing the
        /// model to its time. Returns whether every sample of the stream has now been delivered, or nil,
        /// the run finished, when the frame lies beyond the run's end or (with `stopsAtFinalOutcome`) every
        /// sample is delivered and the model's outcome is final.
        @inline(__always)
        private mutating func deliverSamples<Model: InteractionModel, Pull: SamplePull>(
            dueBy time: Double, to model: inout Model, stopsAtFinalOutcome: Bool, pull: inout Pull,
            failure: (InteractionError) -> Pull.Failure
        ) throws(Pull.Failure) -> Bool? {
            try readAhead(&pull, failure: failure)
            // Without a duration the run ends the settle limit after the last sample (after 0 for an
            // empty stream), known once the stream is exhausted.
            let end =
                clock.duration
                ?? (exhausted && upcoming == nil ? (check.lastTime ?? 0) + clock.settleLimit : .infinity)
            if time > end + 1e-9 {
                isFinished = true
                return nil
            }
            while let sample = upcoming, sample.time <= time {
                upcoming = nil
                do {
                    try model.advance(to: sample.time, tick: nil)
                    try model.handle(sample)
                } catch {
                    throw failure(error)
                }
                try readAhead(&pull, failure: failure)
            }
            let delivered = exhausted && upcoming == nil
            if stopsAtFinalOutcome && delivered && model.outcomeIsFinal {
                isFinished = true
                return nil
            }
            return delivered
        }
    }
}
