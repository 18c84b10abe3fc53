import Testing

@testable import FrameBench

/// Nearest rank: the p-th percentile of n sorted values is the value of rank ⌈p/100·n⌉ (p0 = minimum).
@Suite struct PercentileTests {
    // The worked examples of the nearest-rank method on Wikipedia's "Percentile" page.
    @Test(arguments: [(5.0, 15.0), (30, 20), (40, 20), (50, 35), (100, 50), (0, 15)])
    func fiveValues(p: Double, expected: Double) {
        #expect(Percentile.value(p, sorted: [15, 20, 35, 40, 50]) == expected)
    }

    @Test(arguments: [(25.0, 7.0), (50, 8), (75, 15), (100, 20)])
    func tenValues(p: Double, expected: Double) {
        #expect(Percentile.value(p, sorted: [3, 6, 7, 8, 8, 10, 13, 15, 16, 20]) == expected)
    }

    /// p99.9 of 1…1000 is rank ⌈999.0⌉ = 999; the floating-point product 99.9/100·1000 is
    /// 999.0000000000001, whose ceiling would wrongly give 1000.
    @Test func tailRankIsExact() {
        let values = (1...1000).map(Double.init)
        #expect(Percentile.value(99.9, sorted: values) == 999)
        #expect(Percentile.value(99, sorted: values) == 990)
        #expect(Percentile.value(99, sorted: Array(values.prefix(100))) == 99)
    }

    /// With fewer than 100 samples p99 is the largest one: ⌈0.99·60⌉ = 60.
    @Test func p99OfSixtyIsTheMaximum() {
        let values = (1...60).map(Double.init)
        #expect(Percentile.value(99, sorted: values) == 60)
        #expect(Percentile.value(50, sorted: values) == 30)
    }

    @Test func medianOfEvenCountIsTheLowerMiddle() {
        #expect(Percentile.median(sorted: [1, 2, 3, 4]) == 2)
        #expect(Percentile.median(sorted: [7]) == 7)
    }
}
