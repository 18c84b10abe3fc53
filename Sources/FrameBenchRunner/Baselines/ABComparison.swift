import Foundation
import FrameBench

/// `bench --ab OTHER`: this build and another build of the same benchmarks, timed in alternating
/// processes (A B, B A, A B, …), so that drifts of the machine's load and frequency fall on both alike
/// (Chromium's Pinpoint compares builds the same way).
///
/// Each round gives each benchmark one batch of samples per build, and its raw ratio median(this
/// build's batch) / median(the other's). A process can still run as a whole on a quieter or busier
/// core than its neighbour in the round; the yardsticks (the C kernels, the same code in both builds,
/// timed interleaved in the same processes) measure that, so each round's ratio is divided by its own
/// kernel's ratio in that round when the benchmark has one, else by the median of the round's
/// yardstick ratios. The rounds' normalised ratios are paired measurements of one quantity: the
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
        /// This build's time over the other's, the yardstick divided out: > 1 means this build is slower.
        public var ratio: Double
        public var interval: ConfidenceInterval
        /// The geometric mean of the rounds' raw ratios (before the yardstick).
        public var rawRatio: Double
        /// Each round's normalised ratio, in round order.
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
    /// How many yardsticks the rounds were divided by.
    public var yardsticks: Int
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
    /// `references` are the references' identifiers ("id [name]"); `yardsticks` maps a benchmark to its
    /// reference when that reference is a yardstick.
    public init(
        other: String, samplesPerBatch: Int, threshold: Double, here: [[String: [Double]]],
        there: [[String: [Double]]], order: [String], references: Set<String> = [],
        yardsticks: [String: String] = [:], otherBuild: String?
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
        // Each round's raw ratios, and its yardsticks' median.
        var raw: [[String: Double]] = []
        var machine: [Double] = []
        let yardstickIDs = Set(yardsticks.values)
        for r in 0..<rounds {
            var ratios: [String: Double] = [:]
            for (id, a) in here[r] {
                guard let b = there[r][id], !a.isEmpty, !b.isEmpty else { continue }
                let ma = Percentile.median(sorted: a.sorted())
                let mb = Percentile.median(sorted: b.sorted())
                if ma > 0 && mb > 0 { ratios[id] = ma / mb }
            }
            raw.append(ratios)
            let round = yardstickIDs.compactMap { ratios[$0] }.sorted()
            machine.append(round.isEmpty ? 1 : Percentile.median(sorted: round))
        }
        self.yardsticks = yardstickIDs.count
        var entries: [Entry] = []
        for id in order where hereIDs.contains(id) && thereIDs.contains(id) {
            var logs: [Double] = []
            var rawLogs: [Double] = []
            var allHere: [Double] = []
            var allThere: [Double] = []
            for r in 0..<rounds {
                guard let ratio = raw[r][id] else { continue }
                allHere += here[r][id] ?? []
                allThere += there[r][id] ?? []
                let factor = yardsticks[id].flatMap { raw[r][$0] } ?? machine[r]
                logs.append(log(ratio / factor))
                rawLogs.append(log(ratio))
            }
            guard !logs.isEmpty else { continue }
            let (mean, logInterval) = StudentT.meanInterval(logs)
            let interval = logInterval.mapBounds(exp)
            entries.append(
                Entry(
                    id: id, isReference: references.contains(id), ratio: exp(mean), interval: interval,
                    rawRatio: exp(rawLogs.reduce(0, +) / Double(rawLogs.count)), roundRatios: logs.map(exp),
                    thisMedian: Percentile.median(sorted: allHere.sorted()),
                    otherMedian: Percentile.median(sorted: allThere.sorted()),
                    verdict: Self.verdict(ratio: exp(mean), interval: interval, threshold: threshold)))
        }
        self.entries = entries
    }

    public var hasRegression: Bool { entries.contains { !$0.isReference && $0.verdict == .regressed } }
    public var hasImprovement: Bool { entries.contains { !$0.isReference && $0.verdict == .improved } }
}
