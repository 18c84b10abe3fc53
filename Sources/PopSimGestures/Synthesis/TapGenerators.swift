import PopSimGeometry

extension GestureScript {
    /// Default contact time of a tap: lyft/Hammer's finger lift delay, 0.05 s (Documentation/gestures.md §2).
    public static let defaultTapDwell = 0.05
    /// Default time between the lift of a double tap's first tap and the second touch-down: Hammer's
    /// multi-tap interval, 0.15 s (§2), well inside the 0.3 s double-tap timeout of Flutter and Android (§6).
    public static let defaultDoubleTapInterval = 0.15
    /// Default hold of a long press: 0.6 s, flutter_test's `longPress` (kLongPressTimeout 500 ms +
    /// kPressTimeout 100 ms, §2), so it clears iOS's 0.5 s `minimumPressDuration` (§6) with margin.
    public static let defaultLongPressDuration = 0.6
    /// Default finger roll: the contact centroid creeps 1 pt (downward, the pad flattening toward the
    /// palm) while the finger presses. No public source measures it (touch jitter magnitudes are not
    /// published); 1 pt is a modelling choice, a tenth of iOS's 10 pt slop, so taps stay taps.
    public static let defaultRoll = Vector(dx: 0, dy: 1)
    /// How long the roll takes at most: the first 0.1 s of contact, then the finger rests (modelling choice).
    public static let rollDuration = 0.1

    /// A single tap at `location`: touch down, roll by `roll` (minimum jerk), lift after `dwell` seconds.
    public static func tap(
        at location: Point, dwell: Double = defaultTapDwell, roll: Vector = defaultRoll,
        touch: Int = 0
    ) throws(SynthesisError) -> GestureScript {
        try GestureScript(path: press(at: location, duration: dwell, roll: roll, durationField: .dwell), touch: touch)
    }

    /// Two taps of the same finger (same touch id), `interval` seconds apart (lift to touch-down).
    public static func doubleTap(
        at location: Point, dwell: Double = defaultTapDwell, interval: Double = defaultDoubleTapInterval,
        roll: Vector = defaultRoll, touch: Int = 0
    ) throws(SynthesisError) -> GestureScript {
        try SynthesisError.check(interval, .interval, positive: true)
        let press = try press(at: location, duration: dwell, roll: roll, durationField: .dwell)
        return try GestureScript(fingers: [
            Finger(touch: touch, downTime: 0, path: press),
            Finger(touch: touch, downTime: press.duration + interval, path: press),
        ])
    }

    /// A press held `duration` seconds (default 0.6 s ≥ iOS's 0.5 s minimum) with the same roll as a tap.
    public static func longPress(
        at location: Point, duration: Double = defaultLongPressDuration, roll: Vector = defaultRoll,
        touch: Int = 0
    ) throws(SynthesisError) -> GestureScript {
        try GestureScript(
            path: press(at: location, duration: duration, roll: roll, durationField: .duration), touch: touch)
    }

    private static func press(at location: Point, duration: Double, roll: Vector, durationField: SynthesisError.Field)
        throws(SynthesisError) -> FingerPath
    {
        try SynthesisError.check(duration, durationField, positive: true)
        guard roll.dx.isFinite, roll.dy.isFinite else {
            throw SynthesisError(field: .roll, value: nil, requirement: "its components must be finite numbers")
        }
        var path = try FingerPath(start: location)
        let rolling = min(duration, rollDuration)
        try path.append(.move(to: location + roll, seconds: rolling, profile: .minimumJerk))
        if duration > rolling { try path.append(.hold(seconds: duration - rolling)) }
        return path
    }
}
