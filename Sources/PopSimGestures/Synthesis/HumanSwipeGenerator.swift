import PopSimGeometry

extension GestureScript {
    /// A flick from `from` to `to` whose last moments follow `human` (Documentation/gestures.md §8) and
    /// whose peak speed during the release is `releaseVelocity` (pt/s, along the path); the finger lifts
    /// exactly at `to`. A seeded human swipe is `swipe(from:to:releaseVelocity:human:
    /// HumanReleaseModel.corpus.release(seed: s))`, digitised with the same seed s.
    ///
    /// With R, τ, c, κ, G the release's fields, d = ``HumanRelease/riseDistance(velocity:)`` the rise's
    /// length and g = c·V·G (``HumanRelease/steadyDistance(velocity:)``) the steady motion's:
    /// - d + g < |to − from|: touch-down at rest, a carry over the first D_c = |to − from| − d − g points
    ///   (a minimum-jerk reach released where it slows to c·V, lasting 1.875·D_c/(κ·V)), G seconds at c·V
    ///   (at rest when c = 0), then the rise
    ///   (``FingerPath/Segment/flickFromMotion(to:seconds:profile:releaseAt:)``) over the last d;
    /// - d < |to − from| ≤ d + g: the finger lands moving at c·V, keeps it over |to − from| − d, then rises;
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
        let riseStart = to - direction * riseDistance
        let steadyDistance = human.steadyDistance(velocity: releaseVelocity)
        var path: FingerPath
        if riseDistance + steadyDistance >= distance {
            path = try FingerPath(start: from, initialVelocity: carried)
            try path.append(
                .move(
                    to: riseStart, seconds: (distance - riseDistance) / carried.length, profile: .linear))
        } else {
            let carry = distance - riseDistance - steadyDistance
            let carrySeconds = HumanRelease.minimumJerkPeakRate * carry / (human.carryPeakRatio * releaseVelocity)
            path = try FingerPath(start: from)
            try path.append(
                .flick(
                    to: riseStart - direction * steadyDistance, seconds: carrySeconds, profile: .minimumJerk,
                    releaseAt: try carryReleasePoint(human)))
            if let steady = steadySegment(human, to: riseStart) { try path.append(steady) }
        }
        try path.append(
            .flickFromMotion(
                to: to, seconds: human.riseTime, profile: .minimumJerk,
                releaseAt: human.releasePoint))
        return GestureScript(path: path, touch: touch)
    }

    /// The G seconds at c·V that end at the rise's start `riseStart` (a hold when c = 0); nil when G = 0.
    private static func steadySegment(_ human: HumanRelease, to riseStart: Point) -> FingerPath.Segment? {
        guard human.steadyTime > 0 else { return nil }
        guard human.carriedSpeedRatio > 0 else { return .hold(seconds: human.steadyTime) }
        return .move(to: riseStart, seconds: human.steadyTime, profile: .linear)
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
    /// zero); G seconds at c·V (a hold when c = 0); then the rise (R seconds, ``HumanRelease``) ending
    /// exactly at `start + translation`. q follows from the pieces' lengths, as in the lift-off version. With `releaseVelocity` zero the finger
    /// moves to the end with `profile` and lifts at rest.
    public static func release(
        from start: Point, translation: Vector, releaseVelocity: Vector,
        moveDuration: Double = defaultReleaseMoveDuration,
        rampDuration: Double = defaultReleaseRampDuration,
        profile: MotionProfile = .minimumJerk, human: HumanRelease,
        touch: Int = 0
    ) throws(SynthesisError) -> GestureScript {
        var script: GestureScript?
        try release(
            into: &script, from: start, translation: translation, releaseVelocity: releaseVelocity,
            moveDuration: moveDuration, rampDuration: rampDuration, profile: profile, human: human, touch: touch)
        return script!
    }

    /// ``release(from:translation:releaseVelocity:moveDuration:rampDuration:profile:human:touch:)`` built in
    /// the storage of `script` (``path(into:from:touch:_:)``).
    public static func release(
        into script: inout GestureScript?, from start: Point, translation: Vector, releaseVelocity: Vector,
        moveDuration: Double = defaultReleaseMoveDuration,
        rampDuration: Double = defaultReleaseRampDuration,
        profile: MotionProfile = .minimumJerk, human: HumanRelease,
        touch: Int = 0
    ) throws(SynthesisError) {
        try checkRelease(
            from: start, translation: translation, releaseVelocity: releaseVelocity, moveDuration: moveDuration,
            rampDuration: rampDuration)
        try human.validate()
        let end = start + translation
        let speed = releaseVelocity.length
        guard speed > 0 else {
            try path(into: &script, from: start, touch: touch) { (path: inout FingerPath) throws(SynthesisError) in
                try path.append(.move(to: end, seconds: moveDuration, profile: profile))
            }
            return
        }
        let direction = releaseVelocity / speed
        let riseStart = end - direction * human.riseDistance(velocity: speed)
        let steadyStart = riseStart - direction * human.steadyDistance(velocity: speed)
        let carried = direction * (human.carriedSpeedRatio * speed)
        let opening = approach(
            from: start, rampEnd: steadyStart, rampEndVelocity: carried, profile: profile,
            moveDuration: moveDuration, rampDuration: rampDuration)
        let steady = steadySegment(human, to: riseStart)
        try path(into: &script, from: start, touch: touch) { (path: inout FingerPath) throws(SynthesisError) in
            try path.append(opening.movement)
            if opening.rampStart != steadyStart {
                try path.append(.decelerate(to: steadyStart, seconds: rampDuration))
            }
            if let steady { try path.append(steady) }
            try path.append(
                .flickFromMotion(
                    to: end, seconds: human.riseTime, profile: .minimumJerk,
                    releaseAt: human.releasePoint))
        }
    }
}
