import Foundation
import PopSimInteractions
import PopSimParameters
import PopSimTestSupport
import Testing

@testable import PopSimCommands
@testable import PopSimSweeps

@Suite("popsim threshold and sweep --trials")
struct ThresholdCLITests {
    // MARK: Flags

    /// The decide flags of the model, then exactly these.
    @Test func thresholdFlagsAreTheDecideFlagsAndTheSweepStyleOnes() throws {
        let extra = [
            "--pipeline", "--rate", "--estimator", "--noise", "--seed", "--profile", "--trials", "--frame-times",
            "--frame-times-sha256", "--frame-drops",
            "--frame-jitter", "--rate-steps", "--probes", "--tolerance",
            "--jobs", "--shard", "--output",
        ]
        for family in ["popover", "popup", "sheet"] {
            let threshold = try #require(PopSimTool.commands.first { $0.path == ["threshold", family] })
            let decide = try #require(PopSimTool.commands.first { $0.path == ["decide", family] })
            #expect(threshold.parameters.map(\.flag) == decide.parameters.map(\.flag) + extra)
        }
    }

    // MARK: Closed forms through the command

    /// 120 pt drag on the default popover: v = (852 − 213 − 376 − 120)/0.25 = 572 pt/s, within half the
    /// default tolerance (10⁻⁶).
    @Test func popoverDragDownThreshold() throws {
        let result = try PopSimProcess.run([
            "threshold", "popover", "--mode", "drag-down", "--translation", "0,120", "--velocity", "0,0:3000",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first == "velocity_y,below,above")
        let fields = result.lines[1].split(separator: ",").map(String.init)
        #expect(abs(Double(fields[0])! - 572) <= 5e-7)
        #expect(fields[1...] == ["returned", "dismissed-down"])
        #expect(result.stderr.contains("solved 1 lines with "))
        #expect(result.stderr.contains("decisions/s)"))
    }

    /// Snap close at c·d for every c of the grid (d = 852).
    @Test func popupSnapThresholds() throws {
        let result = try PopSimProcess.run([
            "threshold", "popup", "--style", "snap", "--from", "open", "--snap-percent", "0.1:0.9:5",
            "--translation", "0,0:852", "--tolerance", "1e-3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first == "snap_percent,translation_y,below,above")
        for line in result.lines.dropFirst() {
            let fields = line.split(separator: ",").map(String.init)
            #expect(abs(Double(fields[1])! - Double(fields[0])! * 852) <= 5e-4, "\(line)")
            #expect(fields[2...] == ["open", "closed"])
        }
        #expect(result.lines.count == 6)
    }

    /// "At which release speed does a swipe from half skip to full?" FloatingPanel with full 80, half 426,
    /// tip 700: released at y = 426 + ty (−173 < ty ≤ 0) moving up, the segment is half → full (346 pt)
    /// and the projection 0.499·|v| must cover more than half of it less the drag: |v| > (173 + ty)/0.499
    /// (Documentation/sheets.md §2.3): 46.09, 146.29, 246.49 and 346.69 pt/s for ty = −150, −100, −50, 0.
    @Test func sheetSkipToFullThreshold() throws {
        let result = try PopSimProcess.run([
            "threshold", "sheet", "--library", "floatingpanel", "--detents", "full=80,half=426,tip=700",
            "--from", "half", "--translation", "0,-150:0:4", "--velocity", "0,-3000:0",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first == "translation_y,velocity_y,below,above")
        #expect(result.lines.count == 5)
        for line in result.lines.dropFirst() {
            let fields = line.split(separator: ",").map(String.init)
            let ty = Double(fields[0])!
            #expect(abs(Double(fields[1])! + (173 + ty) / 0.499) <= 1e-6, "\(line)")
            #expect(fields[2...] == ["full", "half"])
        }
    }

    /// PanModal's fling line: from the short form (500) a release up is a fling above 300.00000000000006
    /// pt/s (long), else the nearest stop (short).
    @Test func sheetPanModalFlingThreshold() throws {
        let result = try PopSimProcess.run([
            "threshold", "sheet", "--library", "panmodal", "--detents", "long=80,short=500",
            "--from", "short", "--velocity", "0,-1000:0",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let fields = result.lines[1].split(separator: ",").map(String.init)
        #expect(abs(Double(fields[0])! + 300) <= 1e-6)
        #expect(fields[1...] == ["long", "short"])
    }

    /// Through the pipeline the same question has one answer per rate, and both need a faster flick than
    /// the ideal 226.45 pt/s (= (173 − 60)/0.499) for a 60 pt pull: the panel trails the finger and the
    /// estimator reads the finger's last acceleration low, more so at 60 Hz, where it sees fewer samples.
    @Test func sheetThresholdThroughThePipelineAtBothRates() throws {
        let result = try PopSimProcess.run([
            "threshold", "sheet", "--library", "floatingpanel", "--detents", "full=80,half=426,tip=700",
            "--from", "half", "--translation", "0,-60", "--velocity", "0,-3000:0", "--pipeline", "--rate", "60,120",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first == "rate,velocity_y,below,above,boundary")
        let rows = result.lines.dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.map { $0[0] } == ["60", "120"])
        let at60 = Double(rows[0][1])!
        let at120 = Double(rows[1][1])!
        #expect(at60 < at120 && at120 < -226.45, "\(rows)")
        for row in rows { #expect(row[2...] == ["full", "half", "step"]) }
    }

    /// A pipeline threshold without trials is one drawn human release per line: it says so, and names
    /// the flag that gives the 50 % point; with trials, or with the min-jerk drag (every realisation the
    /// same but for the noise), it does not.
    @Test(arguments: [([String](), true), (["--trials", "2"], false), (["--profile", "min-jerk"], false)])
    func aSingleHumanRealisationSaysSo(extra: [String], noted: Bool) throws {
        let result = try PopSimProcess.run(
            [
                "threshold", "sheet", "--library", "panmodal", "--detents", "long=80,short=500", "--from", "short",
                "--translation", "0,60", "--velocity", "0,0:3000", "--pipeline", "--rate", "60",
            ] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("one realisation") == noted, "\(result.stderr)")
        #expect(result.stderr.contains("--trials K") == noted, "\(result.stderr)")
    }

    /// "From which content offset does a 1000 pt/s pull down stop moving the sheet?" For a 150 pt pull at
    /// FloatingPanel's full stop the ideal rule (Documentation/arbitration.md §6) gives the sheet the whole
    /// pull at offset 0 (sheet:half), the rest after scrolling any offset > 0 (both:half: 150 − O pt,
    /// projected 499 pt further, past half's midpoint), and nothing once O ≥ 150 (scroll:full).
    @Test func sheetScrollOffsetThreshold() throws {
        let result = try PopSimProcess.run([
            "threshold", "sheet", "--library", "floatingpanel", "--from", "full", "--scroll-content", "2000",
            "--scroll-offset", "0:400", "--translation", "0,150", "--velocity", "0,1000",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first == "scroll_offset,below,above")
        let rows = result.lines.dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.count == 2)
        #expect(abs(Double(rows[0][0])!) <= 1e-6 && rows[0][1...] == ["sheet:half", "both:half"])
        #expect(abs(Double(rows[1][0])! - 150) <= 1e-6 && rows[1][1...] == ["both:half", "scroll:full"])
    }

    @Test func aLineWithoutAChangeHasAnEmptyBoundary() throws {
        let result = try PopSimProcess.run([
            "threshold", "popover", "--mode", "drag-down", "--translation", "0,10", "--velocity", "0,-100:100",
        ])
        #expect(result.stdout == "velocity_y,below,above\n,returned,returned\n")
    }

    static let usageErrors: [([String], String)] = [
        (["threshold", "popover", "--mode", "drag-down", "--velocity", "0,-100:100:5"], "no parameter to solve along"),
        (["threshold", "popover", "--translation", "0,0:100", "--velocity", "0,-100:100"], "both written A:B"),
        (["threshold", "popover", "--velocity", "0,100:-100"], "A < B"),
        (["threshold", "popover", "--velocity", "0,0:1", "--probes", "1"], "probe count"),
        (["threshold", "popover", "--velocity", "0,0:1", "--tolerance", "0"], "--tolerance"),
        (["threshold", "popover", "--velocity", "0,0:1", "--pipeline", "--trials", "1"], "at least 2 realisations"),
        (["threshold", "popover", "--velocity", "0,0:1", "--trials", "5"], "only applies to --pipeline"),
        (["threshold", "popover", "--velocity", "0,0:1", "--golden"], "--golden"),
        (["threshold", "popover", "--proximity", "0:2", "--velocity", "0,0"], "proximity"),
        (["sweep", "popover", "--velocity", "0,0:1"], "not A:B:N"),
        (["sweep", "popover", "--velocity", "0,0:1:2", "--pipeline", "--trials", "0"], "--trials"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stdout)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    // MARK: Determinism

    static let pipelineThreshold = [
        "threshold", "popover", "--mode", "drag-down", "--translation", "0,0:300:7", "--velocity", "0,-1000:3000",
        "--pipeline", "--rate", "60", "--noise", "0.4", "--seed", "3", "--probes", "48", "--tolerance", "0.01",
    ]

    /// The same bytes for any --jobs, and the shards concatenate to the whole, with and without trials.
    @Test(arguments: [[], ["--trials", "3"]])
    func thresholdOutputDoesNotDependOnJobsOrShards(trials: [String]) throws {
        let command = Self.pipelineThreshold + trials
        let whole = try PopSimProcess.run(command + ["--jobs", "1"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(try PopSimProcess.run(command + ["--jobs", "3"]).stdout == whole.stdout)
        let parts = try (0..<3).map { try PopSimProcess.run(command + ["--shard", "\($0)/3", "--jobs", "2"]).stdout }
        #expect(parts.joined() == whole.stdout)
        #expect(whole.lines.count >= 8)  // the header and a row per line at least
    }

    static let trialsSweep = [
        "sweep", "popover", "--mode", "drag-down", "--translation", "0,120", "--velocity", "0,0:2000:9",
        "--pipeline", "--rate", "60", "--noise", "0.5", "--seed", "4", "--trials", "30", "--profile", "min-jerk",
    ]

    /// --trials: deterministic across jobs and shards; a p_ column per outcome word after `outcome`,
    /// fractions of 30 that sum to 1; certain far from the boundary.
    @Test func sweepTrialsAreDeterministicAndSumToOne() throws {
        let whole = try PopSimProcess.run(Self.trialsSweep + ["--jobs", "1"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(try PopSimProcess.run(Self.trialsSweep + ["--jobs", "4"]).stdout == whole.stdout)
        let parts = try (0..<2).map { try PopSimProcess.run(Self.trialsSweep + ["--shard", "\($0)/2"]).stdout }
        #expect(parts.joined() == whole.stdout)
        #expect(whole.lines[0] == "velocity_y,outcome,p_dismissed-down,p_returned,p_presented,p_error,ideal")
        for line in whole.lines.dropFirst() {
            let fractions = line.split(separator: ",")[2..<6].map { Double($0)! }
            #expect(abs(fractions.reduce(0, +) - 1) < 1e-12, "\(line)")
            #expect(fractions.allSatisfy { ($0 * 30 - ($0 * 30).rounded()).magnitude < 1e-9 }, "\(line)")
        }
        #expect(whole.lines[1].hasPrefix("0.0,returned,0.0,1.0,0.0,0.0,"))
        #expect(whole.lines[9].hasPrefix("2000.0,dismissed-down,1.0,0.0,0.0,0.0,"))
        #expect(whole.stderr.contains("9 grid points × 30 trials = 270 decisions"))
    }

    /// One trial is the single-seed sweep: the same outcomes.
    @Test func oneTrialIsTheSingleSeedSweep() throws {
        let base = [
            "sweep", "popover", "--mode", "drag-down", "--translation", "0,0:300:4", "--velocity", "0,0:2000:5",
            "--pipeline", "--rate", "120", "--noise", "1", "--seed", "8",
        ]
        let single = try PopSimProcess.run(base)
        let trial = try PopSimProcess.run(base + ["--trials", "1"])
        let outcomes = { (result: PopSimProcessResult) in result.lines.dropFirst().map { $0.split(separator: ",")[2] } }
        #expect(outcomes(single) == outcomes(trial))
        #expect(single.lines.count == 21)
    }

    /// A golden with trials records --trials and checks like any other.
    @Test func goldenWithTrialsChecks() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("trials.csv").path
        let written = try PopSimProcess.run(Self.trialsSweep + ["--golden", "--output", path])
        #expect(written.status == 0, "\(written.stderr)")
        let check = try PopSimProcess.run(["check", path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("ok: 9 decisions unchanged"))
    }

    // MARK: Early stopping on the goldens

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/thresholds")

    static let pipelineGoldens: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: goldenDirectory.path)) ?? []).filter {
            $0.contains("pipeline") && $0.hasSuffix(".csv")
        }.sorted()
    }()

    @Test func everyPipelineGoldenIsCovered() {
        #expect(Self.pipelineGoldens.count == 5)
    }

    /// Every cell of every golden pipeline table: the early-stopped outcome, the outcome of the run
    /// until everything settles and the golden's (written by code that always ran to the end) agree.
    @Test(arguments: pipelineGoldens)
    func earlyStoppedOutcomesMatchFullRunsOnTheGoldens(file: String) throws {
        let text = try String(contentsOf: Self.goldenDirectory.appendingPathComponent(file), encoding: .utf8)
        let golden = try GoldenDecisionTable(text: text, source: file)
        let words = Array(try GoldenCheck.recordedWords(golden.header).dropFirst(2))
        switch words[0] {
        case PopoverFamily.name:
            try Self.compare(try Sweep<PopoverFamily>(goldenWords: Array(words.dropFirst())), golden)
        case PopupFamily.name: try Self.compare(try Sweep<PopupFamily>(goldenWords: Array(words.dropFirst())), golden)
        default: try Self.compare(try Sweep<SheetFamily>(goldenWords: Array(words.dropFirst())), golden)
        }
    }

    static func compare<Family: ModelFamily>(_ sweep: Sweep<Family>, _ golden: GoldenDecisionTable) throws {
        let table = try sweep.decisionTable()
        let early = try #require(sweep.pipelineSettings)
        #expect(early.stopsAtFinalOutcome)
        var full = early
        full.stopsAtFinalOutcome = false
        #expect(table.count == golden.rows.count)
        let outcomeColumn = try #require(golden.header.columns.firstIndex(of: "outcome"))
        for index in 0..<table.count {
            let stopped = table.outcome(at: index, pipeline: early)
            #expect(stopped == table.outcome(at: index, pipeline: full), "\(golden.source) row \(index)")
            #expect(stopped == golden.rows[index].fields[outcomeColumn], "\(golden.source) row \(index)")
        }
    }
}

typealias PopSimProcessResult = BuiltExecutable.Result
