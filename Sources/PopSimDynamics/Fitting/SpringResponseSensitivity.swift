import PopSimPlatform

/// The free response of a unit-mass spring and its partial derivatives with respect to λ (the decay rate
/// c/2m) and ω₀² (k/m), in the closed form ``SpringCoefficients`` uses for every damping ratio:
///
///     x(τ) = target + x₀·E_C(τ) + (v₀ + λx₀)·E_S(τ),
///     E_C = e^(−λτ)·C(τ; σ),  E_S = e^(−λτ)·S(τ; σ),
///
/// with σ = ω₀² − λ², C = cos(√σ τ) and S = sin(√σ τ)/√σ continued analytically through
/// σ = 0 (1 and τ) and σ < 0 (cosh and sinh). C and S are entire functions of σ, so their σ-derivatives
/// are too:
///
///     ∂C/∂σ = −τ·S/2,   ∂S/∂σ = (τ·C − S)/(2σ)   (→ −τ³/6 as σ → 0),
///
/// and with ∂σ/∂λ = −2λ, ∂σ/∂ω₀² = 1:
///
///     ∂E_C/∂λ = −τE_C + λτE_S      ∂E_C/∂ω₀² = −τE_S/2
///     ∂E_S/∂λ = −τE_S − 2λ·D       ∂E_S/∂ω₀² = D,      D = e^(−λτ)·∂S/∂σ.
///
/// Nothing branches on the damping regime except the evaluation of D: (τE_C − E_S)/(2σ) loses digits to
/// cancellation when |σ|τ² is small, so there it is summed from its Taylor series in σ,
/// ∂S/∂σ = Σₙ≥₁ (−1)ⁿ·n·σⁿ⁻¹·τ²ⁿ⁺¹/(2n+1)!, whose terms fall faster than
/// 0.5ⁿ/(2n+1)!. The derivatives are therefore smooth and accurate across ζ = 1, as the Jacobian of a
/// fit that may cross it needs.
struct SpringResponseSensitivity {
    let coefficients: SpringCoefficients

    /// Below this |σ|τ² the series is used: the direct form then loses at most a factor 6 of its relative
    /// accuracy, and 10 terms of the series are exact to rounding.
    static let seriesThreshold = 0.5

    init(omega0Squared: Double, lambda: Double) {
        coefficients = SpringCoefficients(Spring(uncheckedMass: 1, stiffness: omega0Squared, damping: 2 * lambda))
    }

    var lambda: Double { coefficients.lambda }
    var omega0Squared: Double { coefficients.omega0Squared }

    /// E_C, E_S and their four partial derivatives at τ ≥ 0.
    @inline(__always)
    func basis(at tau: Double) -> (
        c: Double, s: Double, cLambda: Double, sLambda: Double, cOmega: Double, sOmega: Double
    ) {
        let (c, s) = coefficients.dampedBasis(at: tau)
        let lambda = coefficients.lambda
        let sigma = coefficients.sigma
        let d: Double
        if abs(sigma) * tau * tau >= Self.seriesThreshold {
            d = (tau * c - s) / (2 * sigma)
        } else {
            d = Double.exp(-lambda * tau) * Self.sineSigmaDerivativeSeries(sigma: sigma, tau: tau)
        }
        return (
            c, s,
            -tau * c + lambda * tau * s, -tau * s - 2 * lambda * d,
            -0.5 * tau * s, d
        )
    }

    /// ∂S/∂σ = Σₙ≥₁ (−1)ⁿ·n·σⁿ⁻¹·τ²ⁿ⁺¹/(2n+1)! for |σ|τ² < 0.5.
    static func sineSigmaDerivativeSeries(sigma: Double, tau: Double) -> Double {
        let z = -sigma * tau * tau
        // term(n) = n·(−σ)ⁿ⁻¹·τ²ⁿ⁺¹/(2n+1)!·(−1); term(1) = −τ³/6.
        var power = tau * tau * tau / 6  // (−σ)ⁿ⁻¹·τ²ⁿ⁺¹/(2n+1)! at n = 1
        var sum = 0.0
        for n in 1...10 {
            sum -= Double(n) * power
            power *= z / Double((2 * n + 2) * (2 * n + 3))
        }
        return sum
    }
}
