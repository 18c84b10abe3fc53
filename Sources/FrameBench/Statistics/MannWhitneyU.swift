import Foundation
import PopSimPlatform

/// The two-sided Mann-Whitney U test (Wilcoxon rank-sum) on two independent samples, with the normal
/// approximation, a tie correction of the variance and a continuity correction of ½. google/benchmark's
/// compare.py uses the same test to mark a change as significant (Documentation/benchmarking.md §2). It asks
/// whether one sample tends to be larger than the other without assuming a distribution, which suits
/// timing samples with long right tails.
public struct MannWhitneyU: Sendable, Equatable {
    /// U of the first sample: the number of pairs (a, b) with a > b, ties counting ½.
    public let u: Double
    public let z: Double
    /// Two-sided p-value.
    public let pValue: Double

    /// - Precondition: both samples are non-empty.
    public init(_ a: [Double], _ b: [Double]) {
        precondition(!a.isEmpty && !b.isEmpty, "the U test needs two non-empty samples")
        let n1 = Double(a.count)
        let n2 = Double(b.count)
        // Ranks of the pooled sample, ties sharing their mean rank.
        let pooled = (a.map { ($0, true) } + b.map { ($0, false) }).sorted { $0.0 < $1.0 }
        var rankSumA = 0.0
        var tieTerm = 0.0
        var i = 0
        while i < pooled.count {
            var j = i
            while j + 1 < pooled.count && pooled[j + 1].0 == pooled[i].0 { j += 1 }
            let meanRank = Double(i + j + 2) / 2
            let tied = Double(j - i + 1)
            tieTerm += tied * tied * tied - tied
            for k in i...j where pooled[k].1 { rankSumA += meanRank }
            i = j + 1
        }
        let u = rankSumA - n1 * (n1 + 1) / 2
        let n = n1 + n2
        let mean = n1 * n2 / 2
        let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        self.u = u
        if variance <= 0 {
            z = 0
            pValue = 1
            return
        }
        let deviation = u - mean
        let corrected = max(abs(deviation) - 0.5, 0) * (deviation < 0 ? -1 : 1)
        z = corrected / variance.squareRoot()
        // Two-sided: 2·Φ(−|z|) = erfc(|z|/√2).
        pValue = min(1, Double.erfc(abs(z) / 2.0.squareRoot()))
    }
}
