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
public struct DigitisedSamples: Sequence, IteratorProtocol {
    /// The scan ticks of one finger: `began` at `first`, `moved` until `last`, `ended` at `last`.
    struct FingerTicks {
        var first: Int
        var last: Int
        var down: Double
    }

    /// A sample waiting for the delivery decision, and the decision once made.
    struct Queued {
        var sample: TouchSample
        var frame: Double
        var decided: Bool
        var keep: Bool
    }

    private let digitiser: Digitiser
    private let script: GestureScript
    /// The in-memory pipeline's sample count bound, for callers that reserve storage.
    public let estimatedCount: Int
    private var fingers: [FingerTicks]
    private var tick: Int
    private var nextFinger = 0
    private var rawFinished = false

    private var jitterNoise: GaussianNoise
    private var dropGenerator: Xoshiro256StarStar
    private var positionNoiseSource: GaussianNoise
    private let jitterLimit: Double
    private var currentTick = -1
    private var currentJitter = 0.0

    /// ``Digitiser/Delivery/everySample``: samples skip the delivery queue.
    private let deliversEverySample: Bool
    private var queue: [Queued] = []
    private var queueHead = 0
    /// Per touch id, the queue position (counted from the start of the stream) of its pending `moved`
    /// sample.
    private var pending: [Int: Int] = [:]
    private var queueBase = 0

    /// Per touch id, where its last delivered sample was (nil after it ended).
    private var lastLocations: [(touch: Int, location: Point?)] = []

    /// The digitisation of `script`, working in `storage`'s arrays (taken from it, emptied; hand them
    /// back with ``returnStorage(to:)``).
    init(
        digitiser: Digitiser, script: GestureScript, seed: UInt64, estimatedCount: Int,
        storage: inout DigitiserStorage
    ) {
        self.digitiser = digitiser
        self.script = script
        self.estimatedCount = estimatedCount
        if case .everySample = digitiser.delivery { deliversEverySample = true } else { deliversEverySample = false }
        var origin = Double.infinity
        for finger in script.fingers { origin = Swift.min(origin, finger.downTime) }
        if script.fingers.isEmpty { origin = 0 }
        var fingers = DigitiserStorage.emptied(&storage.fingers)
        var firstTick = Int.max
        for finger in script.fingers {
            let down = finger.downTime - origin
            let lift = finger.liftOffTime - origin
            let first = Swift.max(0, Self.firstTick(atOrAfter: down, digitiser))
            fingers.append(
                FingerTicks(
                    first: first, last: Swift.max(Self.firstTick(atOrAfter: lift, digitiser), first + 1), down: down))
            firstTick = Swift.min(firstTick, first)
        }
        self.fingers = fingers
        tick = fingers.isEmpty ? 0 : firstTick
        queue = DigitiserStorage.emptied(&storage.queue)
        pending = storage.pending
        storage.pending = [:]
        pending.removeAll(keepingCapacity: true)
        lastLocations = DigitiserStorage.emptied(&storage.lastLocations)
        // Sub-stream k is k jumps ahead of the seed's stream (``Xoshiro256StarStar/jumped(_:)``), reached
        // only for an effect that is switched on: the others never draw.
        let master = Xoshiro256StarStar(seed: seed)
        jitterNoise = GaussianNoise(generator: digitiser.timestampJitter > 0 ? master.jumped(1) : master)
        dropGenerator = digitiser.dropProbability > 0 ? master.jumped(2) : master
        positionNoiseSource = GaussianNoise(generator: digitiser.positionNoise > 0 ? master.jumped(3) : master)
        jitterLimit = 0.45 / digitiser.sampleRate
    }

    /// The first tick whose time is at or after `time` on the finger's clock (tick time + phase offset),
    /// with a 1e-9 tolerance so that a time computed as 0.3 lands on tick 36 at 120 Hz, not 37. The
    /// sample-count check of ``Digitiser/samples(of:seed:)`` keeps every tick far below `Int.max`.
    private static func firstTick(atOrAfter time: Double, _ digitiser: Digitiser) -> Int {
        Int(((time - digitiser.phaseOffset) * digitiser.sampleRate - 1e-9).rounded(.up))
    }

    /// Hands the arrays this digitisation worked in to `storage`, for the next one; the samples then end.
    mutating func returnStorage(to storage: inout DigitiserStorage) {
        swap(&storage.fingers, &fingers)
        swap(&storage.queue, &queue)
        swap(&storage.pending, &pending)
        swap(&storage.lastLocations, &lastLocations)
        rawFinished = true
        queueHead = 0
    }

    public mutating func next() -> TouchSample? {
        if deliversEverySample {
            // Every scan is delivered as it is made: the queue would hold one decided sample at a time.
            while let sample = nextScannedSample() {
                if let delivered = applyStationaryPolicy(sample) { return delivered }
            }
            return nil
        }
        while true {
            if let sample = dequeueDecided() {
                if let delivered = applyStationaryPolicy(sample) { return delivered }
                continue
            }
            guard let sample = nextScannedSample() else {
                guard queueHead < queue.count else { return nil }
                // The stream ended: every waiting sample is the last of its frame.
                for index in queueHead..<queue.count where !queue[index].decided {
                    queue[index].decided = true
                    queue[index].keep = true
                }
                pending.removeAll()
                continue
            }
            enqueue(sample)
        }
    }

    // MARK: 1. Scan

    /// The next raw sample in (tick, finger) order, or nil when every finger has ended.
    private mutating func nextRawSample() -> (tick: Int, finger: Int, phase: TouchPhase, location: Point)? {
        while !rawFinished {
            while nextFinger < fingers.count {
                let index = nextFinger
                nextFinger += 1
                let finger = fingers[index]
                guard tick >= finger.first, tick <= finger.last else { continue }
                // The path read in place, through the array's storage: a copy of the finger (the array's
                // subscript returns one) would retain and release the path's arrays at every sample.
                if tick == finger.last {
                    return (tick, index, .ended, script.fingers.withUnsafeBufferPointer { $0[index].path.end })
                }
                let fingerTime = Double(tick) / digitiser.sampleRate + digitiser.phaseOffset - finger.down
                let location = script.fingers.withUnsafeBufferPointer { $0[index].path.position(at: fingerTime) }
                return (tick, index, tick == finger.first ? .began : .moved, location)
            }
            // Next tick at which some finger is scanned (skipping the gap between two taps).
            var upcoming = Int.max
            for finger in fingers where finger.last > tick {
                upcoming = Swift.min(upcoming, Swift.max(finger.first, tick + 1))
            }
            guard upcoming < Int.max else {
                rawFinished = true
                break
            }
            tick = upcoming
            nextFinger = 0
        }
        return nil
    }

    // MARK: 2–5. Jitter, drops, noise, quantisation

    private mutating func nextScannedSample() -> TouchSample? {
        while let raw = nextRawSample() {
            if raw.tick != currentTick {
                currentTick = raw.tick
                currentJitter =
                    raw.tick > 0 && digitiser.timestampJitter > 0
                    ? Swift.min(
                        Swift.max(jitterNoise.next(standardDeviation: digitiser.timestampJitter), -jitterLimit),
                        jitterLimit) : 0
            }
            if raw.phase == .moved, digitiser.dropProbability > 0,
                dropGenerator.nextUnitInterval() < digitiser.dropProbability
            {
                continue
            }
            var location = raw.location
            if digitiser.positionNoise > 0 {
                location.x += positionNoiseSource.next(standardDeviation: digitiser.positionNoise)
                location.y += positionNoiseSource.next(standardDeviation: digitiser.positionNoise)
            }
            if let scale = digitiser.scale {
                location.x = (location.x * scale).rounded() / scale
                location.y = (location.y * scale).rounded() / scale
            }
            let time = raw.tick == 0 ? 0 : Double(raw.tick) / digitiser.sampleRate + currentJitter
            return TouchSample(
                time: time, phase: raw.phase, location: location, touch: script.fingers[raw.finger].touch)
        }
        return nil
    }

    // MARK: 6. Delivery

    /// UIKit-style coalescing: per display frame (frames at k/displayRate) and touch, only the latest
    /// `moved` sample survives; `began` and `ended` are always delivered. A `moved` sample waits until
    /// the next sample of its touch, or a sample in a later frame, decides it (times never decrease
    /// across scans, so no later sample can share its frame then).
    private mutating func enqueue(_ sample: TouchSample) {
        guard case let .displayFrames(displayRate) = digitiser.delivery else {
            queue.append(Queued(sample: sample, frame: 0, decided: true, keep: true))
            return
        }
        // A frame number as a double: exact below 2^53 and never converted, so no rate can trap.
        let frame = (sample.time * displayRate - 1e-9).rounded(.up)
        for index in queueHead..<queue.count where !queue[index].decided && queue[index].frame < frame {
            queue[index].decided = true
            queue[index].keep = true
            pending[queue[index].sample.touch] = nil
        }
        if let previous = pending[sample.touch].map({ $0 - queueBase }) {
            queue[previous].decided = true
            queue[previous].keep = !(sample.phase == .moved && queue[previous].frame == frame)
            pending[sample.touch] = nil
        }
        guard sample.phase == .moved else {
            queue.append(Queued(sample: sample, frame: frame, decided: true, keep: true))
            return
        }
        pending[sample.touch] = queueBase + queue.count
        queue.append(Queued(sample: sample, frame: frame, decided: false, keep: false))
    }

    private mutating func dequeueDecided() -> TouchSample? {
        while queueHead < queue.count, queue[queueHead].decided {
            let entry = queue[queueHead]
            queueHead += 1
            if queueHead == queue.count || queueHead >= 1024 { compactQueue() }
            if entry.keep { return entry.sample }
        }
        return nil
    }

    private mutating func compactQueue() {
        queue.removeFirst(queueHead)
        queueBase += queueHead
        queueHead = 0
    }

    // MARK: 7. Stationary samples

    /// Drops or relabels a `moved` sample at its touch's previous location. (Touches are few: a
    /// linear scan beats hashing.)
    private mutating func applyStationaryPolicy(_ sample: TouchSample) -> TouchSample? {
        var sample = sample
        let slot =
            lastLocations.firstIndex { $0.touch == sample.touch }
            ?? {
                lastLocations.append((sample.touch, nil))
                return lastLocations.count - 1
            }()
        if sample.phase == .moved, lastLocations[slot].location == sample.location {
            guard digitiser.stationary == .report else { return nil }
            sample.phase = .stationary
        }
        lastLocations[slot].location = sample.phase.isTerminal ? nil : sample.location
        return sample
    }
}

/// The arrays a ``DigitisedSamples`` works in, handed from one digitisation to the next
/// (``Digitiser/sample(_:seed:into:storage:)``): a sweep that digitises one gesture per decision then
/// allocates nothing once they are large enough.
public struct DigitiserStorage: Sendable {
    var fingers: [DigitisedSamples.FingerTicks] = []
    var queue: [DigitisedSamples.Queued] = []
    var pending: [Int: Int] = [:]
    var lastLocations: [(touch: Int, location: Point?)] = []

    public init() {}

    /// `array`'s storage, emptied, leaving an empty array in its place.
    static func emptied<Element>(_ array: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &array)
        taken.removeAll(keepingCapacity: true)
        return taken
    }
}
