/// Percentiles by the nearest-rank method on the sorted raw samples: the p-th percentile of n values is
/// the value of rank ⌈p/100 · n⌉ (1-based), and p0 is the smallest value. It never interpolates, so every
/// reported percentile is a time that was actually measured, which matters in the tail (p99.9 of 400
/// samples is the largest sample, not a blend of the two largest).
///
/// The tools differ here (Documentation/benchmarking.md §2): package-benchmark reads an HDR histogram with three
/// significant digits, Flutter takes index round((n − 1)·p/100), swift-benchmark full-sample percentiles.
/// The rank is computed in integers from p in units of 10⁻⁴ %, so p = 99.9 with n = 1000 gives rank 999
/// exactly (in floating point 99.9/100·1000 is 999.0000000000001, whose ceiling would be 1000).
public enum Percentile {
    /// The percentiles every distribution in the report shows, in order.
    public static let reported: [Double] = [0, 50, 90, 99, 99.9, 100]

    public static let methodDescription =
        "nearest rank: the value of rank ⌈p/100·n⌉ in the sorted raw samples (p0 = minimum), no interpolation"

    /// The 0-based index of the p-th percentile among `count` sorted values.
    /// - Precondition: count > 0 and 0 ≤ p ≤ 100.
    public static func index(_ p: Double, count: Int) -> Int {
        precondition(count > 0, "a percentile of no samples")
        precondition(p >= 0 && p <= 100, "percentile \(p) outside [0, 100]")
        let millionths = Int((p * 10_000).rounded())  // p/100 in units of 10⁻⁶
        let rank = (millionths * count + 999_999) / 1_000_000  // ⌈p/100 · n⌉
        return max(rank, 1) - 1
    }

    /// The p-th percentile of `sorted` (ascending).
    public static func value(_ p: Double, sorted: [Double]) -> Double {
        sorted[index(p, count: sorted.count)]
    }

    /// The median as this report defines it: the nearest-rank 50th percentile (the lower median when n
    /// is even).
    public static func median(sorted: [Double]) -> Double { value(50, sorted: sorted) }
}
