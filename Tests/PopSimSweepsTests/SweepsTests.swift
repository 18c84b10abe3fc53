import Testing

@testable import PopSimSweeps

@Suite("Sweep grids")
struct SweepsTests {
    @Test func axisValuesAreEvenlySpacedWithExactEnds() throws {
        let axis = try #require(try GridAxis.parse("-2000:2000:81", column: "velocity_y"))
        #expect(axis.count == 81)
        #expect(axis.value(0) == -2000)
        #expect(axis.value(80) == 2000)
        #expect(axis.value(40) == 0)
        #expect(axis.value(1) == -1950)
        #expect(try GridAxis.parse("0.1:0.5:5", column: "p")!.values == [0.1, 0.2, 0.30000000000000004, 0.4, 0.5])
    }

    @Test func plainNumberIsNotAnAxis() throws {
        #expect(try GridAxis.parse("400", column: "x") == nil)
    }

    static let badAxes = ["1:2", "1:2:0", "a:2:3", "1:2:x", "1:nan:3", "1:2:1", "1:2:3:4"]

    @Test(arguments: badAxes)
    func malformedAxesAreErrors(text: String) {
        #expect(throws: SweepError.self) { _ = try GridAxis.parse(Substring(text), column: "x") }
    }

    /// Row-major: the last axis varies fastest.
    @Test func gridOrder() throws {
        let grid = try ParameterGrid(axes: [
            try GridAxis(column: "a", start: 0, end: 1, count: 2),
            try GridAxis(column: "b", start: 10, end: 30, count: 3),
        ])
        #expect(grid.count == 6)
        let points = (0..<6).map { [grid.value(axis: 0, at: $0), grid.value(axis: 1, at: $0)] }
        #expect(points == [[0, 10], [0, 20], [0, 30], [1, 10], [1, 20], [1, 30]])
        #expect(grid.coordinates(of: 4) == [1, 1])
    }

    @Test func emptyAxisListIsOnePoint() throws {
        #expect(try ParameterGrid(axes: []).count == 1)
    }

    @Test func hugeGridIsRejected() throws {
        let axis = try GridAxis(column: "x", start: 0, end: 1, count: 100_000)
        #expect(throws: SweepError.self) { _ = try ParameterGrid(axes: [axis, axis]) }
    }

    /// Shards cover the grid in order, without gaps or overlap, for totals that do not divide evenly.
    @Test(arguments: [1, 2, 3, 7, 10], [0, 1, 5, 81, 6561])
    func shardsPartitionTheGrid(parts: Int, total: Int) throws {
        var next = 0
        for k in 0..<parts {
            let range = try Shard(index: k, count: parts).range(in: total)
            #expect(range.lowerBound == next)
            next = range.upperBound
        }
        #expect(next == total)
    }

    @Test func shardParsing() throws {
        #expect(try Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        for bad in ["4/4", "-1/4", "1", "a/b", "1/0"] {
            #expect(throws: SweepError.self) { _ = try Shard(parsing: bad) }
        }
    }

    @Test(arguments: [1, 2, 3, 8])
    func parallelResultsAreInIndexOrderForAnyJobCount(jobs: Int) {
        let results = evaluateInParallel(5..<2_005, jobs: jobs, chunkSize: 7) { $0 * $0 }
        #expect(results == (5..<2_005).map { $0 * $0 })
    }
}

@Suite("Sweep arithmetic at the limits")
struct SweepLimitTests {
    /// ⌊K·total/N⌋ in double width: 2⁶² points in thirds, where K·total overflows 64 bits.
    /// 2⁶² = 4611686018427387904; /3 = 1537228672809129301.3…; ×2/3 = 3074457345618258602.6…
    @Test func shardBoundsNeverOverflow() throws {
        let total = 1 << 62
        #expect(try Shard(index: 1, count: 3).range(in: total) == 1_537_228_672_809_129_301..<3_074_457_345_618_258_602)
        #expect(try Shard(index: 2, count: 3).range(in: total).upperBound == total)
        let last = try Shard(index: 2_147_483_647, count: 2_147_483_648)
        #expect(last.range(in: 3) == 2..<3)
    }

    @Test func shardCountIsBounded() {
        #expect(throws: SweepError.invalidShard("N = 3074457345618258603 must be at most 2147483648")) {
            _ = try Shard(parsing: "3074457345618258602/3074457345618258603")
        }
    }

    /// (B − A)·(N − 1) must be finite, or a middle value overflows to ±inf.
    @Test func axesWhoseSpanOverflowsAreRefused() throws {
        #expect(throws: SweepError.self) { _ = try GridAxis(column: "y", start: -1.7e308, end: 1.7e308, count: 3) }
        #expect(throws: SweepError.self) { _ = try GridAxis(column: "y", start: 0, end: 1e308, count: 3) }
        let wide = try GridAxis(column: "y", start: 0, end: 1e308, count: 2)
        #expect(wide.values == [0, 1e308])
    }
}
