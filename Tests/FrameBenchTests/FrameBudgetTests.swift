import Testing

@testable import FrameBench

@Suite struct FrameBudgetTests {
    /// A 20 ms frame at 120 Hz (budget 8.33 ms) is ⌈20/8.33 − 1⌉ = ⌈1.4⌉ = 2 vsyncs late.
    @Test func twentyMillisecondFrameAt120HzMissesTwoVsyncs() {
        #expect(HitchAnalysis.missedVsyncs(workNanoseconds: 20_000_000, rate: .hz120) == 2)
        let analysis = HitchAnalysis(workNanoseconds: [20_000_000], rate: .hz120)
        #expect(analysis.missedFrames == 1)
        #expect(analysis.missedVsyncs == 2)
        #expect(abs(analysis.hitchTimeMilliseconds - 2000.0 / 120) < 1e-12)
    }

    /// The deadline is exact: 16 666 666 ns fits a 60 Hz frame (·60 = 999 999 960 ≤ 10⁹), 16 666 667 ns
    /// does not; a hair over two budgets is two vsyncs late, a hair under is one; exactly three budgets
    /// (50 ms at 60 Hz) is ⌈3 − 1⌉ = 2 vsyncs late.
    @Test(arguments: [
        (16_666_666, 60, 0), (16_666_667, 60, 1), (33_333_332, 60, 1), (33_333_334, 60, 2),
        (8_333_333, 120, 0), (8_333_334, 120, 1), (0, 120, 0), (50_000_000, 60, 2), (50_000_001, 60, 3),
    ])
    func vsyncBoundaries(work: Int, hertz: Int, expected: Int) {
        #expect(HitchAnalysis.missedVsyncs(workNanoseconds: work, rate: RefreshRate(hertz: hertz)) == expected)
    }

    /// 120 frames (1 s at 120 Hz) of 5 ms with one of 20 ms: 2 missed vsyncs, 16.67 ms of hitch in 1 s,
    /// a ratio of 16.67 ms/s: "warning" in the Organizer bands (10 < r ≤ 25). Overrun p50 = 5 − 8.33 ms.
    @Test func hitchRatioOfOneSecond() {
        var work = [Int](repeating: 5_000_000, count: 120)
        work[37] = 20_000_000
        let analysis = HitchAnalysis(workNanoseconds: work, rate: .hz120)
        #expect(analysis.missedFrames == 1)
        #expect(analysis.missedVsyncs == 2)
        #expect(abs(analysis.hitchRatio - 2000.0 / 120) < 1e-12)
        #expect(analysis.grade == "warning")
        #expect(abs(analysis.overrunP50 - (5_000_000 - 1e9 / 120)) < 1e-6)
        #expect(abs(analysis.overrunMax - (20_000_000 - 1e9 / 120)) < 1e-6)
        #expect(abs(analysis.missedFraction - 1.0 / 120) < 1e-15)
    }

    /// 60 frames at 60 Hz, three of them 40 ms (each ⌈2.4 − 1⌉ = 2 vsyncs): 6 vsyncs · 16.67 ms in 1 s =
    /// 100 ms/s, beyond the Organizer's critical band.
    @Test func severeHitching() {
        var work = [Int](repeating: 1_000_000, count: 60)
        for i in [3, 30, 59] { work[i] = 40_000_000 }
        let analysis = HitchAnalysis(workNanoseconds: work, rate: .hz60)
        #expect(analysis.missedVsyncs == 6)
        #expect(abs(analysis.hitchRatio - 100) < 1e-12)
        #expect(analysis.grade == "immediate attention")
    }

    @Test func noHitchesWithinBudget() {
        let analysis = HitchAnalysis(workNanoseconds: [1, 2, 8_333_333], rate: .hz120)
        #expect(analysis.missedFrames == 0 && analysis.hitchRatio == 0 && analysis.grade == "good")
    }

    @Test(arguments: [
        (0.0, "good"), (10, "good"), (10.001, "warning"), (25, "warning"), (50, "critical"),
        (50.01, "immediate attention"),
    ])
    func organizerBands(ratio: Double, grade: String) {
        #expect(HitchBands.xcodeOrganizer.grade(ratio) == grade)
    }

    /// The bands' name lists every grade with its bound, the last one included.
    @Test func organizerBandsNameEveryGrade() {
        let bands = HitchBands.xcodeOrganizer
        #expect(bands.name.contains("good ≤ 10, warning ≤ 25, critical ≤ 50, immediate attention > 50 ms/s"))
        for band in bands.bands { #expect(bands.name.contains(band.grade)) }
    }

    @Test(arguments: [(4.99, "good"), (5.0, "warning"), (10, "warning"), (10.01, "critical")])
    func wwdc20Bands(ratio: Double, grade: String) {
        #expect(HitchBands.wwdc20Scroll.grade(ratio) == grade)
    }

    /// 16.67 ms and 8.33 ms budgets; an operation of 1 ms is 6 % / 12 % of them; 16 and 8 fit.
    @Test func budgetShares() {
        #expect(abs(RefreshRate.hz60.budgetNanoseconds - 16_666_666.666666666) < 1e-6)
        let share60 = BudgetShare(rate: .hz60, p50: 1_000_000, p99: 2_000_000)
        #expect(abs(share60.shareAtP50 - 0.06) < 1e-15)
        #expect(share60.fitPerFrameAtP50 == 16)
        #expect(share60.fitPerFrameAtP99 == 8)
        let share120 = BudgetShare(rate: .hz120, p50: 1_000_000, p99: 0)
        #expect(abs(share120.shareAtP50 - 0.12) < 1e-15)
        #expect(share120.fitPerFrameAtP50 == 8)
        #expect(share120.fitPerFrameAtP99 == nil)
    }
}

@Suite struct CapacitySearchTests {
    /// p99(N) = 1 µs + 3 ns·N against half the 120 Hz budget: the exact capacity is
    /// ⌊(4 166 666.67 − 1000)/3⌋ = 1 388 555. The search must bracket it within its precision.
    @Test func linearCostModel() {
        let limit = RefreshRate.hz120.budgetNanoseconds / 2
        let exact = Int(((limit - 1000) / 3).rounded(.down))
        #expect(exact == 1_388_555)
        let search = CapacitySearch(
            limitNanoseconds: limit, initialCount: 1_000, maximumCount: 1 << 24,
            relativePrecision: 0.01, maximumProbes: 12)
        let outcome = search.run { (n: Int) -> Double in 1000 + 3 * Double(n) }
        #expect(outcome.capacity <= exact)
        #expect(outcome.capacity >= Int(0.99 * Double(exact)))
        let failing = try! #require(outcome.firstFailing)
        #expect(failing > exact)
        #expect(!outcome.reachedMaximum)
        #expect(outcome.probes.allSatisfy { $0.passes == ($0.p99Nanoseconds <= limit) })
    }

    @Test func nothingFits() {
        let search = CapacitySearch(limitNanoseconds: 100, initialCount: 50, maximumCount: 1000)
        let outcome = search.run { (_: Int) -> Double in 1_000 }
        #expect(outcome.capacity == 0)
        #expect(outcome.probes.last?.count == 1)
    }

    @Test func everythingFitsUpToTheLimit() {
        let search = CapacitySearch(limitNanoseconds: 1e9, initialCount: 10, maximumCount: 5_000)
        let outcome = search.run { (n: Int) -> Double in Double(n) }
        #expect(outcome.capacity == 5_000)
        #expect(outcome.reachedMaximum)
        #expect(outcome.firstFailing == nil)
    }
}

@Suite struct FrameLoopTimingTests {
    /// A summary of given times: a 20 ms frame at 120 Hz is 2 vsyncs late (⌈2.4 − 1⌉), the 1 µs frame is
    /// on time; the wall clock (9 ms for the first frame, preempted during 1 µs of work) misses both.
    @Test func summarisesGivenFrames() {
        let times = Sampler.FrameTimes(work: [1_000, 20_000_000], wallClock: [9_000_000, 20_000_000], allocations: 6)
        let timing = FrameLoopTiming(times: times, rate: .hz120, seed: 1, wallClockSeed: 2)
        #expect(timing.work.count == 2 && timing.work.p0 == 1_000 && timing.work.p100 == 20_000_000)
        #expect(timing.hitches.missedFrames == 1 && timing.hitches.missedVsyncs == 2)
        #expect(timing.wallClockHitches.missedFrames == 2 && timing.wallClockHitches.missedVsyncs == 3)
        #expect(timing.budget.shareAtP99 == 20_000_000 / (1e9 / 120))
        #expect(timing.allocationsPerFrame == 3)
    }

    /// The one-line summary of the same frames, every number with its unit: p50 1 000 ns = 1 µs (nearest
    /// rank of two), p99 20 ms; 1 µs / 8.333 ms = 0.012 %, 20 ms / 8.333 ms = 240 %; one frame 2 vsyncs
    /// late in 2 frames is 1000·2/2 = 1000 ms/s, past 50: immediate attention.
    @Test func summaryHasUnits() {
        let times = Sampler.FrameTimes(work: [1_000, 20_000_000], wallClock: [9_000_000, 20_000_000], allocations: 6)
        let timing = FrameLoopTiming(times: times, rate: .hz120, seed: 1, wallClockSeed: 2)
        let expected =
            "120 Hz, 2 frames: work per frame p50 1 µs, p99 20 ms (0.012 % and 240 % of the 8.33 ms budget); "
            + "1 frame missed, hitch time ratio 1000 ms/s (immediate attention); wall clock p99 20 ms"
            + (BuildConfiguration.isDebug ? " [debug build: not representative]" : "")
        #expect(timing.summary == expected)
        #expect(timing.timedInDebugBuild == BuildConfiguration.isDebug)
    }

    @Test(
        arguments: [
            (1.5234, 3, "1.52"), (8.333_333, 3, "8.33"), (0.018_24, 2, "0.018"), (240.0, 2, "240"), (1000.0, 3, "1000"),
            (999.6, 3, "1000"), (0.1 + 0.2, 3, "0.3"), (-2.345, 2, "-2.3"), (0, 3, "0"),
        ] as [(Double, Int, String)])
    func significantDigits(value: Double, digits: Int, text: String) {
        #expect(FrameLoopTiming.significant(value, digits: digits) == text)
    }

    @Test(arguments: [(999.0, "999 ns"), (1_000.0, "1 µs"), (8_333_333.3, "8.33 ms"), (1.5e9, "1.5 s")])
    func timesCarryTheirUnit(nanoseconds: Double, text: String) {
        #expect(FrameLoopTiming.time(nanoseconds) == text)
    }

    /// Timing a loop of one's own: every frame is called once, warm-up first, in order, and each timed
    /// frame gives one sample.
    @Test func measuresEveryFrameOnce() throws {
        var calls: [Int] = []
        let timing = try FrameLoopTiming.measure(rate: .hz60, frames: 30, warmupFrames: 5, warnsInDebugBuild: false) {
            frame in
            calls.append(frame)
        }
        #expect(calls == Array(0..<35))
        #expect(timing.times.work.count == 30 && timing.times.wallClock.count == 30)
        #expect(timing.work.count == 30)
        #expect(timing.rate == .hz60)
        #expect(timing.allocationsPerFrame == nil)
    }
}
