/// A frame loop timed frame by frame and judged against one refresh rate's budget: the distribution of
/// work per frame, the budget share at p50 and p99, and the hitch metrics (``HitchAnalysis``), for the
/// work on the CPU and for the same frames on the wall clock.
///
/// This is all a user needs to time a frame loop of their own, without a suite or the runner:
///
/// ```swift
/// let timing = try FrameLoopTiming.measure(rate: .hz120, frames: 600) { frame in
///     model.advance(to: Double(frame) / 120)      // one frame of your own loop
/// }
/// print(timing.work.p99, timing.hitches.missedFrames, timing.hitches.grade)
/// ```
public struct FrameLoopTiming: Sendable {
    public let rate: RefreshRate
    /// The raw per-frame times, in frame order.
    public let times: Sampler.FrameTimes
    /// Work per frame, ns: min(wall clock, thread CPU time) (``Sampler/FrameTimes``).
    public let work: SampleStatistics
    /// The same frames on the wall clock, ns.
    public let wallClock: SampleStatistics
    public let budget: BudgetShare
    public let hitches: HitchAnalysis
    public let wallClockHitches: HitchAnalysis

    /// Summarises frame times already taken; `seed` and `wallClockSeed` seed the medians' bootstrap
    /// intervals.
    ///
    /// - Precondition: `times` holds at least one frame.
    public init(times: Sampler.FrameTimes, rate: RefreshRate, seed: UInt64, wallClockSeed: UInt64) {
        self.rate = rate
        self.times = times
        work = SampleStatistics(samples: times.work.map(Double.init), seed: seed)
        wallClock = SampleStatistics(samples: times.wallClock.map(Double.init), seed: wallClockSeed)
        budget = BudgetShare(rate: rate, p50: work.p50, p99: work.p99)
        hitches = HitchAnalysis(workNanoseconds: times.work, rate: rate)
        wallClockHitches = HitchAnalysis(workNanoseconds: times.wallClock, rate: rate)
    }

    /// Heap allocations per timed frame, when a live counter was given.
    public var allocationsPerFrame: Double? {
        times.allocations.map { Double($0) / Double(max(times.work.count, 1)) }
    }

    /// Runs `warmupFrames` untimed frames of `work`, then times `frames` frames one by one on this
    /// thread (the clocks' read cost and the empty-frame overhead measured first and subtracted).
    ///
    /// - Precondition: `frames` > 0 and `warmupFrames` ≥ 0.
    public static func measure(rate: RefreshRate, frames: Int = 240, warmupFrames: Int = 12,
                               allocationCounter: AllocationCounter? = nil, seed: UInt64 = 0,
                               _ work: FrameWork) throws -> FrameLoopTiming {
        precondition(frames > 0 && warmupFrames >= 0, "a frame loop needs at least one timed frame")
        let sampler = Sampler(clockOverhead: MonotonicClock.readOverhead(), allocationCounter: allocationCounter)
        let times = try sampler.measureFrames(work, warmupFrames: warmupFrames, frames: frames,
                                              overhead: Sampler.emptyFrameOverhead())
        return FrameLoopTiming(times: times, rate: rate, seed: seed, wallClockSeed: seed &+ 1)
    }
}
