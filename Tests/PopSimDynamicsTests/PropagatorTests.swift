import Foundation
import PopSimPlatform
import Testing

@testable import PopSimDynamics

@Suite("Exact fixed-interval propagator")
struct PropagatorTests {
    static let ratios: [Double] = [0, 0.2, 0.825, 1 - 1e-9, 1, 1.3, 20]
    static let rates: [Double] = [60, 120, 240]

    /// The propagator's accuracy bar: within 1e-12 of the closed form over 10 000 frames, for every regime and rate.
    /// The error is measured in ‖(x, v/ω₀)‖ relative to the initial state's norm.
    @Test(arguments: ratios, rates)
    func tenThousandStepsStayOnTheClosedForm(ratio: Double, rate: Double) throws {
        let spring = try Spring(response: 0.55, dampingRatio: ratio)
        let h = 1 / rate
        let propagator = try SpringPropagator(spring: spring, interval: h)
        let start = SpringState(displacement: -1, velocity: 4)
        let w = spring.naturalFrequency
        let norm = (1 + (4 / w) * (4 / w)).squareRoot()
        var state = start
        var worst = 0.0
        for i in 1...10_000 {
            propagator.advance(&state)
            let exact = spring.state(after: Double(i) * h, from: start)
            let dx = state.displacement - exact.displacement
            let dv = (state.velocity - exact.velocity) / w
            worst = max(worst, (dx * dx + dv * dv).squareRoot() / norm)
        }
        #expect(worst <= 1e-12, "worst \(worst)")
    }

    /// Liouville's formula, an independent check of Φ = e^(Ah): det Φ = e^(trace(A)·h) = e^(−(c/m)h).
    @Test(arguments: ratios)
    func determinantIsLiouville(ratio: Double) throws {
        let spring = try Spring(response: 0.4, dampingRatio: ratio)
        let h = 1.0 / 120
        let ((a, b), (c, d)) = try SpringPropagator(spring: spring, interval: h).transitionMatrix
        let expected = Double.exp(-spring.damping / spring.mass * h)
        #expect(abs((a * d - b * c) - expected) <= 1e-14)
    }

    @Test func batchMatchesSingleSpringSteps() throws {
        let propagator = try SpringPropagator(spring: .bouncy, interval: 1.0 / 120)
        let positions = (0..<37).map { Double($0) * 3.5 - 20 }
        let velocities = (0..<37).map { Double($0 % 5) * 100 - 200 }
        let targets = (0..<37).map { Double($0 % 3) * 50 }
        var batch = try SpringBatch(
            propagator: propagator, positions: positions, velocities: velocities, targets: targets)
        var singles = (0..<37).map { SpringState(displacement: positions[$0] - targets[$0], velocity: velocities[$0]) }
        for _ in 0..<200 {
            batch.advance()
            for i in singles.indices { propagator.advance(&singles[i]) }
        }
        for i in singles.indices {
            #expect(batch.state(i) == singles[i])
            #expect(batch.position(i) == targets[i] + singles[i].displacement)
        }
    }

    @Test func batchRetargetKeepsPositionAndVelocity() throws {
        let propagator = try SpringPropagator(spring: .snappy, interval: 1.0 / 60)
        var batch = try SpringBatch(
            propagator: propagator, positions: [0, 10], velocities: [5, -5], targets: [100, 100])
        for _ in 0..<5 { batch.advance() }
        let before = (batch.position(1), batch.state(1).velocity)
        batch.retarget(1, to: -40)
        #expect(abs(batch.position(1) - before.0) < 1e-12)
        #expect(batch.state(1).velocity == before.1)
        for _ in 0..<600 { batch.advance() }
        #expect(abs(batch.position(1) + 40) < 1e-6)
    }

    @Test func mismatchedBatchArraysThrow() throws {
        let propagator = try SpringPropagator(spring: .smooth, interval: 0.01)
        #expect(throws: DynamicsError.self) {
            _ = try SpringBatch(propagator: propagator, positions: [0, 1], velocities: [0], targets: [0, 1])
        }
    }

    @Test(arguments: [0.0, -0.01, .nan, .infinity])
    func invalidIntervalThrows(interval: Double) {
        #expect(throws: DynamicsError.self) { _ = try SpringPropagator(spring: .smooth, interval: interval) }
    }
}
