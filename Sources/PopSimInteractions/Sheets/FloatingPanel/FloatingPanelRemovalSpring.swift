import PopSimDynamics
import PopSimGestures

/// The animation that takes a removed panel to its hidden position: the default dismissing animator,
/// `makeDefaultAnimator(initialVelocity:)` (scenee/FloatingPanel@7efcc76 Sources/Controller.swift:741-767),
/// a `UIViewPropertyAnimator` with `UISpringTimingParameters(decelerationRate: DecelerationRate.fast,
/// frequencyResponse: 0.25, initialVelocity:)`, which the library turns into a physical spring
/// (Sources/Extensions.swift:118-130): ζ = ln(0.99)/(−4π·0.001) ≈ 0.7998, mass 1,
/// stiffness (2π/0.25)², damping 4πζ/0.25.
///
/// Its initial velocity is the removal vector with its sign dropped (Sources/Core.swift:183-185), which
/// UIKit reads as normalised by the animation's distance: |v/d|·d = |v| toward the hidden position.
/// The animator is created with duration 0, so UIKit computes the duration from the spring; how is
/// not documented, and PopSim ends the animation at the spring's settling time from rest to
/// ``settlingEpsilon`` of the distance (a parameter; Documentation/sheets.md).
public struct FloatingPanelRemovalSpring: Sendable, Hashable {
    /// `frequencyResponse`, seconds (Sources/Controller.swift:760).
    public var frequencyResponse: Double
    /// The deceleration rate that sets ζ (`DecelerationRate.fast`, Sources/Controller.swift:759).
    public var decelerationRate: Double
    /// The fraction of the distance within which the animation counts as finished (UIKit's rule is not
    /// published; default ``Spring/settlingEpsilon``, SwiftUI's `settlingDuration` definition).
    public var settlingEpsilon: Double

    public init(
        frequencyResponse: Double = 0.25, decelerationRate: Double = FloatingPanelBehavior.fastDecelerationRate,
        settlingEpsilon: Double = Spring.settlingEpsilon
    ) {
        self.frequencyResponse = frequencyResponse
        self.decelerationRate = decelerationRate
        self.settlingEpsilon = settlingEpsilon
    }

    public static let `default` = FloatingPanelRemovalSpring()

    /// ζ from the deceleration rate: ln(r)/(−4π·0.001).
    public var dampingRatio: Double { DeterministicMath.log(decelerationRate) / (-4 * .pi * 0.001) }

    /// The physical spring (mass 1).
    public func spring() throws(DynamicsError) -> Spring {
        try FloatingPanelBehavior.require(
            frequencyResponse.isFinite && frequencyResponse > 0 && frequencyResponse <= 1e3,
            "removal.frequencyResponse", frequencyResponse, "a positive finite number of seconds ≤ 1000")
        try FloatingPanelBehavior.require(
            decelerationRate.isFinite && decelerationRate > 0 && decelerationRate < 1,
            "removal.decelerationRate", decelerationRate, "in (0, 1)")
        try FloatingPanelBehavior.require(
            settlingEpsilon.isFinite && settlingEpsilon > 0 && settlingEpsilon < 1,
            "removal.settlingEpsilon", settlingEpsilon, "in (0, 1)")
        let mass = 1.0
        let root = 2 * .pi / frequencyResponse
        return try Spring(
            mass: mass, stiffness: root * root * mass, damping: 4 * .pi * dampingRatio * mass / frequencyResponse)
    }

    /// How long the animation runs: the spring's settling time to ``settlingEpsilon``.
    public func duration() throws(DynamicsError) -> Double {
        try spring().settlingTime(epsilon: settlingEpsilon)
    }
}
