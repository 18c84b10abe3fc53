import Testing

@testable import FrameBench
@testable import FrameBenchRunner

@Suite struct ComparisonTests {
    @Test func identicalSamplesAreUnchanged() {
        let samples = Fixtures.samples(around: 100)
        let v = Comparison.verdict(baseline: samples, current: samples, threshold: 0.05, alpha: 0.05)
        #expect(v.verdict == .unchanged)
        #expect(v.change == 0)
    }

    /// A 10 % slower median with tight samples: beyond the 5 % threshold and significant.
    @Test func slowerIsRegressed() {
        let base = Fixtures.samples(around: 100)
        let v = Comparison.verdict(baseline: base, current: base.map { $0 * 1.1 }, threshold: 0.05, alpha: 0.05)
        #expect(v.verdict == .regressed)
        #expect(abs(v.change - 0.1) < 1e-12)
        #expect(v.pValue < 0.001)
    }

    @Test func fasterIsImproved() {
        let base = Fixtures.samples(around: 100)
        let v = Comparison.verdict(baseline: base, current: base.map { $0 * 0.9 }, threshold: 0.05, alpha: 0.05)
        #expect(v.verdict == .improved)
    }

    /// A 3 % shift is significant with 100 tight samples but below the threshold: unchanged.
    @Test func smallShiftIsUnchanged() {
        let base = Fixtures.samples(around: 100)
        let v = Comparison.verdict(baseline: base, current: base.map { $0 * 1.03 }, threshold: 0.05, alpha: 0.05)
        #expect(v.verdict == .unchanged)
    }

    /// The median moves +10 %, but five noisy samples cannot tell it from noise: U = 19 of 25, tie-corrected
    /// σ = √(25/12·(11 − 60/90)) = 4.64, z = (19 − 12.5 − 0.5)/4.64 = 1.29, p ≈ 0.20.
    @Test func noisyShiftIsWithinNoise() {
        let v = Comparison.verdict(
            baseline: [100, 200, 100, 200, 100], current: [110, 220, 110, 220, 110],
            threshold: 0.05, alpha: 0.05)
        #expect(abs(v.change - 0.1) < 1e-12)
        #expect(v.pValue > 0.05)
        #expect(v.verdict == .withinNoise)
    }

    @Test func thresholdIsConfigurable() {
        let base = Fixtures.samples(around: 100)
        let v = Comparison.verdict(baseline: base, current: base.map { $0 * 1.1 }, threshold: 0.2, alpha: 0.05)
        #expect(v.verdict == .unchanged)
    }

    @Test func reportsAreComparedByIdentifier() {
        let base = Fixtures.samples(around: 100)
        let baseline = Fixtures.report(
            [
                Fixtures.benchmark("G/a", base), Fixtures.benchmark("G/gone", base),
                Fixtures.benchmark("G/b", base, reference: base),
            ],
            scenarios: [Fixtures.scenario("S/x", [1, 2, 3])])
        let current = Fixtures.report(
            [
                Fixtures.benchmark("G/a", base.map { $0 * 1.5 }), Fixtures.benchmark("G/new", base),
                Fixtures.benchmark("G/b", base.map { $0 * 0.5 }, reference: base),
            ],
            scenarios: [Fixtures.scenario("S/x", [1, 2, 3])])
        let comparison = Comparison(
            current: current, baseline: baseline, baselineName: "main", basis: .wallTime, threshold: 0.05, alpha: 0.05)
        let verdicts = Dictionary(uniqueKeysWithValues: comparison.entries.map { ($0.id, $0.verdict) })
        #expect(verdicts["G/a"] == .regressed)
        #expect(verdicts["G/b"] == .improved)
        #expect(verdicts["G/b [C]"] == .unchanged)
        #expect(verdicts["S/x @120 Hz"] == .unchanged)
        #expect(comparison.new == ["G/new"])
        #expect(comparison.missing == ["G/gone"])
        #expect(comparison.hasRegression && comparison.hasImprovement)
        #expect(comparison.unselected == 0)
    }

    /// A run filtered to part of the baseline (`--filter '^G/'`, `--rate 120`) lists as missing only
    /// what it selects but did not measure; the rest (another group, its reference, a 60 Hz frame
    /// loop) is counted as not selected.
    @Test func whatTheRunDoesNotSelectIsNotMissing() {
        let base = Fixtures.samples(around: 100)
        let baseline = Fixtures.report(
            [
                Fixtures.benchmark("G/a", base), Fixtures.benchmark("G/gone", base),
                Fixtures.benchmark("H/other", base, reference: base),
            ],
            scenarios: [Fixtures.scenario("G/x", [1, 2, 3]), Fixtures.scenario("G/x", [1, 2, 3], rate: .hz60)])
        var current = Fixtures.report(
            [Fixtures.benchmark("G/a", base)], scenarios: [Fixtures.scenario("G/x", [1, 2, 3])])
        current.configuration.filter = "^G/"
        current.configuration.ratesHertz = [120]
        let comparison = Comparison(
            current: current, baseline: baseline, baselineName: "main", basis: .wallTime, threshold: 0.05, alpha: 0.05)
        #expect(comparison.missing == ["G/gone"])
        #expect(comparison.unselected == 3)
        let text = TextReport.comparisonSections(
            {
                var r = current
                r.comparison = comparison
                return r
            }()
        ).flatMap(\.notes)
        #expect(text.contains("  in the baseline only: G/gone"))
        #expect(
            text.contains(
                "  3 more of the baseline's distributions are not selected by this run (--filter, --rate) and not compared"
            ))
    }
}

/// Verdicts on instruction counts and allocations (`--counts`), which wall time does not sway.
@Suite struct CountComparisonTests {
    static let base = Fixtures.samples(around: 100)

    static func compare(_ baseline: [BenchmarkResult], _ current: [BenchmarkResult], threshold: Double = 0.01)
        -> Comparison
    {
        Comparison(
            current: Fixtures.report(current), baseline: Fixtures.report(baseline), baselineName: "main",
            basis: .instructions, threshold: threshold, alpha: 0.05)
    }

    static func counted(_ id: String, _ instructions: Double, allocations: Double? = 0, wall: Double = 1)
        -> BenchmarkResult
    {
        var b = Fixtures.benchmark(id, base.map { $0 * wall })
        b.instructionCount = Fixtures.count(instructions, allocations: allocations)
        b.instructions = instructions
        return b
    }

    /// Instructions 20 % fewer in the baseline: the current run has 25 % more (1/0.8 − 1), a regression
    /// at any threshold below 25 %; 0.5 % more is unchanged at 1 %; 2 % fewer is an improvement.
    @Test(arguments: [
        (1000.0 * 0.8, 1000.0, Comparison.Verdict.regressed), (1000, 1005, .unchanged), (1000, 980, .improved),
        (1000, 1000, .unchanged),
    ])
    func instructionsDecide(baseline: Double, current: Double, verdict: Comparison.Verdict) {
        let c = Self.compare([Self.counted("G/a", baseline)], [Self.counted("G/a", current)])
        #expect(c.entries.map(\.verdict) == [verdict])
        #expect(c.entries[0].instructionChange == (current - baseline) / baseline)
    }

    /// Wall time three times slower with the same counts: unchanged (it is information only); an
    /// allocation appearing where there was none is a regression even with the instructions unchanged.
    @Test func wallTimeIsInformationAndAllocationsCount() {
        let slow = Self.compare([Self.counted("G/a", 500)], [Self.counted("G/a", 500, wall: 3)])
        #expect(slow.entries.map(\.verdict) == [.unchanged])
        #expect(abs(slow.entries[0].change - 2) < 1e-9)
        let allocating = Self.compare([Self.counted("G/a", 500)], [Self.counted("G/a", 500, allocations: 0.01)])
        #expect(allocating.entries.map(\.verdict) == [.regressed])
        #expect(allocating.entries[0].allocationChange == .infinity)
        // Fewer instructions but more allocations: a regression, not an improvement.
        let mixed = Self.compare(
            [Self.counted("G/a", 500, allocations: 1)], [Self.counted("G/a", 400, allocations: 2)])
        #expect(mixed.entries.map(\.verdict) == [.regressed])
        #expect(ExitCode.forRun(errors: 0, comparison: mixed) == .regression)
    }

    /// A benchmark counted in one run only is "not counted", never a silent pass; scenarios (never
    /// counted) are left out of a comparison on counts.
    @Test func uncountedIsSaid() {
        let c = Self.compare(
            [Self.counted("G/a", 500), Self.counted("G/b", 500)],
            [Self.counted("G/a", 500), Fixtures.benchmark("G/b", Self.base)])
        #expect(c.entries.map(\.verdict) == [.unchanged, .notCounted])
        #expect(TextReport.verdictTotals(c) == "comparison: 0 regressed, 0 improved, 1 unchanged, 1 not counted")
    }
}

/// Wall-time comparisons divided by the yardsticks (the C references measured in both runs).
@Suite struct YardstickTests {
    static let base = Fixtures.samples(around: 100)

    static func benchmark(_ id: String, _ factor: Double, referenceFactor: Double? = nil) -> BenchmarkResult {
        Fixtures.benchmark(
            id, base.map { $0 * factor }, reference: referenceFactor.map { f in base.map { $0 * f } })
    }

    /// The same code on a machine 1.5 times slower throughout (benchmarks and C kernels alike): every
    /// raw median moved +50 %, and nothing regressed.
    @Test func aUniformlySlowerMachineIsNotARegression() {
        let ids = ["G/a", "G/b", "G/c", "G/d"]
        let baseline = Fixtures.report(
            ids.map { Self.benchmark($0, 1, referenceFactor: 1) } + [Self.benchmark("G/plain", 1)])
        let current = Fixtures.report(
            ids.map { Self.benchmark($0, 1.5, referenceFactor: 1.5) } + [Self.benchmark("G/plain", 1.5)])
        let c = Comparison(
            current: current, baseline: baseline, baselineName: "b", basis: .wallTime, threshold: 0.05, alpha: 0.05)
        #expect(abs(c.yardstick.median - 1.5) < 1e-12)
        #expect(c.yardstick.spread < 1e-12)
        #expect(c.entries.allSatisfy { abs($0.change - 0.5) < 1e-9 })
        #expect(c.entries.allSatisfy { $0.verdict == .unchanged })
        #expect(ExitCode.forRun(errors: 0, comparison: c) == .ok)
    }

    /// A benchmark 30 % slower while its own C kernel and the machine are unchanged is a regression;
    /// one whose kernel slowed as much as it did is not. (Ten more unchanged yardsticks keep the spread
    /// at 0: of the twelve deviations only one is not 0, and p90 is the 11th smallest.)
    @Test func aBenchmarkIsDividedByItsOwnKernel() {
        let others = (0..<10).map { "G/other \($0)" }
        let baseline = Fixtures.report(
            [Self.benchmark("G/a", 1, referenceFactor: 1), Self.benchmark("G/b", 1, referenceFactor: 1)]
                + others.map { Self.benchmark($0, 1, referenceFactor: 1) })
        let current = Fixtures.report(
            [Self.benchmark("G/a", 1.3, referenceFactor: 1), Self.benchmark("G/b", 1.3, referenceFactor: 1.3)]
                + others.map { Self.benchmark($0, 1, referenceFactor: 1) })
        let c = Comparison(
            current: current, baseline: baseline, baselineName: "b", basis: .wallTime, threshold: 0.05, alpha: 0.05)
        let verdicts = Dictionary(uniqueKeysWithValues: c.entries.map { ($0.id, $0.verdict) })
        #expect(c.yardstick.spread == 0)
        #expect(verdicts["G/a"] == .regressed)
        #expect(verdicts["G/b"] == .unchanged)
        #expect(c.yardstick.factor(for: "G/b") == 1.3)
        // The kernel that slowed is itself held against the machine's median: it regressed, but a
        // reference is shown, not judged, so only G/a sets the exit status.
        #expect(verdicts["G/b [C]"] == .regressed)
        #expect(c.entries.filter(\.isReference).count == 12)
        let kernelOnly = Comparison(
            current: Fixtures.report(
                [Self.benchmark("G/a", 1, referenceFactor: 1), Self.benchmark("G/b", 1.3, referenceFactor: 1.3)]
                    + others.map { Self.benchmark($0, 1, referenceFactor: 1) }),
            baseline: baseline, baselineName: "b", basis: .wallTime, threshold: 0.05, alpha: 0.05)
        #expect(kernelOnly.entries.contains { $0.isReference && $0.verdict == .regressed })
        #expect(ExitCode.forRun(errors: 0, comparison: kernelOnly) == .ok)
    }

    /// Yardsticks that disagree among themselves (ratios 1, 1, 1.2, 1, 0.8 → median 1, deviations
    /// 0, 0, 0, 0.2, 0.2; p90 by nearest rank = 0.2) raise the threshold to their spread.
    @Test func theThresholdRisesToTheYardsticksSpread() {
        let yardstick = Yardstick(
            ratios: [1, 1, 1.2, 1, 0.8].enumerated().map { Yardstick.Ratio(id: "G/\($0.offset)", ratio: $0.element) })
        #expect(yardstick.median == 1)
        #expect(abs(yardstick.spread - 0.2) < 1e-12)
        #expect(Yardstick(ratios: []).median == 1)
        #expect(Yardstick(ratios: [.init(id: "a", ratio: 2), .init(id: "b", ratio: 1)]).spread == 0)
    }

    /// A change beyond the threshold but within the yardsticks' spread is the machine's, within noise;
    /// beyond the spread too, and significant, it is a regression.
    @Test func changesWithinTheSpreadAreNoise() {
        let base = Self.base
        let within = Comparison.verdict(
            baseline: base, current: base.map { $0 * 1.2 }, threshold: 0.05, noise: 0.3, alpha: 0.05)
        #expect(within.verdict == .withinNoise)
        let beyond = Comparison.verdict(
            baseline: base, current: base.map { $0 * 1.4 }, threshold: 0.05, noise: 0.3, alpha: 0.05)
        #expect(beyond.verdict == .regressed)
        let small = Comparison.verdict(
            baseline: base, current: base.map { $0 * 1.04 }, threshold: 0.05, noise: 0.3, alpha: 0.05)
        #expect(small.verdict == .unchanged)
    }

    /// A run whose samples were preempted (wall clock three times the baseline's) but whose work
    /// (min(wall, thread CPU time)) is the baseline's: compared on work, nothing changed.
    @Test func workSamplesLeavePreemptionOut() {
        var baseline = Fixtures.report([Self.benchmark("G/a", 1, referenceFactor: 1)])
        var current = Fixtures.report([Self.benchmark("G/a", 3, referenceFactor: 1)])
        baseline.benchmarks[0].workSamples = Self.base
        baseline.benchmarks[0].reference?.workSamples = Self.base
        current.benchmarks[0].workSamples = Self.base
        current.benchmarks[0].reference?.workSamples = Self.base
        let c = Comparison(
            current: current, baseline: baseline, baselineName: "b", basis: .wallTime, threshold: 0.05, alpha: 0.05)
        #expect(c.measure == .work)
        #expect(c.entries.allSatisfy { $0.verdict == .unchanged })
        current.benchmarks[0].workSamples = nil
        let wall = Comparison(
            current: current, baseline: baseline, baselineName: "b", basis: .wallTime, threshold: 0.05, alpha: 0.05)
        #expect(wall.measure == .wallClock)
        #expect(wall.entries.first { $0.id == "G/a" }?.verdict == .regressed)
    }

    /// A frame loop whose median moved by less than one read of the thread's CPU clock (the frame
    /// clock's resolution, 350 ns here) is within noise however significant: 240 → 100 ns per frame is
    /// a change of 140 ns; 2 → 3 µs is a regression.
    @Test func frameLoopsBelowTheClocksResolution() {
        func frames(_ ns: Int) -> [Int] { (0..<100).map { ns + $0 % 3 } }
        var baseline = Fixtures.report(
            [], scenarios: [Fixtures.scenario("S/tiny", frames(240)), Fixtures.scenario("S/big", frames(2_000))])
        var current = Fixtures.report(
            [], scenarios: [Fixtures.scenario("S/tiny", frames(100)), Fixtures.scenario("S/big", frames(3_000))])
        baseline.environment.frameClockOverheadNanoseconds = 350
        current.environment.frameClockOverheadNanoseconds = 340
        let c = Comparison(
            current: current, baseline: baseline, baselineName: "b", basis: .wallTime, threshold: 0.05, alpha: 0.05)
        let verdicts = Dictionary(uniqueKeysWithValues: c.entries.map { ($0.id, $0.verdict) })
        #expect(verdicts["S/tiny @120 Hz"] == .withinNoise)
        #expect(verdicts["S/big @120 Hz"] == .regressed)
    }

    /// References that are not yardsticks (the package's own code) do not move the factor.
    @Test func onlyYardsticksMeasureTheMachine() {
        var baseline = Fixtures.report([Self.benchmark("G/a", 1, referenceFactor: 1)])
        var current = Fixtures.report([Self.benchmark("G/a", 1, referenceFactor: 2)])
        baseline.benchmarks[0].reference?.isYardstick = false
        current.benchmarks[0].reference?.isYardstick = false
        #expect(Yardstick(current: current, baseline: baseline).ratios.isEmpty)
    }

    /// A quick run is not compared with a full baseline on wall time (refused before measuring), but is
    /// on counts; a comparison on counts needs a baseline with counts.
    @Test func refusals() {
        var baseline = Fixtures.report([Fixtures.benchmark("G/a", Self.base)])
        baseline.configuration = RunConfiguration(BenchOptions.standard)
        var quick = BenchOptions.quickDefaults
        #expect(
            Comparison.refusal(options: quick, baseline: baseline, baselineName: "main")?
                .contains("the baseline is a full run: 300 samples") == true)
        #expect(Comparison.refusal(options: .standard, baseline: baseline, baselineName: "main") == nil)
        quick.counts = true
        #expect(
            Comparison.refusal(options: quick, baseline: baseline, baselineName: "main")?
                .hasPrefix("baseline 'main' has no instruction counts") == true)
        baseline.benchmarks[0].instructionCount = Fixtures.count(10)
        #expect(Comparison.refusal(options: quick, baseline: baseline, baselineName: "main") == nil)
        let current = Fixtures.report([Fixtures.benchmark("G/a", Self.base)])
        var quickReport = current
        quickReport.configuration = RunConfiguration(BenchOptions.quickDefaults)
        let c = Comparison(
            current: quickReport, baseline: baseline, baselineName: "main", basis: .instructions, threshold: 0.01,
            alpha: 0.05)
        #expect(
            c.warnings.contains { $0.hasPrefix("wall times are shown but not comparable: the baseline is a full run") })
    }
}

@Suite struct ExitCodeTests {
    static let base = Fixtures.samples(around: 100)

    static func comparison(_ factors: [Double]) -> Comparison {
        let ids = factors.indices.map { "G/\($0)" }
        let baseline = Fixtures.report(ids.map { Fixtures.benchmark($0, base) })
        let current = Fixtures.report(
            zip(ids, factors).map { id, factor in Fixtures.benchmark(id, base.map { $0 * factor }) })
        return Comparison(
            current: current, baseline: baseline, baselineName: "b", basis: .wallTime, threshold: 0.05, alpha: 0.05)
    }

    @Test func values() {
        #expect(ExitCode.ok.rawValue == 0)
        #expect(ExitCode.error.rawValue == 1)
        #expect(ExitCode.regression.rawValue == 2)
        #expect(ExitCode.improvementsOnly.rawValue == 4)
    }

    @Test func outcomes() {
        #expect(ExitCode.forRun(errors: 0, comparison: nil) == .ok)
        #expect(ExitCode.forRun(errors: 0, comparison: Self.comparison([1, 1])) == .ok)
        #expect(ExitCode.forRun(errors: 0, comparison: Self.comparison([1, 0.8])) == .improvementsOnly)
        #expect(ExitCode.forRun(errors: 0, comparison: Self.comparison([1.2, 0.8])) == .regression)
        #expect(ExitCode.forRun(errors: 0, comparison: Self.comparison([1.2])) == .regression)
        #expect(ExitCode.forRun(errors: 1, comparison: Self.comparison([0.8])) == .error)
        #expect(ExitCode.forRun(errors: 2, comparison: nil) == .error)
    }
}
