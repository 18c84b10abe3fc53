import Foundation
import PopSimGeometry
import PopSimGestures
import Testing

/// A synthesised gesture and what its stream must look like.
struct GeneratorCase: CustomStringConvertible, Sendable {
    let name: String
    let script: @Sendable () throws -> GestureScript
    /// Start and end point of each stroke, in order.
    let strokes: [(start: Point, end: Point)]
    /// Touch-down to lift-off of the whole gesture (s).
    let duration: Double
    var description: String { name }
}

private let origin = Point(x: 100, y: 200)

@Suite struct GeneratorShapeTests {
    static let cases: [GeneratorCase] = [
        GeneratorCase(
            name: "tap", script: { try .tap(at: origin) },
            strokes: [(origin, origin + GestureScript.defaultRoll)], duration: GestureScript.defaultTapDwell),
        GeneratorCase(
            name: "double tap", script: { try .doubleTap(at: origin, dwell: 0.05, interval: 0.15) },
            strokes: [(origin, origin + GestureScript.defaultRoll), (origin, origin + GestureScript.defaultRoll)],
            duration: 0.05 + 0.15 + 0.05),
        GeneratorCase(
            name: "long press", script: { try .longPress(at: origin) },
            strokes: [(origin, origin + GestureScript.defaultRoll)], duration: GestureScript.defaultLongPressDuration),
        GeneratorCase(
            name: "pan", script: { try .pan(from: origin, to: Point(x: 300, y: 50), duration: 0.4) },
            strokes: [(origin, Point(x: 300, y: 50))], duration: 0.4),
        GeneratorCase(
            name: "pan hold release",
            script: { try .panHoldRelease(from: origin, to: Point(x: 100, y: 500), duration: 0.3, hold: 0.2) },
            strokes: [(origin, Point(x: 100, y: 500))], duration: 0.5),
        GeneratorCase(
            name: "swipe with duration",
            script: {
                try .swipe(from: origin, to: Point(x: 100, y: 600), releaseVelocity: 2000, duration: 0.35)
            }, strokes: [(origin, Point(x: 100, y: 600))], duration: 0.35),
        GeneratorCase(
            name: "multi-segment path",
            script: {
                try .path(
                    from: origin,
                    [
                        .move(to: Point(x: 200, y: 200), seconds: 0.2, profile: .linear), .hold(seconds: 0.1),
                        .move(to: Point(x: 200, y: 400), seconds: 0.3, profile: .easeInOut),
                    ])
            }, strokes: [(origin, Point(x: 200, y: 400))], duration: 0.6),
        GeneratorCase(
            name: "pinch", script: { try .pinch(center: origin, fromDistance: 100, toDistance: 300, duration: 0.5) },
            strokes: [(Point(x: 50, y: 200), Point(x: -50, y: 200)), (Point(x: 150, y: 200), Point(x: 250, y: 200))],
            duration: 0.5),
    ]

    /// Every generator at every common rate: first sample `began` at 0, each stroke starts and ends
    /// where it should, ends with `ended` at the first scan at or after lift-off, times never decrease,
    /// and consecutive scans are exactly 1/rate apart.
    @Test(arguments: cases, [60.0, 120.0, 240.0])
    func shape(_ example: GeneratorCase, rate: Double) throws {
        let stream = try example.script().touchStream(digitiser: Digitiser(sampleRate: rate))
        try stream.validate()
        #expect(stream.first?.phase == .began)
        #expect(stream.first?.time == 0)
        let strokes = stream.strokes
        try #require(strokes.count == example.strokes.count)
        for (stroke, expected) in zip(strokes, example.strokes) {
            #expect(stroke.first?.location == expected.start)
            #expect(stroke.last?.phase == .ended)
            let end = try #require(stroke.last?.location)
            #expect(end.distance(to: expected.end) < 1e-9, "\(end) vs \(expected.end)")
            for (a, b) in zip(stroke, stroke.dropFirst()) {
                let ticks = (b.time - a.time) * rate
                #expect(abs(ticks - ticks.rounded()) < 1e-6 && ticks.rounded() >= 1, "Δt = \(b.time - a.time)")
            }
        }
        let last = try #require(stream.last?.time)
        let expectedEnd = (example.duration * rate - 1e-9).rounded(.up) / rate
        #expect(abs(last - expectedEnd) < 1e-12, "ended at \(last), lift-off \(example.duration)")
    }

    /// At a rate whose period divides every duration, a pan has one sample per tick: ⌈T·rate⌉ + 1.
    @Test func panHasOneSamplePerScan() throws {
        let stream = try GestureScript.pan(from: origin, to: Point(x: 400, y: 200), duration: 0.25, profile: .linear)
            .touchStream(digitiser: Digitiser(sampleRate: 120))
        #expect(stream.count == 31)
        #expect(stream.map(\.phase) == [.began] + Array(repeating: .moved, count: 29) + [.ended])
    }
}

@Suite struct MotionProfileTests {
    /// Minimum jerk (Flash & Hogan): peak speed 1.875·D/T at τ = ½ (Documentation/gestures.md §2).
    /// Measured on the stream, from finite differences at 1000 Hz: the 1 ms difference quotient around
    /// the peak differs from the peak by about v″h²/24 ≈ 1.875·D/T · 10⁻⁵, so 1e-3 is ample.
    @Test func minimumJerkPeakSpeed() throws {
        let distance = 400.0
        let duration = 0.5
        let stream = try GestureScript.pan(from: .zero, to: Point(x: distance, y: 0), duration: duration)
            .touchStream(digitiser: Digitiser(sampleRate: 1000))
        let speeds = zip(stream, stream.dropFirst()).map { ($1.location.x - $0.location.x) / ($1.time - $0.time) }
        let peak = try #require(speeds.max())
        #expect(isClose(peak, 1.875 * distance / duration, relative: 1e-3), "\(peak)")
    }

    @Test func profilesStartAndEndWhereTheySay() {
        for profile in [MotionProfile.linear, .minimumJerk, .easeInOut, .custom { $0 * $0 }] {
            #expect(profile.progress(at: 0) == 0)
            #expect(abs(profile.progress(at: 1) - 1) < 1e-15)
        }
        // Minimum jerk: p(½) = 10/8 − 15/16 + 6/32 = ½; p′(½) = 30/16 = 1.875.
        #expect(MotionProfile.minimumJerk.progress(at: 0.5) == 0.5)
        #expect(MotionProfile.minimumJerk.rate(at: 0.5) == 1.875)
        // Hammer's curve, against libm's sin as an independent reference.
        for tau in stride(from: 0.0, through: 1.0, by: 0.125) {
            let hammer = Foundation.sin(Foundation.sin(tau * .pi / 2) * tau * .pi / 2)
            #expect(abs(MotionProfile.easeInOut.progress(at: tau) - hammer) < 1e-15)
        }
        // Numerical derivative of a custom profile: d(τ²)/dτ = 2τ.
        #expect(abs(MotionProfile.custom { $0 * $0 }.rate(at: 0.3) - 0.6) < 1e-6)
    }

    /// Ease-in-out and minimum jerk start and stop at rest; linear does not.
    @Test func endpointSpeeds() {
        #expect(MotionProfile.minimumJerk.rate(at: 0) == 0 && MotionProfile.minimumJerk.rate(at: 1) == 0)
        #expect(abs(MotionProfile.easeInOut.rate(at: 0)) < 1e-15 && abs(MotionProfile.easeInOut.rate(at: 1)) < 1e-12)
        #expect(MotionProfile.linear.rate(at: 0) == 1)
    }
}

@Suite struct SwipeTests {
    /// The finger is moving at exactly the requested velocity when the lift-off begins, decelerates to
    /// `speedRatio` of it, and lifts at `to`.
    /// (500 pt at 2500 pt/s: with the tail the movement is 464 pt; 0.35 s asks 1.8× the mean speed, within
    /// both profiles' reach of 3× and 2×.)
    @Test(arguments: [nil, 0.25, 0.35] as [Double?], [MotionProfile.minimumJerk, .easeInOut])
    func releaseVelocityIsTheFingerSpeed(duration: Double?, profile: MotionProfile) throws {
        let from = Point(x: 10, y: 20)
        let to = Point(x: 310, y: 420)  // 500 pt
        let script = try GestureScript.swipe(
            from: from, to: to, releaseVelocity: 2500, duration: duration, profile: profile)
        let path = script.fingers[0].path
        let direction = (to - from) / 500
        let liftOff = LiftOff.default
        let release = path.duration - liftOff.seconds
        let atRelease = path.velocity(at: release)
        #expect(isClose(atRelease.dx, 2500 * direction.dx, relative: 1e-9), "\(atRelease)")
        #expect(isClose(atRelease.dy, 2500 * direction.dy, relative: 1e-9))
        #expect(isClose(path.finalVelocity.length, 2500 * liftOff.speedRatio, relative: 1e-9))
        #expect(path.end == to)
        if let duration { #expect(abs(path.duration - duration) < 1e-12) }
    }

    /// Without a duration, a minimum-jerk swipe releases at its peak: T = 1.875·D/v (plus the tail).
    @Test func defaultDurationReleasesAtThePeak() throws {
        let script = try GestureScript.swipe(
            from: .zero, to: Point(x: 0, y: 300), releaseVelocity: 1500, liftOff: .none)
        #expect(isClose(script.fingers[0].path.duration, 1.875 * 300 / 1500, relative: 1e-12))
    }

    /// A linear swipe without lift-off is a constant-velocity stream: every estimator measures the
    /// requested velocity (to the clock resolution of ConstantVelocityTests).
    @Test(arguments: VelocityEstimatorKind.allCases)
    func linearSwipeRoundTripsExactly(kind: VelocityEstimatorKind) throws {
        let stream = try GestureScript.swipe(
            from: .zero, to: Point(x: 0, y: 400), releaseVelocity: 1600, profile: .linear, liftOff: .none
        )
        .touchStream(digitiser: Digitiser(sampleRate: 125))
        let measured = try #require(stream.releaseVelocities(using: kind).first).velocity
        #expect(isClose(measured.dy, 1600, relative: 1e-9), "\(measured)")
    }

    @Test func impossibleSwipesAreRejectedWithAReason() {
        // Minimum jerk can release at most 3× the mean speed: 300 pt in 0.1 s is 3000 pt/s mean.
        #expect(throws: SynthesisError.self) {
            try GestureScript.swipe(from: .zero, to: Point(x: 300, y: 0), releaseVelocity: 10_000, duration: 0.1)
        }
        // Linear moves at exactly D/T.
        #expect(throws: SynthesisError.self) {
            try GestureScript.swipe(
                from: .zero, to: Point(x: 300, y: 0), releaseVelocity: 1000, duration: 0.5, profile: .linear)
        }
        // The lift-off alone (8000 · 0.016 · 0.9 = 115 pt) is longer than the swipe.
        #expect(throws: SynthesisError.self) {
            try GestureScript.swipe(from: .zero, to: Point(x: 100, y: 0), releaseVelocity: 8000)
        }
        #expect(throws: SynthesisError.self) { try GestureScript.swipe(from: .zero, to: .zero, releaseVelocity: 1000) }
        #expect(throws: SynthesisError.self) {
            try GestureScript.swipe(from: .zero, to: Point(x: 1, y: 0), releaseVelocity: 0)
        }
    }
}

@Suite struct PathTests {
    /// A multi-segment path passes through every waypoint at the segment boundaries.
    @Test func passesThroughWaypoints() throws {
        var path = try FingerPath(start: .zero)
        try path.append(.move(to: Point(x: 100, y: 0), seconds: 0.2, profile: .minimumJerk))
        try path.append(.hold(seconds: 0.1))
        try path.append(.move(to: Point(x: 100, y: 50), seconds: 0.1, profile: .linear))
        #expect(path.position(at: 0.2) == Point(x: 100, y: 0))
        #expect(path.position(at: 0.25) == Point(x: 100, y: 0))
        #expect(path.position(at: 0.35).distance(to: Point(x: 100, y: 25)) < 1e-12)
        #expect(path.position(at: 1) == Point(x: 100, y: 50))
        #expect(abs(path.duration - 0.4) < 1e-15)
    }

    /// Deceleration continues the previous velocity and ends exactly at its target.
    @Test func decelerationIsContinuous() throws {
        var path = try FingerPath(start: .zero)
        try path.append(.move(to: Point(x: 100, y: 0), seconds: 0.1, profile: .linear))  // 1000 pt/s
        try path.append(.decelerate(to: Point(x: 116, y: 0), seconds: 0.02))  // mean 800 ⇒ 1000 → 600
        #expect(isClose(path.velocity(at: 0.1).dx, 1000, relative: 1e-12))
        #expect(isClose(path.finalVelocity.dx, 600, relative: 1e-12))
        #expect(path.end == Point(x: 116, y: 0))
        #expect(isClose(path.position(at: 0.11).x, 100 + 1000 * 0.01 - 0.5 * 20_000 * 0.0001, relative: 1e-12))
    }

    @Test func invalidSegmentsAreRejected() throws {
        var path = try FingerPath(start: .zero)
        #expect(throws: SynthesisError.self) {
            try path.append(.move(to: Point(x: 1, y: 1), seconds: 0, profile: .linear))
        }
        #expect(throws: SynthesisError.self) { try path.append(.hold(seconds: -1)) }
        #expect(throws: SynthesisError.self) {
            try path.append(.move(to: Point(x: .nan, y: 1), seconds: 1, profile: .linear))
        }
        #expect(throws: SynthesisError.self) { try FingerPath(start: Point(x: .infinity, y: 0)) }
        #expect(throws: SynthesisError.self) {
            try GestureScript(fingers: [
                .init(touch: 0, downTime: 0, path: try FingerPath(start: .zero).appending(.hold(seconds: 1))),
                .init(touch: 0, downTime: 0.5, path: try FingerPath(start: .zero).appending(.hold(seconds: 1))),
            ])
        }
    }

    /// A piece follows its profile's formula; a custom profile's closure, kept in its segment, is read
    /// only for a custom piece. The minimum-jerk polynomial given as a closure is the same curve (it is
    /// exactly 0 and 1 at the ends, where a custom profile is pinned), so both paths give the same
    /// positions bit for bit, on every kind of segment that follows a profile. (A custom profile's rate
    /// is a central difference, so the velocity a segment hands to the next differs in its last bits:
    /// each path below starts from a given velocity, not from a profile's.)
    @Test func aCustomProfileIsReadFromItsSegment() throws {
        let polynomial = MotionProfile.custom { tau in tau * tau * tau * (10 + tau * (-15 + 6 * tau)) }
        func paths(_ profile: MotionProfile) throws -> [FingerPath] {
            [
                try FingerPath(start: Point(x: 3, y: 4)).appending(
                    .move(to: Point(x: 50, y: 80), seconds: 0.2, profile: profile), .hold(seconds: 0.05),
                    .flick(to: Point(x: 90, y: 300), seconds: 0.1, profile: profile, releaseAt: 0.7)),
                try FingerPath(start: Point(x: 3, y: 4), initialVelocity: Vector(dx: 0, dy: 200)).appending(
                    .flickFromMotion(to: Point(x: 9, y: 120), seconds: 0.08, profile: profile, releaseAt: 0.6)),
            ]
        }
        for (formula, custom) in zip(try paths(.minimumJerk), try paths(polynomial)) {
            for step in -10...400 {
                let time = Double(step) / 1000
                #expect(formula.position(at: time) == custom.position(at: time), "\(time) s")
            }
        }
    }

    /// Pinch fingers sit at center ± (d/2)·(cos θ, sin θ): at θ = 90° (clockwise in y-down space) the
    /// axis is vertical.
    @Test func pinchAxis() throws {
        let script = try GestureScript.pinch(
            center: Point(x: 10, y: 10), fromDistance: 40, toDistance: 20, angle: .pi / 2)
        let a = script.fingers[0].path
        let b = script.fingers[1].path
        #expect(a.start.distance(to: Point(x: 10, y: -10)) < 1e-12)
        #expect(b.start.distance(to: Point(x: 10, y: 30)) < 1e-12)
        #expect(abs(a.end.distance(to: b.end) - 20) < 1e-12)
    }
}

@Suite struct PauseTests {
    /// The 40 ms rules (Documentation/gestures.md §5): after a rest longer than 40 ms before the lift, the
    /// Flutter and Android estimators report zero, whatever the drag before it did.
    @Test(arguments: [VelocityEstimatorKind.lsq2, .impulse, .ios], [60.0, 120.0, 240.0])
    func holdBeforeReleaseGivesZero(kind: VelocityEstimatorKind, rate: Double) throws {
        let stream = try GestureScript.panHoldRelease(
            from: .zero, to: Point(x: 0, y: 300), duration: 0.2, profile: .linear, hold: 0.1
        )
        .touchStream(digitiser: Digitiser(sampleRate: rate))
        #expect(try #require(stream.releaseVelocities(using: kind).first).velocity == .zero)
    }

    /// Reporting the motionless scans instead of omitting them: once the rest is longer than every
    /// estimator's window (100 ms), all see identical positions and report zero.
    @Test(arguments: VelocityEstimatorKind.allCases)
    func reportedStationarySamplesGiveZeroAfterTheHorizon(kind: VelocityEstimatorKind) throws {
        let stream = try GestureScript.panHoldRelease(
            from: .zero, to: Point(x: 0, y: 300), duration: 0.2, profile: .linear, hold: 0.2
        )
        .touchStream(digitiser: Digitiser(sampleRate: 120, stationary: .report))
        #expect(stream.contains { $0.phase == .stationary })
        let velocity = try #require(stream.releaseVelocities(using: kind).first).velocity
        #expect(velocity.length < 1e-9, "\(velocity)")
    }

    /// A property of Android's impulse strategy worth knowing: a zero-velocity segment does no work
    /// (ΔW = (0 − v)·|0|), so through a reported rest shorter than the 100 ms horizon it keeps reporting
    /// the drag's speed (here the 1500 pt/s of a linear 300 pt, 0.2 s drag), while LSQ2 decays.
    @Test func impulseIgnoresAShortReportedRest() throws {
        let stream = try GestureScript.panHoldRelease(
            from: .zero, to: Point(x: 0, y: 300), duration: 0.2, profile: .linear, hold: 0.05
        )
        .touchStream(digitiser: Digitiser(sampleRate: 120, stationary: .report))
        let impulse = try #require(stream.releaseVelocities(using: .impulse).first).velocity.dy
        let lsq2 = try #require(stream.releaseVelocities(using: .lsq2).first).velocity.dy
        #expect(isClose(impulse, 1500, relative: 1e-6), "\(impulse)")
        #expect(lsq2 < 1000)
    }
}
