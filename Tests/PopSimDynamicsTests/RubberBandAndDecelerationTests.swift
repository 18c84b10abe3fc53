import Foundation
import Testing

@testable import PopSimDynamics

@Suite("Rubber bands")
struct RubberBandTests {
    /// Documentation/springs-and-gsl.md §5, d = 960: x = 5, 10, 100, 400, 960 → 2.74, 5.47, 52.02, 178.98, 340.65.
    @Test(arguments: zip([5.0, 10, 100, 400, 960], [2.74, 5.47, 52.02, 178.98, 340.65]))
    func scrollViewTable(pull: Double, displayed: Double) throws {
        let band = try ScrollViewRubberBand(dimension: 960)
        #expect(abs(band.displayed(forPull: pull) - displayed) < 0.005)
        #expect(abs(band.displayed(forPull: -pull) + displayed) < 0.005)
        #expect(abs(band.pull(forDisplayed: band.displayed(forPull: pull)) - pull) < 1e-9 * pull)
    }

    /// Documentation/popovers.md §1: R(2)=1.62, R(10)=5.01, R(50)=15.46, R(100)=25.12, R(200)=40.81, R(300)=54.20,
    /// R(500)=77.50.
    @Test(arguments: zip([2.0, 10, 50, 100, 200, 300, 500], [1.62, 5.01, 15.46, 25.12, 40.81, 54.20, 77.50]))
    func popoversTable(pull: Double, displayed: Double) {
        let band = PowerRubberBand.popovers
        #expect(abs(band.displayed(forPull: pull) - displayed) < 0.005)
        #expect(abs(band.displayed(forPull: -pull) + displayed) < 0.005)
        #expect(abs(band.pull(forDisplayed: band.displayed(forPull: -pull)) + pull) < 1e-9 * pull)
        #expect(band.displayed(forPull: 0) == 0)
    }

    /// Documentation/lnpopupcontroller.md §5 at d = 852: 50 → 15.7, 100 → 30.8, 200 → 59.5; at the snap trigger
    /// x = c·d the content sits at d·c²/(1 + c²) = 0.0929·d (79 pt).
    @Test func snapTable() throws {
        let band = try SnapRubberBand(snapPercent: 0.32, dimension: 852)
        #expect(abs(band.displayed(forPull: 50) - 15.7) < 0.05)
        #expect(abs(band.displayed(forPull: 100) - 30.8) < 0.05)
        #expect(abs(band.displayed(forPull: 200) - 59.5) < 0.05)
        let atTrigger = band.displayed(forPull: 0.32 * 852)
        #expect(abs(atTrigger - 852 * 0.32 * 0.32 / (1 + 0.32 * 0.32)) < 1e-9)
        #expect(abs(atTrigger - 79) < 0.2)
        #expect(abs(band.pull(forDisplayed: atTrigger) - 0.32 * 852) < 1e-9)
    }

    @Test func invalidBandsThrow() {
        #expect(throws: DynamicsError.self) { _ = try ScrollViewRubberBand(dimension: 0) }
        #expect(throws: DynamicsError.self) { _ = try SnapRubberBand(snapPercent: .nan, dimension: 800) }
        #expect(throws: DynamicsError.self) { _ = try PowerRubberBand(exponent: -1) }
    }
}

@Suite("Deceleration")
struct DecelerationTests {
    /// Documentation/springs-and-gsl.md §6: per 1000 pt/s, .normal travels 499.5 pt (continuous) or 499 pt (WWDC
    /// geometric series); .fast 99.5 or 99.
    @Test func projectedDistances() {
        #expect(abs(Deceleration.normal.projectedEnd(from: 0, initialVelocity: 1000) - 499.5) < 0.05)
        #expect(abs(Deceleration.normal.projectedEndGeometric(from: 0, initialVelocity: 1000) - 499) < 1e-9)
        #expect(abs(Deceleration.fast.projectedEnd(from: 0, initialVelocity: 1000) - 99.5) < 0.05)
        #expect(abs(Deceleration.fast.projectedEndGeometric(from: 0, initialVelocity: 1000) - 99) < 1e-9)
    }

    /// Time to decay from 1000 to 1 pt/s: 3.45 s (.normal), 0.69 s (.fast).
    @Test func timeToSlowDown() throws {
        #expect(abs(try Deceleration.normal.timeUntilSpeed(1, initialVelocity: 1000) - 3.45) < 0.005)
        #expect(abs(try Deceleration.fast.timeUntilSpeed(1, initialVelocity: -1000) - 0.69) < 0.005)
    }

    /// Flutter's FrictionSimulation golden values (friction_simulation_test): drag 0.135, x₀ 100,
    /// v₀ 100 → x(0.1) ≈ 110, x(0.5) ≈ 131, x(2.0) ≈ 149, each ±1.
    @Test func flutterFrictionGoldens() throws {
        let friction = try Deceleration(dragPerSecond: 0.135)
        #expect(abs(friction.position(at: 0.1, from: 100, initialVelocity: 100) - 110) <= 1)
        #expect(abs(friction.position(at: 0.5, from: 100, initialVelocity: 100) - 131) <= 1)
        #expect(abs(friction.position(at: 2.0, from: 100, initialVelocity: 100) - 149) <= 1)
    }

    @Test func remainingDistanceTimeIsConsistent() throws {
        let d = Deceleration.normal
        let t = try d.timeUntilRemainingDistance(0.5, initialVelocity: 2000)
        let end = d.projectedEnd(from: 0, initialVelocity: 2000)
        #expect(abs(end - d.position(at: t, from: 0, initialVelocity: 2000) - 0.5) < 1e-9)
        #expect(abs(d.velocity(at: t, initialVelocity: 2000) - 0.5 * -d.rate) < 1e-9)
    }

    @Test(arguments: [0.0, 1.0, 1.5, -0.2, .nan])
    func invalidRatesThrow(rate: Double) {
        #expect(throws: DynamicsError.self) { _ = try Deceleration(ratePerMillisecond: rate) }
    }
}
