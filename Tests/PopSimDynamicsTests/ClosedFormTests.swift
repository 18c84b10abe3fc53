import Foundation
import PopSimPlatform
import Testing

@testable import PopSimDynamics

@Suite("Closed-form spring solution")
struct ClosedFormTests {
    struct ReferenceRow {
        let spring: Spring
        let start: SpringState
        let time: Double
        let expected: SpringState
    }

    /// Tests/Fixtures/dynamics/spring-reference.csv: x(t), v(t) at 60 digits from the characteristic
    /// roots (mpmath), for ζ in {0, 0.2, 0.5, 0.75, 1 ± 1e-6, 1 ± 1e-9, 1 ± 1e-12, 1, 1.1, 1.3, 5, 20, 100},
    /// Flutter's m 1 k 500 ζ 1 fling spring and others; see spring-reference.py beside it.
    static let reference: [ReferenceRow] = {
        let text = (try? Fixtures.text("dynamics/spring-reference.csv")) ?? ""
        return text.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",").map { Double(String($0))! }
            return ReferenceRow(
                spring: try! Spring(mass: f[0], stiffness: f[1], damping: f[2]),
                start: SpringState(displacement: f[3], velocity: f[4]), time: f[5],
                expected: SpringState(displacement: f[6], velocity: f[7]))
        }
    }()

    /// Error measured in the phase-space norm ‖(x, v/ω₀)‖, which does not vanish at the zero
    /// crossings of an oscillation, relative to the reference state's own norm.
    static func relativeError(_ actual: SpringState, _ expected: SpringState, _ spring: Spring) -> Double {
        let w = spring.naturalFrequency
        let dx = actual.displacement - expected.displacement
        let dv = (actual.velocity - expected.velocity) / w
        let norm = (expected.displacement * expected.displacement + (expected.velocity / w) * (expected.velocity / w))
            .squareRoot()
        return (dx * dx + dv * dv).squareRoot() / norm
    }

    @Test func referenceFixtureIsComplete() {
        #expect(Self.reference.count == 1500)
    }

    /// The closed form's accuracy bar: ≤ 1e-12 relative to a high-precision reference, including ζ within
    /// 1e-6 of 1, ζ = 0 and ζ up to 100 (where Flutter's root-based forms lose digits).
    @Test func matchesHighPrecisionReference() {
        var worst = 0.0
        var worstRow: ReferenceRow?
        for row in Self.reference {
            let actual = row.spring.state(after: row.time, from: row.start)
            let error = Self.relativeError(actual, row.expected, row.spring)
            if error > worst {
                worst = error
                worstRow = row
            }
        }
        #expect(worst <= 1e-12, "worst relative error \(worst) at \(String(describing: worstRow))")
    }

    static let nearCritical: [Double] = [1 - 1e-6, 1 - 1e-9, 1 - 1e-12, 1.0, 1 + 1e-12, 1 + 1e-9, 1 + 1e-6]

    @Test(arguments: nearCritical)
    func nearCriticalMatchesExactCriticalForm(ratio: Double) throws {
        // For |ζ − 1| = δ the solution differs from the critical one by O(δ·(ω₀t)²) relative.
        let spring = try Spring(stiffness: 100, dampingRatio: ratio)
        let w = 10.0
        for t in stride(from: 0.0, through: 2.0, by: 0.05) {
            let s = spring.state(after: t, from: SpringState(displacement: 1, velocity: 3))
            let critical = Double.exp(-w * t) * (1 + (3 + w) * t)
            let delta = abs(ratio - 1)
            #expect(
                abs(s.displacement - critical) <= 1e-14 + 4 * delta * (w * t) * (w * t) * abs(critical) + 1e-15
                    * abs(critical))
        }
    }

    /// Flutter's `AnimationController.fling` spring (m 1, k 500, ζ 1) lands in Flutter's overdamped
    /// branch with r₂ − r₁ ≈ 4.8e-7 (Documentation/springs-and-gsl.md §7); here it must stay smooth.
    @Test func flutterFlingSpringStaysAccurate() throws {
        let spring = try Spring(mass: 1, stiffness: 500, dampingRatio: 1)
        let w = 500.0.squareRoot()
        let s = spring.state(after: 0.3, from: SpringState(displacement: -1, velocity: 0))
        let exact = -Double.exp(-w * 0.3) * (1 + w * 0.3)
        #expect(abs(s.displacement - exact) <= 1e-13 * abs(exact))
    }

    @Test func velocityIsTheDerivativeOfPosition() throws {
        for ratio in [0.0, 0.3, 1.0, 2.0, 50.0] {
            let simulation = try SpringSimulation(
                spring: try Spring(stiffness: 150, dampingRatio: ratio),
                start: 0, end: 10, initialVelocity: -20)
            for t in [0.01, 0.1, 0.37, 1.0] {
                let h = 1e-6
                let numeric = (simulation.position(at: t + h) - simulation.position(at: t - h)) / (2 * h)
                #expect(abs(numeric - simulation.velocity(at: t)) <= 1e-6 * max(1, abs(numeric)))
            }
        }
    }

    @Test func simulationStartsAndEndsWhereAsked() throws {
        let simulation = try SpringSimulation(spring: .bouncy, start: 40, end: 300, initialVelocity: 900)
        #expect(simulation.position(at: 0) == 40)
        #expect(simulation.velocity(at: 0) == 900)
        #expect(abs(simulation.position(at: 10) - 300) < 1e-9)
        #expect(simulation.isDone(at: 10))
        #expect(!simulation.isDone(at: 0.05))
    }

    /// The solution runs backwards exactly too: advancing by t then by −t returns the start.
    @Test func timeReversal() throws {
        let spring = try Spring(stiffness: 200, dampingRatio: 0.4)
        let start = SpringState(displacement: 2, velocity: -5)
        let back = spring.state(after: -0.2, from: spring.state(after: 0.2, from: start))
        #expect(abs(back.displacement - start.displacement) < 1e-12)
        #expect(abs(back.velocity - start.velocity) < 1e-11)
    }

    @Test func simulationRejectsNonFiniteInputs() {
        #expect(throws: DynamicsError.self) { _ = try SpringSimulation(spring: .smooth, start: .nan, end: 1) }
        #expect(throws: DynamicsError.self) {
            _ = try SpringSimulation(spring: .smooth, start: 0, end: 1, initialVelocity: .infinity)
        }
    }
}
