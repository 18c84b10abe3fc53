import PopSimGeometry
import PopSimTextIO

/// How a flicking finger leaves the glass: it keeps decelerating for a moment, at constant
/// deceleration from the release velocity to `speedRatio` of it over `seconds`.
///
/// Why a tail: fingers slow down as they lift, which is why Flutter's iOS tracker weights the older
/// segments (Documentation/gestures.md §5) and why UIScrollView reports a lagged velocity. The defaults
/// are calibrated on the recordings Flutter publishes (Tests/Fixtures/touch-recordings): in strokes
/// 1, 2, 6, 8 and 9 the speed drops by 10–30 % over the last one or two 8 ms intervals before the up
/// event. No public source gives a distribution, so both are parameters.
public struct LiftOff: Sendable, Hashable {
    public var seconds: Double
    public var speedRatio: Double

    /// A tail that slows from the release velocity to `speedRatio` of it over `seconds`.
    public static func decelerating(to speedRatio: Double, over seconds: Double) -> LiftOff {
        LiftOff(seconds: seconds, speedRatio: speedRatio)
    }

    /// 16 ms from the release velocity down to 80 % of it.
    public static let `default` = decelerating(to: 0.8, over: 0.016)
    /// No tail: the finger lifts at the release velocity (a synthetic ideal, not a human flick).
    public static let none = decelerating(to: 1, over: 0)
}

extension GestureScript {
    /// A flick from `from` to `to` that is moving at `releaseVelocity` (pt/s, along the path) when it
    /// starts to lift, followed by the ``LiftOff`` tail; the finger lifts exactly at `to`.
    ///
    /// The movement before the tail is the first part of `profile`, released while still moving
    /// (Documentation/gestures.md §2): released at τᵣ of a profile p, a movement of D points in T seconds
    /// (D and T without the tail) leaves the finger at speed (D/T)·τᵣp′(τᵣ)/p(τᵣ).
    /// PopSim solves this for τᵣ:
    /// - `duration` given (touch-down to lift-off, tail included): τᵣ is the root of
    ///   τp′(τ)/p(τ) = v·T/D (bisection; for minimum jerk the ratio falls from 3 at τ → 0 to 0 at τ = 1,
    ///   so any v up to 3·D/T is reachable; for ease-in-out up to 2·D/T). A linear movement has one speed,
    ///   D/T: a request within 0.1 % of it is accepted, anything else is an error naming that speed;
    /// - `duration` nil: the finger releases in the middle of its profile, τᵣ = ½ (the speed peak of
    ///   minimum jerk, where the acceleration is zero), and T follows: T = 1.875·D/v for minimum jerk.
    ///
    /// `releaseVelocity` is the finger's true speed when the lift-off tail begins. What each platform's
    /// estimator then reports is the round-trip question answered by ``ReleaseVelocityRoundTrip``.
    public static func swipe(
        from: Point, to: Point, releaseVelocity: Double, duration: Double? = nil,
        profile: MotionProfile = .minimumJerk, liftOff: LiftOff = .default,
        touch: Int = 0
    ) throws(SynthesisError) -> GestureScript {
        try SynthesisError.check(from, .from)
        try SynthesisError.check(to, .to)
        try SynthesisError.check(releaseVelocity, .releaseVelocity, positive: true)
        try SynthesisError.check(liftOff.seconds, .liftOffSeconds, nonNegative: true)
        try SynthesisError.check(liftOff.speedRatio, .liftOffSpeedRatio, nonNegative: true)
        let displacement = to - from
        let distance = displacement.length
        guard distance > 0 else {
            throw SynthesisError(field: .to, value: nil, requirement: "a swipe must move: 'to' equals 'from'")
        }
        let direction = displacement / distance
        let tailDistance = releaseVelocity * liftOff.seconds * (1 + liftOff.speedRatio) / 2
        let mainDistance = distance - tailDistance
        guard mainDistance > 0 else {
            throw SynthesisError(
                field: .releaseVelocity, value: releaseVelocity,
                requirement:
                    "the lift-off tail alone covers \(NumberFormat.readable.format(tailDistance)) pt at this speed, "
                    + "more than the \(NumberFormat.readable.format(distance)) pt swipe; "
                    + "lower the release velocity, lengthen the swipe or shorten the lift-off"
            )
        }

        let mainDuration: Double
        let releaseAt: Double
        if let duration {
            try SynthesisError.check(duration, .duration, positive: true)
            mainDuration = duration - liftOff.seconds
            guard mainDuration > 0 else {
                throw SynthesisError(
                    field: .duration, value: duration,
                    requirement:
                        "it must be longer than the \(NumberFormat.readable.format(liftOff.seconds)) s lift-off")
            }
            if isLinear(profile) {
                // Constant speed v, then the tail: D = v·(T − d) + v·d·(1 + r)/2
                // ⇒  v = D / (T − d·(1 − r)/2).
                let onlySpeed = distance / (duration - liftOff.seconds * (1 - liftOff.speedRatio) / 2)
                // Within 0.1 %, so a speed copied from the message (one decimal) is accepted; the finger then
                // releases at the constant speed the distance and time imply.
                guard abs(releaseVelocity - onlySpeed) <= 1e-3 * onlySpeed else {
                    throw SynthesisError(
                        field: .releaseVelocity, value: releaseVelocity,
                        requirement:
                            "a linear swipe moves at constant speed, so \(NumberFormat.readable.format(distance)) pt "
                            + "in \(NumberFormat.readable.format(duration)) s "
                            + "releases at \(NumberFormat.readable.format(onlySpeed)) pt/s; give that, "
                            + "omit the duration, or use another profile"
                    )
                }
            }
            releaseAt = try releasePoint(
                of: profile, speedRatio: releaseVelocity * mainDuration / mainDistance,
                releaseVelocity: releaseVelocity, distance: mainDistance, duration: mainDuration)
        } else {
            releaseAt = isLinear(profile) ? 1 : 0.5
            mainDuration = profile.releaseSpeedRatio(at: releaseAt) * mainDistance / releaseVelocity
            guard mainDuration.isFinite else {
                throw SynthesisError(
                    field: .releaseVelocity, value: releaseVelocity,
                    requirement:
                        "released this slowly, a \(NumberFormat.readable.format(distance)) pt swipe would last longer "
                        + "than a double can hold; raise the release velocity or give the duration"
                )
            }
        }

        let releasePosition = to - direction * tailDistance
        var path = try FingerPath(start: from)
        try path.append(.flick(to: releasePosition, seconds: mainDuration, profile: profile, releaseAt: releaseAt))
        if liftOff.seconds > 0 { try path.append(.decelerate(to: to, seconds: liftOff.seconds)) }
        return GestureScript(path: path, touch: touch)
    }

    private static func isLinear(_ profile: MotionProfile) -> Bool {
        if case .linear = profile { return true }
        return false
    }

    /// The τ in (0, 1] where τp′(τ)/p(τ) = `speedRatio` (``MotionProfile/releasePoint(forSpeedRatio:)``),
    /// or an error naming the fastest release the profile allows.
    private static func releasePoint(
        of profile: MotionProfile, speedRatio target: Double, releaseVelocity: Double,
        distance: Double, duration: Double
    ) throws(SynthesisError) -> Double {
        let meanSpeed = distance / duration
        if isLinear(profile) { return 1 }
        let (releasePoint, bestRatio) = profile.releasePoint(forSpeedRatio: target)
        if let releasePoint { return releasePoint }
        throw SynthesisError(
            field: .releaseVelocity, value: releaseVelocity,
            requirement:
                "the \(profile.name) profile reaches "
                + "at most about \(NumberFormat.readable.format(bestRatio * meanSpeed)) pt/s when released after "
                + "\(NumberFormat.readable.format(distance)) pt in \(NumberFormat.readable.format(duration)) s "
                + "(the part before the lift-off tail; \(NumberFormat.fixed(2).format(bestRatio))× its mean "
                + "speed); lower the release velocity, shorten the duration or omit it"
        )
    }
}
