import FrameBench

/// A run compared with a saved baseline, distribution by distribution (micro benchmarks per operation,
/// scenarios per frame and rate), on the median.
///
/// Verdicts, in the spirit of criterion.rs (Documentation/benchmarking.md §2):
/// - **unchanged**: the median moved by at most the threshold (default 5 %);
/// - **within noise**: it moved more, but the two-sided Mann-Whitney U test on the raw samples gives
///   p ≥ α (0.05), so the move cannot be told from noise;
/// - **regressed** / **improved**: it moved more than the threshold and p < α.
public struct Comparison: Codable, Sendable {
    public enum Verdict: String, Codable, Sendable {
        case improved, regressed, unchanged
        case withinNoise = "within noise"
    }

    public struct Entry: Codable, Sendable, Equatable {
        public var id: String
        public var baselineMedian: Double
        public var currentMedian: Double
        /// (current − baseline)/baseline.
        public var change: Double
        public var pValue: Double
        public var verdict: Verdict
    }

    public var baseline: String
    /// As a fraction.
    public var threshold: Double
    public var alpha: Double
    public var entries: [Entry]
    /// In the current run but not in the baseline.
    public var new: [String]
    /// In the baseline but not in the current run.
    public var missing: [String]

    /// The verdict for one distribution.
    public static func verdict(baseline: [Double], current: [Double], threshold: Double, alpha: Double)
        -> (change: Double, pValue: Double, verdict: Verdict)
    {
        let old = Percentile.median(sorted: baseline.sorted())
        let new = Percentile.median(sorted: current.sorted())
        let change = old > 0 ? (new - old) / old : (new > 0 ? .infinity : 0)
        let p = MannWhitneyU(current, baseline).pValue
        if abs(change) <= threshold { return (change, p, .unchanged) }
        if p >= alpha { return (change, p, .withinNoise) }
        return (change, p, change > 0 ? .regressed : .improved)
    }

    /// Compares every distribution present in both runs.
    public init(current: RunReport, baseline: RunReport, baselineName: String, threshold: Double, alpha: Double) {
        self.baseline = baselineName
        self.threshold = threshold
        self.alpha = alpha
        let now = Self.distributions(current)
        let before = Self.distributions(baseline)
        let beforeByID = Dictionary(before, uniquingKeysWith: { first, _ in first })
        let nowIDs = Set(now.map(\.0))
        var entries: [Entry] = []
        var new: [String] = []
        for (id, samples) in now {
            guard let old = beforeByID[id], !old.isEmpty, !samples.isEmpty else {
                new.append(id)
                continue
            }
            let (change, p, verdict) = Self.verdict(baseline: old, current: samples, threshold: threshold, alpha: alpha)
            entries.append(
                Entry(
                    id: id, baselineMedian: Percentile.median(sorted: old.sorted()),
                    currentMedian: Percentile.median(sorted: samples.sorted()),
                    change: change, pValue: p, verdict: verdict))
        }
        self.entries = entries
        self.new = new
        missing = before.map(\.0).filter { !nowIDs.contains($0) }
    }

    /// (identifier, raw samples) of every distribution in a report, in report order.
    static func distributions(_ report: RunReport) -> [(String, [Double])] {
        var result = report.benchmarks.map { ($0.id, $0.samples) }
        for b in report.benchmarks {
            if let r = b.reference { result.append(("\(b.id) [\(r.name)]", r.samples)) }
        }
        result += report.scenarios.map { ("\($0.id) @\($0.rateHertz) Hz", $0.samples) }
        return result
    }

    public var hasRegression: Bool { entries.contains { $0.verdict == .regressed } }
    public var hasImprovement: Bool { entries.contains { $0.verdict == .improved } }
}
