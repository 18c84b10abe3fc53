import PopSimPlatform

/// A damped harmonic oscillator, m·x″ + c·x′ + k·x = 0 with x the displacement from the target:
/// the one model behind every spring API on Apple's platforms, Flutter and Android
/// (reference: Documentation/springs-and-gsl.md §1). It stores the physical triple (mass, stiffness, damping)
/// and converts exactly to and from the other parameterisations users meet:
///
/// - response + damping ratio (SwiftUI `spring(response:dampingFraction:)`, WWDC18-803),
/// - duration + bounce (SwiftUI `Spring(duration:bounce:)`, iOS 17 UIKit/Core Animation),
/// - UIKit duration + damping ratio (an approximation, see ``UIKitSpringMapping``),
/// - named presets (``SpringPreset``).
///
/// "Duration" and "response" are the same number in Apple's definitions: the undamped period 2π/ω₀.
public struct Spring: Sendable, Hashable, CustomStringConvertible {
    /// m, in mass units (SwiftUI and Core Animation default 1).
    public let mass: Double
    /// k, force per unit displacement.
    public let stiffness: Double
    /// c, force per unit velocity.
    public let damping: Double

    /// Builds a spring from its physical parameters.
    /// - Throws: ``DynamicsError/invalidParameter(parameter:value:requirement:)`` unless mass and stiffness
    ///   are positive and finite and damping is finite and ≥ 0.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(DynamicsError) {
        try DynamicsError.requirePositive(mass, .mass)
        try DynamicsError.requirePositive(stiffness, .stiffness)
        try DynamicsError.requireNonNegative(damping, .damping)
        self.init(uncheckedMass: mass, stiffness: stiffness, damping: damping)
    }

    /// For constants known to be valid (presets).
    init(uncheckedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Mass, stiffness and damping ratio ζ: c = 2ζ√(mk) (Flutter `SpringDescription.withDampingRatio`,
    /// Android `SpringForce` with m ≡ 1).
    public init(mass: Double = 1, stiffness: Double, dampingRatio: Double) throws(DynamicsError) {
        try DynamicsError.requirePositive(mass, .mass)
        try DynamicsError.requirePositive(stiffness, .stiffness)
        try DynamicsError.requireNonNegative(dampingRatio, .dampingRatio)
        try self.init(mass: mass, stiffness: stiffness, damping: 2 * dampingRatio * (mass * stiffness).squareRoot())
    }

    /// SwiftUI `spring(response:dampingFraction:)` and `Spring(response:dampingRatio:)`:
    /// k = m·(2π/response)², c = 4π·ζ·m/response (WWDC18-803; Documentation/springs-and-gsl.md §1).
    public init(response: Double, dampingRatio: Double, mass: Double = 1) throws(DynamicsError) {
        try DynamicsError.requirePositive(response, .response)
        try DynamicsError.requireNonNegative(dampingRatio, .dampingRatio)
        try DynamicsError.requirePositive(mass, .mass)
        let omega = 2 * Double.pi / response
        try self.init(
            mass: mass, stiffness: mass * omega * omega, damping: 4 * Double.pi * dampingRatio * mass / response)
    }

    /// SwiftUI `Spring(duration:bounce:)` (iOS 17): m = 1, k = (2π/duration)², and
    /// ζ = 1 − bounce for bounce ≥ 0, ζ = 1/(1 + bounce) for bounce < 0, so
    /// c = 4π(1 − bounce)/duration or 4π/(duration·(1 + bounce)) (Documentation/springs-and-gsl.md §1; reproduces
    /// Apple's check value (0.5, 0.3) → (1, 157.9, 17.6)).
    /// - Parameter bounce: in (−1, 1]; 1 is undamped, 0 critically damped, negative overdamped.
    public init(duration: Double, bounce: Double) throws(DynamicsError) {
        try DynamicsError.requirePositive(duration, .duration)
        try DynamicsError.require(bounce.isFinite && bounce > -1 && bounce <= 1, .bounce, bounce, "in (-1, 1]")
        let omega = 2 * Double.pi / duration
        let damping =
            bounce >= 0
            ? 4 * Double.pi * (1 - bounce) / duration
            : 4 * Double.pi / (duration * (1 + bounce))
        try self.init(mass: 1, stiffness: omega * omega, damping: damping)
    }

    // MARK: Derived quantities

    /// ω₀ = √(k/m), in rad/s.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// λ = c/(2m) = ζ·ω₀: the exponential decay rate of the envelope, in 1/s.
    public var decayRate: Double { damping / (2 * mass) }

    /// ζ = c/(2√(mk)): 0 undamped, < 1 underdamped (overshoots), 1 critical, > 1 overdamped.
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// The undamped period 2π/ω₀ = 2π√(m/k): SwiftUI's `response` and `duration`.
    public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

    /// Same as ``response``: Apple defines `duration` as the undamped period too.
    public var duration: Double { response }

    /// SwiftUI's bounce: 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1 (the inverse of ``init(duration:bounce:)``).
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// ω_d = ω₀·√|1 − ζ²|: the ringing frequency when underdamped, the mode split when overdamped.
    public var dampedFrequency: Double { abs(coefficients.sigma).squareRoot() }

    /// The fraction of the travel an underdamped step response overshoots its target by:
    /// exp(−πζ/√(1 − ζ²)); 0 when ζ ≥ 1.
    public var overshoot: Double {
        let zeta = dampingRatio
        guard zeta < 1 else { return 0 }
        return Double.exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())
    }

    public var regime: Regime {
        if damping == 0 { return .undamped }
        let sigma = coefficients.sigma
        return sigma > 0 ? .underdamped : (sigma == 0 ? .criticallyDamped : .overdamped)
    }

    /// How the spring approaches its target. Decided from the exactly rounded sign of 4mk − c²; the
    /// solution itself does not branch on it (see ``SpringCoefficients``), so nothing depends on
    /// where the boundary falls.
    public enum Regime: String, Sendable {
        case undamped, underdamped
        case criticallyDamped = "critically-damped"
        case overdamped
    }

    public var description: String {
        "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping))"
    }

    var coefficients: SpringCoefficients { SpringCoefficients(self) }
}
