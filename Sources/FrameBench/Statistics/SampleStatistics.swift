import Foundation

/// The summary of one distribution of raw samples (nanoseconds per operation, or per frame).
///
/// Percentiles are nearest-rank (see ``Percentile``); the median's confidence interval is a seeded
/// percentile bootstrap (``Bootstrap``); MAD is the unscaled median absolute deviation from the median;
/// mean, standard deviation and CV are given for reference only, because latency distributions are
/// skewed and multi-modal (after Gil Tene, as ordo-one/package-benchmark@873f6fd
/// Sources/Benchmark/Documentation.docc/AboutPercentiles.md argues).
public struct SampleStatistics: Codable, Sendable, Equatable {
    public var count: Int
    public var p0: Double
    public var p25: Double
    public var p50: Double
    public var p75: Double
    public var p90: Double
    public var p95: Double
    public var p99: Double
    public var p99_9: Double
    public var p100: Double
    public var medianInterval: ConfidenceInterval
    /// Median of |x − median|, unscaled.
    public var mad: Double
    public var mean: Double
    /// Sample standard deviation (n − 1).
    public var standardDeviation: Double
    /// Standard deviation / mean.
    public var coefficientOfVariation: Double
    public var outliers: TukeyOutliers

    /// - Precondition: `samples` is not empty and every value is finite.
    public init(samples: [Double], seed: UInt64, resamples: Int = Bootstrap.defaultResamples, level: Double = 0.95) {
        precondition(!samples.isEmpty, "statistics of no samples")
        let sorted = samples.sorted()
        count = sorted.count
        p0 = Percentile.value(0, sorted: sorted)
        p25 = Percentile.value(25, sorted: sorted)
        p50 = Percentile.value(50, sorted: sorted)
        p75 = Percentile.value(75, sorted: sorted)
        p90 = Percentile.value(90, sorted: sorted)
        p95 = Percentile.value(95, sorted: sorted)
        p99 = Percentile.value(99, sorted: sorted)
        p99_9 = Percentile.value(99.9, sorted: sorted)
        p100 = Percentile.value(100, sorted: sorted)
        medianInterval = Bootstrap.medianInterval(sorted: sorted, level: level, resamples: resamples, seed: seed)
        let median = p50
        mad = Percentile.median(sorted: sorted.map { abs($0 - median) }.sorted())
        // Kahan-free two-pass mean and variance: sample counts are small and values of one magnitude.
        let sum = sorted.reduce(0, +)
        mean = sum / Double(count)
        let m = mean
        let squares = sorted.reduce(0) { $0 + ($1 - m) * ($1 - m) }
        standardDeviation = count > 1 ? (squares / Double(count - 1)).squareRoot() : 0
        coefficientOfVariation = mean > 0 ? standardDeviation / mean : 0
        outliers = TukeyOutliers(sorted: sorted)
    }

    /// The value of one of ``Percentile/reported``.
    public func percentile(_ p: Double) -> Double {
        switch p {
        case 0: return p0
        case 25: return p25
        case 50: return p50
        case 75: return p75
        case 90: return p90
        case 95: return p95
        case 99: return p99
        case 99.9: return p99_9
        case 100: return p100
        default: preconditionFailure("percentile \(p) is not kept in the summary")
        }
    }
}
