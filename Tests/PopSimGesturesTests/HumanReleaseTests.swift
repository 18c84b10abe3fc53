import Foundation
import PopSimGeometry
import PopSimGestures
import Testing

/// The human release model's draws and the paths built from them (Documentation/gestures.md §8).
@Suite struct HumanReleaseTests {
    static let model = HumanReleaseModel.corpus

    /// The largest speed on a fine grid of `path` (the grid is 1/20000 of the path, so a smooth peak is
    /// found to about 1e-8 of its height).
    static func peakSpeed(_ path: FingerPath) -> Double {
        (0...20000).map { path.velocity(at: path.duration * Double($0) / 20000).length }.max()!
    }

    /// Same seed, same release; the draws spread as the model says: the median of e^(μ + σz) is e^μ
    /// (standard error about 1.25σ/√n = 1.2 % in ln R for 2000 draws), the mean of τ is m (standard error
    /// s/√n ≈ 0.005), c is 0 (clamped) with probability Φ(−c₀/s_c) (standard error below 0.012), G is
    /// max(0, W − R), and every draw lies in its range.
    @Test func drawsAreSeededAndSpreadAsTheModelSays() throws {
        let releases = (0..<2000 as Range<UInt64>).map { Self.model.release(seed: $0) }
        #expect(releases == (0..<2000 as Range<UInt64>).map { Self.model.release(seed: $0) })
        #expect(Set(releases.map(\.riseTime)).count == releases.count)
        for release in releases {
            try release.validate()
            #expect(HumanReleaseModel.riseTimeRange.contains(release.riseTime))
            #expect(HumanReleaseModel.carriedSpeedRange.contains(release.carriedSpeedRatio))
            #expect(release.carryPeakRatio == Self.model.carryPeakRatio)
            #expect(release.steadyTime == max(Self.model.releaseWindow - release.riseTime, 0))
        }
        let fromRest = Double(releases.filter { $0.carriedSpeedRatio == 0 }.count) / Double(releases.count)
        let standardScore = -Self.model.carriedSpeedCentre / Self.model.carriedSpeedSpread
        #expect(abs(fromRest - (1 + erf(standardScore / 2.0.squareRoot())) / 2) < 0.03)
        let rises = releases.map(\.riseTime).sorted()
        let median = (rises[999] + rises[1000]) / 2
        #expect(abs(median / Self.model.medianRiseTime - 1) < 0.03)
        let points = releases.map(\.releasePoint)
        let mean = points.reduce(0, +) / Double(points.count)
        #expect(abs(mean - Self.model.meanReleasePoint) < 0.01)
        let spread = (points.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(points.count - 1)).squareRoot()
        #expect(abs(spread / Self.model.releasePointSpread - 1) < 0.1)
    }

    /// A seed gives the same stream on every run (noise included), another seed another stream.
    @Test func sameSeedSameStream() throws {
        func stream(_ seed: UInt64) throws -> TouchStream {
            try GestureScript.swipe(
                from: Point(x: 200, y: 700), to: Point(x: 200, y: 300), releaseVelocity: 3000,
                human: Self.model.release(seed: seed)
            )
            .touchStream(digitiser: Digitiser(sampleRate: 120, positionNoise: 0.3), seed: seed)
        }
        #expect(try stream(7) == stream(7))
        #expect(try stream(7) != stream(8))
    }

    static let long = HumanRelease(riseTime: 0.14, releasePoint: 0.62, carriedSpeedRatio: 0.26, carryPeakRatio: 0.5)
    static let accelerating = HumanRelease(riseTime: 0.1, releasePoint: 0.4, carriedSpeedRatio: 0, carryPeakRatio: 0.5)

    /// A swipe with room for the rise: a carry of 1.875·D_c/(κV) seconds, then R seconds of rise; it
    /// lifts exactly at `to`, peaks at V, arrives at the rise at c·V and lifts at V·(c + (1 − c)p′(τ)/p′(½))
    /// (the formulas of ``HumanRelease``, worked here from its fields).
    @Test(arguments: [long, accelerating])
    func swipeWithACarry(_ human: HumanRelease) throws {
        let from = Point(x: 100, y: 800)
        let to = Point(x: 400, y: 200)
        let distance = (to - from).length
        let speed = 1500.0
        let script = try GestureScript.swipe(from: from, to: to, releaseVelocity: speed, human: human)
        let path = script.fingers[0].path
        let jerk = MotionProfile.minimumJerk
        let tau = human.releasePoint
        // p′ peaks at ½ with 1.875: past it the rise's peak is the reach's, before it the release speed.
        let k = jerk.progress(at: tau) / (tau * (tau >= 0.5 ? 1.875 : jerk.rate(at: tau)))
        let rise = speed * human.riseTime * (human.carriedSpeedRatio + (1 - human.carriedSpeedRatio) * k)
        #expect(rise < distance)
        let carrySeconds = 1.875 * (distance - rise) / (human.carryPeakRatio * speed)
        #expect(abs(path.duration - (carrySeconds + human.riseTime)) < 1e-12)
        #expect(path.end == to)
        #expect(path.position(at: path.duration).distance(to: to) < 1e-9)
        #expect(abs(Self.peakSpeed(path) / speed - 1) < 1e-6)
        #expect(abs(path.velocity(at: carrySeconds).length - human.carriedSpeedRatio * speed) < 1e-6 * speed)
        let rate = jerk.rate(at: tau) / jerk.rate(at: min(tau, 0.5))
        let liftOff = speed * (human.carriedSpeedRatio + (1 - human.carriedSpeedRatio) * rate)
        #expect(abs(path.finalVelocity.length - liftOff) < 1e-9 * speed)
        #expect(abs(human.liftOffSpeedRatio * speed - liftOff) < 1e-9 * speed)
        let direction = (to - from) / distance
        #expect(abs(path.finalVelocity.dx * direction.dy - path.finalVelocity.dy * direction.dx) < 1e-9 * speed)
    }

    static let steady = HumanRelease(
        riseTime: 0.06, releasePoint: 0.6, carriedSpeedRatio: 0.2, carryPeakRatio: 0.5, steadyTime: 0.04)
    static let resting = HumanRelease(
        riseTime: 0.06, releasePoint: 0.6, carriedSpeedRatio: 0, carryPeakRatio: 0.5, steadyTime: 0.04)

    /// With G > 0 the finger keeps c·V for G seconds between the carry and the rise (rests, when c = 0):
    /// the carry covers D − d − c·V·G in 1.875·(D − d − c·V·G)/(κV), then G, then R; the speed is c·V
    /// all through G and the swipe still peaks at V and lifts at `to`.
    @Test(arguments: [steady, resting])
    func steadyMotionBeforeTheRise(_ human: HumanRelease) throws {
        let from = Point(x: 100, y: 800)
        let to = Point(x: 100, y: 400)
        let speed = 2000.0
        let rise = human.riseDistance(velocity: speed)
        let steadyDistance = speed * human.carriedSpeedRatio * human.steadyTime
        #expect(human.steadyDistance(velocity: speed) == steadyDistance)
        let path = try GestureScript.swipe(from: from, to: to, releaseVelocity: speed, human: human).fingers[0].path
        let carrySeconds = 1.875 * (400 - rise - steadyDistance) / (human.carryPeakRatio * speed)
        #expect(abs(path.duration - (carrySeconds + human.steadyTime + human.riseTime)) < 1e-12)
        for k in 0...10 {
            let time = carrySeconds + human.steadyTime * Double(k) / 10
            #expect(abs(path.velocity(at: time).length - human.carriedSpeedRatio * speed) < 1e-6 * speed)
        }
        #expect(abs(Self.peakSpeed(path) / speed - 1) < 1e-6)
        #expect(path.end == to)
    }

    /// A swipe longer than the rise but shorter than the rise and the steady motion lands moving at c·V,
    /// keeps it over D − d, then rises: it lasts (D − d)/(c·V) + R.
    @Test func landsMovingWhenTooShortForTheCarry() throws {
        let human = Self.steady
        let speed = 2000.0
        let rise = human.riseDistance(velocity: speed)
        let distance = rise + 0.5 * human.steadyDistance(velocity: speed)
        let path = try GestureScript.swipe(
            from: .zero, to: Point(x: distance, y: 0), releaseVelocity: speed, human: human
        ).fingers[0].path
        #expect(path.initialVelocity == Vector(dx: human.carriedSpeedRatio * speed, dy: 0))
        let landing = (distance - rise) / (human.carriedSpeedRatio * speed)
        #expect(abs(path.duration - (landing + human.riseTime)) < 1e-12)
        #expect(abs(path.velocity(at: landing / 2).dx - human.carriedSpeedRatio * speed) < 1e-9 * speed)
        #expect(abs(Self.peakSpeed(path) / speed - 1) < 1e-6)
    }

    /// A swipe too short for its rise is all rise: the finger lands moving at c·V, and the rise, still
    /// peaking at V, lasts |to − from|/(d/R).
    @Test func shortSwipeIsAllRise() throws {
        let human = Self.long
        let from = Point(x: 0, y: 0)
        let to = Point(x: 0, y: 150)
        let speed = 6000.0
        let rise = human.riseDistance(velocity: speed)
        #expect(rise > 150)
        let path = try GestureScript.swipe(from: from, to: to, releaseVelocity: speed, human: human).fingers[0].path
        #expect(abs(path.duration - human.riseTime * 150 / rise) < 1e-12)
        #expect(path.initialVelocity == Vector(dx: 0, dy: human.carriedSpeedRatio * speed))
        #expect(path.velocity(at: 0) == path.initialVelocity)
        #expect(abs(Self.peakSpeed(path) / speed - 1) < 1e-6)
        #expect(path.end == to)
    }

    /// The drag a release decision takes, with a human release: ends at start + translation, peaks at
    /// |V| along V, keeps c·V through G before the rise, and without a velocity is the plain move.
    @Test func releaseDrag() throws {
        let start = Point(x: 196, y: 300)
        let velocity = Vector(dx: 0, dy: 2000)
        let script = try GestureScript.release(
            from: start, translation: Vector(dx: 0, dy: 40),
            releaseVelocity: velocity, human: Self.long)
        let path = script.fingers[0].path
        #expect(path.end.distance(to: Point(x: 196, y: 340)) < 1e-9)
        #expect(abs(Self.peakSpeed(path) / 2000 - 1) < 1e-6)
        #expect(abs(path.duration - (0.25 + 0.05 + Self.long.riseTime)) < 1e-12)
        let steady = try GestureScript.release(
            from: start, translation: Vector(dx: 0, dy: 40), releaseVelocity: velocity, human: Self.steady
        ).fingers[0].path
        let riseStart = 0.25 + 0.05 + Self.steady.steadyTime
        #expect(abs(steady.duration - (riseStart + Self.steady.riseTime)) < 1e-12)
        #expect(abs(steady.velocity(at: riseStart - 0.02).dy - Self.steady.carriedSpeedRatio * 2000) < 1e-6)
        #expect(steady.end.distance(to: Point(x: 196, y: 340)) < 1e-9)
        let still = try GestureScript.release(
            from: start, translation: Vector(dx: 0, dy: 40), releaseVelocity: .zero,
            human: Self.long)
        #expect(still.fingers[0].path.finalVelocity == .zero)
    }

    /// The rise segment on its own: on a linear profile the carried velocity plus the profile's part
    /// make a constant acceleration's worth of nothing: x(u) = x₀ + b·u + (Δ − b·d)·u/d, so the segment
    /// ends at `to` with velocity Δ/d, whatever b.
    @Test func flickFromMotionOnALinearProfile() throws {
        var path = try FingerPath(start: .zero, initialVelocity: Vector(dx: 100, dy: 0))
        try path.append(.flickFromMotion(to: Point(x: 30, y: 10), seconds: 0.1, profile: .linear, releaseAt: 1))
        #expect(path.end == Point(x: 30, y: 10))
        #expect(abs(path.finalVelocity.dx - 300) < 1e-9)
        #expect(abs(path.finalVelocity.dy - 100) < 1e-9)
        #expect(path.velocity(at: 0) == Vector(dx: 300, dy: 100))
    }

    @Test func outOfRangeReleasesAreRejected() {
        func release(_ r: Double, _ tau: Double, _ c: Double, _ kappa: Double) -> HumanRelease {
            HumanRelease(riseTime: r, releasePoint: tau, carriedSpeedRatio: c, carryPeakRatio: kappa)
        }
        let cases: [(HumanRelease, SynthesisError.Field)] = [
            (release(0, 0.6, 0.2, 0.5), .riseTime),
            (release(0.1, 0.01, 0.2, 0.5), .releasePoint),
            (release(0.1, 0.6, 0.2, 0), .carryPeakRatio),
            // c·1.875/κ = 3.75: no minimum-jerk carry ends at more than 3× its mean speed.
            (release(0.1, 0.6, 0.9, 0.45), .carriedSpeedRatio),
        ]
        for (release, field) in cases {
            #expect(throws: SynthesisError.self) { try release.validate() }
            do { try release.validate() } catch { #expect(error.field == field) }
        }
        #expect(throws: SynthesisError.self) {
            try GestureScript.swipe(from: .zero, to: .zero, releaseVelocity: 1000, human: Self.long)
        }
    }
}
