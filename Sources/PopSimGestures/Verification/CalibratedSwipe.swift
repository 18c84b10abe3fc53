import PopSimGeometry
import PopSimTextIO

/// A swipe tuned so that one platform's estimator, run on the exact stream PopSim outputs, reports the
/// requested release velocity: what a test means by "fling at 1500 pt/s on iOS", which none of the
/// anchors can promise (Documentation/gestures.md §7; flutter_test's `fling` sends constant-speed moves
/// and leaves the measurement to chance).
public struct CalibratedSwipe: Sendable {
    public let script: GestureScript
    /// The digitised stream; `kind` measures ``measuredVelocity`` on it.
    public let stream: TouchStream
    /// The finger speed at the start of the lift-off that achieves it (pt/s).
    public let fingerReleaseVelocity: Double
    /// What the estimator reports along the swipe direction on ``stream`` (pt/s): the request to 1e-9
    /// relative, or, when the digitiser quantises positions, as close as the pixel grid allows.
    public let measuredVelocity: Double
}

extension GestureScript {
    /// Solves for the finger's release velocity so that `kind`, fed the stream that `digitiser` makes
    /// with `seed`, measures `measuredVelocity` along the swipe (secant iterations on the finger speed,
    /// starting from the request, at most 30; each iteration synthesises and measures the real stream,
    /// noise included). Without `duration`, the duration of the uncalibrated swipe is kept.
    ///
    /// Quantisation makes the measurement a step function of the finger speed, so the speed is tuned on
    /// unquantised positions (same scans, same noise) and the result is then quantised: exact without a
    /// ``Digitiser/scale``, within the grid's effect with one (a few pt/s at @2x, 120 Hz). Throws when the estimator
    /// cannot see the motion (e.g. a stop rule) or the iteration does not converge; other parameters are those of
    /// ``swipe(from:to:releaseVelocity:duration:profile:liftOff:touch:)``.
    public static func swipe(
        from: Point, to: Point, measuredVelocity: Double, by kind: VelocityEstimatorKind,
        digitiser: Digitiser, seed: UInt64 = 0, duration: Double? = nil,
        profile: MotionProfile = .minimumJerk, liftOff: LiftOff = .default
    ) throws(SynthesisError) -> CalibratedSwipe {
        try SynthesisError.check(measuredVelocity, .releaseVelocity, positive: true)
        let distance = (to - from).length
        guard distance > 0 else {
            throw SynthesisError(field: .to, value: nil, requirement: "a swipe must move: 'to' equals 'from'")
        }
        let direction = (to - from) / distance
        // The timing stays fixed while the speed is tuned, so every attempt has the same scans (and the same
        // noise draws): the measurement is then a smooth function of the finger speed.
        let fixedDuration: Double
        if let duration {
            fixedDuration = duration
        } else {
            fixedDuration = try swipe(
                from: from, to: to, releaseVelocity: measuredVelocity, profile: profile, liftOff: liftOff
            )
            .fingers[0].path.duration
        }

        var unquantised = digitiser
        unquantised.scale = nil

        func attempt(_ speed: Double, on digitiser: Digitiser) throws(SynthesisError) -> CalibratedSwipe {
            let script = try swipe(
                from: from, to: to, releaseVelocity: speed, duration: fixedDuration, profile: profile, liftOff: liftOff)
            let stream = try digitiser.sample(script, seed: seed)
            let velocity = stream.releaseVelocities(using: kind).last?.velocity ?? .zero
            let along = velocity.dx * direction.dx + velocity.dy * direction.dy
            return CalibratedSwipe(
                script: script, stream: stream, fingerReleaseVelocity: speed, measuredVelocity: along)
        }

        func attempt(_ speed: Double) throws(SynthesisError) -> CalibratedSwipe { try attempt(speed, on: unquantised) }
        func finish(_ tuned: CalibratedSwipe) throws(SynthesisError) -> CalibratedSwipe {
            digitiser.scale == nil ? tuned : try attempt(tuned.fingerReleaseVelocity, on: digitiser)
        }

        var previous = try attempt(measuredVelocity)
        guard previous.measuredVelocity > 0 else {
            throw SynthesisError(
                field: .releaseVelocity, value: measuredVelocity,
                requirement:
                    "the \(kind.rawValue) estimator "
                    + "measures \(NumberFormat.readable.format(previous.measuredVelocity)) pt/s on this swipe, "
                    + "so no finger speed can be tuned to it"
            )
        }
        if abs(previous.measuredVelocity - measuredVelocity) <= 1e-9 * measuredVelocity { return try finish(previous) }
        var current = try attempt(measuredVelocity * measuredVelocity / previous.measuredVelocity)
        for _ in 0..<30 {
            let error = current.measuredVelocity - measuredVelocity
            if abs(error) <= 1e-9 * measuredVelocity { return try finish(current) }
            let slope =
                (current.measuredVelocity - previous.measuredVelocity)
                / (current.fingerReleaseVelocity - previous.fingerReleaseVelocity)
            guard slope.isFinite, slope > 0 else { break }
            let next = current.fingerReleaseVelocity - error / slope
            guard next > 0, next.isFinite else { break }
            previous = current
            current = try attempt(next)
        }
        throw SynthesisError(
            field: .releaseVelocity, value: measuredVelocity,
            requirement:
                "could not tune the finger speed so that \(kind.rawValue) "
                + "measures it (closest: \(NumberFormat.readable.format(current.measuredVelocity)) pt/s); "
                + "try a longer swipe or a fixed duration"
        )
    }
}
