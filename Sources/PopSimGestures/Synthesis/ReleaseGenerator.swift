import PopSimGeometry

extension GestureScript {
    /// How long a release's movement lasts before it speeds into the flick, s: a deliberate drag.
    public static let defaultReleaseMoveDuration = 0.25
    /// How long a release speeds up into its release velocity, s.
    public static let defaultReleaseRampDuration = 0.05

    /// A drag that lifts off at `start + translation` while moving at `releaseVelocity`: the gesture a
    /// release decision is a function of ("the finger moved by T and let go at V"), for any T and V,
    /// including a velocity against the translation (drag down, flick back up) or a zero translation.
    ///
    /// The path, in three pieces that join with continuous velocity:
    /// 1. a movement along `profile` from `start` to a point q, lasting `moveDuration`;
    /// 2. constant acceleration from the movement's final velocity to `releaseVelocity` over
    ///    `rampDuration` (a finger speeding up into the flick);
    /// 3. the ``LiftOff`` tail from `releaseVelocity` down to `speedRatio` of it, ending exactly at
    ///    `start + translation`.
    /// q follows from the pieces' lengths. With `releaseVelocity` zero the finger moves to the end with
    /// `profile` and lifts at rest (pieces 2 and 3 are skipped); `releaseVelocity` means the finger's
    /// speed when the lift-off starts, as in ``swipe(from:to:releaseVelocity:duration:profile:liftOff:touch:)``.
    public static func release(
        from start: Point, translation: Vector, releaseVelocity: Vector,
        moveDuration: Double = defaultReleaseMoveDuration,
        rampDuration: Double = defaultReleaseRampDuration,
        profile: MotionProfile = .minimumJerk, liftOff: LiftOff = .default,
        touch: Int = 0
    ) throws(SynthesisError) -> GestureScript {
        var script: GestureScript?
        try release(
            into: &script, from: start, translation: translation, releaseVelocity: releaseVelocity,
            moveDuration: moveDuration, rampDuration: rampDuration, profile: profile, liftOff: liftOff, touch: touch)
        return script!
    }

    /// ``release(from:translation:releaseVelocity:moveDuration:rampDuration:profile:liftOff:touch:)`` built in
    /// the storage of `script` (``path(into:from:touch:_:)``).
    public static func release(
        into script: inout GestureScript?, from start: Point, translation: Vector, releaseVelocity: Vector,
        moveDuration: Double = defaultReleaseMoveDuration,
        rampDuration: Double = defaultReleaseRampDuration,
        profile: MotionProfile = .minimumJerk, liftOff: LiftOff = .default,
        touch: Int = 0
    ) throws(SynthesisError) {
        try checkRelease(
            from: start, translation: translation, releaseVelocity: releaseVelocity, moveDuration: moveDuration,
            rampDuration: rampDuration)
        try SynthesisError.check(liftOff.seconds, .liftOffSeconds, nonNegative: true)
        let end = start + translation
        guard releaseVelocity != .zero else {
            try path(into: &script, from: start, touch: touch) { (path: inout FingerPath) throws(SynthesisError) in
                try path.append(.move(to: end, seconds: moveDuration, profile: profile))
            }
            return
        }
        // Tail: from V to r·V at constant deceleration covers V·ℓ·(1 + r)/2.
        let tailStart = end - releaseVelocity * (liftOff.seconds * (1 + liftOff.speedRatio) / 2)
        let opening = approach(
            from: start, rampEnd: tailStart, rampEndVelocity: releaseVelocity, profile: profile,
            moveDuration: moveDuration, rampDuration: rampDuration)
        try path(into: &script, from: start, touch: touch) { (path: inout FingerPath) throws(SynthesisError) in
            try path.append(opening.movement)
            try path.append(.decelerate(to: tailStart, seconds: rampDuration))
            if liftOff.seconds > 0 {
                try path.append(.decelerate(to: end, seconds: liftOff.seconds))
            }
        }
    }

    /// A release's approach: a movement along `profile` from `start` lasting `moveDuration`, then constant
    /// acceleration over `rampDuration` that arrives at `rampEnd` moving at `rampEndVelocity`, joined with
    /// continuous velocity. The ramp from the movement's final velocity v₁ = (q − start)·s/D (s the
    /// profile's end rate: 0 for minimum jerk and ease-in-out, 1 for linear) to V covers (v₁ + V)·d/2, so
    /// the movement's end q solves q = rampEnd − (V + (q − start)·s/D)·d/2. Returns the movement (a hold
    /// when q is the start) and q, where the ramp starts.
    static func approach(
        from start: Point, rampEnd: Point, rampEndVelocity: Vector, profile: MotionProfile,
        moveDuration: Double, rampDuration: Double
    ) -> (movement: FingerPath.Segment, rampStart: Point) {
        let s = profile.rate(at: 1) / moveDuration
        let k = s * rampDuration / 2
        let q = Point(
            x: (rampEnd.x - rampEndVelocity.dx * rampDuration / 2 + k * start.x) / (1 + k),
            y: (rampEnd.y - rampEndVelocity.dy * rampDuration / 2 + k * start.y) / (1 + k))
        let movement: FingerPath.Segment =
            q != start ? .move(to: q, seconds: moveDuration, profile: profile) : .hold(seconds: moveDuration)
        return (movement, q)
    }

    /// The checks every release makes before it is built, whatever its lift-off: a finite start, end and
    /// velocity, and positive move and ramp durations.
    static func checkRelease(
        from start: Point, translation: Vector, releaseVelocity: Vector, moveDuration: Double, rampDuration: Double
    ) throws(SynthesisError) {
        try SynthesisError.check(start, .start)
        try SynthesisError.check(start + translation, .translation)
        try SynthesisError.check(start + releaseVelocity, .releaseVelocity)
        try SynthesisError.check(moveDuration, .moveDuration, positive: true)
        try SynthesisError.check(rampDuration, .rampDuration, positive: true)
    }
}
