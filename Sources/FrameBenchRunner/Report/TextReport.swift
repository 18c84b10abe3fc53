import Foundation
import FrameBench
import PopSimTextIO

/// The default output: the environment, then one aligned table per group of benchmarks, the frame
/// budgets, the C references, the frame loops, the capacities, the targets and the comparison.
public enum TextReport {
    public static func render(_ report: RunReport) -> String {
        var out = ""
        let env = report.environment
        let config = report.configuration
        let product = report.product ?? "bench"
        if env.buildConfiguration != "release" {
            out +=
                "*** \(env.buildConfiguration.uppercased()) BUILD (\(BenchOptions.allowDebugParameter.flag)): "
                + "these numbers are NOT representative; run `swift run -c release \(product)` ***\n\n"
        }
        out +=
            "\(report.title ?? product): \(config.quick ? "quick smoke run (\(BenchOptions.quickParameter.flag))" : "full run"), "
            + "\(env.buildConfiguration) build, \(env.date)\n"
        out += environmentSection(report).table.render(indent: "  ") + "\n"
        for section in sections(report) { out += section.text }

        if !report.errors.isEmpty {
            out += "Errors\n"
            for error in report.errors { out += "  error: \(error)\n" }
            out += "\n"
        }
        return out
    }

    /// The machine, the build and the method: numbers without them cannot be compared.
    static func environmentSection(_ report: RunReport) -> ReportSection {
        let env = report.environment
        let config = report.configuration
        var context = TextTable(["", ""], leftAligned: [0, 1])
        context.add(["CPU", "\(env.cpuModel), \(env.logicalCPUs) logical CPUs; governor: \(env.governor)"])
        context.add([
            "load", "\(loads(env.loadAverageStart)) at start, \(loads(env.loadAverageEnd)) at end (1, 5, 15 min)",
        ])
        context.add(["system", "\(env.kernel); Swift \(env.swiftVersion)"])
        for entry in env.extra { context.add([entry.key, entry.value]) }
        context.add([
            "clock",
            "\(env.clock), resolution \(Formatting.significant(env.clockResolutionNanoseconds)) ns, read overhead "
                + "\(Formatting.significant(env.clockOverheadNanoseconds)) ns (subtracted from every sample)",
        ])
        context.add(["frame loops", env.frameClock])
        context.add(["allocations", env.allocationCounting])
        if let counting = env.instructionCounting { context.add(["instructions", counting]) }
        context.add([
            "sampling",
            "\(config.samples) samples per benchmark of ≥ \(Formatting.time(config.minimumSampleNanoseconds)) each, "
                + "≈ \(Formatting.significant(config.minimumTimeSeconds)) s per benchmark after "
                + "\(Formatting.significant(config.warmupSeconds)) s of warm-up; references interleaved A B B A",
        ])
        context.add(["percentiles", config.percentileMethod])
        context.add([
            "median CI",
            "\(Formatting.significant(config.confidenceLevel * 100)) % percentile bootstrap, "
                + "\(config.bootstrapResamples) resamples, seed \(config.seed)",
        ])
        context.add(["outliers", config.outlierMethod])
        context.add([
            "run time",
            "\(Formatting.significant(report.elapsedSeconds)) s of measuring"
                + (report.countingSeconds.map { ", \(Formatting.significant($0)) s of it counting instructions" } ?? ""),
        ])
        return ReportSection(name: "environment", table: context)
    }

    /// Every table after the environment, in report order.
    static func sections(_ report: RunReport) -> [ReportSection] {
        benchmarkSections(report)
            + [
                budgetSection(report), referenceSection(report), scenarioSection(report), capacitySection(report),
                measurementSection(report), targetSection(report),
            ].compactMap { $0 } + comparisonSections(report) + abSections(report)
    }

    static func loads(_ values: [Double]) -> String {
        values.isEmpty ? "unknown" : values.map { NumberFormat.fixed(2).format($0) }.joined(separator: " ")
    }

    static func groups<T>(_ items: [T], _ key: (T) -> String) -> [(String, [T])] {
        var order: [String] = []
        var byKey: [String: [T]] = [:]
        for item in items {
            let k = key(item)
            if byKey[k] == nil { order.append(k) }
            byKey[k, default: []].append(item)
        }
        return order.map { ($0, byKey[$0]!) }
    }

    static func benchmarkSections(_ report: RunReport) -> [ReportSection] {
        var sections: [ReportSection] = []
        let counted = report.environment.instructionCounting != nil
        for (group, results) in groups(report.benchmarks, \.group) {
            var table = TextTable(
                [
                    group, "per", "unit", "p0", "p50", "p90", "p99", "p99.9", "p100",
                    "median 95 % CI", "MAD", "outliers m/s", "samples×iters", "allocs/op",
                ] + (counted ? ["instructions/op"] : []), leftAligned: [0, 1, 2])
            for b in results {
                let s = b.statistics
                let unit = Formatting.TimeUnit.forValue(s.p50)
                func t(_ v: Double) -> String { Formatting.time(v, in: unit) }
                table.add(
                    [
                        "  " + b.name, b.operation, unit.symbol, t(s.p0), t(s.p50), t(s.p90), t(s.p99), t(s.p99_9),
                        t(s.p100),
                        "\(t(s.medianInterval.lower))–\(t(s.medianInterval.upper))", t(s.mad),
                        "\(s.outliers.lowMild + s.outliers.highMild)/\(s.outliers.lowSevere + s.outliers.highSevere)",
                        "\(s.count)×\(Formatting.grouped(b.iterationsPerSample * b.operationsPerIteration))",
                        Formatting.allocations(b.allocationsPerOperation),
                    ] + (counted ? [count(b.instructions)] : []))
                if let r = b.reference {
                    let rs = r.statistics
                    func rt(_ v: Double) -> String { Formatting.time(v, in: unit) }
                    let mildOutliers = rs.outliers.lowMild + rs.outliers.highMild
                    let severeOutliers = rs.outliers.lowSevere + rs.outliers.highSevere
                    table.add(
                        [
                            "    ↳ \(r.name)", b.operation, unit.symbol, rt(rs.p0), rt(rs.p50), rt(rs.p90), rt(rs.p99),
                            rt(rs.p99_9), rt(rs.p100),
                            "\(rt(rs.medianInterval.lower))–\(rt(rs.medianInterval.upper))", rt(rs.mad),
                            "\(mildOutliers)/\(severeOutliers)",
                            "\(rs.count)×\(Formatting.grouped(r.iterationsPerSample * b.operationsPerIteration))",
                            Formatting.allocations(r.allocationsPerOperation),
                        ] + (counted ? [count(r.instructions)] : []))
                }
            }
            sections.append(ReportSection(name: "group-\(sections.count + 1)", table: table))
        }
        return sections
    }

    static func budgetSection(_ report: RunReport) -> ReportSection? {
        guard let first = report.benchmarks.first, !first.budgets.isEmpty else { return nil }
        let rates = first.budgets.map(\.rateHertz)
        var header = ["Frame budget per operation"]
        for (i, rate) in rates.enumerated() {
            let budget = first.budgets[i].budgetNanoseconds
            header += ["\(rate) Hz (\(Formatting.time(budget))): p50", "p99", "fit/frame (p99)"]
        }
        header.append("over budget")
        var table = TextTable(header, leftAligned: [0, header.count - 1])
        var over = 0
        for b in report.benchmarks {
            var row = ["  " + b.id]
            for share in b.budgets {
                row += [
                    Formatting.percent(share.shareAtP50), Formatting.percent(share.shareAtP99),
                    share.fitPerFrameAtP99.map(Formatting.grouped) ?? "—",
                ]
            }
            let marks = overBudget(b.budgets)
            if !marks.isEmpty { over += 1 }
            table.add(row + [marks.isEmpty ? "" : "OVER: " + marks.joined(separator: ", ")])
        }
        var section = ReportSection(name: "budgets", table: table)
        if over > 0 {
            section.notes.append(
                "  \(over) operation\(over == 1 ? "" : "s") marked OVER take more than a whole frame "
                    + "at the percentile named: one such operation per frame misses the deadline")
        }
        return section
    }

    /// The percentiles and rates at which one operation takes more than the whole frame budget, e.g.
    /// ["p99 at 60 Hz", "p50 and p99 at 120 Hz"].
    static func overBudget(_ budgets: [BudgetShare]) -> [String] {
        budgets.compactMap { share in
            let percentiles = [("p50", share.shareAtP50), ("p99", share.shareAtP99)].filter { $0.1 > 1 }.map(\.0)
            return percentiles.isEmpty ? nil : "\(percentiles.joined(separator: " and ")) at \(share.rateHertz) Hz"
        }
    }

    static func referenceSection(_ report: RunReport) -> ReportSection? {
        let withReference = report.benchmarks.filter { $0.reference != nil }
        guard !withReference.isEmpty else { return nil }
        var table = TextTable(
            ["Swift vs C reference (same run, interleaved)", "reference", "Swift p50", "C p50", "Swift/C", "95 % CI"],
            leftAligned: [0, 1])
        for b in withReference {
            let r = b.reference!
            table.add([
                "  " + b.id, r.name, Formatting.time(b.statistics.p50), Formatting.time(r.statistics.p50),
                "\(Formatting.significant(r.ratio))×",
                "\(Formatting.significant(r.ratioInterval.lower))–\(Formatting.significant(r.ratioInterval.upper))",
            ])
        }
        return ReportSection(name: "references", table: table)
    }

    static func scenarioSection(_ report: RunReport) -> ReportSection? {
        guard !report.scenarios.isEmpty else { return nil }
        let heading =
            "Frame loops: work = min(wall, thread CPU time) per frame, frames back to back on the frame clock; "
            + "overrun = work − budget; hitch = ⌈work/budget − 1⌉ vsyncs; "
            + "ratio = Σ hitch / (frames·budget); wall = the same frames on the wall clock\n"
        var table = TextTable(
            [
                "scenario", "rate", "frames", "p50", "p90", "p99", "p99.9", "max", "budget @p99",
                "overrun p99", "missed", "hitch", "ratio ms/s", "grade", "wall p99", "wall missed", "allocs/frame",
            ],
            leftAligned: [0, 13])
        for s in report.scenarios {
            let st = s.statistics
            table.add([
                "  \(s.id)", "\(s.rateHertz) Hz", String(st.count),
                Formatting.time(st.p50), Formatting.time(st.p90), Formatting.time(st.p99), Formatting.time(st.p99_9),
                Formatting.time(st.p100), Formatting.percent(s.budget.shareAtP99),
                Formatting.time(s.hitches.overrunP99),
                "\(s.hitches.missedFrames) (\(Formatting.percent(s.hitches.missedFraction)))",
                "\(Formatting.significant(s.hitches.hitchTimeMilliseconds)) ms",
                Formatting.significant(s.hitches.hitchRatio), s.hitches.grade,
                Formatting.time(s.wallClock.p99), String(s.wallClockHitches.missedFrames),
                Formatting.allocations(s.allocationsPerFrame),
            ])
        }
        var details: [String] = []
        for s in report.scenarios where !details.contains("  \(s.id): \(s.detail)") {
            details.append("  \(s.id): \(s.detail)")
        }
        return ReportSection(name: "scenarios", heading: [heading], table: table, notes: details)
    }

    static func capacitySection(_ report: RunReport) -> ReportSection? {
        guard !report.capacity.isEmpty else { return nil }
        let frames = report.capacity[0].framesPerProbe
        let heading =
            "Capacity: largest N of concurrent springs whose p99 frame work (min(wall, CPU time)) "
            + "stays within half the budget, one core (\(frames) frames per probe; p99 by nearest rank)\n"
        let rates = Array(Set(report.capacity.map(\.rateHertz))).sorted()
        var header = ["crowd"]
        for rate in rates {
            header += ["\(rate) Hz (≤ \(Formatting.time(1e9 / Double(rate) / 2)))", "first failing", "probes"]
        }
        var table = TextTable(header)
        for (id, results) in groups(report.capacity, \.id) {
            var row = ["  " + id]
            for rate in rates {
                if let c = results.first(where: { $0.rateHertz == rate }) {
                    row += [
                        Formatting.grouped(c.capacity) + (c.reachedSearchLimit ? " (search limit)" : ""),
                        c.firstFailing.map(Formatting.grouped) ?? "—", String(c.probes.count),
                    ]
                } else {
                    row += ["—", "—", "—"]
                }
            }
            table.add(row)
        }
        return ReportSection(name: "capacity", heading: [heading], table: table)
    }

    static func measurementSection(_ report: RunReport) -> ReportSection? {
        guard let measurements = report.measurements, !measurements.isEmpty else { return nil }
        var table = TextTable(
            ["Measurements (taken once per run)", "value", "measured", "note"], leftAligned: [0, 1, 2, 3])
        var details: [String] = []
        for m in measurements {
            for value in m.values {
                table.add([
                    "  " + m.id, value.name, Formatting.measured(value.value, unit: value.unit), value.note ?? "",
                ])
            }
            details.append("  \(m.id): \(m.detail)")
        }
        return ReportSection(name: "measurements", table: table, notes: details)
    }

    static func targetSection(_ report: RunReport) -> ReportSection? {
        guard !report.targets.isEmpty else { return nil }
        var table = TextTable(["Targets", "required", "measured", "status"], leftAligned: [0, 1, 2, 3])
        for t in report.targets {
            table.add([
                "  " + t.name, t.required, t.reason.map { "— (\($0))" } ?? t.measured,
                t.status == .pass ? "pass" : (t.status == .short ? "SHORT" : t.status.rawValue),
            ])
        }
        var section = ReportSection(name: "targets", table: table, notes: [TargetEvaluation.totals(report.targets)])
        if report.targets.contains(where: { $0.required.hasSuffix("×") }) {
            section.notes.append(
                "  Ratio targets (Swift/C and the others) are judged on the ratio's 95 % interval: "
                    + "pass when its upper end is within the limit, SHORT when its lower end is beyond it, "
                    + "inconclusive otherwise.")
        }
        return section
    }
}
