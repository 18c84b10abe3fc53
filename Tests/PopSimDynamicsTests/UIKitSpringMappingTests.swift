import Foundation
import Testing

@testable import PopSimDynamics

@Suite("UIKit (duration, damping ratio) approximation")
struct UIKitSpringMappingTests {
    /// Documentation/lnpopupcontroller.md §10: ζ = 1, D = 0.5 gives ω₀D = 9.2334, k ≈ 341.0, c ≈ 36.9.
    /// Independently, e^(−u)(1 + u) = 0.001 has the root u = 9.233413476451585730 (mpmath.findroot, 30 digits).
    @Test func criticalHalfSecond() throws {
        let spring = try Spring.uikit(duration: 0.5, dampingRatio: 1)
        let omega = spring.naturalFrequency
        #expect(abs(omega * 0.5 - 9.233413476451585730) < 1e-12)
        #expect(abs(spring.stiffness - 341.0) < 0.05)
        #expect(abs(spring.damping - 36.9) < 0.05)
    }

    /// ζ = 0.87, D = 0.5: with v₀ = 0 the envelope equation K·e^(−ζω₀D) = ε, K = ζ/√(1 − ζ²), has the
    /// closed-form root ω₀ = ln(K/ε)/(ζD) = 17.18536646087048 (mpmath); the reference quotes 17.19,
    /// k ≈ 295.3, c ≈ 29.9.
    @Test func gestureCloseSpring() throws {
        let spring = try Spring.uikit(duration: 0.5, dampingRatio: 0.87)
        #expect(abs(spring.naturalFrequency - 17.18536646087048) < 1e-11)
        #expect(abs(spring.stiffness - 295.3) < 0.05)
        #expect(abs(spring.damping - 29.9) < 0.05)
    }

    /// UIKit's "no bounce" ζ = 500 is clamped to 1 by the approximation (Documentation/lnpopupcontroller.md §10).
    @Test func largeDampingRatioIsClampedToCritical() throws {
        let clamped = try Spring.uikit(duration: 0.5, dampingRatio: 500)
        let critical = try Spring.uikit(duration: 0.5, dampingRatio: 1)
        #expect(clamped == critical)
    }

    /// The reference's further figures for ζ = 1: k ≈ 947 at D = 0.3 and k ≈ 1364 at D = 0.25.
    @Test(arguments: [(0.3, 947.0), (0.25, 1364.0)])
    func criticalStiffnessByDuration(duration: Double, stiffness: Double) throws {
        let spring = try Spring.uikit(duration: duration, dampingRatio: 1)
        #expect(abs(spring.stiffness - stiffness) / stiffness < 0.001)
    }

    @Test func epsilonIsAParameter() throws {
        let loose = try EnvelopeSpringMapping(epsilon: 0.01).spring(duration: 0.5, dampingRatio: 1)
        let tight = try EnvelopeSpringMapping(epsilon: 0.0001).spring(duration: 0.5, dampingRatio: 1)
        #expect(loose.stiffness < tight.stiffness)
    }

    @Test func invalidInputsThrow() {
        #expect(throws: DynamicsError.self) { _ = try Spring.uikit(duration: 0, dampingRatio: 1) }
        #expect(throws: DynamicsError.self) { _ = try Spring.uikit(duration: 0.5, dampingRatio: -1) }
        #expect(throws: DynamicsError.self) {
            _ = try EnvelopeSpringMapping(epsilon: 2).spring(duration: 0.5, dampingRatio: 1)
        }
    }
}
