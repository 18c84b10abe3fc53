/// Frame-budget metrics of a frame loop: per-frame work times judged against the budget of one refresh
/// rate, translating Android's `frameOverrunMs` and Apple's hitch time and hitch time ratio to CPU work
/// on Linux (Documentation/benchmarking.md §3). For frame i with
/// work dᵢ and budget B:
///
/// - overrunᵢ = dᵢ − B, signed (negative: how far ahead of the deadline the frame finished);
/// - the frame misses its deadline when dᵢ > B;
/// - it is shown ⌈dᵢ/B − 1⌉ vsyncs late, so its hitch time is ⌈dᵢ/B − 1⌉·B (vsync-quantised);
/// - the hitch time ratio is Σ hitch / (N·B), in Apple's ms per s.
///
/// Work times are whole nanoseconds and the rate a whole number of hertz, so the deadline test and the
/// vsync count are integer arithmetic on dᵢ·rate against 10⁹: no rounding decides a frame at the
/// boundary. Example: a 20 ms frame at 120 Hz is ⌈2.4 − 1⌉ = 2 vsyncs late, a hitch of 16.67 ms.
public struct HitchAnalysis: Codable, Sendable, Equatable {
    public var rateHertz: Int
    public var budgetNanoseconds: Double
    public var frames: Int
    /// Frames with dᵢ > B.
    public var missedFrames: Int
    /// Σ ⌈dᵢ/B − 1⌉ over missed frames.
    public var missedVsyncs: Int
    /// Σ hitch, in ms.
    public var hitchTimeMilliseconds: Double
    /// ms of hitch per s of frames (N·B).
    public var hitchRatio: Double
    public var grade: String
    /// Overrun percentiles (ns, signed): p50, p99 and the maximum.
    public var overrunP50: Double
    public var overrunP99: Double
    public var overrunMax: Double

    public var missedFraction: Double { frames > 0 ? Double(missedFrames) / Double(frames) : 0 }

    /// Vsyncs a frame of `work` ns is late at `rate`: 0 within the budget, else ⌈d·rate/10⁹ − 1⌉.
    public static func missedVsyncs(workNanoseconds work: Int, rate: RefreshRate) -> Int {
        let scaled = work * rate.hertz  // d·rate, in ns·Hz; the budget is 10⁹
        guard scaled > 1_000_000_000 else { return 0 }
        return (scaled - 1_000_000_000 + 999_999_999) / 1_000_000_000
    }

    /// - Precondition: `work` is not empty and every value is ≥ 0.
    public init(workNanoseconds work: [Int], rate: RefreshRate, bands: HitchBands = .xcodeOrganizer) {
        precondition(!work.isEmpty, "hitch analysis of no frames")
        rateHertz = rate.hertz
        budgetNanoseconds = rate.budgetNanoseconds
        frames = work.count
        var missed = 0
        var vsyncs = 0
        for d in work {
            let late = Self.missedVsyncs(workNanoseconds: d, rate: rate)
            if late > 0 {
                missed += 1
                vsyncs += late
            }
        }
        missedFrames = missed
        missedVsyncs = vsyncs
        hitchTimeMilliseconds = Double(vsyncs) * 1000 / Double(rate.hertz)
        // Σ hitch / (N·B) = (vsyncs·B) / (N·B) s/s = 1000·vsyncs/N ms/s.
        hitchRatio = 1000 * Double(vsyncs) / Double(work.count)
        grade = bands.grade(hitchRatio)
        let overruns = work.map { Double($0) - rate.budgetNanoseconds }.sorted()
        overrunP50 = Percentile.value(50, sorted: overruns)
        overrunP99 = Percentile.value(99, sorted: overruns)
        overrunMax = overruns[overruns.count - 1]
    }
}
