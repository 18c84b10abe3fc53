import Foundation
import Testing

@testable import FrameBench
@testable import FrameBenchRunner

@Suite struct ABTests {
    /// Three rounds whose ratios of medians are 1.1, 1.2 and 1.0 (this build's batches 110/120/100 ns,
    /// the other's 100): the estimate is their geometric mean (1.1·1.2·1.0)^(1/3) = 1.0969, and the
    /// interval is exp(mean ± t₀.₉₇₅,₂ · s/√3) of the logs ln 1.1 = 0.09531, ln 1.2 = 0.18232, ln 1 = 0:
    /// mean 0.092544, s = 0.091192, half-width 4.303 · 0.091192/√3 = 0.22655, so 0.8746–1.3759.
    @Test func roundsArePairedAndTheirLogRatiosGiveTheInterval() {
        let here: [[String: [Double]]] = [110, 120, 100].map { ["G/a": [$0, $0 + 1, $0 - 1], "G/only here": [1]] }
        let there: [[String: [Double]]] = [100, 100, 100].map { ["G/a": [$0, $0 + 1, $0 - 1], "G/only there": [1]] }
        let ab = ABComparison(
            other: "other", samplesPerBatch: 3, threshold: 0.05, here: here, there: there,
            order: ["G/a", "G/only here"], otherBuild: nil)
        #expect(ab.rounds == 3)
        #expect(ab.entries.map(\.id) == ["G/a"])
        let e = ab.entries[0]
        #expect(abs(e.ratio - 1.0969) < 1e-4)
        #expect(abs(e.interval.lower - 0.8746) < 1e-4)
        #expect(abs(e.interval.upper - 1.3759) < 1e-4)
        #expect(e.roundRatios.map { ($0 * 1000).rounded() / 1000 } == [1.1, 1.2, 1.0])
        #expect(e.verdict == .withinNoise)
        #expect(ab.onlyHere == ["G/only here"] && ab.onlyThere == ["G/only there"])
    }

    /// Rounds in which this build's process ran on a quicker or slower core as a whole (0.8, 1.25, 1):
    /// the benchmark and its C kernel moved alike, and a benchmark without a kernel moved as the
    /// kernels' median did; divided by the round's yardstick, every ratio is 1 and the interval a point.
    /// A benchmark 20 % slower in every round stays 1.2 after the division.
    @Test func roundsAreDividedByTheirYardstick() {
        let factors = [0.8, 1.25, 1.0]
        func batch(_ f: Double, slower: Double = 1) -> [String: [Double]] {
            [
                "G/a": [100 * f], "G/a [C]": [50 * f], "G/b": [200 * f], "G/b [C]": [10 * f], "G/plain": [30 * f],
                "G/slower": [40 * f * slower],
            ]
        }
        let ab = ABComparison(
            other: "other", samplesPerBatch: 1, threshold: 0.05, here: factors.map { batch($0, slower: 1.2) },
            there: factors.map { _ in batch(1) }, order: ["G/a", "G/a [C]", "G/b", "G/b [C]", "G/plain", "G/slower"],
            references: ["G/a [C]", "G/b [C]"], yardsticks: ["G/a": "G/a [C]", "G/b": "G/b [C]"], otherBuild: nil)
        let byID = Dictionary(uniqueKeysWithValues: ab.entries.map { ($0.id, $0) })
        for id in ["G/a", "G/b", "G/plain", "G/a [C]"] {
            #expect(abs(byID[id]!.ratio - 1) < 1e-12, "\(id)")
            #expect(byID[id]!.verdict == .unchanged, "\(id)")
        }
        #expect(abs(byID["G/a"]!.rawRatio - 1) < 1e-12)  // (0.8 · 1.25 · 1)^(1/3) = 1
        #expect(abs(byID["G/slower"]!.ratio - 1.2) < 1e-12)
        #expect(byID["G/slower"]!.verdict == .regressed)
        #expect(ab.yardsticks == 2)
    }

    @Test(arguments: [
        (1.10, 1.06, 1.14, Comparison.Verdict.regressed), (0.90, 0.86, 0.94, .improved),
        (1.01, 0.99, 1.03, .unchanged), (1.08, 0.98, 1.18, .withinNoise),
        (1.04, 1.02, 1.06, .withinNoise),  // real, but it may not reach 5 %
        (1.06, 1.01, 1.11, .regressed),
    ])
    func verdicts(ratio: Double, lower: Double, upper: Double, verdict: Comparison.Verdict) {
        #expect(
            ABComparison.verdict(
                ratio: ratio, interval: ConfidenceInterval(lower: lower, upper: upper, level: 0.95), threshold: 0.05)
                == verdict)
    }

    /// t₀.₉₇₅ from the NIST table, and beyond it within 0.001 of the exact values (2.021 at 40, 1.984 at
    /// 100 degrees of freedom); the interval of 1, 2, 3 is 2 ± 4.303/√3.
    @Test func studentT() {
        #expect(StudentT.quantile975(degreesOfFreedom: 9) == 2.262)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 40) - 2.021) < 0.001)
        #expect(abs(StudentT.quantile975(degreesOfFreedom: 100) - 1.984) < 0.001)
        let (mean, interval) = StudentT.meanInterval([1, 2, 3])
        #expect(mean == 2)
        #expect(abs(interval.upper - (2 + 4.303 / 3.0.squareRoot())) < 1e-12)
        #expect(StudentT.meanInterval([5]).interval.lower == 5)
    }

    /// The batches' filter matches exactly the selected benchmarks, whatever characters their names hold.
    @Test func exactFilter() throws {
        let ids = ["Spring propagator/frame step, batch of 1 000 (per spring)", "G/a.b*c|d [e] {f} ^$?+\\"]
        let regex = try Regex(ABRun.exactFilter(ids))
        for id in ids { #expect(id.wholeMatch(of: regex) != nil, "\(id)") }
        #expect(
            "Spring propagator/frame step, batch of 1 000 (per spring), both built for this CPU".contains(regex)
                == false)
        #expect("G/aXb*c|d [e] {f} ^$?+\\".contains(regex) == false)
    }

    /// This build's batches pooled: every round's samples in one distribution, statistics over them.
    @Test func pooledBatches() {
        let a = Fixtures.report([Fixtures.benchmark("G/a", [1, 2, 3], reference: [1, 1, 1])])
        let b = Fixtures.report([Fixtures.benchmark("G/a", [4, 5, 6], reference: [2, 2, 2])])
        let pooled = ABRun.pooled([a, b], rates: [.hz120], seed: 1)
        #expect(pooled.map(\.samples) == [[1, 2, 3, 4, 5, 6]])
        #expect(pooled[0].statistics.p50 == 3)
        #expect(pooled[0].reference?.samples == [1, 1, 1, 2, 2, 2])
        #expect(pooled[0].reference?.ratio == 3)
        #expect(pooled[0].budgets.map(\.rateHertz) == [120])
    }
}
