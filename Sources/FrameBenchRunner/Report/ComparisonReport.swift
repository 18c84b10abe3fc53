import FrameBench
import PopSimTextIO

/// The text of a comparison with a baseline: both runs side by side, the yardstick, then one row per
/// distribution with its verdict.
extension TextReport {
    static func comparisonTable(_ report: RunReport) -> String {
        guard let c = report.comparison else { return "" }
        var out: String
        switch c.basis {
        case .instructions:
            out =
                "Comparison with baseline '\(c.baseline)' on instructions and allocations per operation "
                + "(threshold \(Formatting.percent(c.threshold))); wall time beside it, not judged\n"
        case .wallTime:
            out =
                "Comparison with baseline '\(c.baseline)' on wall time (median, divided by the yardstick; threshold "
                + "\(Formatting.percent(c.wallTimeThreshold))"
                + (c.wallTimeThreshold > c.threshold
                    ? ", raised from \(Formatting.percent(c.threshold)) to the yardsticks' spread" : "")
                + "; Mann-Whitney U, α = \(c.alpha))\n"
        }
        out += runsTable(report, c)
        for warning in c.warnings { out += "  warning: \(warning)\n" }
        var table: TextTable
        switch c.basis {
        case .instructions:
            table = TextTable(
                [
                    "distribution", "instructions/op", "now", "change", "allocations/op", "now", "change",
                    "wall p50", "now", "÷ yardstick", "verdict",
                ], leftAligned: [0, 10])
            for e in c.entries {
                table.add([
                    "  " + e.id, count(e.baselineInstructions), count(e.currentInstructions),
                    e.instructionChange.map(Formatting.change) ?? "—", Formatting.allocations(e.baselineAllocations),
                    Formatting.allocations(e.currentAllocations), e.allocationChange.map(Formatting.change) ?? "—",
                    Formatting.time(e.baselineMedian), Formatting.time(e.currentMedian),
                    Formatting.change(e.normalizedChange), e.verdict.rawValue,
                ])
            }
        case .wallTime:
            table = TextTable(
                ["distribution", "baseline p50", "current p50", "change", "÷ yardstick", "p", "verdict"],
                leftAligned: [0, 6])
            for e in c.entries {
                table.add([
                    "  " + e.id, Formatting.time(e.baselineMedian), Formatting.time(e.currentMedian),
                    Formatting.change(e.change), Formatting.change(e.normalizedChange),
                    e.pValue < 0.0001 ? "< 0.0001" : Formatting.significant(e.pValue), e.verdict.rawValue,
                ])
            }
        }
        out += table.render()
        if !c.new.isEmpty { out += "  not in the baseline: \(c.new.joined(separator: ", "))\n" }
        if !c.missing.isEmpty { out += "  in the baseline only: \(c.missing.joined(separator: ", "))\n" }
        out += "  " + verdictTotals(c) + "\n\n"
        return out
    }

    /// "comparison: 0 regressed, 2 improved, 70 unchanged, 1 within noise".
    static func verdictTotals(_ c: Comparison) -> String {
        var parts: [String] = []
        for verdict in [Comparison.Verdict.regressed, .improved, .unchanged, .withinNoise, .notCounted] {
            let n = c.entries.filter { $0.verdict == verdict }.count
            if n > 0 || verdict == .regressed || verdict == .improved || verdict == .unchanged {
                parts.append("\(n) \(verdict.rawValue)")
            }
        }
        return "comparison: " + parts.joined(separator: ", ")
    }

    static func count(_ instructions: Double?) -> String {
        instructions.map { $0 >= 1_000 ? Formatting.grouped(Int($0.rounded())) : Formatting.significant($0) } ?? "—"
    }

    /// The two runs side by side: when, where, under what load, with which settings; and the yardstick.
    static func runsTable(_ report: RunReport, _ c: Comparison) -> String {
        var table = TextTable(["", "baseline", "this run"], leftAligned: [0, 1, 2])
        let (a, b) = (c.baselineEnvironment, report.environment)
        let (x, y) = (c.baselineConfiguration, report.configuration)
        table.add(["  date", a.date, b.date])
        table.add(["  CPU", "\(a.cpuModel), \(a.logicalCPUs) CPUs", "\(b.cpuModel), \(b.logicalCPUs) CPUs"])
        table.add(["  load at start", loads(a.loadAverageStart), loads(b.loadAverageStart)])
        table.add(["  load at end", loads(a.loadAverageEnd), loads(b.loadAverageEnd)])
        table.add([
            "  build", "\(a.buildConfiguration), Swift \(a.swiftVersion)",
            "\(b.buildConfiguration), Swift \(b.swiftVersion)",
        ])
        table.add(["  settings", settings(x), settings(y)])
        table.add([
            "  instructions", a.instructionCounting == nil ? "not counted" : "counted",
            b.instructionCounting == nil ? "not counted" : "counted",
        ])
        var out = table.render()
        let yardstick = c.yardstick
        if yardstick.ratios.isEmpty {
            out += "  yardstick: none in both runs (no C reference ran): wall times are compared as measured\n"
        } else {
            out +=
                "  yardstick: the machine took \(Formatting.significant(yardstick.median))× the baseline's time "
                + "(median of \(yardstick.ratios.count) C reference kernels; their spread "
                + "\(Formatting.percent(yardstick.spread))); a benchmark with its own kernel is divided by that "
                + "kernel's change, the others by the median\n"
        }
        return out
    }

    static func settings(_ c: RunConfiguration) -> String {
        "\(c.quick ? "quick" : "full"), \(c.samples) samples, \(Formatting.significant(c.minimumTimeSeconds)) s each"
            + (c.filter.map { ", --filter '\($0)'" } ?? "")
    }
}

extension TextReport {
    /// The A/B table: each benchmark's ratio of this build to the other with its interval and verdict.
    static func abTable(_ report: RunReport) -> String {
        guard let ab = report.ab else { return "" }
        var out =
            "A/B: this build against \(ab.other)"
            + (ab.otherBuild.map { " (\($0))" } ?? "") + ", \(ab.rounds) rounds of \(ab.samplesPerBatch) samples per "
            + "benchmark and build, the builds' processes alternating (A B, B A, …)\n"
            + "  ratio = this build's time / the other's: the geometric mean of the rounds' ratios of medians, "
            + "95 % t interval; threshold \(Formatting.percent(ab.threshold))\n"
        var table = TextTable(
            ["distribution", "this p50", "other p50", "ratio", "95 % CI", "rounds", "verdict"], leftAligned: [0, 6])
        for e in ab.entries {
            table.add([
                "  " + e.id, Formatting.time(e.thisMedian), Formatting.time(e.otherMedian),
                "\(Formatting.significant(e.ratio))×",
                "\(Formatting.significant(e.interval.lower))–\(Formatting.significant(e.interval.upper))",
                String(e.roundRatios.count), e.verdict.rawValue,
            ])
        }
        out += table.render()
        if !ab.onlyHere.isEmpty { out += "  only in this build: \(ab.onlyHere.joined(separator: ", "))\n" }
        if !ab.onlyThere.isEmpty { out += "  only in the other build: \(ab.onlyThere.joined(separator: ", "))\n" }
        let entries = ab.entries.map(\.verdict)
        out +=
            "  A/B: \(entries.filter { $0 == .regressed }.count) regressed, "
            + "\(entries.filter { $0 == .improved }.count) improved, \(entries.filter { $0 == .unchanged }.count) "
            + "unchanged, \(entries.filter { $0 == .withinNoise }.count) within noise\n\n"
        return out
    }
}
