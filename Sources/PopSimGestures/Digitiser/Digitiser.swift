import PopSimGeometry
import PopSimTextIO

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

    public init(
        sampleRate: Double = 120, phaseOffset: Double = 0, timestampJitter: Double = 0, dropProbability: Double = 0,
        positionNoise: Double = 0, scale: Double? = nil, delivery: Delivery = .everySample,
        stationary: StationaryPolicy = .omit
    ) {
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
        try SynthesisError.check(sampleRate, .sampleRate, positive: true)
        try SynthesisError.check(phaseOffset, .phaseOffset, nonNegative: true)
        guard phaseOffset * sampleRate < 1 else {
            throw SynthesisError(
                field: .phaseOffset, value: phaseOffset,
                requirement: "it must be less than one sample period, \(NumberFormat.fixed(6).format(1 / sampleRate)) s"
            )
        }
        try SynthesisError.check(timestampJitter, .timestampJitter, nonNegative: true)
        try SynthesisError.check(dropProbability, .dropProbability, nonNegative: true)
        guard dropProbability < 1 else {
            throw SynthesisError(
                field: .dropProbability, value: dropProbability, requirement: "it must be less than 1")
        }
        try SynthesisError.check(positionNoise, .positionNoise, nonNegative: true)
        if let scale { try SynthesisError.check(scale, .scale, positive: true) }
        if case let .displayFrames(rate) = delivery { try SynthesisError.check(rate, .displayRate, positive: true) }
    }

    /// Digitises `script` (see the type's documentation for the pipeline) into a stream in memory.
    public func sample(_ script: GestureScript, seed: UInt64) throws(SynthesisError) -> TouchStream {
        var samples: [TouchSample] = []
        var storage = DigitiserStorage()
        try sample(script, seed: seed, into: &samples, storage: &storage)
        return TouchStream(samples)
    }

    /// ``sample(_:seed:)``'s samples written into `samples` (emptied first, its storage kept), the
    /// digitisation working in `storage`'s arrays: a sweep that digitises one gesture per decision keeps
    /// both and allocates nothing once they are large enough.
    public func sample(
        _ script: GestureScript, seed: UInt64, into samples: inout [TouchSample], storage: inout DigitiserStorage
    ) throws(SynthesisError) {
        let estimatedCount = try sampleCountBound(of: script)
        // The kept stream is used in place (`digitisation!`), never copied: a copy of the whole stream
        // costs more than its set-up.
        if case .none = storage.digitisation {
            storage.digitisation = DigitisedSamples(
                digitiser: self, script: script, seed: seed, estimatedCount: estimatedCount)
        } else {
            storage.digitisation!.restart(digitiser: self, script: script, seed: seed, estimatedCount: estimatedCount)
        }
        samples.removeAll(keepingCapacity: true)
        samples.reserveCapacity(estimatedCount)
        storage.digitisation!.append(to: &samples)
    }

    /// Digitises `script` one sample at a time: the same samples, in the same order and from the same
    /// random draws as ``sample(_:seed:)``, in memory bounded by the number of fingers and the scans
    /// per display frame, however long the gesture.
    public func samples(of script: GestureScript, seed: UInt64) throws(SynthesisError) -> DigitisedSamples {
        DigitisedSamples(digitiser: self, script: script, seed: seed, estimatedCount: try sampleCountBound(of: script))
    }

    /// How many samples `script` can give at most, once this digitiser's parameters are checked; throws
    /// for a stream too long to be a gesture (``maximumSamples``).
    private func sampleCountBound(of script: GestureScript) throws(SynthesisError) -> Int {
        try validate()
        let estimated = Double(script.fingers.count) * (script.duration * sampleRate + 2)
        guard estimated <= Double(Self.maximumSamples) else {
            throw SynthesisError(
                field: .sampleCount, value: estimated,
                requirement:
                    "a \(NumberFormat.readable.format(script.duration)) s "
                    + "gesture at \(NumberFormat.readable.format(sampleRate)) Hz is "
                    + "about \(NumberFormat.readable.format(estimated.rounded())) samples, "
                    + "more than \(Self.maximumSamples)"
            )
        }
        return Int(estimated)
    }
}
