import PopSimRandom
import Testing

@testable import FrameBench

@Suite struct StatisticsTests {
    @Test func bootstrapIsDeterministicForASeed() {
        // 200 distinct values.
        let samples = (0..<200).map { (i: Int) -> Double in Double((i * i) % 1009) + Double(i) / 1000 }.sorted()
        let a = Bootstrap.medianInterval(sorted: samples, seed: 42)
        let b = Bootstrap.medianInterval(sorted: samples, seed: 42)
        #expect(a == b)
        // The seed matters: with few resamples, ten seeds do not all give the same interval.
        let intervals = (1...10).map { Bootstrap.medianInterval(sorted: samples, resamples: 40, seed: UInt64($0)) }
        #expect(Set(intervals.map(\.lower)).count > 1)
        let median = Percentile.median(sorted: samples)
        #expect(a.lower <= median && median <= a.upper)
        #expect(a.level == 0.95)
    }

    /// The counting shortcut must give the same resampled medians as resampling and sorting: replay
    /// the generator by hand and compute each resample's median the slow way.
    @Test func bootstrapMatchesNaiveResampling() {
        let samples = [3.0, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9].sorted()
        let resamples = 300
        var generator = SplitMix64(state: 7)
        var medians: [Double] = []
        for _ in 0..<resamples {
            let resample = (0..<samples.count).map { _ in samples[generator.index(below: samples.count)] }.sorted()
            medians.append(Percentile.median(sorted: resample))
        }
        medians.sort()
        let expected = ConfidenceInterval(
            lower: Percentile.value(2.5, sorted: medians),
            upper: Percentile.value(97.5, sorted: medians), level: 0.95)
        #expect(Bootstrap.medianInterval(sorted: samples, resamples: resamples, seed: 7) == expected)
    }

    /// Medians of 2–4 and 1–2: the ratio lies between 2/2 = 1 and 4/1 = 4 whatever the two estimates are.
    @Test func ratioOfTwoIntervalsTakesTheOppositeEnds() {
        let ratio = ConfidenceInterval(lower: 2, upper: 4, level: 0.95)
            .dividedBy(ConfidenceInterval(lower: 1, upper: 2, level: 0.95))
        #expect(ratio == ConfidenceInterval(lower: 1, upper: 4, level: 0.95))
    }

    @Test func constantSamplesHaveAPointInterval() {
        let interval = Bootstrap.medianInterval(sorted: [Double](repeating: 4.25, count: 50), seed: 1)
        #expect(interval.lower == 4.25 && interval.upper == 4.25)
        let ratio = Bootstrap.ratioOfMediansInterval(
            sortedNumerator: [Double](repeating: 6, count: 20),
            sortedDenominator: [Double](repeating: 4, count: 30), seed: 1)
        #expect(ratio.lower == 1.5 && ratio.upper == 1.5)
    }

    /// MAD of (1, 1, 2, 2, 4, 6, 9): median 2, deviations (1, 1, 0, 0, 2, 4, 7), whose median is 1
    /// (the example on Wikipedia's "Median absolute deviation" page).
    @Test func medianAbsoluteDeviation() {
        let s = SampleStatistics(samples: [1, 1, 2, 2, 4, 6, 9], seed: 1)
        #expect(s.p50 == 2)
        #expect(s.mad == 1)
    }

    /// Mean 5 and sample standard deviation √(32/7) of (2, 4, 4, 4, 5, 5, 7, 9).
    @Test func meanAndStandardDeviation() {
        let s = SampleStatistics(samples: [9, 2, 4, 5, 4, 7, 4, 5], seed: 1)
        #expect(s.mean == 5)
        #expect(abs(s.standardDeviation - (32.0 / 7).squareRoot()) < 1e-12)
        #expect(s.p0 == 2 && s.p100 == 9 && s.count == 8)
    }

    /// n = 12: Q1 = rank 3 = 4, Q3 = rank 9 = 7, IQR 3; inner fences −0.5 and 11.5, outer −5 and 16.
    /// −30 is low severe, 13 high mild, 20 and 40 high severe.
    @Test func tukeyCounts() {
        let outliers = TukeyOutliers(sorted: [-30, 2, 4, 4, 5, 5, 6, 6, 7, 13, 20, 40])
        #expect(outliers == TukeyOutliers(lowSevere: 1, lowMild: 0, highMild: 1, highSevere: 2))
        #expect(outliers.total == 4)
    }

    /// n = 10: Q1 = rank 3 = 4, Q3 = rank 8 = 7; a value on the inner fence (11.5) is not an outlier and
    /// one on the outer fence (16) is mild, not severe.
    @Test func tukeyFencesAreInclusive() {
        let outliers = TukeyOutliers(sorted: [0, 4, 4, 5, 5, 6, 6, 7, 11.5, 16])
        #expect(outliers == TukeyOutliers(lowSevere: 0, lowMild: 0, highMild: 1, highSevere: 0))
    }

    /// Outliers are counted, never removed: the maximum stays in the summary.
    @Test func outliersStayInTheSamples() {
        let s = SampleStatistics(samples: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1000], seed: 3)
        #expect(s.p100 == 1000)
        #expect(s.outliers.highSevere == 1)
    }
}

@Suite struct MannWhitneyTests {
    /// (1, 2, 3) against (4, 5, 6): U = 0; mean 4.5, σ = √(3·3·7/12) = √5.25; with the continuity
    /// correction z = (0 − 4.5 + 0.5)/√5.25 = −1.7457, two-sided p = erfc(1.7457/√2) = 0.080856
    /// (SciPy's `mannwhitneyu(..., method="asymptotic")` gives the same).
    @Test func handComputedExample() {
        let test = MannWhitneyU([1, 2, 3], [4, 5, 6])
        #expect(test.u == 0)
        #expect(abs(test.z - -1.7457431218879391) < 1e-12)
        #expect(abs(test.pValue - 0.0808555983700523) < 1e-12)
    }

    @Test func identicalSamplesAreNotSignificant() {
        #expect(MannWhitneyU([1, 2, 3], [1, 2, 3]).pValue == 1)
        #expect(MannWhitneyU([5, 5, 5], [5, 5]).pValue == 1)
    }

    @Test func separatedLargeSamplesAreSignificant() {
        let a = (0..<100).map { 100 + Double($0 % 10) }
        let b = (0..<100).map { 120 + Double($0 % 10) }
        #expect(MannWhitneyU(a, b).pValue < 1e-10)
        #expect(MannWhitneyU(a, b).u == 0)
    }
}
