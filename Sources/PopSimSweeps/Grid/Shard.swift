/// Part K of N of a grid (`--shard K/N`, K counted from 0 like a Kubernetes Indexed Job's
/// JOB_COMPLETION_INDEX): the contiguous index range [⌊K·total/N⌋, ⌊(K+1)·total/N⌋). The N parts cover
/// the grid in order without overlap, so their outputs concatenate to the unsharded output.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public static let whole = Shard(uncheckedIndex: 0, count: 1)

    public init(index: Int, count: Int) throws(SweepError) {
        guard count >= 1 else { throw .invalidShard("N = \(count) must be at least 1") }
        guard index >= 0, index < count else { throw .invalidShard("K = \(index) must be in 0…\(count - 1) (K counts from 0)") }
        self.init(uncheckedIndex: index, count: count)
    }

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init(parsing text: String) throws(SweepError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw .invalidShard("'\(text)' is not K/N (e.g. 0/4)")
        }
        try self.init(index: k, count: n)
    }

    /// The grid indices of this part.
    public func range(in total: Int) -> Range<Int> {
        let lower = Int((Int64(index) * Int64(total)) / Int64(count))
        let upper = Int((Int64(index + 1) * Int64(total)) / Int64(count))
        return lower..<upper
    }

    /// The first part writes the header; the others only rows.
    public var writesHeader: Bool { index == 0 }

    public var description: String { "\(index)/\(count)" }
}
