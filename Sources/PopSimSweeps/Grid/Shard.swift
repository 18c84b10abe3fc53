import PopSimTextIO

/// Part K of N of a grid (`--shard K/N`, K counted from 0 like a Kubernetes Indexed Job's
/// JOB_COMPLETION_INDEX): the contiguous index range [⌊K·total/N⌋, ⌊(K+1)·total/N⌋). The N parts cover
/// the grid in order without overlap, so their outputs concatenate to the unsharded output.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public static let whole = Shard(uncheckedIndex: 0, count: 1)

    public init(index: Int, count: Int) throws(SweepError) {
        guard count >= 1 else { throw .invalidShard("N = \(count) must be at least 1") }
        guard index >= 0, index < count else {
            throw .invalidShard("K = \(index) must be in 0…\(count - 1) (K counts from 0)")
        }
        self.init(uncheckedIndex: index, count: count)
    }

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, with N at most `maximumCount` (more parts than grid points only adds empty ones).
    public init(parsing text: String, maximumCount: Int = ParameterGrid.maximumPoints) throws(SweepError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw .invalidShard("'\(DiagnosticText.excerpt(text))' is not K/N (e.g. 0/4)")
        }
        guard n <= maximumCount else { throw .invalidShard("N = \(n) must be at most \(maximumCount)") }
        try self.init(index: k, count: n)
    }

    /// The grid indices of this part: ⌊K·total/N⌋ ..< ⌊(K+1)·total/N⌋, with the products formed in
    /// double width so that no K, N and total can overflow.
    public func range(in total: Int) -> Range<Int> {
        precondition(total >= 0, "a grid has a non-negative number of points")
        return boundary(index, of: total)..<boundary(index + 1, of: total)
    }

    /// ⌊part·total/count⌋ for 0 ≤ part ≤ count: at most `total`, so the quotient always fits.
    private func boundary(_ part: Int, of total: Int) -> Int {
        let product = part.multipliedFullWidth(by: total)
        return count.dividingFullWidth((high: product.high, low: product.low)).quotient
    }

    /// The first part writes the header; the others only rows.
    public var writesHeader: Bool { index == 0 }

    public var description: String { "\(index)/\(count)" }
}
