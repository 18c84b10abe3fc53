import FrameBench
import PopSimTextIO

/// The text of a comparison with a baseline: both runs side by side, the yardstick, then one row per
/// distribution with its verdict.
extension TextReport {
    static func comparisonSections(_ report: RunReport) -> [ReportSection] {
        guard let c = report.comparison else { return [] }
        let heading: String
        switch c.basis {
        case .instructions:
            heading =
                "Comparison with baseline '\(c.baseline)' on instructions and allocations per operation "
                + "(threshold \(Formatting.percent(c.threshold))); wall time beside it, not judged"
        case .wallTime:
            heading =
                "Comparison with baseline '\(c.baseline)' on wall time (median \(c.measure.rawValue), divided by the "
                + "yardstick; threshold "
                + "\(Formatting.percent(c.threshold))"
                + (c.wallTimeThreshold > c.threshold
                    ? ", changes up to the yardsticks' spread \(Formatting.percent(c.wallTimeThreshold)) within noise"
                    : "")
                + "; Mann-Whitney U, α = \(c.alpha))"
        }
        var runs = runsSection(report, c)
        runs.heading = [heading]
        runs.notes += c.warnings.map { "  warning: \($0)" }
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
                    Formatting.change(e.normalizedChange), verdict(e.verdict, reference: e.isReference),
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
                    e.pValue < 0.0001 ? "< 0.0001" : Formatting.significant(e.pValue),
                    verdict(e.verdict, reference: e.isReference),
                ])
            }
        }
        var entries = ReportSection(name: "comparison", table: table)
        if !c.new.isEmpty { entries.notes.append("  not in the baseline: \(c.new.joined(separator: ", "))") }
        if !c.missing.isEmpty { entries.notes.append("  in the baseline only: \(c.missing.joined(separator: ", "))") }
        if let unselected = c.unselected, unselected > 0 {
            entries.notes.append(
                "  \(unselected) more of the baseline's distributions are not selected by this run "
                    + "(\(BenchOptions.filterParameter.flag), \(BenchOptions.rateParameter.flag)) and not compared")
        }
        if c.entries.contains(where: \.isReference) { entries.notes.append(referenceNote) }
        entries.notes.append("  " + verdictTotals(c))
        return [runs, entries]
    }

    /// "comparison: 0 regressed, 2 improved, 70 unchanged, 1 within noise": the judged entries (not the
    /// references).
    static func verdictTotals(_ c: Comparison) -> String {
        "comparison: " + totals(c.entries.filter { !$0.isReference }.map(\.verdict))
    }

    static func totals(_ verdicts: [Comparison.Verdict]) -> String {
        var parts: [String] = []
        for verdict in [Comparison.Verdict.regressed, .improved, .unchanged, .withinNoise, .notCounted] {
            let n = verdicts.filter { $0 == verdict }.count
            if n > 0 || verdict == .regressed || verdict == .improved || verdict == .unchanged {
                parts.append("\(n) \(verdict.rawValue)")
            }
        }
        return parts.joined(separator: ", ")
    }

    /// A reference's verdict, in parentheses: shown, not judged.
    static func verdict(_ verdict: Comparison.Verdict, reference: Bool) -> String {
        reference ? "(\(verdict.rawValue))" : verdict.rawValue
    }

    static let referenceNote =
        "  verdicts in parentheses are the references' ([name]: the C kernels, the same code on both sides): "
        + "the machine's noise, shown, never judged"

    static func count(_ instructions: Double?) -> String {
        instructions.map { $0 >= 1_000 ? Formatting.grouped(Int($0.rounded())) : Formatting.significant($0) } ?? "—"
    }

    /// The two runs side by side: when, where, under what load, with which settings; and the yardstick.
    static func runsSection(_ report: RunReport, _ c: Comparison) -> ReportSection {
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
        let yardstick = c.yardstick
        let note =
            yardstick.ratios.isEmpty
            ? "  yardstick: none in both runs (no C reference ran): wall times are compared as measured"
            : "  yardstick: the machine took \(Formatting.significant(yardstick.median))× the baseline's time "
                + "(median of \(yardstick.ratios.count) C reference kernels; their spread "
                + "\(Formatting.percent(yardstick.spread))); a benchmark with its own kernel is divided by that "
                + "kernel's change, the others by the median"
        return ReportSection(name: "runs", table: table, notes: [note])
    }

    static func settings(_ c: RunConfiguration) -> String {
        "\(c.quick ? "quick" : "full"), \(c.samples) samples, \(Formatting.significant(c.minimumTimeSeconds)) s each"
            + (c.filter.map { ", \(BenchOptions.filterParameter.flag) '\($0)'" } ?? "")
    }
}

extension TextReport {
    /// The A/B table: each benchmark's ratio of this build to the other with its interval and verdict.
    static func abSections(_ report: RunReport) -> [ReportSection] {
        guard let ab = report.ab else { return [] }
        let heading = [
            "A/B: this build against \(ab.other)" + (ab.otherBuild.map { " (\($0))" } ?? "")
                + ", \(ab.rounds) rounds of \(ab.samplesPerBatch) samples per benchmark and build, the builds' "
                + "processes alternating (A B, B A, …)",
            "  ratio = this build's time / the other's: the geometric mean of the rounds' ratios of medians, each "
                + "divided by its round's yardstick (the benchmark's own C kernel, else the median of the "
                + "\(ab.yardsticks) kernels), 95 % t interval; threshold \(Formatting.percent(ab.threshold))",
        ]
        var table = TextTable(
            ["distribution", "this p50", "other p50", "raw ratio", "ratio", "95 % CI", "rounds", "verdict"],
            leftAligned: [0, 7])
        for e in ab.entries {
            table.add([
                "  " + e.id, Formatting.time(e.thisMedian), Formatting.time(e.otherMedian),
                "\(Formatting.significant(e.rawRatio))×", "\(Formatting.significant(e.ratio))×",
                "\(Formatting.significant(e.interval.lower))–\(Formatting.significant(e.interval.upper))",
                String(e.roundRatios.count), verdict(e.verdict, reference: e.isReference),
            ])
        }
        var section = ReportSection(name: "ab", heading: heading, table: table)
        if !ab.onlyHere.isEmpty { section.notes.append("  only in this build: \(ab.onlyHere.joined(separator: ", "))") }
        if !ab.onlyThere.isEmpty {
            section.notes.append("  only in the other build: \(ab.onlyThere.joined(separator: ", "))")
        }
        let controls = ab.entries.filter(\.isReference)
        if !controls.isEmpty {
            section.notes.append(referenceNote)
            let spread = controls.map { max($0.ratio, 1 / $0.ratio) - 1 }.max() ?? 0
            section.notes.append(
                "  the \(controls.count) references moved by up to \(Formatting.percent(spread)) between the builds' "
                    + "processes: a change of that size is this machine's noise")
        }
        section.notes.append("  A/B: " + totals(ab.entries.filter { !$0.isReference }.map(\.verdict)))
        return [section]
    }
}
