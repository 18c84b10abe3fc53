/// Consecutive results of a table (a sweep's rows, a threshold table's solved lines) in grid order, with
/// their CSV text formatted on the thread that computed them: what a table's `forEachChunk` hands out
/// while the rest are still being computed.
public struct TableChunk<Result: Sendable>: Sendable {
    public var results: [Result]
    public var text: String

    @inlinable
    public init(results: [Result] = [], text: String = "") {
        self.results = results
        self.text = text
    }
}
