import PopSimGeometry
import PopSimGestures
import Testing

/// Feeds (time, x, y) samples to an estimator.
private func estimator(_ kind: VelocityEstimatorKind, _ samples: [(Double, Double, Double)]) -> AnyVelocityEstimator {
    var estimator = kind.makeEstimator()
    for (time, x, y) in samples { estimator.addSample(time: time, location: Point(x: x, y: y)) }
    return estimator
}

@Suite struct ConstantVelocityTests {
    static let velocity = Vector(dx: 1234.5, dy: -678.25)

    /// A finger moving at constant velocity, sampled at `rate` for 0.25 s starting at `start`.
    static func samples(rate: Double, start: Double = 10) -> [(Double, Double, Double)] {
        (0...Int(0.25 * rate)).map { i in
            let t = Double(i) / rate
            return (start + t, 100 + velocity.dx * t, 200 + velocity.dy * t)
        }
    }

    /// Every estimator returns the velocity of a constant-velocity stream (Documentation/gestures.md §7).
    /// The only error is each platform's time representation: Flutter's trackers see whole microseconds,
    /// so a 1/rate period is off by up to 1 µs (both ends rounded by ≤ ½ µs) and a segment velocity by
    /// up to 1 µs/period relative (2.4e-4 at 240 Hz); Android's nanoseconds give 1 ns/period; SwiftUI
    /// keeps double seconds. The tolerance is that bound.
    @Test(arguments: VelocityEstimatorKind.allCases, [60.0, 120.0, 240.0])
    func exactUpToTheClockResolution(kind: VelocityEstimatorKind, rate: Double) {
        let samples = Self.samples(rate: rate)
        let measured = estimator(kind, samples).velocity(at: samples.last!.0)
        let resolution: Double
        switch kind {
        case .lsq2, .ios: resolution = 1e-6
        case .impulse: resolution = 1e-9
        case .swiftui: resolution = 1e-12
        }
        let tolerance = resolution * rate + 1e-12
        #expect(isClose(measured.dx, Self.velocity.dx, relative: tolerance), "\(measured.dx)")
        #expect(isClose(measured.dy, Self.velocity.dy, relative: tolerance), "\(measured.dy)")
    }

    /// At rates whose period is a whole number of microseconds the clocks lose nothing, and every
    /// estimator is exact to double rounding.
    @Test(arguments: VelocityEstimatorKind.allCases, [125.0, 250.0, 500.0])
    func exactWhenThePeriodIsWholeMicroseconds(kind: VelocityEstimatorKind, rate: Double) {
        let samples = Self.samples(rate: rate, start: 0)
        let measured = estimator(kind, samples).velocity(at: samples.last!.0)
        #expect(isClose(measured.dx, Self.velocity.dx, relative: 1e-9), "\(measured.dx)")
        #expect(isClose(measured.dy, Self.velocity.dy, relative: 1e-9), "\(measured.dy)")
    }

    @Test(arguments: VelocityEstimatorKind.allCases)
    func noSamplesOrOneSampleGiveZero(kind: VelocityEstimatorKind) {
        #expect(kind.makeEstimator().velocity(at: 0) == .zero)
        #expect(estimator(kind, [(1, 5, 5)]).velocity(at: 1) == .zero)
    }

    @Test(arguments: VelocityEstimatorKind.allCases)
    func resetForgetsTheStroke(kind: VelocityEstimatorKind) {
        var estimator = estimator(kind, Self.samples(rate: 120))
        estimator.reset()
        #expect(estimator.velocity(at: 10.25) == .zero)
    }

    @Test(arguments: VelocityEstimatorKind.allCases)
    func anyEstimatorBehavesLikeTheConcreteOne(kind: VelocityEstimatorKind) {
        let samples = Self.samples(rate: 90)
        let wrapped = estimator(kind, samples).velocity(at: samples.last!.0)
        let concrete: Vector
        switch kind {
        case .lsq2: concrete = feed(LeastSquaresVelocityEstimator(), samples)
        case .impulse: concrete = feed(ImpulseVelocityEstimator(), samples)
        case .ios: concrete = feed(IOSScrollViewVelocityEstimator(), samples)
        case .swiftui: concrete = feed(SwiftUIVelocitySampler(), samples)
        }
        #expect(wrapped == concrete)
    }

    private func feed<E: VelocityEstimator>(_ estimator: E, _ samples: [(Double, Double, Double)]) -> Vector {
        var estimator = estimator
        for (t, x, y) in samples { estimator.addSample(time: t, location: Point(x: x, y: y)) }
        return estimator.velocity(at: samples.last!.0)
    }
}

@Suite struct StopRuleTests {
    static let moving = ConstantVelocityTests.samples(rate: 120)
    static var last: Double { moving.last!.0 }

    /// Flutter compares `Stopwatch.elapsedMilliseconds` (whole milliseconds, truncated) with `> 40`:
    /// 40.9 ms still reports the motion, 41 ms reports zero.
    @Test(arguments: [VelocityEstimatorKind.lsq2, .ios])
    func flutterTrackersTruncateToWholeMilliseconds(kind: VelocityEstimatorKind) {
        let estimator = estimator(kind, Self.moving)
        #expect(estimator.velocity(at: Self.last + 0.040).dx != 0)
        #expect(estimator.velocity(at: Self.last + 0.0409).dx != 0)
        #expect(estimator.velocity(at: Self.last + 0.041) == .zero)
        #expect(estimator.velocity(at: Self.last + 1) == .zero)
    }

    /// Android clears the tracker on ACTION_UP when more than 40 ms (in nanoseconds) have passed.
    @Test func androidImpulseComparesNanoseconds() {
        let estimator = estimator(.impulse, Self.moving)
        #expect(estimator.velocity(at: Self.last + 0.040).dx != 0)
        #expect(estimator.velocity(at: Self.last + 0.040001) == .zero)
    }

    /// OpenSwiftUI's sampler has no stop rule: the last motion is still reported a second later.
    @Test func swiftUIHasNoStopRule() {
        let estimator = estimator(.swiftui, Self.moving)
        #expect(estimator.velocity(at: Self.last + 1) == estimator.velocity(at: Self.last))
        #expect(estimator.velocity(at: Self.last + 1).dx != 0)
    }

    /// flutter/flutter velocity_tracker_test.dart, "Assume zero velocity when there are no recent
    /// samples" (base, iOS and macOS trackers): ten samples one second apart, then time passes.
    @Test func flutterNoRecentSamplesGolden() {
        let samples = (1...10).map { i in (Double(i), 0.0, -Double(i)) }
        for kind in [VelocityEstimatorKind.lsq2, .ios] {
            #expect(estimator(kind, samples).velocity(at: 11) == .zero)
        }
        var macOS = IOSScrollViewVelocityEstimator(weights: .macOS)
        for (t, x, y) in samples { macOS.addSample(time: t, location: Point(x: x, y: y)) }
        #expect(macOS.velocity(at: 11) == .zero)
    }
}

@Suite struct LeastSquaresWindowTests {
    /// Two stale samples at x = 100, then three on the line x = 0.1·t(ms) − 5 (100 pt/s). A quadratic
    /// through three collinear points is that line, so the slope is exactly 100 pt/s when the stale
    /// samples are left out, and something else when they are in the window.
    static func stroke(gapMilliseconds: Double) -> AnyVelocityEstimator {
        let resume = 0.010 + gapMilliseconds / 1000
        return estimator(
            .lsq2,
            [
                (0.000, 100, 0), (0.010, 100, 0),
                (resume, 0, 0), (resume + 0.010, 1, 0), (resume + 0.020, 2, 0),
            ])
    }

    /// Flutter breaks the walk only when the gap is `> 40` ms: exactly 40 ms keeps the old samples.
    @Test func aGapOfExactlyFortyMillisecondsIsInsideTheWindow() {
        let resume = 0.050
        #expect(abs(Self.stroke(gapMilliseconds: 40).velocity(at: resume + 0.020).dx - 100) > 1)
    }

    @Test func aLongerGapCutsTheWindow() {
        let resume = 0.010 + 0.041
        #expect(isClose(Self.stroke(gapMilliseconds: 41).velocity(at: resume + 0.020).dx, 100, relative: 1e-9))
    }

    /// Age exactly 100 ms is inside the horizon (`age > 100` breaks); 100.5 ms is outside.
    @Test func theHorizonIncludesOneHundredMilliseconds() {
        func velocity(oldestAge: Double) -> Double {
            // An outlier `oldestAge` ms before the newest, then a 100 pt/s line every 20 ms.
            var samples: [(Double, Double, Double)] = [(0.1 - oldestAge / 1000, 50, 0)]
            for t in stride(from: 0.02, through: 0.1, by: 0.02) { samples.append((t, 100 * t, 0)) }
            return estimator(.lsq2, samples).velocity(at: 0.1).dx
        }
        #expect(abs(velocity(oldestAge: 100) - 100) > 1)
        #expect(isClose(velocity(oldestAge: 100.5), 100, relative: 1e-9))
    }

    /// Fewer than 3 samples in the window: zero (Flutter `_minSampleSize`).
    @Test func twoSamplesAreNotEnough() {
        #expect(estimator(.lsq2, [(0, 0, 0), (0.01, 10, 0)]).velocity(at: 0.01) == .zero)
    }

    /// Android's and Flutter's LSQ2 are the same fit (Flutter ported Android's solver). AOSP
    /// `libs/input/tests/VelocityTracker_test.cpp`, SailfishFlingUpSlow1: LSQ2 gives 951.698181 (x) and
    /// −3044.966064 (y), in float32 and with nanosecond times; Flutter's microseconds and PopSim's doubles
    /// agree to 1e-4.
    @Test func matchesAndroidLSQ2OnARecordedFling() {
        let estimator = estimator(.lsq2, AndroidGoldens.sailfishFlingUpSlow1)
        let velocity = estimator.velocity(at: AndroidGoldens.sailfishFlingUpSlow1.last!.0)
        #expect(isClose(velocity.dx, 951.698181, relative: 1e-4), "\(velocity.dx)")
        #expect(isClose(velocity.dy, -3044.966064, relative: 1e-4), "\(velocity.dy)")
    }
}

/// Recordings and expected velocities from AOSP `frameworks/native/libs/input/tests/VelocityTracker_test.cpp`
/// (Apache-2.0). Times are the recorded nanoseconds as seconds; the ACTION_UP row (same time and
/// position as the last move) is the query time.
enum AndroidGoldens {
    static let swordfishFlingDown: [(Double, Double, Double)] = [
        (0, 271, 96),
        (0.016071042, 269.786346, 106.922775),
        (0.035648403, 267.983063, 156.660034),
        (0.052313925, 262.638397, 220.339081),
        (0.068976522, 266.138824, 331.581116),
        (0.085639375, 274.79245, 428.113159),
        (0.096948871, 274.79245, 428.113159),
    ]

    static let sailfishFlingUpSlow1: [(Double, Double, Double)] = [
        (235089.067457000, 528.00, 983.00),
        (235089.084684000, 527.00, 981.00),
        (235089.093349000, 527.00, 977.00),
        (235089.095677625, 527.00, 975.93),
        (235089.101859000, 527.00, 970.00),
        (235089.110378000, 528.00, 960.00),
        (235089.112497111, 528.25, 957.51),
        (235089.118760000, 531.00, 946.00),
        (235089.126686000, 535.00, 931.00),
        (235089.129316820, 536.33, 926.02),
        (235089.135199000, 540.00, 914.00),
        (235089.144297000, 546.00, 896.00),
        (235089.146136443, 547.21, 892.36),
        (235089.152923000, 553.00, 877.00),
        (235089.160784000, 559.00, 851.00),
        (235089.162955851, 560.66, 843.82),
    ]
}

@Suite struct ImpulseTests {
    /// AOSP VelocityTracker_test.cpp checks every recorded fling only to ±20 % (`VELOCITY_TOLERANCE`),
    /// because its expected values were read from devices (`dumpsys input`), not recomputed. Where
    /// PopSim's doubles reproduce Android's float32 number to 1e-4 we hold them to that. The other two
    /// published values (Swordfish x 623.58, Sailfish y −3604.82) differ from the algorithm run on the
    /// listed samples by 11 % and 8 %; those are pinned to the algorithm worked by hand, and stay within
    /// Android's own ±20 % of the device numbers.
    ///
    /// By hand (segment velocities vᵢ = Δxᵢ/Δtᵢ oldest first; W₁ = ½v₁|v₁|, then
    /// Wᵢ = Wᵢ₋₁ + (vᵢ − sgn(Wᵢ₋₁)√(2|Wᵢ₋₁|))·|vᵢ|; result sgn(W)√(2|W|)), Swordfish x:
    /// the six segments give v = −75.52, −92.11, −320.70, 210.08, 519.34, 0 pt/s and W = −2 851.5, −4 379.8,
    /// −77 214.1, 49 472.9, 155 822.6, 155 822.6, so √(2W) = 558.25; Sailfish y over its 16 samples gives
    /// −3309.67 the same way.
    /// (Recomputed in Python from the listed nanosecond times, double precision: 558.25183464987 and
    /// −3309.66747766794.)
    @Test func matchesAndroidOnSwordfishFlingDown() {
        let samples = AndroidGoldens.swordfishFlingDown
        let velocity = estimator(.impulse, samples).velocity(at: samples.last!.0)
        #expect(isClose(velocity.dx, 558.25183464987, relative: 1e-9), "\(velocity.dx)")
        #expect(isClose(velocity.dx, 623.577637, relative: 0.2), "\(velocity.dx)")
        #expect(isClose(velocity.dy, 5970.7309, relative: 1e-4), "\(velocity.dy)")
    }

    @Test func matchesAndroidOnSailfishFlingUpSlow1() {
        let samples = AndroidGoldens.sailfishFlingUpSlow1
        let velocity = estimator(.impulse, samples).velocity(at: samples.last!.0)
        #expect(isClose(velocity.dx, 764.345703, relative: 1e-4), "\(velocity.dx)")
        #expect(isClose(velocity.dy, -3309.66747766794, relative: 1e-9), "\(velocity.dy)")
        #expect(isClose(velocity.dy, -3604.819336, relative: 0.2), "\(velocity.dy)")
    }

    /// Same file, ThreePointsPositiveVelocityTest (Android accepts 1600 ± 20 %). By hand: the first
    /// segment (20 pt in 12.585 ms) gives work ½v₁², i.e. velocity v₁; the second segment has v₂ = 0
    /// and adds (0 − v₁)·|0| = 0 work. So the result is exactly 20/0.012585 pt/s.
    @Test func aMotionlessLastSegmentDoesNoWork() {
        let velocity = estimator(.impulse, [(0, 273, 0), (0.012585, 293, 0), (0.014730, 293, 0)]).velocity(at: 0.014730)
        #expect(isClose(velocity.dx, 20 / 0.012585, relative: 1e-12))
    }

    /// A sample at the newest sample's timestamp replaces it (Android: ACTION_POINTER_DOWN after a move).
    @Test func sameTimestampReplacesTheNewestSample() {
        let replaced = estimator(.impulse, [(0, 0, 0), (0.01, 5, 0), (0.02, 99, 0), (0.02, 10, 0)]).velocity(at: 0.02)
        #expect(isClose(replaced.dx, 500, relative: 1e-12))
    }

    /// A gap of more than 40 ms clears the history before the new sample: only what follows counts.
    @Test func aLongGapRestartsTheHistory() {
        let samples: [(Double, Double, Double)] = [
            (0, 0, 0), (0.01, 50, 0), (0.06, 50, 0), (0.07, 51, 0), (0.08, 52, 0),
        ]
        #expect(isClose(estimator(.impulse, samples).velocity(at: 0.08).dx, 100, relative: 1e-12))
    }

    /// Samples more than 100 ms older than the newest are dropped as new ones arrive.
    @Test func theHorizonDropsOldSamples() {
        var samples: [(Double, Double, Double)] = [(0, -500, 0)]
        for i in 1...12 { samples.append((Double(i) * 0.01, Double(i), 0)) }  // 100 pt/s from t = 0.01
        #expect(isClose(estimator(.impulse, samples).velocity(at: 0.12).dx, 100, relative: 1e-12))
    }
}

@Suite struct IOSTrackerTests {
    /// flutter/flutter velocity_tracker_test.dart, "Makes consistent velocity estimates with consistent
    /// velocity": a position step of (0, −1) every second gives exactly (0, −1) once 4 samples are in.
    @Test func flutterConsistentVelocityGolden() {
        var estimator = IOSScrollViewVelocityEstimator()
        for i in 1...10 {
            estimator.addSample(time: Double(i), location: Point(x: 0, y: -Double(i)))
            if i >= 4 { #expect(estimator.velocity(at: Double(i)) == Vector(dx: 0, dy: -1)) }
        }
    }

    /// The weights by hand: segments of 100, 200 and 400 pt/s (oldest to newest) every 10 ms give
    /// 0.6·100 + 0.35·200 + 0.05·400 = 150 pt/s; with only three samples the oldest segment is missing
    /// and counts as zero (Flutter's null slot): 0.35·100 + 0.05·200 = 45 pt/s.
    @Test func weightsFavourTheOldestSegment() {
        let four: [(Double, Double, Double)] = [(0, 0, 0), (0.01, 1, 0), (0.02, 3, 0), (0.03, 7, 0)]
        #expect(isClose(estimator(.ios, four).velocity(at: 0.03).dx, 150, relative: 1e-12))
        let three = Array(four.prefix(3))
        #expect(isClose(estimator(.ios, three).velocity(at: 0.02).dx, 45, relative: 1e-12))
    }
}

@Suite struct SwiftUISamplerTests {
    /// Two samples: v₂₁. Three: 0.25·v₃₂ + 0.75·v₂₁ (OpenSwiftUI `mix(v32, v21, by: 0.75)`); by hand with
    /// v₂₁ = 100 and v₃₂ = 300: 0.25·300 + 0.75·100 = 150 pt/s.
    @Test func mixesTheLastTwoSegments() {
        #expect(isClose(estimator(.swiftui, [(0, 0, 0), (0.01, 1, 0)]).velocity(at: 0.01).dx, 100, relative: 1e-12))
        let three = estimator(.swiftui, [(0, 0, 0), (0.01, 1, 0), (0.02, 4, 0)])
        #expect(isClose(three.velocity(at: 0.02).dx, 150, relative: 1e-12))
    }

    /// Only the last three samples count: a fourth pushes the first out.
    @Test func keepsThreeSamples() {
        let four = estimator(.swiftui, [(0, -1000, 0), (0.01, 0, 0), (0.02, 1, 0), (0.03, 4, 0)])
        #expect(isClose(four.velocity(at: 0.03).dx, 150, relative: 1e-12))
    }

    /// A sample at the same time replaces the newest; an earlier one is ignored.
    @Test func sameTimeReplacesAndEarlierTimeIsIgnored() {
        let replaced = estimator(.swiftui, [(0, 0, 0), (0.01, 1, 0), (0.02, 999, 0), (0.02, 4, 0), (0.015, 7, 0)])
        #expect(isClose(replaced.velocity(at: 0.02).dx, 150, relative: 1e-12))
    }

    /// predictedEndTranslation = translation + 0.25 s · velocity: (10, 20) + 0.25·(400, −800) = (110, −180).
    @Test func predictedEndTranslationProjectsAQuarterSecond() {
        let predicted = predictedEndTranslation(
            translation: Vector(dx: 10, dy: 20), velocity: Vector(dx: 400, dy: -800))
        #expect(predicted == Vector(dx: 110, dy: -180))
        let longer = predictedEndTranslation(translation: .zero, velocity: Vector(dx: 400, dy: 0), predictionTime: 0.5)
        #expect(longer == Vector(dx: 200, dy: 0))
        #expect(predictedEndLocation(location: Point(x: 1, y: 2), velocity: Vector(dx: 4, dy: 8)) == Point(x: 2, y: 4))
    }
}
