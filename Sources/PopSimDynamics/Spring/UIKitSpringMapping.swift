import PopSimPlatform

/// How a UIKit spring given as (duration, damping ratio), e.g.
/// `UISpringTimingParameters(dampingRatio:)` inside a `UIViewPropertyAnimator(duration:…)`, becomes a
/// physical spring.
///
/// **This is an approximation.** Apple does not publish how UIKit derives the stiffness from the
/// duration (Documentation/lnpopupcontroller.md §10). Models that need the mapping take it as a parameter so a
/// better one (measured on a device) can replace it.
public protocol UIKitSpringMapping: Sendable {
    func spring(duration: Double, dampingRatio: Double) throws(DynamicsError) -> Spring
}

/// The Framer-style "envelope" mapping (Documentation/lnpopupcontroller.md §10, after the
/// guillianbalisi/ios-spring-animations playground, `Sources/Math.swift`): mass 1, the damping ratio
/// clamped to ≤ 1 (so UIKit's ζ = 500 "no bounce" becomes critical damping), the duration clamped to
/// [0.01, 10] s, and ω₀ chosen so that the response's envelope has decayed to ε at t = duration:
///
/// - ζ < 1: ((ζω₀ − v₀)/ω_d)·e^(−ζω₀D) = ε
/// - ζ = 1: e^(−ω₀D)·(1 + (ω₀ − v₀)D) = ε
///
/// The playground runs 12 Newton steps from 5/D; here the equation is solved to full precision, which
/// is what those steps approach. Check values (Documentation/lnpopupcontroller.md §10):
/// ζ = 1, D = 0.5 → ω₀D = 9.2334, k ≈ 341.0; ζ = 0.87, D = 0.5 → ω₀ ≈ 17.19, k ≈ 295.3.
public struct EnvelopeSpringMapping: UIKitSpringMapping, Hashable {
    /// The envelope value at t = duration. Default 0.001 (``Spring/settlingEpsilon``), as in the source.
    public var epsilon: Double
    /// UIKit's `initialVelocity`, normalised by the animation distance (1/s). Default 0.
    public var initialVelocity: Double

    public init(epsilon: Double = Spring.settlingEpsilon, initialVelocity: Double = 0) {
        self.epsilon = epsilon
        self.initialVelocity = initialVelocity
    }

    public static let `default` = EnvelopeSpringMapping()

    public func spring(duration: Double, dampingRatio: Double) throws(DynamicsError) -> Spring {
        try DynamicsError.requirePositive(duration, .duration)
        try DynamicsError.require(
            dampingRatio.isFinite && dampingRatio > 0, .dampingRatio, dampingRatio,
            "a positive finite number")
        try DynamicsError.require(epsilon.isFinite && epsilon > 0 && epsilon < 1, .epsilon, epsilon, "in (0, 1)")
        try DynamicsError.requireFinite(initialVelocity, .initialVelocity)
        let zeta = min(dampingRatio, 1)
        let d = min(max(duration, 0.01), 10)
        let v0 = initialVelocity
        let eps = epsilon

        // f(ω₀) = envelope(ω₀) − ε, decreasing in ω₀ for v₀ ≤ ζω₀.
        let envelopeMinusEpsilon: (Double) -> (value: Double, derivative: Double)
        if zeta < 1 {
            let root = (1 - zeta * zeta).squareRoot()
            envelopeMinusEpsilon = { w in
                let decay = Double.exp(-zeta * w * d)
                let a = (zeta * w - v0) / (w * root)
                let da = v0 / (w * w * root)
                return (a * decay - eps, da * decay - zeta * d * a * decay)
            }
        } else {
            envelopeMinusEpsilon = { w in
                let decay = Double.exp(-w * d)
                let b = 1 + (w - v0) * d
                return (decay * b - eps, decay * d - d * decay * b)
            }
        }
        // Bracket: the envelope is large for small ω₀ and vanishes as ω₀ → ∞.
        var lower = max(v0 / zeta, 0) + 1e-9 / d
        var upper = 5 / d
        if envelopeMinusEpsilon(lower).value <= 0 {
            throw .invalidParameter(
                parameter: .dampingRatio, value: dampingRatio,
                requirement: "large enough that the envelope starts above ε = \(eps) (ζ/√(1−ζ²) > ε)")
        }
        while envelopeMinusEpsilon(upper).value > 0 {
            lower = upper
            upper *= 2
        }
        guard let omega = findRoot(between: lower, and: upper, envelopeMinusEpsilon) else {
            throw .invalidParameter(
                parameter: .duration, value: duration, requirement: "one for which the envelope equation has a root")
        }
        return Spring(uncheckedMass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }
}

extension Spring {
    /// A UIKit (duration, damping ratio) spring through `mapping` (default: the documented envelope
    /// approximation). See ``UIKitSpringMapping`` for why this is not exact.
    public static func uikit(
        duration: Double, dampingRatio: Double,
        mapping: some UIKitSpringMapping = EnvelopeSpringMapping.default
    ) throws(DynamicsError) -> Spring {
        try mapping.spring(duration: duration, dampingRatio: dampingRatio)
    }
}
