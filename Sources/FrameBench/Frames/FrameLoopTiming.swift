import Foundation

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
/// print(timing.summary)
/// // 120 Hz, 600 frames: work per frame p50 1.52 µs, p99 3.1 µs (0.018 % and 0.037 % of the 8.33 ms budget);
/// // 0 frames missed, hitch time ratio 0 ms/s (good); wall clock p99 3.4 µs
/// ```
///
/// Units: every time (`work`, `wallClock`, `times`) is in nanoseconds, budget shares are fractions of
/// the frame budget (0.01 = 1 %), hitch times are in ms and the hitch time ratio in ms per s; the
/// ``summary`` writes each with its unit. Timed in a debug build (``timedInDebugBuild``), the numbers
/// mean nothing for a frame budget: ``measure(rate:frames:warmupFrames:allocationCounter:seed:warnsInDebugBuild:_:)``
/// says so on standard error and the summary says so too.
public struct FrameLoopTiming: Sendable {
    public let rate: RefreshRate
    /// The raw per-frame times, in frame order (ns).
    public let times: Sampler.FrameTimes
    /// Work per frame, ns: min(wall clock, thread CPU time) (``Sampler/FrameTimes``).
    public let work: SampleStatistics
    /// The same frames on the wall clock, ns.
    public let wallClock: SampleStatistics
    /// Work per frame at p50 and p99 as fractions of the budget.
    public let budget: BudgetShare
    /// The frames against the budget: missed frames, hitch time (ms), hitch time ratio (ms/s) and grade.
    public let hitches: HitchAnalysis
    public let wallClockHitches: HitchAnalysis
    /// Whether the frames were timed in a debug build (``BuildConfiguration``).
    public let timedInDebugBuild: Bool

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
        timedInDebugBuild = BuildConfiguration.isDebug
    }

    /// One line with every number in its unit: the rate and frames, work per frame at p50 and p99 and
    /// their share of the budget, the missed frames, the hitch time ratio and its grade (Xcode
    /// Organizer's bands), and the wall clock's p99; marked when timed in a debug build.
    public var summary: String {
        var line =
            "\(rate.hertz) Hz, \(work.count) frames: "
            + "work per frame p50 \(Self.time(work.p50)), p99 \(Self.time(work.p99))"
        line += " (\(Self.percent(budget.shareAtP50)) and \(Self.percent(budget.shareAtP99))"
        line += " of the \(Self.time(rate.budgetNanoseconds)) budget); "
        line += "\(hitches.missedFrames) \(hitches.missedFrames == 1 ? "frame" : "frames") missed, hitch time ratio "
        line +=
            "\(Self.significant(hitches.hitchRatio)) ms/s (\(hitches.grade)); "
            + "wall clock p99 \(Self.time(wallClock.p99))"
        if timedInDebugBuild { line += " [debug build: not representative]" }
        return line
    }

    /// The warning a debug build's timing writes on standard error.
    public static let debugBuildWarning =
        "warning: FrameLoopTiming is timing a debug build, "
        + "whose frame times mean nothing for a frame budget; build with -c release"

    /// `nanoseconds` in ns, µs, ms or s, three significant digits.
    static func time(_ nanoseconds: Double) -> String {
        guard nanoseconds.isFinite else { return "\(nanoseconds) ns" }
        let magnitude = abs(nanoseconds)
        if magnitude < 1e3 { return significant(nanoseconds) + " ns" }
        if magnitude < 1e6 { return significant(nanoseconds / 1e3) + " µs" }
        if magnitude < 1e9 { return significant(nanoseconds / 1e6) + " ms" }
        return significant(nanoseconds / 1e9) + " s"
    }

    /// A fraction as a percentage, two significant digits.
    static func percent(_ fraction: Double) -> String { significant(fraction * 100, digits: 2) + " %" }

    /// `value` rounded to `digits` significant digits, without a trailing `.0`.
    static func significant(_ value: Double, digits: Int = 3) -> String {
        guard value.isFinite, value != 0 else { return value == 0 ? "0" : "\(value)" }
        // The decimal exponent of the leading digit, then 10^k for the digits kept after the point: an
        // exact power of ten (k ≤ 22), so dividing by it rounds once.
        var exponent = 0
        var magnitude = abs(value)
        while magnitude >= 10 && exponent < 308 {
            magnitude /= 10
            exponent += 1
        }
        while magnitude < 1 && exponent > -300 {
            magnitude *= 10
            exponent -= 1
        }
        let decimals = digits - 1 - exponent
        var power = 1.0
        for _ in 0..<min(abs(decimals), 22) { power *= 10 }
        let rounded = decimals > 0 ? (value * power).rounded() / power : (value / power).rounded() * power
        let text = decimals > 0 || abs(rounded) >= 1e15 ? String(rounded) : String(Int(rounded))
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Heap allocations per timed frame, when a live counter was given.
    public var allocationsPerFrame: Double? {
        times.allocations.map { Double($0) / Double(max(times.work.count, 1)) }
    }

    /// Runs `warmupFrames` untimed frames of `work`, then times `frames` frames one by one on this
    /// thread (the clocks' read cost and the empty-frame overhead measured first and subtracted). In a
    /// debug build it first writes ``debugBuildWarning`` on standard error, unless `warnsInDebugBuild`
    /// is false.
    ///
    /// - Precondition: `frames` > 0 and `warmupFrames` ≥ 0.
    public static func measure(
        rate: RefreshRate, frames: Int = 240, warmupFrames: Int = 12,
        allocationCounter: AllocationCounter? = nil, seed: UInt64 = 0,
        warnsInDebugBuild: Bool = true, _ work: FrameWork
    ) throws -> FrameLoopTiming {
        precondition(frames > 0 && warmupFrames >= 0, "a frame loop needs at least one timed frame")
        if warnsInDebugBuild && BuildConfiguration.isDebug {
            FileHandle.standardError.write(Data((debugBuildWarning + "\n").utf8))
        }
        let sampler = Sampler(clockOverhead: MonotonicClock.readOverhead(), allocationCounter: allocationCounter)
        let times = try sampler.measureFrames(
            work, warmupFrames: warmupFrames, frames: frames,
            overhead: Sampler.emptyFrameOverhead())
        return FrameLoopTiming(times: times, rate: rate, seed: seed, wallClockSeed: seed &+ 1)
    }
}
