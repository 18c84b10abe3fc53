/// Outliers by Tukey's fences on the quartiles (criterion.rs's classification; Documentation/benchmarking.md
/// §2): mild beyond 1.5·IQR from the nearer quartile, severe beyond 3·IQR. They are counted and reported,
/// never dropped: a benchmark whose samples have outliers is telling something about the machine or the
/// code, and removing them would make the tail percentiles lie.
public struct TukeyOutliers: Codable, Sendable, Equatable {
    public var lowSevere = 0
    public var lowMild = 0
    public var highMild = 0
    public var highSevere = 0

    public var total: Int { lowSevere + lowMild + highMild + highSevere }
}

extension TukeyOutliers {
    /// Classifies `sorted` (ascending, non-empty) with nearest-rank quartiles Q1 = p25, Q3 = p75.
    /// A value exactly on a fence is inside it.
    public init(sorted: [Double]) {
        self.init()
        let q1 = Percentile.value(25, sorted: sorted)
        let q3 = Percentile.value(75, sorted: sorted)
        let iqr = q3 - q1
        let lowOuter = q1 - 3 * iqr
        let lowInner = q1 - 1.5 * iqr
        let highInner = q3 + 1.5 * iqr
        let highOuter = q3 + 3 * iqr
        for x in sorted {
            if x < lowOuter {
                lowSevere += 1
            } else if x < lowInner {
                lowMild += 1
            } else if x > highOuter {
                highSevere += 1
            } else if x > highInner {
                highMild += 1
            }
        }
    }
}
