import PopSimGeometry

extension GestureScript {
    /// Default pan duration: Selenium's default pointer-move duration, 250 ms (Documentation/gestures.md §2).
    public static let defaultPanDuration = 0.25
    /// Default rest before lifting in ``panHoldRelease(from:to:duration:profile:hold:touch:)``: 0.1 s,
    /// more than the 40 ms after which Flutter and Android treat a pointer as stopped (§5).
    public static let defaultHoldBeforeRelease = 0.1

    /// A drag from `from` to `to` over `duration` seconds following `profile`, then (after an optional
    /// rest of `holdBeforeRelease` seconds) lift-off where it stopped. With the default minimum-jerk
    /// profile the finger arrives at rest; with `.linear` it lifts at full speed (flutter_test's `timedDrag`).
    public static func pan(
        from: Point, to: Point, duration: Double = defaultPanDuration, profile: MotionProfile = .minimumJerk,
        holdBeforeRelease: Double = 0, touch: Int = 0
    ) throws(SynthesisError) -> GestureScript {
        var path = try FingerPath(start: from)
        try path.append(.move(to: to, seconds: duration, profile: profile))
        try SynthesisError.check(holdBeforeRelease, .holdBeforeRelease, nonNegative: true)
        if holdBeforeRelease > 0 { try path.append(.hold(seconds: holdBeforeRelease)) }
        return GestureScript(path: path, touch: touch)
    }

    /// A drag that stops and rests `hold` seconds before lifting: the release velocity a platform
    /// measures is zero (the 40 ms stop rule of §5, or a window of motionless samples).
    public static func panHoldRelease(
        from: Point, to: Point, duration: Double = defaultPanDuration, profile: MotionProfile = .minimumJerk,
        hold: Double = defaultHoldBeforeRelease, touch: Int = 0
    ) throws(SynthesisError) -> GestureScript {
        try SynthesisError.check(hold, .hold, positive: true)
        return try pan(from: from, to: to, duration: duration, profile: profile, holdBeforeRelease: hold, touch: touch)
    }
}
