import Foundation
import PopSimPlatform
import Testing

@testable import PopSimDynamics

@Suite("Settling time")
struct SettlingTimeTests {
    /// Step response of a spring from rest, normalised to a unit step: |x − target| / |Δ|.
    static func normalisedError(_ spring: Spring, _ t: Double) -> Double {
        abs(spring.state(after: t, from: SpringState(displacement: 1, velocity: 0)).displacement)
    }

    /// Critical damping: e^(−ω₀t)(1 + ω₀t) = 0.001 at ω₀t = 9.233413476451585730 (mpmath.findroot).
    @Test func criticalClosedForm() throws {
        let spring = try Spring(stiffness: 400, damping: 40)
        #expect(abs(try spring.settlingTime() * 20 - 9.233413476451585730) < 1e-12)
    }

    /// The definition itself: |error| = ε at the settling time, above ε just before it, and never
    /// above ε after it (checked on a fine grid over five settling times).
    static let ratios: [Double] = [0.05, 0.2, 0.5, 0.7, 0.825, 0.99, 1 - 1e-7, 1.0, 1.5, 10.0]

    @Test(arguments: ratios)
    func definition(ratio: Double) throws {
        let spring = try Spring(response: 0.5, dampingRatio: ratio)
        let epsilon = 0.001
        let settling = try spring.settlingTime(epsilon: epsilon)
        #expect(abs(Self.normalisedError(spring, settling) - epsilon) <= 1e-12)
        #expect(Self.normalisedError(spring, settling * (1 - 1e-9)) > epsilon)
        let steps = 20_000
        for i in 1...steps {
            let t = settling * (1 + 4 * Double(i) / Double(steps))
            #expect(Self.normalisedError(spring, t) <= epsilon * (1 + 1e-12))
            if Self.normalisedError(spring, t) > epsilon * (1 + 1e-12) { break }
        }
    }

    /// Respring's underdamped bound t ≤ ln((|c₁| + |c₂|)/ε)/λ with c₁ = 1, c₂ = λ/ω_d
    /// (Documentation/springs-and-gsl.md §2): the exact time can only be earlier.
    @Test(arguments: [0.1, 0.3, 0.7])
    func underdampedBound(ratio: Double) throws {
        let spring = try Spring(response: 0.4, dampingRatio: ratio)
        let bound = Double.log((1 + spring.decayRate / spring.dampedFrequency) / 0.001) / spring.decayRate
        #expect(try spring.settlingTime() <= bound)
        #expect(try spring.settlingTime() > bound - Double.pi / spring.dampedFrequency)
    }

    @Test func undampedNeverSettles() throws {
        #expect(try Spring(stiffness: 100, damping: 0).settlingTime() == .infinity)
    }

    @Test func epsilonAtLeastOneSettlesImmediately() throws {
        #expect(try Spring.bouncy.settlingTime(epsilon: 1) == 0)
    }

    @Test func invalidEpsilonThrows() {
        #expect(throws: DynamicsError.self) { _ = try Spring.bouncy.settlingTime(epsilon: 0) }
        #expect(throws: DynamicsError.self) { _ = try Spring.bouncy.settlingTime(epsilon: .nan) }
    }
}

@Suite("Settling time at the limits")
struct SettlingTimeLimitTests {
    /// ζ = 5·10⁻³⁰¹ would need about 4·10³⁰⁰ half-periods: refused at once, not counted.
    @Test func tooLightADampingIsAnError() {
        #expect(throws: DynamicsError.self) { _ = try Spring(stiffness: 1, damping: 1e-300).settlingTime() }
        #expect(throws: DynamicsError.self) { _ = try Spring(mass: 1, stiffness: 1e9, damping: 1e-12).settlingTime() }
    }

    /// ζ = 10⁻¹² still settles within 2^50 half-periods. The extrema |u(nπ/ω_d)| = e^(−λnπ/ω_d) lie on
    /// the envelope, and the settling time falls between the last extremum above ε and the zero crossing
    /// after it, so within a half period π/ω_d of the envelope's crossing ln(1/ε)/λ
    /// (λ = ζω₀ = 10⁻¹² s⁻¹, ω_d ≈ 1 rad/s).
    @Test func lightButCountableDampingSettles() throws {
        let spring = try Spring(mass: 1, stiffness: 1, damping: 2e-12)
        let settling = try spring.settlingTime()
        let envelope = Double.log(1000) / 1e-12
        #expect(abs(settling - envelope) < Double.pi)
    }

    /// The most overdamped in-range spring (ζ ≈ 5·10¹⁴) settles in a finite, representable time:
    /// the slow mode decays at r₁ ≈ −k/c = −10⁻¹⁵ s⁻¹, so t ≈ ln(1000)·10¹⁵ s.
    @Test func heavilyOverdampedSettles() throws {
        let settling = try Spring(mass: 1e-6, stiffness: 1e-6, damping: 1e9).settlingTime()
        #expect(abs(settling / (Double.log(1000) * 1e15) - 1) < 1e-6)
    }
}
