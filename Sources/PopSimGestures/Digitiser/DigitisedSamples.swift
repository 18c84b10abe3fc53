import PopSimGeometry

/// A ``Digitiser``'s output produced one sample at a time (``Digitiser/samples(of:seed:)``): the
/// pipeline of the digitiser's documentation run as a stream, so a gesture of any length is written in
/// constant memory.
///
/// Scans are generated in time order, fingers in script order within a scan (the order the in-memory
/// pipeline sorted into), and every random draw happens in that order, so the samples are identical
/// to ``Digitiser/sample(_:seed:)``'s. Delivery by display frames needs to know whether a later sample
/// of the same touch falls in the same frame; the samples waiting for that answer are held in a short
/// queue, at most the fingers' samples of one display frame.
public struct DigitisedSamples: Sequence, IteratorProtocol, Sendable {
    /// The scan ticks of one finger, `began` at `first`, `moved` until `last`, `ended` at `last`, and
    /// its touch.
    struct FingerTicks {
        var first: Int
        var last: Int
        var down: Double
        var touch: Int
        /// Where in `touches` its touch's state is (fingers that share a touch id share it).
        var touchIndex: Int

        /// The phase of its scan at `tick`, one of its ticks.
        func phase(at tick: Int) -> TouchPhase { tick == last ? .ended : tick == first ? .began : .moved }
    }

    /// What delivery remembers of one touch id.
    struct TouchState {
        var touch: Int
        /// Where its last delivered sample was (nil before it began and after it ended).
        var location: Point?
        /// The queue position (counted from the start of the stream) of its `moved` sample waiting for
        /// the delivery decision.
        var pending: Int?
    }

    /// A sample waiting for the delivery decision, and the decision once made.
    struct Queued {
        var sample: TouchSample
        var touchIndex: Int
        var frame: Double
        var decided: Bool
        var keep: Bool
    }

    /// A scanned sample and where its touch's state is.
    struct Scanned {
        var sample: TouchSample
        var touchIndex: Int
    }

    private var digitiser = Digitiser()
    /// The fingers scanned, let go (nil) once every finger has ended: a kept stream does not hold the
    /// script its caller rebuilds in place for the next one (sharing it, the rebuild would copy it).
    private var scripted: [GestureScript.Finger]?
    /// The in-memory pipeline's sample count bound, for callers that reserve storage.
    public private(set) var estimatedCount = 0
    private var fingers: [FingerTicks] = []
    /// One entry per touch id of the script, in the order of their first fingers.
    private var touches: [TouchState] = []
    /// The tick scanned now.
    private var tick = 0
    /// The finger to look at next in this tick.
    private var nextFinger = 0
    private var rawFinished = false

    private var jitterNoise = GaussianNoise(seed: 0)
    private var dropGenerator = Xoshiro256StarStar(seed: 0)
    private var positionNoiseSource = GaussianNoise(seed: 0)
    private var jitterLimit = 0.0
    private var currentTick = -1
    private var currentJitter = 0.0

    /// ``Digitiser/Delivery/everySample``: samples skip the delivery queue.
    private var deliversEverySample = true
    private var queue: [Queued] = []
    private var queueHead = 0
    private var queueBase = 0

    /// The digitisation of `script` (``Digitiser/samples(of:seed:)``, which checks the digitiser and the
    /// sample count first).
    init(digitiser: Digitiser, script: GestureScript, seed: UInt64, estimatedCount: Int) {
        restart(digitiser: digitiser, script: script, seed: seed, estimatedCount: estimatedCount)
    }

    /// Starts the digitisation of `script` again in place, as ``init(digitiser:script:seed:estimatedCount:)``
    /// does, keeping the arrays' storage: a sweep that digitises one gesture per decision
    /// (``Digitiser/sample(_:seed:into:storage:)``) then allocates nothing, and copies no stream.
    mutating func restart(digitiser: Digitiser, script: GestureScript, seed: UInt64, estimatedCount: Int) {
        self.digitiser = digitiser
        scripted = script.fingers
        self.estimatedCount = estimatedCount
        fingers.removeAll(keepingCapacity: true)
        touches.removeAll(keepingCapacity: true)
        tick = Self.scanTicks(of: script.fingers, digitiser, into: &fingers, touches: &touches)
        nextFinger = 0
        rawFinished = false
        // Sub-stream k is k jumps ahead of the seed's stream (``Xoshiro256StarStar/jumped(_:)``), reached
        // only for an effect that is switched on: the others never draw.
        let master = Xoshiro256StarStar(seed: seed)
        jitterNoise = GaussianNoise(generator: digitiser.timestampJitter > 0 ? master.jumped(1) : master)
        dropGenerator = digitiser.dropProbability > 0 ? master.jumped(2) : master
        positionNoiseSource = GaussianNoise(generator: digitiser.positionNoise > 0 ? master.jumped(3) : master)
        jitterLimit = 0.45 / digitiser.sampleRate
        currentTick = -1
        currentJitter = 0
        deliversEverySample = digitiser.delivery == .everySample
        if !queue.isEmpty { queue.removeAll(keepingCapacity: true) }
        queueHead = 0
        queueBase = 0
    }

    /// Appends the scan ticks of `script`'s fingers to `fingers` (their clocks start at the first
    /// touch-down) and their touch ids to `touches`; returns the first tick scanned (0 without fingers).
    /// The script's fingers are a parameter, read through a span: read through the array's iterator,
    /// each finger would be copied (its path's arrays retained and released).
    private static func scanTicks(
        of script: [GestureScript.Finger], _ digitiser: Digitiser, into fingers: inout [FingerTicks],
        touches: inout [TouchState]
    ) -> Int {
        let script = script.span
        guard !script.isEmpty else { return 0 }
        var origin = Double.infinity
        for index in script.indices { origin = Swift.min(origin, script[index].downTime) }
        var firstTick = Int.max
        for index in script.indices {
            let down = script[index].downTime - origin
            let lift = script[index].liftOffTime - origin
            let first = Swift.max(0, Self.firstTick(atOrAfter: down, digitiser))
            let touch = script[index].touch
            // Touches are few: a linear search beats hashing.
            var touchIndex = 0
            while touchIndex < touches.count, touches[touchIndex].touch != touch { touchIndex += 1 }
            if touchIndex == touches.count { touches.append(TouchState(touch: touch)) }
            fingers.append(
                FingerTicks(
                    first: first, last: Swift.max(Self.firstTick(atOrAfter: lift, digitiser), first + 1), down: down,
                    touch: touch, touchIndex: touchIndex))
            firstTick = Swift.min(firstTick, first)
        }
        return firstTick
    }

    /// The first tick whose time is at or after `time` on the finger's clock (tick time + phase offset),
    /// with a 1e-9 tolerance so that a time computed as 0.3 lands on tick 36 at 120 Hz, not 37. The
    /// sample-count check of ``Digitiser/samples(of:seed:)`` keeps every tick far below `Int.max`.
    private static func firstTick(atOrAfter time: Double, _ digitiser: Digitiser) -> Int {
        Int(((time - digitiser.phaseOffset) * digitiser.sampleRate - 1e-9).rounded(.up))
    }

    public mutating func next() -> TouchSample? { nextSample() }

    /// Every remaining sample appended to `samples`: the loop of ``next()`` written where the compiler
    /// sees it whole, the stream's state kept in registers from one sample to the next.
    mutating func append(to samples: inout [TouchSample]) {
        appendLoneFingerScans(to: &samples)
        while let sample = nextSample() { samples.append(sample) }
    }

    /// The scans of a lone finger delivered as they are made, with neither timestamp jitter nor dropped
    /// samples (the pipeline's digitiser), appended to `samples`: ``nextSample()``'s samples from the same
    /// draws, tick after tick, the finger's noise and last location held in locals from one to the next.
    /// Leaves the stream ended, as the general path does; does nothing for any other stream.
    private mutating func appendLoneFingerScans(to samples: inout [TouchSample]) {
        guard deliversEverySample, fingers.count == 1, digitiser.timestampJitter == 0, digitiser.dropProbability == 0,
            !rawFinished, let scripted
        else { return }
        let finger = fingers[0]
        var noise = positionNoiseSource
        var lastLocation = touches[finger.touchIndex].location
        // The general scan's cursor: `tick` was scanned already when `nextFinger` is past the finger.
        var tick = nextFinger == 1 ? self.tick + 1 : self.tick
        while tick <= finger.last {
            let scanTime = Double(tick) / digitiser.sampleRate
            let phase = finger.phase(at: tick)
            var location = Self.location(
                of: scripted, 0, ended: phase == .ended, at: scanTime + digitiser.phaseOffset - finger.down)
            measure(&location, noise: &noise)
            // Without jitter a tick's time is its scan time (the general path adds a jitter of 0).
            let sample = TouchSample(
                time: tick == 0 ? 0 : scanTime, phase: phase, location: location, touch: finger.touch)
            if let delivered = applyStationaryPolicy(sample, lastLocation: &lastLocation) { samples.append(delivered) }
            tick += 1
        }
        positionNoiseSource = noise
        touches[finger.touchIndex].location = lastLocation
        (self.tick, nextFinger, currentTick, currentJitter) = (finger.last, 1, finger.last, 0)
        finishScan()
    }

    @inline(__always)
    private mutating func nextSample() -> TouchSample? {
        if deliversEverySample {
            // Every scan is delivered as it is made: the queue would hold one decided sample at a time.
            while let scanned = nextScannedSample() {
                if let delivered = applyStationaryPolicy(scanned.sample, touchIndex: scanned.touchIndex) {
                    return delivered
                }
            }
            return nil
        }
        while true {
            if let entry = dequeueDecided() {
                if let delivered = applyStationaryPolicy(entry.sample, touchIndex: entry.touchIndex) {
                    return delivered
                }
                continue
            }
            guard let scanned = nextScannedSample() else {
                guard queueHead < queue.count else { return nil }
                // The stream ended: every waiting sample is the last of its frame.
                for index in queueHead..<queue.count where !queue[index].decided {
                    queue[index].decided = true
                    queue[index].keep = true
                }
                for index in touches.indices { touches[index].pending = nil }
                continue
            }
            enqueue(scanned)
        }
    }

    // MARK: 1. Scan

    /// The index of the finger of the next scan in (tick, finger) order, at `tick`, or nil when every
    /// finger has ended.
    @inline(__always)
    private mutating func nextScannedFinger() -> Int? {
        if fingers.count == 1 {
            // A single finger is scanned at every tick from its first to its last.
            guard !rawFinished else { return nil }
            if nextFinger == 1 { tick += 1 }
            nextFinger = 1
            guard tick <= fingers[0].last else {
                finishScan()
                return nil
            }
            return 0
        }
        while !rawFinished {
            while nextFinger < fingers.count {
                let index = nextFinger
                nextFinger += 1
                if tick >= fingers[index].first, tick <= fingers[index].last { return index }
            }
            // Next tick at which some finger is scanned (skipping the gap between two taps).
            var upcoming = Int.max
            for finger in fingers where finger.last > tick {
                upcoming = Swift.min(upcoming, Swift.max(finger.first, tick + 1))
            }
            guard upcoming < Int.max else {
                finishScan()
                break
            }
            tick = upcoming
            nextFinger = 0
        }
        return nil
    }

    private mutating func finishScan() {
        rawFinished = true
        scripted = nil
    }

    // MARK: 2–5. Jitter, drops, noise, quantisation

    @inline(__always)
    private mutating func nextScannedSample() -> Scanned? {
        while let index = nextScannedFinger() {
            let finger = fingers[index]
            let scanTime = Double(tick) / digitiser.sampleRate
            if tick != currentTick {
                currentTick = tick
                currentJitter =
                    tick > 0 && digitiser.timestampJitter > 0
                    ? Swift.min(
                        Swift.max(jitterNoise.next(standardDeviation: digitiser.timestampJitter), -jitterLimit),
                        jitterLimit) : 0
            }
            let phase = finger.phase(at: tick)
            if phase == .moved, digitiser.dropProbability > 0,
                dropGenerator.nextUnitInterval() < digitiser.dropProbability
            {
                continue
            }
            var location = Self.location(
                of: scripted!, index, ended: phase == .ended, at: scanTime + digitiser.phaseOffset - finger.down)
            measure(&location, noise: &positionNoiseSource)
            let time = tick == 0 ? 0 : scanTime + currentJitter
            return Scanned(
                sample: TouchSample(time: time, phase: phase, location: location, touch: finger.touch),
                touchIndex: finger.touchIndex)
        }
        return nil
    }

    /// Spatial noise from `noise`, then quantisation: where the digitiser reports a finger at `location`.
    @inline(__always)
    private func measure(_ location: inout Point, noise: inout GaussianNoise) {
        if digitiser.positionNoise > 0 {
            let deviates = noise.nextPair()
            location.x += digitiser.positionNoise * deviates.first
            location.y += digitiser.positionNoise * deviates.second
        }
        if let scale = digitiser.scale {
            location.x = (location.x * scale).rounded() / scale
            location.y = (location.y * scale).rounded() / scale
        }
    }

    /// Where finger `index` is at `time` on its clock, or where it lifts off. The fingers are a
    /// parameter, borrowed for the call, and read through a span: read through `self` or the array's
    /// subscript, the finger and its path would be copied (their arrays retained and released) at every
    /// sample.
    @inline(never)
    private static func location(of fingers: [GestureScript.Finger], _ index: Int, ended: Bool, at time: Double)
        -> Point
    {
        let fingers = fingers.span
        return ended ? fingers[index].path.end : fingers[index].path.position(at: time)
    }

    // MARK: 6. Delivery

    /// UIKit-style coalescing: per display frame (frames at k/displayRate) and touch, only the latest
    /// `moved` sample survives; `began` and `ended` are always delivered. A `moved` sample waits until
    /// the next sample of its touch, or a sample in a later frame, decides it (times never decrease
    /// across scans, so no later sample can share its frame then).
    private mutating func enqueue(_ scanned: Scanned) {
        let sample = scanned.sample
        let touchIndex = scanned.touchIndex
        guard case let .displayFrames(displayRate) = digitiser.delivery else {
            queue.append(Queued(sample: sample, touchIndex: touchIndex, frame: 0, decided: true, keep: true))
            return
        }
        // A frame number as a double: exact below 2^53 and never converted, so no rate can trap.
        let frame = (sample.time * displayRate - 1e-9).rounded(.up)
        for index in queueHead..<queue.count where !queue[index].decided && queue[index].frame < frame {
            queue[index].decided = true
            queue[index].keep = true
            touches[queue[index].touchIndex].pending = nil
        }
        if let previous = touches[touchIndex].pending.map({ $0 - queueBase }) {
            queue[previous].decided = true
            queue[previous].keep = !(sample.phase == .moved && queue[previous].frame == frame)
            touches[touchIndex].pending = nil
        }
        guard sample.phase == .moved else {
            queue.append(Queued(sample: sample, touchIndex: touchIndex, frame: frame, decided: true, keep: true))
            return
        }
        touches[touchIndex].pending = queueBase + queue.count
        queue.append(Queued(sample: sample, touchIndex: touchIndex, frame: frame, decided: false, keep: false))
    }

    private mutating func dequeueDecided() -> Queued? {
        while queueHead < queue.count, queue[queueHead].decided {
            let entry = queue[queueHead]
            queueHead += 1
            if queueHead == queue.count || queueHead >= 1024 { compactQueue() }
            if entry.keep { return entry }
        }
        return nil
    }

    private mutating func compactQueue() {
        queue.removeFirst(queueHead)
        queueBase += queueHead
        queueHead = 0
    }

    // MARK: 7. Stationary samples

    /// Drops or relabels a `moved` sample at its touch's previous location.
    @inline(__always)
    private mutating func applyStationaryPolicy(_ sample: TouchSample, touchIndex: Int) -> TouchSample? {
        applyStationaryPolicy(sample, lastLocation: &touches[touchIndex].location)
    }

    /// ``applyStationaryPolicy(_:touchIndex:)`` with the touch's last location in `lastLocation`.
    @inline(__always)
    private func applyStationaryPolicy(_ sample: TouchSample, lastLocation: inout Point?) -> TouchSample? {
        var sample = sample
        if sample.phase == .moved, lastLocation == sample.location {
            guard digitiser.stationary == .report else { return nil }
            sample.phase = .stationary
        }
        lastLocation = sample.phase == .ended ? nil : sample.location
        return sample
    }
}

/// What ``Digitiser/sample(_:seed:into:storage:)`` keeps from one digitisation to the next: the last
/// stream, restarted in place for the next script, so a sweep that digitises one gesture per decision
/// allocates nothing once its arrays are large enough.
public struct DigitiserStorage: Sendable {
    var digitisation: DigitisedSamples?

    public init() {}
}
