import FrameBench

/// `--format html`: the report as one self-contained page. The tables are the text report's
/// (``ReportSection``s, built once), written as HTML; the charts (each distribution against the 60 and
/// 120 Hz budget lines, the deltas of a comparison or an A/B run) are drawn as inline SVG by a short
/// script in the page from the data embedded beside it (``HTMLReportData``). Nothing is loaded from
/// anywhere: no external script, style, font or image, and a Content-Security-Policy that forbids any
/// load, so the page is the same offline, in CI's headless browser and in an archive years later.
///
/// When its script has run, the page marks its root element: `data-bench-status="ok"` (or "error", with
/// `data-bench-errors` saying what: a script error, a load the policy blocked, a chart that did not
/// draw) and `data-bench-charts` = the charts drawn, to compare with `data-bench-expected-charts`.
public enum HTMLReport {
    public static func render(_ report: RunReport) -> String {
        let data = HTMLReportData(report)
        let env = report.environment
        let config = report.configuration
        let title = report.title ?? report.product ?? "bench"
        var body = ""
        body += "<header><h1>\(escape(title))</h1><p>"
        body += escape(
            "\(config.quick ? "quick smoke run (\(BenchOptions.quickParameter.flag))" : "full run"), \(env.buildConfiguration) build, "
                + "\(env.date), \(Formatting.significant(report.elapsedSeconds)) s of measuring")
        body += "</p>"
        if env.buildConfiguration != "release" {
            body +=
                "<p class=\"banner\">\(escape(env.buildConfiguration.uppercased())) BUILD: these numbers are NOT "
                + "representative</p>"
        }
        if let targets = report.targets.isEmpty ? nil : TargetEvaluation.totals(report.targets) {
            body += "<p class=\"totals\">\(escape(targets))</p>"
        }
        let sections = TextReport.sections(report)
        func section(_ name: String) -> ReportSection? { sections.first { $0.name == name } }
        let machine =
            "\(env.cpuModel), \(env.logicalCPUs) CPUs; load \(TextReport.loads(env.loadAverageStart)) at start, "
            + "\(TextReport.loads(env.loadAverageEnd)) at end; Swift \(env.swiftVersion)"
        body += "<p>\(escape(machine))</p></header>\n"
        var figures = data.deltas.map(figure)
        if !figures.isEmpty {
            body += "<section id=\"deltas\"><h2>Changes</h2>\n" + figures.joined() + "</section>\n"
            body += block("comparisons", "Comparison tables", ["runs", "comparison", "ab"].compactMap(section))
        }
        figures = data.distributions.filter { !$0.rows.contains { $0.kind == "scenario" } }.map(figure)
        if !figures.isEmpty {
            body +=
                "<section id=\"distributions\"><h2>Time per operation against the frame budgets</h2>\n"
                + "<p class=\"caption\">Each row: the raw samples' histogram (shaded), p25–p75 (box), p50 (bar), "
                + "p0–p100 (whisker), p99 (dot; red when one operation takes more than a whole frame). "
                + "The dashed lines are the 120 Hz and 60 Hz frame budgets; the time axis is logarithmic.</p>\n"
                + figures.joined() + "</section>\n"
        }
        let loops = data.distributions.filter { $0.rows.contains { $0.kind == "scenario" } }.map(figure)
        if !loops.isEmpty || section("scenarios") != nil {
            body += block(
                "frame-loops", "Frame loops", [section("scenarios")].compactMap { $0 }, before: loops.joined())
        }
        if let capacity = section("capacity") { body += block("capacity", "Capacity", [capacity]) }
        if let targets = section("targets") { body += block("targets", "Targets", [targets]) }
        body += block("environment", "Environment", [TextReport.environmentSection(report)])
        let tables = sections.filter {
            $0.name.hasPrefix("group-") || ["budgets", "references", "measurements"].contains($0.name)
        }
        if !tables.isEmpty { body += block("tables", "All measurements", tables) }
        if !report.errors.isEmpty {
            body +=
                "<section id=\"errors\"><h2>Errors</h2><ul>"
                + report.errors.map { "<li>\(escape($0))</li>" }.joined() + "</ul></section>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en" data-bench-expected-charts="\(data.chartCount)">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title)): \(escape(env.date))</title>
            <style>
            \(HTMLReportAssets.style)
            </style>
            </head>
            <body>
            \(body)<script type="application/json" id="bench-data">\(data.embeddedJSON)</script>
            <script>
            \(HTMLReportAssets.script)
            </script>
            </body>
            </html>

            """
    }

    /// Nothing may be loaded: only the page's own inline script and style run.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"

    static func figure(_ chart: HTMLReportData.DistributionChart) -> String {
        "<figure class=\"chart\" id=\"\(chart.id)\"><figcaption>\(escape(chart.title))</figcaption></figure>\n"
    }

    static func figure(_ chart: HTMLReportData.DeltaChart) -> String {
        "<figure class=\"chart\" id=\"\(chart.id)\"><figcaption>\(escape(chart.title))</figcaption></figure>\n"
    }

    static func block(_ id: String, _ title: String, _ sections: [ReportSection], before: String = "") -> String {
        "<section id=\"\(id)\"><h2>\(escape(title))</h2>\n" + before + sections.map(table).joined() + "</section>\n"
    }

    /// A section as HTML: its heading lines, the table (numbers right-aligned as in the text), its notes;
    /// status and verdict cells carry a class for their colour.
    static func table(_ section: ReportSection) -> String {
        var out = "<div class=\"table\" id=\"table-\(section.name)\">"
        for line in section.heading { out += "<p class=\"caption\">\(escape(trimmed(line)))</p>" }
        out += "<table><thead><tr>"
        for (i, cell) in section.table.header.enumerated() {
            out +=
                "<th\(section.table.leftAligned.contains(i) ? "" : " class=\"number\"")>\(escape(trimmed(cell)))</th>"
        }
        out += "</tr></thead><tbody>"
        for row in section.table.rows {
            out += "<tr>"
            for (i, cell) in row.enumerated() {
                var classes = section.table.leftAligned.contains(i) ? [] : ["number"]
                if let mark = mark(trimmed(cell)) { classes.append(mark) }
                if i == 0 && cell.hasPrefix("    ") { classes.append("sub") }
                let attribute = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
                out += "<td\(attribute)>\(escape(trimmed(cell)))</td>"
            }
            out += "</tr>"
        }
        out += "</tbody></table>"
        for line in section.notes where !trimmed(line).isEmpty {
            out += "<p class=\"note\">\(escape(trimmed(line)))</p>"
        }
        return out + "</div>\n"
    }

    /// The class of a status or verdict cell.
    static func mark(_ cell: String) -> String? {
        if cell.hasPrefix("(") && cell.hasSuffix(")") { return "absent" }
        switch cell {
        case "pass", "unchanged": return "good"
        case "SHORT", "regressed": return "bad"
        case "inconclusive", "within noise": return "unsure"
        case "not run", "not counted": return "absent"
        case "improved": return "better"
        default: return cell.hasPrefix("OVER") ? "bad" : nil
        }
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " })
    }

    /// Text as HTML character data or an attribute value.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
