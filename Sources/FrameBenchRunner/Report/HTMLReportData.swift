import Foundation
import FrameBench

/// What the HTML report's script draws, embedded in the page as JSON: each chart's rows, reduced to
/// the percentiles and a histogram of the raw samples on a log scale, and the deltas of a comparison
/// or an A/B run. Distributions share one time axis with the 60 and 120 Hz budgets on it.
struct HTMLReportData: Encodable {
    struct Budget: Encodable {
        var hertz: Int
        var nanoseconds: Double
    }

    struct Histogram: Encodable {
        /// log10 of the first bin's lower edge and of the last bin's upper edge (ns).
        var low: Double
        var high: Double
        var counts: [Int]
    }

    struct Row: Encodable {
        var label: String
        /// What one sample is of ("per step", "per frame at 120 Hz").
        var detail: String
        /// "benchmark", "reference" or "scenario".
        var kind: String
        /// p0, p25, p50, p75, p90, p99, p99.9, p100 (ns).
        var percentiles: [Double]
        var histogram: Histogram
        /// The rates at whose budget p99 is over a whole frame.
        var overAt: [Int]
    }

    struct DistributionChart: Encodable {
        var id: String
        var title: String
        var rows: [Row]
    }

    struct DeltaRow: Encodable {
        var label: String
        /// The change as a fraction (+0.05 = 5 % more), and its interval when there is one.
        var change: Double
        var lower: Double?
        var upper: Double?
        var verdict: String
        /// A reference's row: shown, not judged (drawn grey).
        var reference: Bool
        var detail: String
    }

    struct DeltaChart: Encodable {
        var id: String
        var title: String
        /// The band within which a change counts as none (a fraction), and the wider one within which it
        /// is the machine's noise (the yardsticks' spread; 0 when there is none).
        var threshold: Double
        var noise: Double
        var rows: [DeltaRow]
    }

    var budgets: [Budget]
    var distributions: [DistributionChart]
    var deltas: [DeltaChart]

    var chartCount: Int { distributions.count + deltas.count }

    static let histogramBins = 24

    static func histogram(_ samples: [Double]) -> Histogram {
        let positive = samples.filter { $0 > 0 && $0.isFinite }
        guard let lowest = positive.min(), let highest = positive.max() else {
            return Histogram(low: 0, high: 0, counts: [])
        }
        let low = log10(lowest)
        let high = max(log10(highest), low + 1e-3)
        var counts = [Int](repeating: 0, count: histogramBins)
        for sample in positive {
            let bin = Int(Double(histogramBins) * (log10(sample) - low) / (high - low))
            counts[min(max(bin, 0), histogramBins - 1)] += 1
        }
        return Histogram(low: low, high: high, counts: counts)
    }

    static func percentiles(_ s: SampleStatistics) -> [Double] {
        [s.p0, s.p25, s.p50, s.p75, s.p90, s.p99, s.p99_9, s.p100]
    }

    init(_ report: RunReport) {
        let rates = report.configuration.ratesHertz.isEmpty ? [60, 120] : report.configuration.ratesHertz
        budgets = rates.sorted().map { Budget(hertz: $0, nanoseconds: 1e9 / Double($0)) }
        func over(_ p99: Double) -> [Int] { rates.filter { p99 > 1e9 / Double($0) } }
        var distributions: [DistributionChart] = []
        for (group, results) in TextReport.groups(report.benchmarks, \.group) {
            var rows: [Row] = []
            for b in results {
                rows.append(
                    Row(
                        label: b.name, detail: "per \(b.operation)", kind: "benchmark",
                        percentiles: Self.percentiles(b.statistics), histogram: Self.histogram(b.samples),
                        overAt: over(b.statistics.p99)))
                if let r = b.reference {
                    rows.append(
                        Row(
                            label: "↳ \(r.name)", detail: "per \(b.operation)", kind: "reference",
                            percentiles: Self.percentiles(r.statistics), histogram: Self.histogram(r.samples),
                            overAt: over(r.statistics.p99)))
                }
            }
            distributions.append(
                DistributionChart(
                    id: "chart-\(distributions.count + 1)", title: "\(group): time per operation", rows: rows))
        }
        if !report.scenarios.isEmpty {
            distributions.append(
                DistributionChart(
                    id: "chart-\(distributions.count + 1)", title: "Frame loops: work per frame",
                    rows: report.scenarios.map { s in
                        Row(
                            label: "\(s.name) @\(s.rateHertz) Hz", detail: "\(s.id), per frame", kind: "scenario",
                            percentiles: Self.percentiles(s.statistics), histogram: Self.histogram(s.samples),
                            overAt: over(s.statistics.p99))
                    }))
        }
        self.distributions = distributions
        var deltas: [DeltaChart] = []
        if let c = report.comparison {
            let rows = c.entries.map { e -> DeltaRow in
                let change = c.basis == .instructions ? (e.instructionChange ?? 0) : e.normalizedChange
                let detail =
                    c.basis == .instructions
                    ? "instructions \(TextReport.count(e.baselineInstructions)) → \(TextReport.count(e.currentInstructions))"
                        + ", allocations \(Formatting.allocations(e.baselineAllocations)) → "
                        + Formatting.allocations(e.currentAllocations) + ", wall p50 "
                        + "\(Formatting.time(e.baselineMedian)) → \(Formatting.time(e.currentMedian))"
                    : "p50 \(Formatting.time(e.baselineMedian)) → \(Formatting.time(e.currentMedian)), "
                        + "\(Formatting.change(e.change)) as measured, p = \(Formatting.significant(e.pValue))"
                return DeltaRow(
                    label: e.id, change: change, lower: nil, upper: nil, verdict: e.verdict.rawValue,
                    reference: e.isReference, detail: detail)
            }
            deltas.append(
                DeltaChart(
                    id: "chart-\(distributions.count + deltas.count + 1)",
                    title: "Against baseline '\(c.baseline)': change of \(c.basis.rawValue)"
                        + (c.basis == .wallTime ? " (divided by the yardstick)" : ""),
                    threshold: c.threshold, noise: c.basis == .instructions ? 0 : c.yardstick.spread, rows: rows))
        }
        if let ab = report.ab {
            deltas.append(
                DeltaChart(
                    id: "chart-\(distributions.count + deltas.count + 1)",
                    title: "A/B: this build's time against \(ab.other), 95 % interval", threshold: ab.threshold,
                    noise: 0,
                    rows: ab.entries.map { e in
                        DeltaRow(
                            label: e.id, change: e.ratio - 1, lower: e.interval.lower - 1,
                            upper: e.interval.upper - 1, verdict: e.verdict.rawValue, reference: e.isReference,
                            detail: "ratio \(Formatting.significant(e.ratio))×, p50 \(Formatting.time(e.thisMedian)) "
                                + "against \(Formatting.time(e.otherMedian)), \(e.roundRatios.count) rounds")
                    }))
        }
        self.deltas = deltas
    }

    /// The JSON, safe inside a `<script>` element: no '<' anywhere (written as \u003c).
    var embeddedJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Encoding plain values with string keys cannot fail.
        let text = String(decoding: try! encoder.encode(self), as: UTF8.self)
        return text.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
