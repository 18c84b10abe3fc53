import Dispatch
import Testing

@testable import PopSimSweeps

@Suite("Ordered chunks")
struct OrderedChunksTests {
    /// Chunks reach the consumer in index order, whatever the threads, chunk size and window.
    @Test(arguments: [1, 2, 3, 8], [1, 7, 1024])
    func chunksAreConsumedInOrder(jobs: Int, chunkSize: Int) {
        var seen: [Int] = []
        forEachChunkInOrder(
            3..<5_003, jobs: jobs, chunkSize: chunkSize, produce: { Array($0) },
            consume: { (chunk: [Int]) in seen.append(contentsOf: chunk) })
        #expect(seen == Array(3..<5_003))
    }

    /// No more than the window's chunks are ever taken and not yet consumed.
    @Test(arguments: [1, 2, 4])
    func theWindowBoundsChunksInFlight(window: Int) {
        let counter = InFlightCounter()
        forEachChunkInOrder(
            0..<2_000, jobs: 4, chunkSize: 10, window: window,
            produce: { range in
                counter.started()
                // Uneven work, so later chunks finish before earlier ones.
                var sum = 0
                for i in 0..<((range.lowerBound / 10) % 7) * 2_000 { sum &+= i }
                return sum
            }, consume: { (_: Int) in counter.consumed() })
        #expect(counter.maximum <= window)
        #expect(counter.maximum >= 1)
    }

    struct Stop: Error, Equatable {}

    /// A consumer's error stops the run and is rethrown; nothing after it is consumed.
    @Test func aConsumerErrorStopsTheRun() {
        var consumed = 0
        #expect(throws: Stop()) {
            try forEachChunkInOrder(
                0..<10_000, jobs: 3, chunkSize: 10, produce: { $0.count },
                consume: { (_: Int) throws(Stop) in
                    consumed += 1
                    if consumed == 5 { throw Stop() }
                })
        }
        #expect(consumed == 5)
    }

    @Test func anEmptyRangeConsumesNothing() {
        var consumed = 0
        forEachChunkInOrder(0..<0, jobs: 4, produce: { $0.count }, consume: { (_: Int) in consumed += 1 })
        #expect(consumed == 0)
    }

    /// The summary built row by row: one line moved by one step, one with a boundary only in the
    /// ideal results, one without any; a shard's cut lines are left out.
    @Test func boundaryShiftIsAccumulatedLineByLine() throws {
        let grid = try ParameterGrid(axes: [
            try GridAxis(column: "a", start: 0, end: 3, count: 4),
            try GridAxis(column: "v", start: 0, end: 30, count: 4),
        ])
        let ideals = ["r", "r", "d", "d", "r", "r", "d", "d", "r", "r", "r", "r", "r", "r", "r", "d"]
        let outcomes = ["r", "r", "r", "d", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "d"]
        let whole = BoundaryShift(grid: grid, range: 0..<16, outcomes: outcomes, ideals: ideals)
        #expect(whole.differing == 3)
        #expect(whole.lines == 4)
        #expect(whole.comparedLines == 2)
        #expect(whole.movedLines == 1)
        #expect(whole.meanShift == 5)
        #expect(whole.largestShift == 10)
        #expect(whole.missing == 1)
        #expect(
            whole.description
                == "3 of 16 decisions differ (18.8 %); boundary along v in 4 lines: moved in 1 of 2, mean +5.0, "
                + "largest +10.0, 1 line with a boundary in only one of them"
        )
        let cut = BoundaryShift(
            grid: grid, range: 2..<14, outcomes: Array(outcomes[2..<14]), ideals: Array(ideals[2..<14]))
        #expect(cut.lines == 2)
        #expect(cut.total == 12)
    }
}

final class InFlightCounter: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var current = 0
    private(set) var maximum = 0

    func started() {
        lock.wait()
        current += 1
        maximum = max(maximum, current)
        lock.signal()
    }

    func consumed() {
        lock.wait()
        current -= 1
        lock.signal()
    }
}
