/// A distribution of ``HumanRelease`` shapes fitted to the 32 recorded flings of
/// Tests/Fixtures/touch-recordings (AOSP's VelocityTracker recordings and Flutter's
/// `velocity_tracker_data.dart`): the speed profile of a real finger near lift-off, for human swipes
/// and releases (Documentation/gestures.md §8).
///
/// Each draw takes ln R ~ N(ln ``medianRiseTime``, ``riseTimeSpread``²) and
/// τ ~ N(``meanReleasePoint``, ``releasePointSpread``²), both clamped to their ranges (R in
/// [``riseTimeRange``], τ in [``HumanRelease/smallestReleasePoint``, 1]), with fixed c and κ. The draws
/// come from xoshiro256** seeded with outputs 5–8 of SplitMix64 started at the seed (outputs 1–4 seed
/// the ``Digitiser``'s generator), through ``GaussianNoise``: so one seed gives the same release on every
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
    /// c of every draw (``HumanRelease/carriedSpeedRatio``).
    public var carriedSpeedRatio: Double
    /// κ of every draw (``HumanRelease/carryPeakRatio``).
    public var carryPeakRatio: Double

    public init(
        medianRiseTime: Double, riseTimeSpread: Double, meanReleasePoint: Double, releasePointSpread: Double,
        carriedSpeedRatio: Double, carryPeakRatio: Double
    ) {
        self.medianRiseTime = medianRiseTime
        self.riseTimeSpread = riseTimeSpread
        self.meanReleasePoint = meanReleasePoint
        self.releasePointSpread = releasePointSpread
        self.carriedSpeedRatio = carriedSpeedRatio
        self.carryPeakRatio = carryPeakRatio
    }

    /// The range a drawn rise time is clamped to, seconds: a flick that rises for less than 10 ms or
    /// more than a second is outside anything the corpus shows (44–130 ms).
    public static let riseTimeRange: ClosedRange<Double> = 0.01...1

    /// The model fitted to the corpus by the simulated method of moments (`Scripts/fit_human_release.py`,
    /// Documentation/gestures.md §8): the five numbers that make swipes synthesised over 60/120/200 Hz,
    /// 1.5–6k pt/s and 150–600 pt with 0.3 pt noise read, through PopSim's four estimators, like the
    /// recorded flings (median iOS-proxy/LSQ2, impulse/LSQ2 and SwiftUI/LSQ2 ratios, the 10th and 90th
    /// percentile of iOS-proxy/LSQ2, and the median last/peak segment speed). κ = 0.5 is a PopSim choice:
    /// the AOSP recordings keep only the last 100 ms, so the corpus says nothing of the carry before.
    public static let corpus = HumanReleaseModel(
        medianRiseTime: 0.1419, riseTimeSpread: 0.2719, meanReleasePoint: 0.6208, releasePointSpread: 0.0790,
        carriedSpeedRatio: 0.2640, carryPeakRatio: 0.5)

    /// Throws the first parameter out of range (the fixed c and κ as ``HumanRelease/validate()`` checks them).
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
        let releasePoint = min(max(meanReleasePoint, HumanRelease.smallestReleasePoint), 1)
        try HumanRelease(
            riseTime: medianRiseTime, releasePoint: releasePoint, carriedSpeedRatio: carriedSpeedRatio,
            carryPeakRatio: carryPeakRatio
        ).validate()
    }

    /// The release of `seed` (see the type's documentation).
    public func release(seed: UInt64) -> HumanRelease {
        var normal = GaussianNoise(seed: Self.releaseSeed(seed))
        let riseDeviate = normal.next()
        let pointDeviate = normal.next()
        let riseTime = medianRiseTime * DeterministicMath.exp(riseTimeSpread * riseDeviate)
        let releasePoint = meanReleasePoint + releasePointSpread * pointDeviate
        return HumanRelease(
            riseTime: min(max(riseTime, Self.riseTimeRange.lowerBound), Self.riseTimeRange.upperBound),
            releasePoint: min(max(releasePoint, HumanRelease.smallestReleasePoint), 1),
            carriedSpeedRatio: carriedSpeedRatio, carryPeakRatio: carryPeakRatio)
    }

    /// The seed whose SplitMix64 outputs 1–4 are outputs 5–8 of SplitMix64 started at `seed`: its state
    /// is advanced by four golden-ratio increments.
    static func releaseSeed(_ seed: UInt64) -> UInt64 { seed &+ 4 &* 0x9E37_79B9_7F4A_7C15 }
}
