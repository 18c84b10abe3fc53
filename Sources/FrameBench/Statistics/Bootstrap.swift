import PopSimRandom

/// A two-sided confidence interval.
public struct ConfidenceInterval: Codable, Sendable, Equatable {
    public var lower: Double
    public var upper: Double
    /// e.g. 0.95.
    public var level: Double

    /// The interval of f(estimate) for an increasing `f`: its bounds mapped, at the same level (the
    /// interval of a ratio from the interval of its logarithm).
    public func mapBounds(_ f: (Double) -> Double) -> ConfidenceInterval {
        ConfidenceInterval(lower: f(lower), upper: f(upper), level: level)
    }

    /// An interval for the ratio of this positive estimate to another of the same level, measured apart:
    /// from this lower end over the other's upper end to this upper end over the other's lower end (wider
    /// than the ratio's own interval, so a target judged on it errs towards inconclusive).
    public func dividedBy(_ other: ConfidenceInterval) -> ConfidenceInterval {
        ConfidenceInterval(lower: lower / other.upper, upper: upper / other.lower, level: level)
    }
}

/// Percentile-bootstrap confidence intervals (Efron; criterion.rs reports every estimate this way,
/// Documentation/benchmarking.md §2), seeded so the same samples and seed give the same interval on every run.
///
/// A resample draws n indices uniformly with replacement from the sorted samples. Because the samples
/// are sorted, the resample's nearest-rank median is the sample at the smallest index j whose
/// cumulative draw count reaches ⌈n/2⌉: counting draws per index gives each resample's median in O(n)
/// without sorting it.
public enum Bootstrap {
    public static let defaultResamples = 2_000

    /// The median's `level` interval from `resamples` resamples of `sorted` (ascending, non-empty).
    public static func medianInterval(
        sorted: [Double], level: Double = 0.95, resamples: Int = defaultResamples,
        seed: UInt64
    ) -> ConfidenceInterval {
        var generator = SplitMix64(state: seed)
        var medians = [Double](repeating: 0, count: resamples)
        var counts = [Int32](repeating: 0, count: sorted.count)
        for r in 0..<resamples {
            medians[r] = resampledMedian(sorted, &counts, &generator)
        }
        return interval(of: &medians, level: level)
    }

    /// The interval of median(a)/median(b), resampling a and b independently (each sorted ascending).
    public static func ratioOfMediansInterval(
        sortedNumerator a: [Double], sortedDenominator b: [Double],
        level: Double = 0.95, resamples: Int = defaultResamples,
        seed: UInt64
    ) -> ConfidenceInterval {
        var generator = SplitMix64(state: seed)
        var ratios = [Double](repeating: 0, count: resamples)
        var countsA = [Int32](repeating: 0, count: a.count)
        var countsB = [Int32](repeating: 0, count: b.count)
        for r in 0..<resamples {
            let numerator = resampledMedian(a, &countsA, &generator)
            let denominator = resampledMedian(b, &countsB, &generator)
            ratios[r] = denominator > 0 ? numerator / denominator : .infinity
        }
        return interval(of: &ratios, level: level)
    }

    private static func resampledMedian(_ sorted: [Double], _ counts: inout [Int32], _ generator: inout SplitMix64)
        -> Double
    {
        let n = sorted.count
        for i in 0..<n { counts[i] = 0 }
        for _ in 0..<n { counts[generator.index(below: n)] += 1 }
        let rank = Percentile.index(50, count: n) + 1
        var cumulative = 0
        for j in 0..<n {
            cumulative += Int(counts[j])
            if cumulative >= rank { return sorted[j] }
        }
        return sorted[n - 1]
    }

    private static func interval(of estimates: inout [Double], level: Double) -> ConfidenceInterval {
        estimates.sort()
        let tail = (1 - level) / 2 * 100
        return ConfidenceInterval(
            lower: Percentile.value(tail, sorted: estimates),
            upper: Percentile.value(100 - tail, sorted: estimates), level: level)
    }
}
