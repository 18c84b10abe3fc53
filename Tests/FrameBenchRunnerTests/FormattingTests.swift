import Foundation
import Testing

@testable import FrameBench
@testable import FrameBenchRunner

@Suite struct FormattingTests {
    @Test(arguments: [
        (0.000123456, "0.000123"), (1.23456, "1.23"), (12.3456, "12.3"), (123.456, "123"), (1234.6, "1235"),
        (9.996, "10.0"), (0.0, "0"), (-2.5, "-2.50"),
    ])
    func significantDigits(value: Double, text: String) {
        #expect(Formatting.significant(value) == text)
    }

    @Test(arguments: [(0.5, "0.500 ns"), (999, "999 ns"), (1_500, "1.50 µs"), (2_310_000, "2.31 ms"), (3e9, "3.00 s")])
    func timeUnits(nanoseconds: Double, text: String) {
        #expect(Formatting.time(nanoseconds) == text)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1 000"), (1_234_567, "1 234 567"), (-20_000, "-20 000")])
    func grouping(value: Int, text: String) {
        #expect(Formatting.grouped(value) == text)
    }

    @Test func percentAndAllocations() {
        #expect(Formatting.percent(0.001) == "0.100 %")
        #expect(Formatting.allocations(0) == "0")
        #expect(Formatting.allocations(1) == "1.00")
        #expect(Formatting.allocations(nil) == "n/a")
    }

    @Test func tablesAlign() {
        var table = TextTable(["name", "value"])
        table.add(["a", "1"])
        table.add(["long name", "12345"])
        #expect(table.render() == "name       value\na              1\nlong name  12345\n")
    }
}

@Suite struct ReportEncodingTests {
    static let report: RunReport = {
        var report = Fixtures.report(
            [Fixtures.benchmark("Group/fast", [1, 2, 3, 4, 5], reference: [1, 1, 1])],
            scenarios: [Fixtures.scenario("Crowd/n", [1_000, 2_000, 20_000_000])])
        report.targets = [TargetResult(name: "t", required: "≤ 1×", measured: "2×", status: .short)]
        return report
    }()

    @Test func jsonRoundTrips() throws {
        let text = ReportEncoding.json(Self.report)
        let decoded = try ReportEncoding.decoder().decode(RunReport.self, from: Data(text.utf8))
        #expect(decoded.schema == "popsim-bench/3")
        #expect(decoded.benchmarks.map(\.samples) == [[1, 2, 3, 4, 5]])
        #expect(decoded.benchmarks[0].reference?.samples == [1, 1, 1])
        #expect(decoded.scenarios[0].hitches == Self.report.scenarios[0].hitches)
        #expect(decoded.targets == Self.report.targets)
        #expect(ReportEncoding.json(decoded) == text)
    }

    /// The JSON of a small report, written out by hand from the schema (Documentation/benchmarking.md):
    /// one object, keys sorted, two-space indentation, non-finite numbers as strings, an optional value
    /// that is unknown (the comparison) left out.
    @Test func jsonIsExactlyTheSchema() {
        var report = RunReport(environment: Fixtures.environment, configuration: Fixtures.configuration)
        report.targets = [
            TargetResult(
                name: "ratio", required: "Swift/C ≤ 1.15×", measured: "1.02× (95 % CI 0.753–1.35)",
                status: .inconclusive)
        ]
        report.errors = ["'G/x' failed while being timed: boom"]
        report.elapsedSeconds = .infinity
        let expected = """
            {
              "benchmarks" : [

              ],
              "capacity" : [

              ],
              "configuration" : {
                "bootstrapResamples" : 2000,
                "capacityFramesPerProbe" : 10,
                "confidenceLevel" : 0.95,
                "hitchBands" : "\(HitchBands.xcodeOrganizer.name)",
                "minimumSampleNanoseconds" : 20000,
                "minimumTimeSeconds" : 0.1,
                "outlierMethod" : "Tukey",
                "percentileMethod" : "\(Percentile.methodDescription)",
                "quick" : false,
                "ratesHertz" : [
                  60,
                  120
                ],
                "samples" : 10,
                "scenarioFrames" : 10,
                "seed" : 1,
                "warmupSeconds" : 0.01
              },
              "elapsedSeconds" : "inf",
              "environment" : {
                "allocationCounting" : "fake",
                "buildConfiguration" : "release",
                "clock" : "CLOCK_MONOTONIC (clock_gettime)",
                "clockOverheadNanoseconds" : 20,
                "clockResolutionNanoseconds" : 1,
                "cpuModel" : "Test CPU",
                "date" : "2026-01-01T00:00:00Z",
                "extra" : [
                  {
                    "key" : "GSL",
                    "value" : "2.7.1"
                  }
                ],
                "frameClock" : "thread CPU time",
                "governor" : "performance",
                "kernel" : "Linux test x86_64",
                "loadAverageEnd" : [
                  0.4,
                  0.5,
                  0.6
                ],
                "loadAverageStart" : [
                  0.1,
                  0.2,
                  0.3
                ],
                "logicalCPUs" : 2,
                "swiftVersion" : "6.3.1"
              },
              "errors" : [
                "'G/x' failed while being timed: boom"
              ],
              "scenarios" : [

              ],
              "schema" : "popsim-bench/3",
              "targets" : [
                {
                  "measured" : "1.02× (95 % CI 0.753–1.35)",
                  "name" : "ratio",
                  "required" : "Swift/C ≤ 1.15×",
                  "status" : "inconclusive"
                }
              ]
            }

            """
        #expect(ReportEncoding.json(report) == expected)
    }

    @Test func csvHasOneRowPerDistributionAndRate() {
        let lines = ReportEncoding.csv(Self.report).split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("kind,id,variant,rate_hz,samples,p0_ns,p50_ns"))
        #expect(lines.filter { $0.hasPrefix("benchmark,Group/fast,op,60,5,1.0,3.0,") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("benchmark,Group/fast,op,120,") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("reference,Group/fast,C,,3,") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("scenario,Crowd/n,detail,120,3,") }.count == 1)
        let columns = lines[0].split(separator: ",", omittingEmptySubsequences: false).count
        #expect(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == columns })
    }

    /// github-action-benchmark's customSmallerIsBetter: an array of {name, unit, value, range?, extra?}.
    @Test func githubFormat() throws {
        let data = Data(ReportEncoding.github(Self.report).utf8)
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(entries[0]["name"] as? String == "Group/fast")
        #expect(entries[0]["unit"] as? String == "ns/op")
        #expect(entries[0]["value"] as? Double == 3)
        #expect(entries[1]["name"] as? String == "Crowd/n @120 Hz p99")
        #expect(entries[1]["value"] as? Double == 20_000_000)
    }

    @Test func textReportShowsTheTablesAndMarks() {
        let text = TextReport.render(Self.report)
        #expect(text.contains("Group"))
        #expect(text.contains("↳ C"))
        #expect(text.contains("Swift/C"))
        #expect(text.contains("SHORT"))
        #expect(text.contains("Crowd/n"))
        #expect(!text.contains("NOT representative"))
        var debug = Self.report
        debug.environment.buildConfiguration = "debug"
        #expect(TextReport.render(debug).contains("DEBUG BUILD (--allow-debug): these numbers are NOT representative"))
    }

    /// The budget table marks an operation that takes more than a whole frame (20 ms at p50 and p99 is
    /// over both budgets; 10 ms only over 120 Hz's 8.33 ms), and the targets end with their totals.
    @Test func overBudgetRowsAndTargetTotals() {
        var report = Fixtures.report([
            Fixtures.benchmark("G/fast", [1, 2, 3]), Fixtures.benchmark("G/slow", [20e6, 20e6, 20e6]),
            Fixtures.benchmark("G/tail", [1, 1, 1, 10e6]),
        ])
        report.targets = [
            TargetResult(name: "a", required: "r", measured: "m", status: .pass),
            TargetResult(name: "b", required: "r", measured: "m", status: .short),
            TargetResult(name: "c", required: "r", measured: "m", status: .inconclusive),
            TargetResult(
                name: "d", required: "r", measured: "—", status: .notRun, reason: "--filter 'x' leaves it out"),
        ]
        let lines = TextReport.render(report).split(separator: "\n").map(String.init)
        #expect(lines.first { $0.hasPrefix("  G/fast") }?.contains("OVER") == false)
        #expect(
            lines.first { $0.hasPrefix("  G/slow") }?.hasSuffix("OVER: p50 and p99 at 60 Hz, p50 and p99 at 120 Hz")
                == true)
        #expect(lines.first { $0.hasPrefix("  G/tail") }?.hasSuffix("OVER: p99 at 120 Hz") == true)
        #expect(
            lines.contains(
                "  2 operations marked OVER take more than a whole frame at the percentile named: "
                    + "one such operation per frame misses the deadline"))
        #expect(lines.contains { $0.hasPrefix("  d ") && $0.contains("— (--filter 'x' leaves it out)") })
        #expect(lines.contains("targets: 1 pass, 1 SHORT, 1 inconclusive, 1 not run"))
    }

    /// The heading and the debug banner name the runner the report came from: a report of another
    /// executable never says PopSim, nor tells its user to run PopSim's bench.
    @Test func textReportNamesItsRunner() {
        var report = Self.report
        report.environment.buildConfiguration = "debug"
        report.title = "MyApp frame loops"
        report.product = "MyAppBench"
        let text = TextReport.render(report)
        #expect(text.contains("run `swift run -c release MyAppBench`"))
        #expect(text.contains("\nMyApp frame loops: full run, debug build, "))
        #expect(!text.contains("PopSim"))
        report.title = nil
        report.product = nil
        #expect(TextReport.render(report).contains("\nbench: full run, debug build, "))
        #expect(!TextReport.render(report).contains("PopSim"))
    }

    @Test func traceCSV() {
        let csv = TraceWriter.csv(work: [1_000, 20_000_000], wallClock: [1_100, 21_000_000], rate: .hz120)
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines[0] == "frame,work_ns,wall_ns,overrun_ns,missed_vsyncs,hitch_ns")
        #expect(lines[2].hasPrefix("1,20000000,21000000,") && lines[2].contains(",2,"))
        #expect(TraceWriter.slug("Crowd/1 000 springs, GSL rkf45") == "crowd-1-000-springs-gsl-rkf45")
    }
}
