import Foundation

/// Student's t distribution: the two-sided 95 % quantile that turns a mean of a few paired
/// measurements into an interval (Pinpoint's and criterion's A/B comparisons rest on the paired
/// differences in the same way).
public enum StudentT {
    /// t₀.₉₇₅ for 1 … 30 degrees of freedom, to three decimals (NIST/SEMATECH e-Handbook of Statistical
    /// Methods, §1.3.6.7.2, "Critical values of the Student's t distribution", column 0.975).
    static let quantiles975: [Double] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ]

    /// The 0.975 quantile of t with `degreesOfFreedom` (≥ 1): the table up to 30, beyond it the
    /// Cornish-Fisher expansion about z = 1.959964 (within 0.001 of the exact value from 30 on).
    public static func quantile975(degreesOfFreedom df: Int) -> Double {
        precondition(df >= 1, "t needs at least one degree of freedom")
        if df <= quantiles975.count { return quantiles975[df - 1] }
        let z = 1.959964
        let n = Double(df)
        let z3 = z * z * z
        return z + (z3 + z) / (4 * n) + (5 * z3 * z * z + 16 * z3 + 3 * z) / (96 * n * n)
    }

    /// The mean of `values` with its 95 % t interval (the interval is the mean alone for one value).
    public static func meanInterval(_ values: [Double]) -> (mean: Double, interval: ConfidenceInterval) {
        precondition(!values.isEmpty, "an interval of no values")
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        guard values.count > 1 else { return (mean, ConfidenceInterval(lower: mean, upper: mean, level: 0.95)) }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let half = quantile975(degreesOfFreedom: values.count - 1) * (variance / n).squareRoot()
        return (mean, ConfidenceInterval(lower: mean - half, upper: mean + half, level: 0.95))
    }
}
