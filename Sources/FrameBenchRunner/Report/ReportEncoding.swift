import Foundation
import FrameBench

/// The machine-readable outputs: JSON (the full report), CSV (long format, fixed units) and
/// github-action-benchmark's `customSmallerIsBetter`.
public enum ReportEncoding {
    /// The whole report, keys sorted, pretty-printed; non-finite numbers as the strings "inf", "-inf",
    /// "nan" (JSON has no literal for them).
    public static func json(_ report: RunReport, includeSamples: Bool = true) -> String {
        var report = report
        if !includeSamples {
            for i in report.benchmarks.indices {
                report.benchmarks[i].samples = []
                report.benchmarks[i].workSamples = nil
                report.benchmarks[i].reference?.samples = []
                report.benchmarks[i].reference?.workSamples = nil
            }
            for i in report.scenarios.indices {
                report.scenarios[i].samples = []
                report.scenarios[i].wallClockSamples = []
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Encoding plain values with string keys cannot fail.
        let data = try! encoder.encode(report)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    static let csvHeader = [
        "kind", "id", "variant", "rate_hz", "samples", "p0_ns", "p50_ns", "p90_ns", "p99_ns", "p99_9_ns", "p100_ns",
        "median_ci_low_ns", "median_ci_high_ns", "mad_ns", "outliers_mild", "outliers_severe", "allocations_per_op",
        "budget_share_p50", "budget_share_p99", "fit_per_frame_p50", "fit_per_frame_p99", "missed_frames",
        "hitch_ratio_ms_per_s", "capacity", "ratio_to_reference", "instructions_per_op",
    ]

    /// One row per measured distribution and rate: kind `benchmark` (ns per operation; one row per rate
    /// for its budget columns), `reference`, `scenario` (ns per frame) and `capacity` (springs).
    public static func csv(_ report: RunReport) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        func number(_ value: Double?) -> String {
            guard let value else { return "" }
            return value.isFinite
                ? (value == 0 ? "0" : "\(value)") : (value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf"))
        }
        func integer(_ value: Int?) -> String { value.map(String.init) ?? "" }
        func field(_ text: String) -> String {
            text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        func distribution(_ s: SampleStatistics) -> [String] {
            [
                String(s.count), number(s.p0), number(s.p50), number(s.p90), number(s.p99), number(s.p99_9),
                number(s.p100),
                number(s.medianInterval.lower), number(s.medianInterval.upper), number(s.mad),
                String(s.outliers.lowMild + s.outliers.highMild), String(s.outliers.lowSevere + s.outliers.highSevere),
            ]
        }
        for b in report.benchmarks {
            let budgets: [BudgetShare?] = b.budgets.isEmpty ? [nil] : b.budgets
            for budget in budgets {
                var row = ["benchmark", field(b.id), field(b.operation), integer(budget?.rateHertz)]
                row += distribution(b.statistics)
                row += [
                    number(b.allocationsPerOperation), number(budget?.shareAtP50), number(budget?.shareAtP99),
                    integer(budget?.fitPerFrameAtP50), integer(budget?.fitPerFrameAtP99), "", "", "",
                    number(b.reference?.ratio), number(b.instructions),
                ]
                lines.append(row.joined(separator: ","))
            }
            if let r = b.reference {
                var row = ["reference", field(b.id), field(r.name), ""]
                row += distribution(r.statistics)
                row += [number(r.allocationsPerOperation), "", "", "", "", "", "", "", "", number(r.instructions)]
                lines.append(row.joined(separator: ","))
            }
        }
        for s in report.scenarios {
            var row = ["scenario", field(s.id), field(s.detail), String(s.rateHertz)]
            row += distribution(s.statistics)
            row += [
                number(s.allocationsPerFrame), number(s.budget.shareAtP50), number(s.budget.shareAtP99),
                integer(s.budget.fitPerFrameAtP50), integer(s.budget.fitPerFrameAtP99), String(s.hitches.missedFrames),
                number(s.hitches.hitchRatio), "", "", "",
            ]
            lines.append(row.joined(separator: ","))
        }
        for c in report.capacity {
            var row = ["capacity", field(c.id), "", String(c.rateHertz)]
            row += [String](repeating: "", count: 12)
            row += ["", "", "", "", "", "", "", String(c.capacity), "", ""]
            lines.append(row.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    struct GitHubEntry: Encodable {
        var name: String
        var unit: String
        var value: Double
        var range: String
        var extra: String
    }

    /// github-action-benchmark's `customSmallerIsBetter`: [{name, unit, value, range, extra}]. Each
    /// benchmark's median per operation in ns (range: the half-width of its 95 % interval), and each
    /// scenario's p99 frame work per rate. Capacities are bigger-is-better and are not in this file.
    public static func github(_ report: RunReport) -> String {
        var entries: [GitHubEntry] = []
        for b in report.benchmarks {
            let s = b.statistics
            var extra = "p99 \(Formatting.time(s.p99)); samples \(s.count)×\(b.iterationsPerSample)"
            if let a = b.allocationsPerOperation { extra += "; allocations/op \(Formatting.allocations(a))" }
            if let r = b.reference { extra += "; \(r.name) ratio \(Formatting.significant(r.ratio))×" }
            if let i = b.instructions { extra += "; instructions/op \(TextReport.count(i))" }
            entries.append(
                GitHubEntry(
                    name: b.id, unit: "ns/\(b.operation)", value: s.p50,
                    range: "± \(Formatting.significant((s.medianInterval.upper - s.medianInterval.lower) / 2))",
                    extra: extra))
        }
        for s in report.scenarios {
            entries.append(
                GitHubEntry(
                    name: "\(s.id) @\(s.rateHertz) Hz p99", unit: "ns/frame", value: s.statistics.p99,
                    range: "",
                    extra:
                        "missed \(s.hitches.missedFrames)/\(s.hitches.frames); "
                        + "hitch ratio \(Formatting.significant(s.hitches.hitchRatio)) ms/s"
                ))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(entries), as: UTF8.self) + "\n"
    }
}
