import PopSimGeometry

extension GestureScript {
    /// Default pinch duration, 0.5 s: inside the 0.77 ± 0.28 s people take for a tablet pinch task,
    /// reaching included (Applied Ergonomics 2016, Documentation/gestures.md §2). lyft/Hammer uses 0.15 s (§2).
    public static let defaultPinchDuration = 0.5

    /// Two fingers (touch ids `touches`) placed symmetrically about `center` on an axis at `angle`
    /// radians (0 = horizontal, positive = clockwise in UIKit's y-down space, as in Hammer), moving
    /// apart or together from `fromDistance` to `toDistance` points over `duration` with `profile`, both
    /// touching down at 0 and lifting at the end. Spreading (`toDistance` > `fromDistance`) zooms in.
    public static func pinch(
        center: Point, fromDistance: Double, toDistance: Double, angle: Double = 0,
        duration: Double = defaultPinchDuration, profile: MotionProfile = .minimumJerk,
        touches: (Int, Int) = (0, 1)
    ) throws(SynthesisError) -> GestureScript {
        try SynthesisError.check(angle, .angle)
        return try pinch(
            center: center, fromDistance: fromDistance, toDistance: toDistance,
            axis: Vector(dx: DeterministicMath.cos(angle), dy: DeterministicMath.sin(angle)),
            duration: duration, profile: profile, touches: touches)
    }

    /// The same pinch between two starting points: the fingers start at `first` and `second` and move
    /// along the line through them, about its midpoint, until they are `toDistance` apart. The axis is
    /// the normalised difference (no trigonometry, so the output is the same on every machine).
    public static func pinch(
        from first: Point, _ second: Point, toDistance: Double,
        duration: Double = defaultPinchDuration, profile: MotionProfile = .minimumJerk,
        touches: (Int, Int) = (0, 1)
    ) throws(SynthesisError) -> GestureScript {
        try SynthesisError.check(first, .from)
        try SynthesisError.check(second, .to)
        let difference = second - first
        let distance = difference.length
        guard distance > 0 else {
            throw SynthesisError(
                field: .to, value: nil, requirement: "the two fingers must start apart: 'to' equals 'from'")
        }
        return try pinch(
            center: Point(x: (first.x + second.x) / 2, y: (first.y + second.y) / 2), fromDistance: distance,
            toDistance: toDistance, axis: difference / distance, duration: duration, profile: profile, touches: touches)
    }

    private static func pinch(
        center: Point, fromDistance: Double, toDistance: Double, axis: Vector, duration: Double,
        profile: MotionProfile, touches: (Int, Int)
    ) throws(SynthesisError) -> GestureScript {
        try SynthesisError.check(center, .center)
        try SynthesisError.check(fromDistance, .fromDistance, positive: true)
        try SynthesisError.check(toDistance, .toDistance, positive: true)
        guard touches.0 != touches.1 else {
            throw SynthesisError(
                field: .touches, value: nil, requirement: "the two fingers need different touch ids")
        }
        func finger(_ side: Double, _ touch: Int) throws(SynthesisError) -> Finger {
            var path = try FingerPath(start: center + axis * (side * fromDistance / 2))
            try path.append(.move(to: center + axis * (side * toDistance / 2), seconds: duration, profile: profile))
            return Finger(touch: touch, downTime: 0, path: path)
        }
        return try GestureScript(fingers: [finger(-1, touches.0), finger(1, touches.1)])
    }
}
