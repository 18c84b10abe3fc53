import PopSimGeometry

extension GestureScript {
    /// A flick from `from` to `to` whose last moments follow `human` (Documentation/gestures.md §8) and
    /// whose peak speed during the release is `releaseVelocity` (pt/s, along the path); the finger lifts
    /// exactly at `to`. A seeded human swipe is `swipe(from:to:releaseVelocity:human:
    /// HumanReleaseModel.corpus.release(seed: s))`, digitised with the same seed s.
    ///
    /// With R, τ, c, κ the release's fields and d = ``HumanRelease/riseDistance(velocity:)`` the rise's
    /// length:
    /// - d < |to − from|: touch-down at rest, a carry over the first D_c = |to − from| − d points (a
    ///   minimum-jerk reach released where it slows to c·V, lasting 1.875·D_c/(κ·V)), then the rise
    ///   (``FingerPath/Segment/flickFromMotion(to:seconds:profile:releaseAt:)``) over the last d;
    /// - otherwise the swipe is too short for that rise at that speed, and the whole swipe is the rise:
    ///   the finger lands moving at c·V and the rise lasts |to − from|/(d/R) instead of R.
    ///
    /// Unlike ``swipe(from:to:releaseVelocity:duration:profile:liftOff:touch:)`` the timing is the
    /// release's, so there is no duration to give, and the finger may lift below its peak speed (τ > ½):
    /// that slowing is the lift-off, in place of a ``LiftOff`` tail.
    public static func swipe(
        from: Point, to: Point, releaseVelocity: Double, human: HumanRelease,
        touch: Int = 0
    ) throws(SynthesisError) -> GestureScript {
        try SynthesisError.check(from, .from)
        try SynthesisError.check(to, .to)
        try SynthesisError.check(releaseVelocity, .releaseVelocity, positive: true)
        try human.validate()
        let displacement = to - from
        let distance = displacement.length
        guard distance > 0 else {
            throw SynthesisError(field: .to, value: nil, requirement: "a swipe must move: 'to' equals 'from'")
        }
        let direction = displacement / distance
        let riseDistance = human.riseDistance(velocity: releaseVelocity)
        let carried = direction * (human.carriedSpeedRatio * releaseVelocity)
        if riseDistance >= distance {
            var path = try FingerPath(start: from, initialVelocity: carried)
            try path.append(
                .flickFromMotion(
                    to: to, seconds: human.riseTime * distance / riseDistance,
                    profile: .minimumJerk, releaseAt: human.releasePoint))
            return GestureScript(path: path, touch: touch)
        }
        let carry = distance - riseDistance
        let carrySeconds = HumanRelease.minimumJerkPeakRate * carry / (human.carryPeakRatio * releaseVelocity)
        var path = try FingerPath(start: from)
        try path.append(
            .flick(
                to: to - direction * riseDistance, seconds: carrySeconds, profile: .minimumJerk,
                releaseAt: try carryReleasePoint(human)))
        try path.append(
            .flickFromMotion(
                to: to, seconds: human.riseTime, profile: .minimumJerk,
                releaseAt: human.releasePoint))
        return GestureScript(path: path, touch: touch)
    }

    /// Where the carry's minimum-jerk reach is released so that it ends at c·V: a reach over D_c
    /// lasting 1.875·D_c/(κ·V) ends at (κ·V/1.875)·τp′(τ)/p(τ), so τp′(τ)/p(τ) = 1.875·c/κ
    /// (τ = 1 when c = 0: the carry ends at rest).
    private static func carryReleasePoint(_ human: HumanRelease) throws(SynthesisError) -> Double {
        guard human.carriedSpeedRatio > 0 else { return 1 }
        let target = HumanRelease.minimumJerkPeakRate * human.carriedSpeedRatio / human.carryPeakRatio
        guard let releasePoint = MotionProfile.minimumJerk.releasePoint(forSpeedRatio: target).releasePoint else {
            throw SynthesisError(
                field: .carriedSpeedRatio, value: human.carriedSpeedRatio,
                requirement: "a minimum-jerk carry cannot end that fast; "
                    + "lower it or raise carryPeakRatio")
        }
        return releasePoint
    }

    /// The drag a release decision is a function of
    /// (``release(from:translation:releaseVelocity:moveDuration:rampDuration:profile:liftOff:touch:)``)
    /// with a human release: the finger moves by `translation` and lets go while its last moments follow
    /// `human`, at peak speed |`releaseVelocity`| in its direction.
    ///
    /// The path: a movement along `profile` from `start` to a point q lasting `moveDuration`; constant
    /// acceleration from the movement's final velocity to c·V over `rampDuration` (skipped when both are
    /// zero); then the rise (R seconds, ``HumanRelease``) ending exactly at `start + translation`. q
    /// follows from the pieces' lengths, as in the lift-off version. With `releaseVelocity` zero the finger
    /// moves to the end with `profile` and lifts at rest.
    public static func release(
        from start: Point, translation: Vector, releaseVelocity: Vector,
        moveDuration: Double = defaultReleaseMoveDuration,
        rampDuration: Double = defaultReleaseRampDuration,
        profile: MotionProfile = .minimumJerk, human: HumanRelease,
        touch: Int = 0
    ) throws(SynthesisError) -> GestureScript {
        try checkRelease(
            from: start, translation: translation, releaseVelocity: releaseVelocity, moveDuration: moveDuration,
            rampDuration: rampDuration)
        try human.validate()
        let end = start + translation
        let speed = releaseVelocity.length
        guard speed > 0 else {
            return try path(from: start, [.move(to: end, seconds: moveDuration, profile: profile)], touch: touch)
        }
        let direction = releaseVelocity / speed
        let riseStart = end - direction * human.riseDistance(velocity: speed)
        let carried = direction * (human.carriedSpeedRatio * speed)
        let opening = approach(
            from: start, rampEnd: riseStart, rampEndVelocity: carried, profile: profile,
            moveDuration: moveDuration, rampDuration: rampDuration)
        var segments = [opening.movement]
        if opening.rampStart != riseStart {
            segments.append(.decelerate(to: riseStart, seconds: rampDuration))
        }
        segments.append(
            .flickFromMotion(
                to: end, seconds: human.riseTime, profile: .minimumJerk,
                releaseAt: human.releasePoint))
        return try path(from: start, segments, touch: touch)
    }
}
