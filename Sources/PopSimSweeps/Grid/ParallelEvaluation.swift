import Dispatch
import PopSimPlatform

/// Evaluates consecutive chunks of `indices` on `jobs` threads and hands every chunk's result to
/// `consume` in index order, one at a time, while later chunks are still being computed: what lets a
/// sweep write its rows in grid order as they are computed, in memory that does not grow with the grid.
///
/// Threads take chunks from a shared counter in increasing order. At most `window` chunks are taken
/// and not yet consumed at any moment (a thread that would exceed it waits), so memory is bounded by
/// `window` chunk results whatever the grid's size; a finished chunk waits only for the chunks before
/// it. `consume` runs on whichever thread completes the next chunk in order, never on two threads at
/// once. `produce` must be pure in its range (a pipeline derives its seeds from grid indices, never
/// from the thread), so the sequence `consume` sees is the same for every number of jobs and every
/// chunk size. When `consume` throws, no new chunk is started and the error is rethrown once the
/// running ones have finished.
public func forEachChunkInOrder<Chunk, Failure: Error>(
    _ indices: Range<Int>, jobs: Int, chunkSize: Int? = nil, window: Int? = nil,
    produce: @Sendable (Range<Int>) -> Chunk,
    consume: (Chunk) throws(Failure) -> Void
) throws(Failure) {
    let count = indices.count
    guard count > 0 else { return }
    let jobs = max(1, jobs)
    let size = max(1, chunkSize ?? ParallelChunking.chunkSize(count: count, jobs: jobs))
    let chunks = (count + size - 1) / size
    let workers = min(jobs, chunks)
    let inFlight = max(1, window ?? ParallelChunking.window(jobs: workers))
    let state = OrderedChunkState<Chunk, Failure>(window: inFlight)
    // `consume` is called under the state's lock only, one call at a time.
    nonisolated(unsafe) let consume = consume
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while let chunk = state.take(below: chunks) {
            let lower = indices.lowerBound + chunk * size
            let upper = min(lower + size, indices.upperBound)
            let result = produce(lower..<upper)
            state.deliver(chunk, result, consume)
        }
    }
    if let failure = state.failure { throw failure }
}

/// Evaluates a function over a range of grid indices on `jobs` threads and returns the results in
/// index order (``forEachChunkInOrder(_:jobs:chunkSize:window:produce:consume:)`` collected into one
/// array). The result is identical for every number of jobs; the function must be pure in its index.
public func evaluateInParallel<Result: Sendable>(
    _ indices: Range<Int>, jobs: Int, chunkSize: Int = 256,
    progress: (@Sendable (Int) -> Void)? = nil,
    _ evaluate: @Sendable (Int) -> Result
) -> [Result] {
    var results: [Result] = []
    results.reserveCapacity(indices.count)
    forEachChunkInOrder(
        indices, jobs: jobs, chunkSize: chunkSize,
        produce: { range in
            let chunk = range.map(evaluate)
            progress?(range.count)
            return chunk
        }, consume: { (chunk: [Result]) in results.append(contentsOf: chunk) })
    return results
}

/// How a range is cut for ``forEachChunkInOrder(_:jobs:chunkSize:window:produce:consume:)`` by default.
public enum ParallelChunking {
    /// The largest default chunk: big enough that taking a chunk costs nothing next to computing it,
    /// small enough that a chunk's rows stay a few tens of kilobytes.
    public static let maximumChunkSize = 1024

    /// About eight chunks per thread (so threads finish together), at most `maximum`.
    public static func chunkSize(count: Int, jobs: Int, maximum: Int = maximumChunkSize) -> Int {
        min(maximum, max(1, count / (8 * max(1, jobs))))
    }

    /// Chunks taken but not yet consumed: four per thread, so a thread rarely waits for a slow chunk
    /// before it.
    public static func window(jobs: Int) -> Int { 4 * max(1, jobs) }

    /// The threads a run uses unless told otherwise: one per online processor.
    public static var processorCount: Int { Platform.processorCount }
}

/// The shared state of one ordered evaluation: the next chunk to hand out, finished chunks waiting
/// for the ones before them, and the window's free slots.
final class OrderedChunkState<Chunk, Failure: Error>: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private let slots: DispatchSemaphore
    private var nextToTake = 0
    private var nextToConsume = 0
    private var waiting: [Int: Chunk] = [:]
    private(set) var failure: Failure?

    init(window: Int) {
        slots = DispatchSemaphore(value: window)
    }

    /// The next chunk number, once a window slot is free; nil when none is left or a consumer failed.
    func take(below limit: Int) -> Int? {
        slots.wait()
        lock.wait()
        defer { lock.signal() }
        guard failure == nil, nextToTake < limit else {
            slots.signal()
            return nil
        }
        nextToTake += 1
        return nextToTake - 1
    }

    /// Stores a finished chunk and consumes every chunk that is now next in order.
    func deliver(_ chunk: Int, _ result: Chunk, _ consume: (Chunk) throws(Failure) -> Void) {
        lock.wait()
        defer { lock.signal() }
        waiting[chunk] = result
        while let ready = waiting.removeValue(forKey: nextToConsume) {
            nextToConsume += 1
            slots.signal()
            guard failure == nil else { continue }
            do { try consume(ready) } catch { failure = error }
        }
    }
}
