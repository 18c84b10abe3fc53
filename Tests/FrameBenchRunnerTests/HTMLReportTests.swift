import Foundation
import PopSimTestSupport
import Testing

@testable import FrameBench
@testable import FrameBenchRunner

@Suite struct HTMLReportTests {
    /// A report with every part the page draws: two groups of benchmarks (one with a reference), a
    /// frame loop, targets, a comparison and an A/B run; one name that would break the page if it were
    /// not escaped.
    static let report: RunReport = {
        let base = Fixtures.samples(around: 100)
        var report = Fixtures.report(
            [
                Fixtures.benchmark("G/a", base, reference: base),
                Fixtures.benchmark("G/<script>alert(1)</script>", base),
                Fixtures.benchmark("H/slow", [20e6, 21e6, 22e6]),
            ],
            scenarios: [Fixtures.scenario("S/loop", [1_000, 2_000, 3_000])])
        report.targets = [
            TargetResult(name: "t", required: "≤ 1×", measured: "2×", status: .short),
            TargetResult(
                name: "u", required: "≤ 1×", measured: "—", status: .notRun, reason: "--filter 'x' leaves it out"),
        ]
        report.comparison = Comparison(
            current: report, baseline: report, baselineName: "main", basis: .wallTime, threshold: 0.05, alpha: 0.05)
        report.ab = ABComparison(
            other: "../main/.build/release/bench", samplesPerBatch: 3, threshold: 0.05,
            here: [["G/a": [110, 111]], ["G/a": [120, 121]], ["G/a": [100, 101]]],
            there: [["G/a": [100, 101]], ["G/a": [100, 101]], ["G/a": [100, 101]]], order: ["G/a"], otherBuild: nil)
        return report
    }()

    /// One page, nothing loaded from anywhere: no src/href attribute, no CSS url() or @import, a policy
    /// that forbids every load, and no address but the SVG namespace the script names elements in.
    @Test func selfContained() {
        let page = HTMLReport.render(Self.report)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "))
        for forbidden in [" src=", " href=", "url(", "@import", "<link", "<iframe"] {
            #expect(!page.contains(forbidden), "\(forbidden)")
        }
        let addresses = page.replacingOccurrences(of: "\"http://www.w3.org/2000/svg\"", with: "")
        #expect(!addresses.contains("http:") && !addresses.contains("https:"))
    }

    /// Text is escaped in the tables, and the embedded data holds no '<' at all (so no `</script>`).
    @Test func escaped() throws {
        let page = HTMLReport.render(Self.report)
        #expect(!page.contains("<script>alert(1)</script>"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"bench-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        #expect(!json.contains("<"))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((data["distributions"] as? [Any])?.count == 3)  // G, H, the frame loops
        #expect((data["deltas"] as? [Any])?.count == 2)  // the comparison, the A/B run
    }

    /// Every chart has its place, the count the script checks against is right, and the tables are there.
    @Test func chartsAndTables() {
        let page = HTMLReport.render(Self.report)
        #expect(page.contains("data-bench-expected-charts=\"5\""))
        for k in 1...5 { #expect(page.contains("<figure class=\"chart\" id=\"chart-\(k)\">"), "chart-\(k)") }
        for table in [
            "table-targets", "table-environment", "table-runs", "table-comparison", "table-ab", "table-budgets",
        ] {
            #expect(page.contains("id=\"\(table)\""), "\(table)")
        }
        #expect(page.contains("<p class=\"totals\">targets: 0 pass, 1 SHORT, 0 inconclusive, 1 not run</p>"))
        #expect(page.contains("<td class=\"bad\">SHORT</td>"))
        #expect(page.contains("— (--filter &#39;x&#39; leaves it out)"))
        // The 20 ms operation is marked over both budgets.
        #expect(page.contains("OVER: p50 and p99 at 60 Hz, p50 and p99 at 120 Hz"))
    }

    static let chromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// In a real browser (where one is installed; CI installs Debian's chromium-headless-shell): the
    /// script runs without an error, draws all five charts and marks the page done.
    @Test(.enabled(if: chromium != nil)) func rendersInChromium() throws {
        let directory = try ScratchFiles.directory(prefix: "bench-html")
        let page = directory.appendingPathComponent("report.html")
        try HTMLReport.render(Self.report).write(to: page, atomically: true, encoding: .utf8)
        let browser = BuiltExecutable(url: URL(fileURLWithPath: Self.chromium!))
        let result = try browser.run([
            "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom", page.absoluteString,
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("data-bench-status=\"ok\""), "\(result.stdout.prefix(300))")
        #expect(result.stdout.contains("data-bench-charts=\"5\""))
        #expect(result.stdout.components(separatedBy: "class=\"bench-chart\"").count == 6)
    }
}
