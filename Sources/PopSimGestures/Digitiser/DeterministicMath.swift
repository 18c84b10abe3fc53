/// The few transcendental functions synthesis (and the thresholds' interval ranks) needs, computed with
/// IEEE-754 operations only
/// (+ − × ÷ and `squareRoot()`, each correctly rounded, in a fixed order, never fused).
///
/// Why not libm: glibc, musl and Apple's libm agree only to about 1 ulp, and their last bits differ
/// between versions and CPUs (vectorised or FMA code paths). Noise and ease curves built on them would
/// make "same seed, same CSV" false across machines. These versions are accurate to a few ulp, which is
/// far below any touch-screen effect, and give bit-identical results everywhere.
public enum DeterministicMath {
    /// ln 2 split so that `k · ln2High` is exact for |k| < 2¹¹ (fdlibm's constants).
    private static let ln2High = 6.93147180369123816490e-01
    private static let ln2Low = 1.90821492927058770002e-10
    /// π/2 in two parts (Cody–Waite reduction, fdlibm's `pio2_1`, `pio2_1t`): the first has 33
    /// significant bits, so `k · halfPiHigh` is exact for |k| < 2²⁰.
    private static let halfPiHigh = 1.57079632673412561417e+00
    private static let halfPiTail = 6.07710050650619224932e-11
    private static let twoOverPi = 6.36619772367581382433e-01

    /// Natural logarithm of a positive finite `x` (NaN for x ≤ 0 or non-finite).
    ///
    /// x = m·2ᵉ with m in [√½, √2); ln m = 2·atanh(z), z = (m − 1)/(m + 1), |z| ≤ 0.1716, summed as
    /// the odd series to z²³ (truncation error below 10⁻²⁰). Inlined in this module: the polar method
    /// (``GaussianNoise``) takes a logarithm for every pair of deviates.
    @inline(__always)
    public static func log(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : .nan }
        var exponent: Double
        var mantissa: Double  // exact, in [1, 2)
        if x >= Double.leastNormalMagnitude {
            // A normal number's `exponent` and `significand`, read from its bits.
            let bits = x.bitPattern
            exponent = Double(Int(bits >> 52) - 1023)
            mantissa = Double(bitPattern: bits & 0x000F_FFFF_FFFF_FFFF | 0x3FF0_0000_0000_0000)
        } else {
            exponent = Double(Int(x.exponent))
            mantissa = x.significand
        }
        if mantissa > 1.4142135623730951 {
            mantissa *= 0.5  // exact
            exponent += 1
        }
        let z = (mantissa - 1) / (mantissa + 1)
        let z2 = z * z
        // Horner form of 1 + z²/3 + z⁴/5 + … + z²²/23.
        var series = 1.0 / 23
        series = series * z2 + 1.0 / 21
        series = series * z2 + 1.0 / 19
        series = series * z2 + 1.0 / 17
        series = series * z2 + 1.0 / 15
        series = series * z2 + 1.0 / 13
        series = series * z2 + 1.0 / 11
        series = series * z2 + 1.0 / 9
        series = series * z2 + 1.0 / 7
        series = series * z2 + 1.0 / 5
        series = series * z2 + 1.0 / 3
        series = series * z2 + 1
        let lnMantissa = 2 * z * series
        return exponent * ln2High + (exponent * ln2Low + lnMantissa)
    }

    /// e^x: +∞ above ln(Double.greatestFiniteMagnitude), 0 below −745.2 (NaN for NaN).
    ///
    /// x = k·ln 2 + r with |r| ≤ ln2/2 (Cody–Waite with fdlibm's split ln 2, exact for |k| < 2¹¹); e^r
    /// as its Taylor series to r¹⁶ (truncation error below 10⁻²⁰); then scaled by 2ᵏ in two exact steps
    /// so a result near the subnormal range is rounded once.
    public static func exp(_ x: Double) -> Double {
        guard !x.isNaN else { return .nan }
        if x > 709.782712893384 { return .infinity }
        if x < -745.2 { return 0 }
        let k = (x / (ln2High + ln2Low)).rounded(.toNearestOrEven)
        let r = (x - k * ln2High) - k * ln2Low
        let series = horner(expCoefficients, r)
        let half = Int(k) / 2
        return series * Double(sign: .plus, exponent: half, significand: 1)
            * Double(sign: .plus, exponent: Int(k) - half, significand: 1)
    }

    /// Sine of a finite `x` (radians).
    public static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (quadrant, r) = reduce(x)
        switch quadrant {
        case 0: return sinKernel(r)
        case 1: return cosKernel(r)
        case 2: return -sinKernel(r)
        default: return -cosKernel(r)
        }
    }

    /// Cosine of a finite `x` (radians).
    public static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (quadrant, r) = reduce(x)
        switch quadrant {
        case 0: return cosKernel(r)
        case 1: return -sinKernel(r)
        case 2: return -cosKernel(r)
        default: return sinKernel(r)
        }
    }

    /// x = k·π/2 + r with |r| ≤ π/4 (for |x| up to ~10⁹; beyond that still deterministic, less accurate).
    private static func reduce(_ x: Double) -> (quadrant: Int, remainder: Double) {
        let k = (x * twoOverPi).rounded(.toNearestOrEven)
        let r = (x - k * halfPiHigh) - k * halfPiTail
        let quadrant = Int(k.truncatingRemainder(dividingBy: 4))
        return ((quadrant + 4) % 4, r)
    }

    /// Coefficients 1/k! of e^r = Σ cₖ rᵏ, to r¹⁶.
    private static let expCoefficients: [Double] = (0...16).map { 1 / factorial($0) }
    /// Coefficients (−1)ᵏ/(2k+1)! of sin r = r·Σ cₖ r²ᵏ, to r¹⁹:
    /// truncation error < 10⁻²¹ for |r| ≤ π/4.
    private static let sinCoefficients: [Double] = (0...9).map { k in (k % 2 == 0 ? 1.0 : -1.0) / factorial(2 * k + 1) }
    /// Coefficients (−1)ᵏ/(2k)! of cos r = Σ cₖ r²ᵏ, to r²⁰.
    private static let cosCoefficients: [Double] = (0...10).map { k in (k % 2 == 0 ? 1.0 : -1.0) / factorial(2 * k) }

    private static func sinKernel(_ r: Double) -> Double { r * horner(sinCoefficients, r * r) }

    private static func cosKernel(_ r: Double) -> Double { horner(cosCoefficients, r * r) }

    private static func horner(_ coefficients: [Double], _ u: Double) -> Double {
        var sum = coefficients[coefficients.count - 1]
        for index in stride(from: coefficients.count - 2, through: 0, by: -1) {
            sum = sum * u + coefficients[index]
        }
        return sum
    }

    private static func factorial(_ n: Int) -> Double {
        var result = 1.0
        if n >= 2 { for k in 2...n { result *= Double(k) } }
        return result
    }
}
