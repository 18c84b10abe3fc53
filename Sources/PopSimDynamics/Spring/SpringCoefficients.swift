import PopSimPlatform

/// The constants of a spring's free response, computed once so that evaluating it at any time is
/// branch-light and accurate in every regime.
///
/// The solution is written in one form for all damping ratios,
///
///     x(t) = e^(−λt)·[x₀·C(t) + (v₀ + λx₀)·S(t)]
///     v(t) = e^(−λt)·[v₀·C(t) − (ω₀²x₀ + λv₀)·S(t)]
///
/// with σ = ω₀² − λ² and C, S the even functions of √σ that solve C″ = −σC, S = ∫C:
/// cos(μt), sin(μt)/μ when σ > 0 (μ = √σ); 1, t when σ = 0; cosh(μt), sinh(μt)/μ when σ < 0
/// (μ = √−σ). Because C and S depend on σ, not on √σ or on the two roots separately, nothing cancels when
/// ζ → 1: this is the remedy for the catastrophic cancellation that Flutter's root-based overdamped branch
/// suffers at ζ = 1 ± 1e-9 (Documentation/springs-and-gsl.md §7).
///
/// σ itself is computed from (m, k, c) with a compensated product, (4mk − c²)/(4m²), so that it keeps
/// its relative accuracy when 4mk and c² nearly cancel.
///
/// In the overdamped branch e^(−λt)·cosh and e^(−λt)·sinh are formed from the slow rate
/// r₁ = −λ + μ = −ω₀²/(λ + μ) (no cancellation for large ζ) and `expm1`, so a ζ = 100 spring stays
/// accurate over the whole of its slow decay.
@usableFromInline
struct SpringCoefficients: Sendable {
    /// λ = c/(2m).
    @usableFromInline let lambda: Double
    /// ω₀² = k/m.
    @usableFromInline let omega0Squared: Double
    /// σ = ω₀² − λ², positive when underdamped.
    @usableFromInline let sigma: Double
    /// μ = √|σ|.
    @usableFromInline let mu: Double
    /// 1/μ, so the per-sample path multiplies instead of dividing (∞ when μ = 0, where the critical
    /// branch does not use it).
    @usableFromInline let inverseMu: Double
    /// r₁ = −ω₀²/(λ + μ), the slow decay rate when overdamped.
    @usableFromInline let slowRate: Double

    @usableFromInline
    init(_ spring: Spring) {
        let m = spring.mass
        let k = spring.stiffness
        let c = spring.damping
        lambda = c / (2 * m)
        omega0Squared = k / m
        // 4mk − c² with both products carried to double-double precision (two-product via a fused multiply-add).
        let mk = m * k
        let mkError = (-mk).addingProduct(m, k)
        let cc = c * c
        let ccError = (-cc).addingProduct(c, c)
        let difference = (4 * mk - cc) + (4 * mkError - ccError)
        sigma = difference / (4 * m * m)
        mu = abs(sigma).squareRoot()
        inverseMu = 1 / mu
        slowRate = -omega0Squared / (lambda + mu)
    }

    /// e^(−λt)·C(t) and e^(−λt)·S(t).
    @inlinable @inline(__always)
    func dampedBasis(at t: Double) -> (c: Double, s: Double) {
        if sigma > 0 {
            let envelope = Double.exp(-lambda * t)
            let (sine, cosine) = Double.sinCos(mu * t)
            return (envelope * cosine, envelope * sine * inverseMu)
        } else if sigma < 0 {
            // e^(−λt)cosh(μt) = e^(r₁t)(1 + e^(−2μt))/2 ;
            // e^(−λt)sinh(μt)/μ = e^(r₁t)(1 − e^(−2μt))/(2μ).
            let slow = Double.exp(slowRate * t)
            let split = -Double.expMinusOne(-2 * mu * t)
            return (slow * (1 - 0.5 * split), slow * split * (0.5 * inverseMu))
        } else {
            let envelope = Double.exp(-lambda * t)
            return (envelope, envelope * t)
        }
    }

    /// The free response from (x₀, v₀) after time t.
    @inlinable @inline(__always)
    func state(from x0: Double, _ v0: Double, after t: Double) -> (displacement: Double, velocity: Double) {
        let (c, s) = dampedBasis(at: t)
        let x = x0 * c + (v0 + lambda * x0) * s
        let v = v0 * c - (omega0Squared * x0 + lambda * v0) * s
        return (x, v)
    }
}
