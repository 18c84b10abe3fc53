import Foundation
import FrameBench

/// `bench --ab OTHER`: this build and another build of the same benchmarks, timed in alternating
/// processes (A B, B A, A B, …), so that drifts of the machine's load and frequency fall on both alike
/// (Chromium's Pinpoint compares builds the same way).
///
/// Each round gives each benchmark one batch of samples per build; its ratio is median(this build's
/// batch) / median(the other's), and the rounds' ratios are paired measurements of one quantity. The
/// estimate is their geometric mean, and its 95 % interval is the t interval of the mean log ratio
/// (``StudentT``), so it widens honestly when rounds disagree. Verdicts, on the interval:
/// **regressed** (this build slower) or **improved** when the estimate is beyond the threshold and the
/// interval does not hold 1; **unchanged** when the whole interval is within the threshold of 1;
/// **within noise** otherwise (the rounds cannot tell whether the change reaches the threshold).
public struct ABComparison: Codable, Sendable {
    public struct Entry: Codable, Sendable, Equatable {
        public var id: String
        /// A benchmark's reference (a C kernel, the same code in both builds): a control, whose ratio
        /// shows the machine's noise between the builds' processes; not judged (the exit status ignores it).
        public var isReference: Bool = false
        /// This build's time over the other's: > 1 means this build is slower.
        public var ratio: Double
        public var interval: ConfidenceInterval
        /// Each round's ratio of medians, in round order.
        public var roundRatios: [Double]
        /// The median of all of this build's samples, and of the other's (ns per operation).
        public var thisMedian: Double
        public var otherMedian: Double
        public var verdict: Comparison.Verdict
    }

    /// The other build's executable, as given.
    public var other: String
    public var rounds: Int
    /// Samples per benchmark in each batch.
    public var samplesPerBatch: Int
    /// As a fraction.
    public var threshold: Double
    public var entries: [Entry]
    /// Benchmarks only this build timed, and only the other.
    public var onlyHere: [String]
    public var onlyThere: [String]
    /// What the other build says about itself (configuration, compiler), when it says it.
    public var otherBuild: String?

    /// The verdict on a ratio and its interval.
    public static func verdict(ratio: Double, interval: ConfidenceInterval, threshold: Double) -> Comparison.Verdict {
        if ratio > 1 + threshold && interval.lower > 1 { return .regressed }
        if ratio < 1 - threshold && interval.upper < 1 { return .improved }
        if interval.lower >= 1 - threshold && interval.upper <= 1 + threshold { return .unchanged }
        return .withinNoise
    }

    /// Builds the entries from each round's samples: `here[r][id]` and `there[r][id]` are round r's
    /// batches (a benchmark missing from a round in either build is left out of that round).
    public init(
        other: String, samplesPerBatch: Int, threshold: Double, here: [[String: [Double]]],
        there: [[String: [Double]]], order: [String], references: Set<String> = [], otherBuild: String?
    ) {
        self.other = other
        self.rounds = min(here.count, there.count)
        self.samplesPerBatch = samplesPerBatch
        self.threshold = threshold
        self.otherBuild = otherBuild
        let hereIDs = Set(here.flatMap(\.keys))
        let thereIDs = Set(there.flatMap(\.keys))
        onlyHere = order.filter { hereIDs.contains($0) && !thereIDs.contains($0) }
        onlyThere = thereIDs.subtracting(hereIDs).sorted()
        var entries: [Entry] = []
        for id in order where hereIDs.contains(id) && thereIDs.contains(id) {
            var logRatios: [Double] = []
            var ratios: [Double] = []
            var allHere: [Double] = []
            var allThere: [Double] = []
            for r in 0..<rounds {
                guard let a = here[r][id], let b = there[r][id], !a.isEmpty, !b.isEmpty else { continue }
                allHere += a
                allThere += b
                let ma = Percentile.median(sorted: a.sorted())
                let mb = Percentile.median(sorted: b.sorted())
                guard ma > 0, mb > 0 else { continue }
                ratios.append(ma / mb)
                logRatios.append(log(ma / mb))
            }
            guard !logRatios.isEmpty else { continue }
            let (mean, logInterval) = StudentT.meanInterval(logRatios)
            let interval = ConfidenceInterval(
                lower: exp(logInterval.lower), upper: exp(logInterval.upper), level: logInterval.level)
            entries.append(
                Entry(
                    id: id, isReference: references.contains(id), ratio: exp(mean), interval: interval,
                    roundRatios: ratios,
                    thisMedian: Percentile.median(sorted: allHere.sorted()),
                    otherMedian: Percentile.median(sorted: allThere.sorted()),
                    verdict: Self.verdict(ratio: exp(mean), interval: interval, threshold: threshold)))
        }
        self.entries = entries
    }

    /// Whether a judged entry (not a reference) regressed: what sets the exit status.
    public var hasRegression: Bool { entries.contains { !$0.isReference && $0.verdict == .regressed } }
    public var hasImprovement: Bool { entries.contains { !$0.isReference && $0.verdict == .improved } }
}
