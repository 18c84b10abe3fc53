import Testing

@testable import PopSimSweeps

@Suite("Crossing median")
struct CrossingMedianTests {
    /// The interval's rank l: the largest with Σ_{k<l} C(n, k) ≤ 0.025·2ⁿ, summed in exact integers
    /// (Python's `math.comb`). n = 20, 30, 50 and 100 are the ranks of the published tables of the
    /// median's distribution-free 95 % interval (Conover, Practical Nonparametric Statistics, table A3:
    /// [x₍₆₎, x₍₁₅₎], [x₍₁₀₎, x₍₂₁₎], [x₍₁₈₎, x₍₃₃₎], [x₍₄₀₎, x₍₆₁₎]); below six no rank reaches 95 %.
    @Test(arguments: [
        (2, 1), (5, 1), (6, 1), (7, 1), (9, 2), (20, 6), (30, 10), (50, 18), (100, 40), (1000, 469), (10001, 4902),
    ])
    func intervalRankIsTheBinomialQuantile(count: Int, rank: Int) {
        #expect(CrossingMedian.intervalRank(count: count) == rank)
    }

    /// 30 thresholds 1, 2, …, 30 in any order: median (15 + 16)/2, interval [x₍₁₀₎, x₍₂₁₎] = [10, 21].
    @Test func medianAndIntervalOfExactThresholds() throws {
        let values = (1...30).map(Double.init).reversed()
        let point = try #require(CrossingMedian.of(.init(exact: Array(values))))
        #expect(point.median == 15.5)
        #expect(point.lower95 == 10)
        #expect(point.upper95 == 21)
    }

    /// Censored realisations take their place in the order: 3 crossed before A, 5 exact, 1 not by B
    /// (n = 9) give the 5th smallest, the second exact one; the interval [x₍₂₎, x₍₈₎] starts on a
    /// censored realisation (below A: empty) and ends on the last exact one.
    @Test func censoredRealisationsCountInTheOrder() throws {
        let point = try #require(
            CrossingMedian.of(.init(exact: [40, 10, 30, 20, 50], crossedBeforeStart: 3, notCrossedByEnd: 1)))
        #expect(point.median == 20)
        #expect(point.lower95 == nil)
        #expect(point.upper95 == 50)
    }

    /// More than half not crossed by B: the 50 % point lies beyond the interval.
    @Test func aMedianBeyondTheIntervalIsEmpty() throws {
        let point = try #require(CrossingMedian.of(.init(exact: [1, 2], notCrossedByEnd: 3)))
        #expect(point.median == nil)
        #expect(point.lower95 == 1)
        #expect(point.upper95 == nil)
        // Even count with the middle pair split between an exact value and a censored one.
        #expect(CrossingMedian.of(.init(exact: [1, 2], notCrossedByEnd: 2))?.median == nil)
    }

    /// A long high tail moves the median by its rank only: thresholds 300/share for the shares 1, 0.9,
    /// …, 0.1 (300, 333.3, 375, 428.6, 500, 600, 750, 1000, 1500, 3000 pt/s, a tail like the 60 Hz human
    /// release's) have the median (500 + 600)/2 = 550, where their mean is 878.7.
    @Test func aLongTailDoesNotPullTheMedian() throws {
        let shares = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
        let point = try #require(CrossingMedian.of(.init(exact: shares.map { 300 / $0 })))
        #expect(point.median == 550)
    }

    @Test func noRealisationGivesNoPoint() {
        #expect(CrossingMedian.of(.init(exact: [])) == nil)
    }
}
