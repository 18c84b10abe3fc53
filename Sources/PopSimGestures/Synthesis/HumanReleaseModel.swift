/// A distribution of ``HumanRelease`` shapes fitted to the 32 recorded flings of
/// Tests/Fixtures/touch-recordings (AOSP's VelocityTracker recordings and Flutter's
/// `velocity_tracker_data.dart`): the speed profile of a real finger near lift-off, for human swipes
/// and releases (Documentation/gestures.md §8). One finger for every scan rate: nothing in a draw
/// depends on the digitiser.
///
/// Each draw takes ln R ~ N(ln ``medianRiseTime``, ``riseTimeSpread``²),
/// τ ~ N(``meanReleasePoint``, ``releasePointSpread``²) and c = ``carriedSpeedCentre`` +
/// ``carriedSpeedSpread``·z, each clamped to its range (R in [``riseTimeRange``], τ in
/// [``HumanRelease/smallestReleasePoint``, 1], c in [``carriedSpeedRange``], so c is 0, a rise from rest,
/// whenever the normal falls below it), with a fixed κ; the finger moves steadily at c·V for the part of
/// the last ``releaseWindow`` seconds before the rise, G = max(0, W − R). The draws come from
/// xoshiro256** seeded with outputs 5–8 of SplitMix64 started at the seed (outputs 1–4 seed the
/// ``Digitiser``'s generator), through ``GaussianNoise``: so one seed gives the same release on every
/// machine, and drawing it leaves the digitiser's jitter, drops and noise unchanged.
public struct HumanReleaseModel: Sendable, Hashable {
    /// e^μ of ln R, seconds.
    public var medianRiseTime: Double
    /// σ of ln R.
    public var riseTimeSpread: Double
    /// Mean of τ.
    public var meanReleasePoint: Double
    /// Standard deviation of τ.
    public var releasePointSpread: Double
    /// The centre of c's normal before it is clamped to ``carriedSpeedRange`` (below 0 when most
    /// releases rise from rest).
    public var carriedSpeedCentre: Double
    /// The standard deviation of c's normal.
    public var carriedSpeedSpread: Double
    /// κ of every draw (``HumanRelease/carryPeakRatio``).
    public var carryPeakRatio: Double
    /// W, seconds: the stretch before lift-off that is the rise and, before it, steady motion at c·V
    /// (``HumanRelease/steadyTime`` = max(0, W − R)).
    public var releaseWindow: Double

    public init(
        medianRiseTime: Double, riseTimeSpread: Double, meanReleasePoint: Double, releasePointSpread: Double,
        carriedSpeedCentre: Double, carriedSpeedSpread: Double, carryPeakRatio: Double, releaseWindow: Double
    ) {
        self.medianRiseTime = medianRiseTime
        self.riseTimeSpread = riseTimeSpread
        self.meanReleasePoint = meanReleasePoint
        self.releasePointSpread = releasePointSpread
        self.carriedSpeedCentre = carriedSpeedCentre
        self.carriedSpeedSpread = carriedSpeedSpread
        self.carryPeakRatio = carryPeakRatio
        self.releaseWindow = releaseWindow
    }

    /// The range a drawn rise time is clamped to, seconds: a flick that rises for less than 10 ms or
    /// more than a second is outside anything the corpus shows (rises of 25–165 ms, and one drag at 500).
    public static let riseTimeRange: ClosedRange<Double> = 0.01...1

    /// The range a drawn carried speed ratio is clamped to: from rest up to 0.75 of the peak, above
    /// anything the per-stroke fits show (0–0.52), and below the 1.6κ a minimum-jerk carry with
    /// κ = 0.5 can end at (``HumanRelease/validate()``).
    public static let carriedSpeedRange: ClosedRange<Double> = 0...0.75

    /// The model fitted to the corpus by the simulated method of moments (`Scripts/fit_human_release.py`,
    /// Documentation/gestures.md §8): the six numbers that make swipes synthesised at 60 and 120 Hz over
    /// 1.5–6k pt/s and 150–600 pt with 0.3 pt noise read, through PopSim's four estimators, like the
    /// recorded flings read by a digitiser scanning at the same rate (``StrokeRescan``): the median
    /// iOS-proxy/LSQ2, impulse/LSQ2 and SwiftUI/LSQ2 ratios, the 10th and 90th percentile of
    /// iOS-proxy/LSQ2, and the median last/peak segment speed, at both rates together. κ = 0.5 is a PopSim
    /// choice: the AOSP recordings keep only the last 100 ms, so the corpus says nothing of the carry
    /// before. W = 0.1 s is the window the per-stroke fits describe (the finger at c·V, then the rise),
    /// also the history LSQ2 and the impulse estimator read.
    public static let corpus = HumanReleaseModel(
        medianRiseTime: 0.1073, riseTimeSpread: 0.4440, meanReleasePoint: 0.5901, releasePointSpread: 0.1990,
        carriedSpeedCentre: -0.1856, carriedSpeedSpread: 0.1493, carryPeakRatio: 0.5, releaseWindow: 0.1)

    /// Throws the first parameter out of range (κ with the largest c a draw can take, as
    /// ``HumanRelease/validate()`` checks them).
    public func validate() throws(SynthesisError) {
        try SynthesisError.check(medianRiseTime, .medianRiseTime, positive: true)
        guard Self.riseTimeRange.contains(medianRiseTime) else {
            throw SynthesisError(
                field: .medianRiseTime, value: medianRiseTime,
                requirement: "it must be in [\(Self.riseTimeRange.lowerBound), "
                    + "\(Self.riseTimeRange.upperBound)] s")
        }
        try SynthesisError.check(riseTimeSpread, .riseTimeSpread, nonNegative: true)
        try SynthesisError.check(meanReleasePoint, .meanReleasePoint)
        try SynthesisError.check(releasePointSpread, .releasePointSpread, nonNegative: true)
        try SynthesisError.check(carriedSpeedCentre, .carriedSpeedCentre)
        try SynthesisError.check(carriedSpeedSpread, .carriedSpeedSpread, nonNegative: true)
        try SynthesisError.check(releaseWindow, .releaseWindow, nonNegative: true)
        guard releaseWindow <= Self.riseTimeRange.upperBound else {
            throw SynthesisError(
                field: .releaseWindow, value: releaseWindow,
                requirement: "it must be at most \(Self.riseTimeRange.upperBound) s")
        }
        let releasePoint = min(max(meanReleasePoint, HumanRelease.smallestReleasePoint), 1)
        try HumanRelease(
            riseTime: medianRiseTime, releasePoint: releasePoint,
            carriedSpeedRatio: Self.carriedSpeedRange.upperBound, carryPeakRatio: carryPeakRatio
        ).validate()
    }

    /// The release of `seed` (see the type's documentation).
    public func release(seed: UInt64) -> HumanRelease {
        var normal = GaussianNoise(seed: Self.releaseSeed(seed))
        let riseDeviate = normal.next()
        let pointDeviate = normal.next()
        let carryDeviate = normal.next()
        let riseTime = Self.clamp(
            medianRiseTime * DeterministicMath.exp(riseTimeSpread * riseDeviate), to: Self.riseTimeRange)
        return HumanRelease(
            riseTime: riseTime,
            releasePoint: Self.clamp(
                meanReleasePoint + releasePointSpread * pointDeviate, to: HumanRelease.smallestReleasePoint...1),
            carriedSpeedRatio: Self.clamp(
                carriedSpeedCentre + carriedSpeedSpread * carryDeviate, to: Self.carriedSpeedRange),
            carryPeakRatio: carryPeakRatio, steadyTime: max(releaseWindow - riseTime, 0))
    }

    private static func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }

    /// The seed whose SplitMix64 outputs 1–4 are outputs 5–8 of SplitMix64 started at `seed`: its state
    /// is advanced by four golden-ratio increments.
    static func releaseSeed(_ seed: UInt64) -> UInt64 { seed &+ 4 &* 0x9E37_79B9_7F4A_7C15 }
}
