import Dispatch

/// Evaluates a function over a range of grid indices on `jobs` threads and returns the results in
/// index order. Each thread takes contiguous chunks from a shared counter and writes only its own
/// slots, so the result is identical for every number of jobs; the function must be pure in its
/// index (a pipeline sweep derives its random seed from the index, never from the thread).
public func evaluateInParallel<Result: Sendable>(
    _ indices: Range<Int>, jobs: Int, chunkSize: Int = 256,
    progress: (@Sendable (Int) -> Void)? = nil,
    _ evaluate: @Sendable (Int) -> Result
) -> [Result] {
    let count = indices.count
    guard count > 0 else { return [] }
    let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    let chunks = (count + chunkSize - 1) / chunkSize
    let counter = ChunkCounter()
    nonisolated(unsafe) let slots = results
    let workers = max(1, min(jobs, chunks))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while let chunk = counter.next(below: chunks) {
            let lower = chunk * chunkSize
            let upper = min(lower + chunkSize, count)
            for offset in lower..<upper {
                slots[offset] = evaluate(indices.lowerBound + offset)
            }
            progress?(upper - lower)
        }
    }
    return results.map { $0! }
}

/// A lock-protected counter handing out chunk numbers.
final class ChunkCounter: @unchecked Sendable {
    private var value = 0
    private let lock = DispatchSemaphore(value: 1)

    func next(below limit: Int) -> Int? {
        lock.wait()
        defer { lock.signal() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
