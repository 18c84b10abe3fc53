import Testing

@testable import PopSimDynamics

@Suite("Spring parameterisations")
struct SpringConversionTests {
    /// Apple's `Spring` documentation: Spring(duration: 0.5, bounce: 0.3) has mass 1, stiffness 157.9,
    /// damping 17.6 (Documentation/springs-and-gsl.md §1).
    @Test func appleDurationBounceCheckValue() throws {
        let spring = try Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
    }

    /// Apple's `Spring` documentation: Spring(mass: 1, stiffness: 100, damping: 10) has duration 0.63
    /// and bounce 0.5. Exactly: duration = 2π√(m/k) = 2π/10, bounce = 1 − ζ = 1 − c/(2√(mk)) = 0.5.
    @Test func appleMassStiffnessDampingCheckValue() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 2 * Double.pi / 10) <= 2 * (2 * Double.pi / 10).ulp)
        #expect((spring.duration * 100).rounded() / 100 == 0.63)
        #expect(abs(spring.bounce - 0.5) < 1e-12)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-15)
    }

    @Test(arguments: [0.1, 0.35, 0.55, 1.0, 2.5], [0.0, 0.2, 0.825, 1.0, 1.7, 40.0])
    func responseDampingRatioRoundTrip(response: Double, ratio: Double) throws {
        let spring = try Spring(response: response, dampingRatio: ratio)
        #expect(abs(spring.response - response) <= 4 * response.ulp)
        #expect(abs(spring.dampingRatio - ratio) <= 4 * max(ratio, 1).ulp)
    }

    @Test(arguments: [0.2, 0.5, 1.3], [-0.9, -0.5, -0.1, 0.0, 0.15, 0.3, 0.99, 1.0])
    func durationBounceRoundTrip(duration: Double, bounce: Double) throws {
        let spring = try Spring(duration: duration, bounce: bounce)
        #expect(abs(spring.duration - duration) <= 4 * duration.ulp)
        #expect(abs(spring.bounce - bounce) <= 1e-14)
    }

    /// Negative bounce is overdamped with ζ = 1/(1 + b): b = −0.5 → ζ = 2.
    @Test func negativeBounceIsOverdamped() throws {
        let spring = try Spring(duration: 0.5, bounce: -0.5)
        #expect(abs(spring.dampingRatio - 2) < 1e-14)
        #expect(spring.regime == .overdamped)
    }

    @Test(arguments: [(0.7, 3.0, 11.0), (1, 100, 10), (2.5, 3000, 0.5)])
    func physicalRoundTripThroughResponse(m: Double, k: Double, c: Double) throws {
        let spring = try Spring(mass: m, stiffness: k, damping: c)
        let back = try Spring(response: spring.response, dampingRatio: spring.dampingRatio, mass: m)
        #expect(abs(back.stiffness - k) <= 1e-13 * k)
        #expect(abs(back.damping - c) <= 1e-13 * c)
    }

    /// SwiftUI presets all have duration 0.5 s, so k = (2π/0.5)² = 157.91 and c = 4π(1 − b)/0.5:
    /// 25.13 (smooth, b 0), 21.36 (snappy, b 0.15), 17.59 (bouncy, b 0.3) (Documentation/springs-and-gsl.md §1).
    @Test(arguments: [(SpringPreset.smooth, 25.13), (.snappy, 21.36), (.bouncy, 17.59)])
    func swiftUIPresets(preset: SpringPreset, damping: Double) {
        #expect(abs(preset.spring.stiffness - 157.91) < 0.005)
        #expect(abs(preset.spring.damping - damping) < 0.005)
    }

    /// `.spring()`: response 0.55, ζ 0.825 → k ≈ 130.5, c ≈ 18.85 (Documentation/popovers.md §5).
    @Test func swiftUIDefaultSpring() {
        #expect(abs(Spring.swiftUIDefault.stiffness - 130.5) < 0.05)
        #expect(abs(Spring.swiftUIDefault.damping - 18.85) < 0.005)
    }

    /// Android stiffness presets have responses 0.063 / 0.162 / 0.444 / 0.889 s with unit mass
    /// (Documentation/springs-and-gsl.md §1).
    @Test(arguments: zip(AndroidSpring.Stiffness.allCases, [0.063, 0.162, 0.444, 0.889]))
    func androidStiffnessResponses(stiffness: AndroidSpring.Stiffness, response: Double) throws {
        let spring = try Spring(stiffness: stiffness.rawValue, dampingRatio: 0.5)
        #expect(abs(spring.response - response) < 0.0005)
    }

    /// Popovers' menu springs: present k ≈ 438.6, c ≈ 29.32; dismiss k ≈ 246.7, c ≈ 28.27
    /// (Documentation/popovers.md §5).
    @Test func popoversMenuSprings() {
        #expect(abs(SpringPreset.popoversMenuPresent.spring.stiffness - 438.6) < 0.05)
        #expect(abs(SpringPreset.popoversMenuPresent.spring.damping - 29.32) < 0.005)
        #expect(abs(SpringPreset.popoversMenuDismiss.spring.stiffness - 246.7) < 0.05)
        #expect(abs(SpringPreset.popoversMenuDismiss.spring.damping - 28.27) < 0.005)
    }

    /// Overshoot of a ζ = 0.87 spring: exp(−πζ/√(1 − ζ²)) ≈ 0.39 %
    /// (Documentation/lnpopupcontroller.md §10).
    @Test func overshootOfLNPopupCloseSpring() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.87)
        #expect(abs(spring.overshoot - 0.0039) < 0.00005)
        #expect(try Spring(response: 0.5, dampingRatio: 1).overshoot == 0)
    }

    @Test func regimes() throws {
        #expect(try Spring(stiffness: 100, damping: 0).regime == .undamped)
        #expect(try Spring(stiffness: 100, damping: 10).regime == .underdamped)
        #expect(try Spring(stiffness: 100, damping: 20).regime == .criticallyDamped)
        #expect(try Spring(stiffness: 100, damping: 30).regime == .overdamped)
    }

    static let invalidPhysical: [(Double, Double, Double, String)] = [
        (0, 1, 1, "mass"), (-1, 1, 1, "mass"), (.nan, 1, 1, "mass"), (.infinity, 1, 1, "mass"),
        (1, 0, 1, "stiffness"), (1, -3, 1, "stiffness"), (1, .nan, 1, "stiffness"),
        (1, 1, -0.1, "damping"), (1, 1, .infinity, "damping"), (1, 1, .nan, "damping"),
    ]

    @Test(arguments: invalidPhysical)
    func invalidPhysicalParametersThrowTypedError(m: Double, k: Double, c: Double, parameter: String) {
        #expect {
            _ = try Spring(mass: m, stiffness: k, damping: c)
        } throws: { error in
            guard case let .invalidParameter(name, _, _) = error as? DynamicsError else { return false }
            return name.rawValue == parameter
        }
    }

    @Test(arguments: [-1.0, -1.5, 1.0001, .nan])
    func bounceOutOfRangeThrows(bounce: Double) {
        #expect(throws: DynamicsError.self) { _ = try Spring(duration: 0.5, bounce: bounce) }
    }

    @Test func errorMessageNamesParameterAndRequirement() {
        let error = DynamicsError.invalidParameter(
            parameter: "mass", value: -1, requirement: "a positive finite number")
        #expect(error.description == "mass = -1.0 is invalid: it must be a positive finite number")
    }
}
