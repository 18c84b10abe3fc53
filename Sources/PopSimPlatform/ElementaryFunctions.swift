public import CPopSimLibm

/// The elementary functions PopSim's physics needs, from the C library's libm, named as swift-numerics'
/// `ElementaryFunctions` names them (`Double.exp(x)`, `Double.expMinusOne(x)`), so no other module
/// calls the C library. Inlinable: each compiles to the libm call itself.
extension Double {
    /// eˣ.
    @inlinable public static func exp(_ x: Double) -> Double { clibm_exp(x) }
    /// eˣ − 1, accurate for x near 0.
    @inlinable public static func expMinusOne(_ x: Double) -> Double { clibm_expm1(x) }
    /// The natural logarithm.
    @inlinable public static func log(_ x: Double) -> Double { clibm_log(x) }
    /// xʸ.
    @inlinable public static func pow(_ x: Double, _ y: Double) -> Double { clibm_pow(x, y) }
    @inlinable public static func sin(_ x: Double) -> Double { clibm_sin(x) }
    @inlinable public static func cos(_ x: Double) -> Double { clibm_cos(x) }
    /// sin x and cos x from one argument reduction (glibc's `sincos`; bit-identical to the two calls).
    @inlinable public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        var sine = 0.0
        var cosine = 0.0
        clibm_sincos(x, &sine, &cosine)
        return (sine, cosine)
    }
    /// The angle of (x, y) from the positive x axis, in (−π, π].
    @inlinable public static func atan2(y: Double, x: Double) -> Double { clibm_atan2(y, x) }
    @inlinable public static func sinh(_ x: Double) -> Double { clibm_sinh(x) }
    @inlinable public static func cosh(_ x: Double) -> Double { clibm_cosh(x) }
    /// The complementary error function 1 − erf(x).
    @inlinable public static func erfc(_ x: Double) -> Double { clibm_erfc(x) }
}
