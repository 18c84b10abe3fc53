/// Where heap allocation counts come from. The `bench` executable links a small C target that
/// interposes malloc and its relatives and counts calls (Benchmarks/CPopSimAllocationCounter); the harness
/// reads the count before and after each sample, outside the timed region, and reports allocations per
/// operation. Tests inject a fake counter.
///
/// A counter that is not live (the interposer was not linked or not reached) must say so: a report of
/// "0 allocations" from a dead counter would be a false claim, so the sampler then reports nothing.
public struct AllocationCounter: Sendable {
    /// Allocations so far (monotonic).
    public let read: @Sendable () -> UInt64
    /// Whether the count reflects the process's real allocations.
    public let isLive: Bool
    /// How the count is obtained, for the report.
    public let method: String

    public init(method: String, isLive: Bool, read: @escaping @Sendable () -> UInt64) {
        self.method = method
        self.isLive = isLive
        self.read = read
    }

    /// The counter on a platform where allocations cannot be counted (the interposer needs glibc): the
    /// report says so instead of claiming zero allocations.
    public static let unavailable = AllocationCounter(method: unavailableMethod, isLive: false, read: { 0 })

    /// What reports print where allocations cannot be counted.
    public static let unavailableMethod = "allocation counting unavailable on this platform"
}
