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
            current: current, baseline: baseline, baselineName: "main", threshold: 0.05, alpha: 0.05)
        let verdicts = Dictionary(uniqueKeysWithValues: comparison.entries.map { ($0.id, $0.verdict) })
        #expect(verdicts["G/a"] == .regressed)
        #expect(verdicts["G/b"] == .improved)
        #expect(verdicts["G/b [C]"] == .unchanged)
        #expect(verdicts["S/x @120 Hz"] == .unchanged)
        #expect(comparison.new == ["G/new"])
        #expect(comparison.missing == ["G/gone"])
        #expect(comparison.hasRegression && comparison.hasImprovement)
    }
}

@Suite struct ExitCodeTests {
    static let base = Fixtures.samples(around: 100)

    static func comparison(_ factors: [Double]) -> Comparison {
        let ids = factors.indices.map { "G/\($0)" }
        let baseline = Fixtures.report(ids.map { Fixtures.benchmark($0, base) })
        let current = Fixtures.report(
            zip(ids, factors).map { id, factor in Fixtures.benchmark(id, base.map { $0 * factor }) })
        return Comparison(current: current, baseline: baseline, baselineName: "b", threshold: 0.05, alpha: 0.05)
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
