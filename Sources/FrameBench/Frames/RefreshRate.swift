/// A display refresh rate and its frame budget: 60 Hz gives 16.67 ms, 120 Hz (ProMotion) 8.33 ms
/// (WWDC20-10077; tech talk 10855 "Explore UI animation hitches and the render loop";
/// Documentation/benchmarking.md §3).
///
/// The rate is an integer number of frames per second so that budget arithmetic stays exact: a frame
/// of d nanoseconds misses its deadline when d·rate > 10⁹, with no rounding of 1/120 s anywhere.
public struct RefreshRate: Codable, Sendable, Hashable, CustomStringConvertible, Comparable {
    public let hertz: Int

    public init(hertz: Int) {
        precondition(hertz > 0, "a frame rate must be positive")
        self.hertz = hertz
    }

    public static let hz60 = RefreshRate(hertz: 60)
    public static let hz120 = RefreshRate(hertz: 120)

    /// The frame budget 10⁹/rate ns (16 666 666.7 ns at 60 Hz, 8 333 333.3 ns at 120 Hz).
    public var budgetNanoseconds: Double { 1e9 / Double(hertz) }

    /// The frame interval in seconds.
    public var interval: Double { 1 / Double(hertz) }

    public var description: String { "\(hertz) Hz" }

    public static func < (a: RefreshRate, b: RefreshRate) -> Bool { a.hertz < b.hertz }
}

/// How much of one frame a single operation takes (for every hot path, at p50 and p99), and how many
/// such operations fit in one frame.
public struct BudgetShare: Codable, Sendable, Equatable {
    public var rateHertz: Int
    public var budgetNanoseconds: Double
    /// Fraction of the budget (0.01 = 1 %).
    public var shareAtP50: Double
    public var shareAtP99: Double
    /// ⌊budget / time⌋ at p50 and p99 (nil when the time is 0).
    public var fitPerFrameAtP50: Int?
    public var fitPerFrameAtP99: Int?

    public init(rate: RefreshRate, p50: Double, p99: Double) {
        rateHertz = rate.hertz
        budgetNanoseconds = rate.budgetNanoseconds
        shareAtP50 = p50 / rate.budgetNanoseconds
        shareAtP99 = p99 / rate.budgetNanoseconds
        fitPerFrameAtP50 = Self.fit(rate.budgetNanoseconds, p50)
        fitPerFrameAtP99 = Self.fit(rate.budgetNanoseconds, p99)
    }

    private static func fit(_ budget: Double, _ time: Double) -> Int? {
        guard time > 0 else { return nil }
        let count = (budget / time).rounded(.down)
        return count < Double(Int.max) ? Int(count) : nil
    }
}
