import PopSimGeometry

/// A model of a touch screen's digitiser and of UIKit's delivery: turns the continuous finger motion
/// of a ``GestureScript`` into the ``TouchStream`` an app would receive.
///
/// The pipeline, in this order, for every scan of the panel (ticks at i/``sampleRate``, i = 0, 1, …):
/// 1. **Scan.** A finger that touched down is first seen at the first tick at or after touch-down
///    (`began`), then at every tick while down (`moved`); the tick at or after lift-off reports `ended`
///    at the lift-off point. ``phaseOffset`` is how long the first finger had been down when the first
///    scan saw it (the scan clock is not synchronised with the finger). The first sample is `began` at
///    time 0.
/// 2. **Timestamp jitter.** Each tick's timestamp moves by N(0, ``timestampJitter``²), clamped to
///    ±0.45 of a period so samples stay in order; all fingers of one scan share the timestamp, as
///    UIKit's touches of one event do. Tick 0 defines the clock and is not moved.
/// 3. **Dropped samples.** Each `moved` sample is lost with probability ``dropProbability``.
/// 4. **Spatial noise.** N(0, ``positionNoise``²) is added to x and y independently.
/// 5. **Quantisation** to the device pixel grid: x, y rounded to multiples of 1/``scale`` pt.
/// 6. **Delivery.** ``Delivery/everySample`` keeps every scan (UIKit's coalesced touches);
///    ``Delivery/displayFrames(rate:)`` keeps, per display frame, only the latest sample of each touch,
///    which is what `touchesMoved` delivers ("Getting high-fidelity input with coalesced touches";
///    Documentation/gestures.md §3: delivery ≈ 60 Hz, scan 120–240 Hz).
/// 7. **Stationary samples.** A `moved` sample at the same location as the touch's previous sample is
///    dropped (``StationaryPolicy/omit``, UIKit sends no `touchesMoved` for a finger that does not move)
///    or reported with phase `stationary` (``StationaryPolicy/report``).
///
/// All randomness comes from one ``Xoshiro256StarStar`` seeded with the `seed` argument; jitter, drops
/// and noise each use their own non-overlapping sub-stream (``Xoshiro256StarStar/jump()``), so turning
/// one on does not change the others' draws. Only IEEE-754 operations and ``DeterministicMath`` are
/// used, so the same script, digitiser and seed give byte-identical CSV on every run and machine.
public struct Digitiser: Sendable, Hashable {
    /// How samples reach the app.
    public enum Delivery: Sendable, Hashable {
        /// Every scan (what `coalescedTouches(for:)` exposes; what a raw recording contains).
        case everySample
        /// One sample per touch per display frame: the latest scan before each frame at i/rate.
        case displayFrames(rate: Double)
    }

    /// What to do with a scan that finds a finger where it was.
    public enum StationaryPolicy: String, Sendable, Hashable, CaseIterable {
        case omit
        case report
    }

    /// Scans per second (Hz).
    public var sampleRate: Double
    /// Seconds the first finger had been down at the first scan, in [0, 1/sampleRate).
    public var phaseOffset: Double
    /// Standard deviation of the timestamp error (s).
    public var timestampJitter: Double
    /// Probability that a `moved` sample is lost, in [0, 1).
    public var dropProbability: Double
    /// Standard deviation of the position error on each axis (pt).
    public var positionNoise: Double
    /// Device pixels per point (2 or 3 on iPhones); `nil` keeps positions unquantised.
    public var scale: Double?
    public var delivery: Delivery
    public var stationary: StationaryPolicy

    public init(sampleRate: Double = 120, phaseOffset: Double = 0, timestampJitter: Double = 0, dropProbability: Double = 0,
                positionNoise: Double = 0, scale: Double? = nil, delivery: Delivery = .everySample,
                stationary: StationaryPolicy = .omit) {
        self.sampleRate = sampleRate
        self.phaseOffset = phaseOffset
        self.timestampJitter = timestampJitter
        self.dropProbability = dropProbability
        self.positionNoise = positionNoise
        self.scale = scale
        self.delivery = delivery
        self.stationary = stationary
    }

    /// More samples than this in one stream is a mistake (a rate or duration typed wrong), not a gesture.
    public static let maximumSamples = 50_000_000

    /// Throws the first parameter out of range.
    public func validate() throws(SynthesisError) {
        try SynthesisError.check(sampleRate, "sampleRate", positive: true)
        try SynthesisError.check(phaseOffset, "phaseOffset", nonNegative: true)
        guard phaseOffset * sampleRate < 1 else {
            throw SynthesisError(parameter: "phaseOffset", value: phaseOffset, requirement: "it must be less than one sample period, \(DecimalText.fixed(1 / sampleRate, 6)) s")
        }
        try SynthesisError.check(timestampJitter, "timestampJitter", nonNegative: true)
        try SynthesisError.check(dropProbability, "dropProbability", nonNegative: true)
        guard dropProbability < 1 else {
            throw SynthesisError(parameter: "dropProbability", value: dropProbability, requirement: "it must be less than 1")
        }
        try SynthesisError.check(positionNoise, "positionNoise", nonNegative: true)
        if let scale { try SynthesisError.check(scale, "scale", positive: true) }
        if case let .displayFrames(rate) = delivery { try SynthesisError.check(rate, "displayRate", positive: true) }
    }

    private struct RawSample {
        var tick: Int
        var finger: Int
        var phase: TouchPhase
        var location: Point
    }

    /// Digitises `script` (see the type's documentation for the pipeline).
    public func sample(_ script: GestureScript, seed: UInt64) throws(SynthesisError) -> TouchStream {
        try validate()
        let origin = script.fingers.map(\.downTime).min() ?? 0
        let estimated = Double(script.fingers.count) * (script.duration * sampleRate + 2)
        guard estimated <= Double(Self.maximumSamples) else {
            throw SynthesisError(parameter: "sampleRate", value: sampleRate,
                                 requirement: "\(DecimalText.readable(script.duration)) s at this rate is about \(Int(estimated)) samples, more than \(Self.maximumSamples); lower the rate or shorten the gesture")
        }

        // 1. Scan.
        var raw: [RawSample] = []
        raw.reserveCapacity(Int(estimated))
        for (index, finger) in script.fingers.enumerated() {
            let down = finger.downTime - origin
            let lift = finger.liftOffTime - origin
            let first = max(0, firstTick(atOrAfter: down))
            let last = max(firstTick(atOrAfter: lift), first + 1)
            for tick in first..<last {
                let fingerTime = Double(tick) / sampleRate + phaseOffset - down
                raw.append(RawSample(tick: tick, finger: index, phase: tick == first ? .began : .moved,
                                     location: finger.path.position(at: fingerTime)))
            }
            raw.append(RawSample(tick: last, finger: index, phase: .ended, location: finger.path.end))
        }
        if script.fingers.count > 1 {
            // Stable: within a tick, fingers in script order (a reused id ends before it begins again).
            raw = raw.enumerated().sorted { ($0.element.tick, $0.element.finger, $0.offset) < ($1.element.tick, $1.element.finger, $1.offset) }.map(\.element)
        }

        // 2–5. Jitter, drops, noise, quantisation.
        // Sub-stream k is k jumps ahead of the seed's stream; each is reached from the one before, and
        // only as far as an effect that is switched on needs (a jump is 256 steps of the generator).
        let master = Xoshiro256StarStar(seed: seed)
        let streamsNeeded = positionNoise > 0 ? 3 : dropProbability > 0 ? 2 : timestampJitter > 0 ? 1 : 0
        let jitterStream = streamsNeeded >= 1 ? master.jumped(1) : master
        var dropGenerator = streamsNeeded >= 2 ? jitterStream.jumped(1) : master
        var jitterNoise = GaussianNoise(generator: jitterStream)
        var positionNoiseSource = GaussianNoise(generator: streamsNeeded >= 3 ? dropGenerator.jumped(1) : master)
        let jitterLimit = 0.45 / sampleRate
        var currentTick = -1
        var currentJitter = 0.0
        var samples: [TouchSample] = []
        samples.reserveCapacity(raw.count)
        for sample in raw {
            if sample.tick != currentTick {
                currentTick = sample.tick
                currentJitter = sample.tick > 0 && timestampJitter > 0
                    ? min(max(jitterNoise.next(standardDeviation: timestampJitter), -jitterLimit), jitterLimit) : 0
            }
            if sample.phase == .moved, dropProbability > 0, dropGenerator.nextUnitInterval() < dropProbability { continue }
            var location = sample.location
            if positionNoise > 0 {
                location.x += positionNoiseSource.next(standardDeviation: positionNoise)
                location.y += positionNoiseSource.next(standardDeviation: positionNoise)
            }
            if let scale {
                location.x = (location.x * scale).rounded() / scale
                location.y = (location.y * scale).rounded() / scale
            }
            let time = sample.tick == 0 ? 0 : Double(sample.tick) / sampleRate + currentJitter
            samples.append(TouchSample(time: time, phase: sample.phase, location: location,
                                       touch: script.fingers[sample.finger].touch))
        }

        // 6. Delivery.
        if case let .displayFrames(displayRate) = delivery {
            samples = coalesce(samples, displayRate: displayRate)
        }

        // 7. Stationary samples. (Touches are few: a linear scan beats hashing.)
        var lastLocations: [(touch: Int, location: Point?)] = []
        var delivered: [TouchSample] = []
        delivered.reserveCapacity(samples.count)
        for var sample in samples {
            let slot = lastLocations.firstIndex { $0.touch == sample.touch } ?? {
                lastLocations.append((sample.touch, nil))
                return lastLocations.count - 1
            }()
            if sample.phase == .moved, lastLocations[slot].location == sample.location {
                guard stationary == .report else { continue }
                sample.phase = .stationary
            }
            lastLocations[slot].location = sample.phase.isTerminal ? nil : sample.location
            delivered.append(sample)
        }
        return TouchStream(delivered)
    }

    /// The first tick whose time is at or after `time` on the finger's clock (tick time + phase offset),
    /// with a 1e-9 tolerance so that a time computed as 0.3 lands on tick 36 at 120 Hz, not 37.
    private func firstTick(atOrAfter time: Double) -> Int {
        Int(((time - phaseOffset) * sampleRate - 1e-9).rounded(.up))
    }

    /// UIKit-style coalescing: per display frame (frames at k/displayRate) and touch, only the latest
    /// `moved` sample survives; `began` and `ended` are always delivered.
    private func coalesce(_ samples: [TouchSample], displayRate: Double) -> [TouchSample] {
        var kept = [Bool](repeating: true, count: samples.count)
        var pending: [Int: (index: Int, frame: Int)] = [:]
        for (index, sample) in samples.enumerated() {
            guard sample.phase == .moved else {
                pending[sample.touch] = nil
                continue
            }
            let frame = Int((sample.time * displayRate - 1e-9).rounded(.up))
            if let previous = pending[sample.touch], previous.frame == frame { kept[previous.index] = false }
            pending[sample.touch] = (index, frame)
        }
        return zip(samples, kept).compactMap { $1 ? $0 : nil }
    }
}
