import PopSimTextIO

/// How one finger moves through the last moments of a flick: the shape a ``HumanReleaseModel`` draws
/// and ``GestureScript/swipe(from:to:releaseVelocity:human:touch:)`` follows (Documentation/gestures.md §8).
///
/// The finger carries some speed into the flick (moving steadily at it for ``steadyTime`` seconds, at rest
/// when it is zero), then accelerates along the first ``releasePoint`` of a minimum-jerk reach for
/// ``riseTime`` seconds and lifts. With V the release's peak speed, c the ``carriedSpeedRatio``, τ the
/// ``releasePoint`` and R the ``riseTime``, its speed s seconds into the rise is
///
///     v(s) = V·(c + (1 − c)·p′(τs/R)/p′(min(τ, ½))),   p(σ) = 10σ³ − 15σ⁴ + 6σ⁵,
///
/// so it reaches V at s = R·min(½/τ, 1) and lifts at V·(c + (1 − c)·p′(τ)/p′(½)) when τ > ½. Over the
/// rise it covers V·R·(c + (1 − c)·k(τ)) with k(τ) = p(τ)/(τ·p′(min(τ, ½))) (``riseDistanceFactor``), and
/// before it c·V·G over the steady G seconds.
public struct HumanRelease: Sendable, Hashable {
    /// R: seconds from the start of the flick's acceleration to lift-off.
    public var riseTime: Double
    /// τ in (0, 1]: how far into a minimum-jerk reach the finger lifts; ½ at the reach's peak speed,
    /// less while it still accelerates, more once it slows.
    public var releasePoint: Double
    /// c in [0, 1): the finger's speed when the rise begins, as a fraction of the release's peak speed.
    public var carriedSpeedRatio: Double
    /// κ in (0, 1]: how long the finger takes to cover the distance before the rise, D_c. It lasts
    /// 1.875·D_c/(κ·V), as long as a minimum-jerk reach over D_c whose peak speed is κ·V, and ends at c·V.
    public var carryPeakRatio: Double
    /// G ≥ 0: seconds the finger moves steadily at c·V just before the rise (rests, when c = 0), as the
    /// recorded flings do in the part of their last 100 ms before the rise (Documentation/gestures.md §8).
    public var steadyTime: Double

    public init(
        riseTime: Double, releasePoint: Double, carriedSpeedRatio: Double, carryPeakRatio: Double,
        steadyTime: Double = 0
    ) {
        self.riseTime = riseTime
        self.releasePoint = releasePoint
        self.carriedSpeedRatio = carriedSpeedRatio
        self.carryPeakRatio = carryPeakRatio
        self.steadyTime = steadyTime
    }

    /// The smallest ``releasePoint`` a release may have: below it p(τ) underflows the rescaling of the
    /// reach long before a finger could tell the difference (the shape tends to a cubic onset).
    public static let smallestReleasePoint = 0.05

    /// Throws the first field out of range. The carried speed must also be one the carry can end at:
    /// a minimum-jerk carry ends at most at 3× its mean speed (Documentation/gestures.md §2), so
    /// c·1.875/κ < 3.
    public func validate() throws(SynthesisError) {
        try SynthesisError.check(riseTime, .riseTime, positive: true)
        try SynthesisError.check(steadyTime, .steadyTime, nonNegative: true)
        guard releasePoint >= Self.smallestReleasePoint, releasePoint <= 1 else {
            throw SynthesisError(
                field: .releasePoint, value: releasePoint,
                requirement: "it must be in [\(Self.smallestReleasePoint), 1]")
        }
        guard carryPeakRatio > 0, carryPeakRatio <= 1 else {
            throw SynthesisError(
                field: .carryPeakRatio, value: carryPeakRatio,
                requirement: "it must be in (0, 1]")
        }
        guard carriedSpeedRatio >= 0, carriedSpeedRatio < 1,
            carriedSpeedRatio * Self.minimumJerkPeakRate / carryPeakRatio < 3
        else {
            throw SynthesisError(
                field: .carriedSpeedRatio, value: carriedSpeedRatio,
                requirement: "it must be in [0, 1) and below 1.6 × carryPeakRatio ("
                    + "\(NumberFormat.readable.format(1.6 * carryPeakRatio)))")
        }
    }

    /// p′(½) = 1.875: the minimum-jerk reach's peak speed over its mean speed (Flash & Hogan 1985).
    static let minimumJerkPeakRate = MotionProfile.minimumJerk.rate(at: 0.5)

    /// k(τ): the distance the minimum-jerk part of the rise covers, over V·R.
    public var riseDistanceFactor: Double {
        let profile = MotionProfile.minimumJerk
        return profile.progress(at: releasePoint) / (releasePoint * profile.rate(at: min(releasePoint, 0.5)))
    }

    /// The distance the rise covers at peak speed `velocity` (pt), over R seconds.
    public func riseDistance(velocity: Double) -> Double {
        velocity * riseTime * (carriedSpeedRatio + (1 - carriedSpeedRatio) * riseDistanceFactor)
    }

    /// The distance the steady motion before the rise covers at peak speed `velocity` (pt): c·V·G.
    public func steadyDistance(velocity: Double) -> Double { velocity * carriedSpeedRatio * steadyTime }

    /// The finger's speed at lift-off over the release's peak speed.
    public var liftOffSpeedRatio: Double {
        let profile = MotionProfile.minimumJerk
        let rate = profile.rate(at: releasePoint) / profile.rate(at: min(releasePoint, 0.5))
        return carriedSpeedRatio + (1 - carriedSpeedRatio) * rate
    }
}
