import Foundation
import FrameBench
import FrameBenchRunner
import PopSimInteractions
import PopSimPlatform
import PopSimSweeps

/// Benchmarks of the Sweeps module: decisions, ideal and through the pipeline (stopped at the final
/// outcome, with the same decisions run until everything settles as the interleaved reference); the
/// same decisions' rates per CPU-second of one thread, which the targets judge (a shared machine's load
/// does not count against them); and a whole `popsim sweep` in a child process for its throughput and
/// peak memory.
enum SweepsSuite: BenchmarkSuite {
    static let group = "Sweeps"
    static let idealDecision = "ideal decision, Popovers drag-down (translation × velocity grid)"
    static func pipelineDecision(_ model: String, _ rate: Int, stopping: Bool = true) -> String {
        "pipeline decision, \(model), \(rate) Hz, " + (stopping ? "stops at the final outcome" : "runs until settled")
    }
    /// The 60 Hz Popovers grid with a human release, and with 5 % of frames dropped: each timed beside
    /// the same decisions with the min-jerk release on regular frames.
    static let humanRelease = "pipeline decision, Popovers drag-down, 60 Hz, human release"
    static let droppedFrames = "pipeline decision, Popovers drag-down, 60 Hz, 5 % of frames dropped"
    static let humanReleaseBenchmark = BenchmarkHandle(group: group, name: humanRelease)
    static let droppedFramesBenchmark = BenchmarkHandle(group: group, name: droppedFrames)
    /// The least share of the min-jerk, regular-frame rate each must keep.
    static let variantRateShare = 0.75
    static let popovers = "Popovers drag-down"
    static let popup = "LNPopupController drag from open"
    static let sheet = "FloatingPanel from half"
    static let idealSheetDecision = "ideal decision, FloatingPanel from half (translation × velocity grid)"
    static let idealPopupDecision = "ideal decision, LNPopupController drag from open (translation × velocity grid)"
    static let idealPopovers = BenchmarkHandle(group: group, name: idealDecision)
    static let idealPopup = BenchmarkHandle(group: group, name: idealPopupDecision)
    static let idealSheet = BenchmarkHandle(group: group, name: idealSheetDecision)
    /// The pipeline row of `model` at `rate`, stopped at the final outcome.
    static func pipelineHandle(_ model: String, _ rate: Int) -> BenchmarkHandle {
        BenchmarkHandle(group: group, name: pipelineDecision(model, rate))
    }
    /// Each family's 60 Hz pipeline decision, at most this many times its ideal decision in the same run.
    static let pipelineOverIdeal = 25.0
    static let rates = MeasurementHandle(group: group, name: "decision rates, one thread, per CPU-second")
    static let sweepChild = MeasurementHandle(
        group: group, name: "popsim sweep popover, ideal, 4001 × 4001, child process")

    /// What 0.1.0 measured on the 2-vCPU reference VM, one core: ideal sweeps at 2.2 M decisions/s (the
    /// decisions alone, rows kept in memory and written at the end), pipeline sweeps at 26 k/s at 60 Hz
    /// and 16 k/s at 120 Hz. The targets ask 4× those pipeline rates.
    static let pipelineRateBefore = [60: 26_000.0, 120: 16_000.0]
    static let idealRateBefore = 2_200_000.0

    static func benchmarks() -> [Benchmark] {
        [
            idealBenchmark(idealPopovers, table: popoverTable), idealBenchmark(idealPopup, table: idealPopupTable),
            idealBenchmark(idealSheet, table: idealSheetTable),
        ]
            + [60, 120].flatMap { rate in
                [
                    pipelineBenchmark(popovers, rate: rate, table: popoverTable),
                    pipelineBenchmark(popup, rate: rate, table: popupTable),
                    pipelineBenchmark(sheet, rate: rate, table: sheetTable),
                ]
            } + [
                variantBenchmark(
                    humanReleaseBenchmark, settings: variantSettings(human: true),
                    reference: "the same decisions, min-jerk release"),
                variantBenchmark(
                    droppedFramesBenchmark, settings: variantSettings(dropping: 0.05),
                    reference: "the same decisions, regular frames"),
            ]
    }

    static func measurements() -> [FrameBench.Measurement] {
        [
            FrameBench.Measurement(
                rates,
                detail:
                    "the benchmarks' grids decided over and over on this thread, after one untimed pass, "
                    + "for ≥ 0.5 s of its CPU time (--quick 0.05 s); decisions / thread CPU time (CLOCK_THREAD_CPUTIME_ID: "
                    + "time the thread ran, so other processes' load is not counted)"
            ) { quick in
                try decisionRates(seconds: quick ? 0.05 : 0.5)
            },
            FrameBench.Measurement(
                sweepChild,
                detail: "the bench executable re-run as popsim (PopSimTool.main, the code of the popsim executable): "
                    + "popsim sweep popover --mode drag-down --translation 0,0:400:N --velocity 0,-2000:2000:N "
                    + "--jobs J, output to /dev/null; decisions per CPU-second of the child (user + system, "
                    + "all its threads) and per wall-clock second (startup and other processes' load included); "
                    + "peak resident memory = the child's own VmHWM (/proc/self/status, read by the child as it "
                    + "ends; not ru_maxrss, which on Linux also counts the spawning bench's peak)"
            ) { quick in
                try childSweep(quick: quick)
            },
        ]
    }

    static func targets() -> [Target] {
        var targets: [Target] = []
        for (model, ideal) in [(popovers, idealPopovers), (popup, idealPopup), (sheet, idealSheet)] {
            targets.append(
                Target(
                    "pipeline decision within \(Formatting.significant(pipelineOverIdeal))× the ideal decision, "
                        + "\(model), 60 Hz",
                    .benchmarkRatio(
                        benchmark: pipelineHandle(model, 60), over: ideal, atMost: pipelineOverIdeal,
                        ratio: "pipeline/ideal")))
        }
        for rate in [60, 120] {
            for model in [popovers, popup, sheet] {
                targets.append(
                    Target(
                        "zero allocations: pipeline decision, \(model), \(rate) Hz",
                        .allocationsPerOperation(benchmark: pipelineHandle(model, rate), atMost: 0)))
            }
        }
        for handle in [humanReleaseBenchmark, droppedFramesBenchmark] {
            targets.append(
                Target("zero allocations: \(handle.name)", .allocationsPerOperation(benchmark: handle, atMost: 0)))
        }
        for rate in [60, 120] {
            let before = pipelineRateBefore[rate]!
            targets.append(
                Target(
                    "pipeline decisions/s at \(rate) Hz, Popovers, ≥ 4× 0.1.0's \(Formatting.rate(before))",
                    .measuredAtLeast(
                        measurement: rates, value: pipelineDecision(popovers, rate), atLeast: 4 * before,
                        unit: "decisions/s", beside: idealDecision)))
        }
        let share = Formatting.percent(variantRateShare)
        targets += [
            Target(
                "pipeline decisions, human release, ≥ \(share) of the min-jerk rate",
                .referenceRatio(
                    benchmark: humanReleaseBenchmark, atMost: 1 / variantRateShare,
                    ratio: "human/min-jerk time")),
            Target(
                "pipeline decisions, 5 % of frames dropped, ≥ \(share) of the regular-frame rate",
                .referenceRatio(
                    benchmark: droppedFramesBenchmark, atMost: 1 / variantRateShare,
                    ratio: "dropped/regular time")),
        ]
        targets += [
            Target(
                "peak resident memory, 4001 × 4001 ideal sweep, one job",
                .measuredAtMost(
                    measurement: sweepChild, value: "peak resident memory, --jobs 1", atMost: 100, unit: "MB")),
            Target(
                "peak resident memory, 4001 × 4001 ideal sweep, all cores",
                .measuredAtMost(
                    measurement: sweepChild, value: "peak resident memory, --jobs all", atMost: 100, unit: "MB")),
            Target(
                "ideal sweep written in order, one job, "
                    + "≥ 0.1.0's \(Formatting.rate(idealRateBefore)) decisions/s unwritten",
                .measuredAtLeast(
                    measurement: sweepChild, value: "decisions per CPU-second, --jobs 1", atLeast: idealRateBefore,
                    unit: "decisions/s")),
        ]
        return targets
    }

    // MARK: Tables

    /// The golden pipeline tables' grids (Tests/Fixtures/thresholds/*pipeline*): 17 × 25 and 15 × 25.
    static let popoverTable: DecisionTable<PopoverDecisionProblem>? = {
        var problem = PopoverDecisionProblem()
        problem.mode = .dragDown
        return try? DecisionTable(
            base: problem,
            axes: [
                GridAxis(column: "translation_y", start: 0, end: 400, count: 17),
                GridAxis(column: "velocity_y", start: -1500, end: 1500, count: 25),
            ])
    }()

    static let popupTable: DecisionTable<PopupDecisionProblem>? = {
        try? DecisionTable(
            base: PopupDecisionProblem(from: .open, style: .drag),
            axes: [
                GridAxis(column: "translation_y", start: 40, end: 740, count: 15),
                GridAxis(column: "velocity_y", start: -1200, end: 1200, count: 25),
            ])
    }()

    /// The golden FloatingPanel pipeline table's grid
    /// (Tests/Fixtures/thresholds/sheet-floatingpanel-from-half-pipeline-60hz.csv): 13 × 17 releases from half with
    /// full 80, half 426, tip 700.
    static let sheetTable: DecisionTable<SheetDecisionProblem>? = {
        var problem = SheetDecisionProblem()
        problem.detents = [SheetStop(.full, y: 80), SheetStop(.half, y: 426), SheetStop(.tip, y: 700)]
        problem.from = .half
        return try? DecisionTable(
            base: problem,
            axes: [
                GridAxis(column: "translation_y", start: -300, end: 300, count: 13),
                GridAxis(column: "velocity_y", start: -2000, end: 2000, count: 17),
            ])
    }()

    /// The ideal LNPopupController grid of Tests/Fixtures/thresholds/popup-drag-from-open.csv, 41 × 5.
    static let idealPopupTable: DecisionTable<PopupDecisionProblem>? = {
        try? DecisionTable(
            base: PopupDecisionProblem(from: .open, style: .drag),
            axes: [
                GridAxis(column: "translation_y", start: 0, end: 769, count: 41),
                GridAxis(column: "velocity_y", start: -500, end: 500, count: 5),
            ])
    }()

    /// The ideal FloatingPanel grid of Tests/Fixtures/thresholds/sheet-floatingpanel-from-half.csv, 33 × 25.
    static let idealSheetTable: DecisionTable<SheetDecisionProblem>? = {
        guard let pipelineGrid = sheetTable else { return nil }
        return try? DecisionTable(
            base: pipelineGrid.problem(at: 0),
            axes: [
                GridAxis(column: "translation_y", start: -400, end: 400, count: 33),
                GridAxis(column: "velocity_y", start: -3000, end: 3000, count: 25),
            ])
    }()

    struct MissingTable: Error, CustomStringConvertible {
        var description: String { "the benchmark's grid could not be built" }
    }

    // MARK: Decisions

    /// Every cell of a grid decided ideally, one thread: per decision (a sheet's layout is built once for
    /// the table, not per decision).
    static func idealBenchmark<Problem: DecisionProblem>(_ handle: BenchmarkHandle, table: DecisionTable<Problem>?)
        -> Benchmark
    {
        Benchmark(handle, operation: "decision", operationsPerIteration: table?.count ?? 1) {
            guard let table else { throw MissingTable() }
            return { n in
                var sum = 0
                for _ in 0..<n {
                    for index in 0..<table.count { sum &+= table.row(at: index).outcome.utf8.count }
                }
                blackHole(sum)
            }
        }
    }

    /// Every cell of a golden pipeline grid through the pipeline (0.3 pt noise, seed 7, the min-jerk drag
    /// the goldens record), one thread: per decision; the reference runs the same decisions until
    /// everything has settled.
    static func pipelineBenchmark<Problem: DecisionProblem>(_ model: String, rate: Int, table: DecisionTable<Problem>?)
        -> Benchmark
    {
        func settings(stopping: Bool) -> PipelineSettings {
            PipelineSettings(
                rate: Double(rate), noise: 0.3, profileName: .minimumJerk, seed: 7, stopsAtFinalOutcome: stopping)
        }
        func workload(_ settings: PipelineSettings) throws -> Workload {
            guard let table else { throw MissingTable() }
            return decisions(table, settings)
        }
        let count = table?.count ?? 1
        return Benchmark(
            pipelineHandle(model, rate), operation: "decision", operationsPerIteration: count,
            reference: Reference(name: "the same decisions run until settled", operationsPerIteration: count) {
                try workload(settings(stopping: false))
            }
        ) {
            try workload(settings(stopping: true))
        }
    }

    /// Every cell of `table` through the pipeline `settings` describe, n times over, in buffers kept from
    /// one decision to the next (as a sweep's thread keeps them), so the allocations counted are the
    /// decisions' own after warm-up.
    static func decisions<Problem: DecisionProblem>(_ table: DecisionTable<Problem>, _ settings: PipelineSettings)
        -> Workload
    {
        var buffers = Problem.Buffers()
        return { n in
            var sum = 0
            for _ in 0..<n {
                for index in 0..<table.count {
                    sum &+= table.row(at: index, pipeline: settings, buffers: &buffers).outcome.utf8.count
                }
            }
            blackHole(sum)
        }
    }

    /// The Popovers grid's 60 Hz pipeline (0.3 pt noise, seed 7), stopped at the final outcome, with a
    /// human release or dropped frames (each realisation's frames seeded with its own seed).
    static func variantSettings(human: Bool = false, dropping: Double = 0) -> PipelineSettings {
        var settings = PipelineSettings(rate: 60, noise: 0.3, profileName: human ? .human : .minimumJerk, seed: 7)
        settings.timing.dropProbability = dropping
        return settings
    }

    /// Every cell of the Popovers grid through a variant of its 60 Hz pipeline, one thread: per decision;
    /// the reference is the same decisions with the min-jerk release on regular frames.
    static func variantBenchmark(_ handle: BenchmarkHandle, settings: PipelineSettings, reference: String)
        -> Benchmark
    {
        func workload(_ settings: PipelineSettings) throws -> Workload {
            guard let table = popoverTable else { throw MissingTable() }
            return decisions(table, settings)
        }
        let count = popoverTable?.count ?? 1
        return Benchmark(
            handle, operation: "decision", operationsPerIteration: count,
            reference: Reference(name: reference, operationsPerIteration: count) {
                try workload(variantSettings())
            }
        ) {
            try workload(settings)
        }
    }

    // MARK: Rates per CPU-second

    /// Decisions per second of this thread's CPU time: the ideal grid, then each pipeline grid stopped
    /// at the final outcome and run until settled.
    static func decisionRates(seconds: Double) throws -> [MeasuredValue] {
        guard let popovers = popoverTable, let popups = popupTable, let sheets = sheetTable,
            let idealSheets = idealSheetTable
        else {
            throw MissingTable()
        }
        var values = [
            MeasuredValue(
                name: idealDecision, value: rate(seconds: seconds, popovers, pipeline: nil), unit: "decisions/s"),
            MeasuredValue(
                name: idealSheetDecision, value: rate(seconds: seconds, idealSheets, pipeline: nil), unit: "decisions/s"
            ),
        ]
        for rate in [60, 120] {
            for stopping in [true, false] {
                let settings = PipelineSettings(
                    rate: Double(rate), noise: 0.3, profileName: .minimumJerk, seed: 7, stopsAtFinalOutcome: stopping)
                values.append(
                    MeasuredValue(
                        name: pipelineDecision(Self.popovers, rate, stopping: stopping),
                        value: self.rate(seconds: seconds, popovers, pipeline: settings), unit: "decisions/s"))
                values.append(
                    MeasuredValue(
                        name: pipelineDecision(popup, rate, stopping: stopping),
                        value: self.rate(seconds: seconds, popups, pipeline: settings), unit: "decisions/s"))
                values.append(
                    MeasuredValue(
                        name: pipelineDecision(sheet, rate, stopping: stopping),
                        value: self.rate(seconds: seconds, sheets, pipeline: settings), unit: "decisions/s"))
            }
        }
        for (name, settings) in [
            (humanRelease, variantSettings(human: true)),
            (droppedFrames, variantSettings(dropping: 0.05)),
        ] {
            values.append(
                MeasuredValue(
                    name: name, value: self.rate(seconds: seconds, popovers, pipeline: settings),
                    unit: "decisions/s"))
        }
        return values
    }

    /// Whole passes over `table` until `seconds` of thread CPU time have passed; decisions per CPU-second.
    /// One untimed pass first: it fills the buffers and builds what the process builds once (the
    /// generator's jump tables, half a megabyte), which would otherwise count against whichever grid is
    /// measured first (a quick run's 0.05 s of Popovers decisions read 90 to 280 k/s from run to run).
    static func rate<Problem: DecisionProblem>(
        seconds: Double, _ table: DecisionTable<Problem>, pipeline: PipelineSettings?
    ) -> Double {
        var sum = 0
        var buffers = Problem.Buffers()
        for index in 0..<table.count {
            sum &+= table.row(at: index, pipeline: pipeline, buffers: &buffers).outcome.utf8.count
        }
        let start = Platform.threadCPUNanoseconds()
        var decisions = 0
        var elapsed = 0.0
        repeat {
            for index in 0..<table.count {
                sum &+= table.row(at: index, pipeline: pipeline, buffers: &buffers).outcome.utf8.count
            }
            decisions += table.count
            elapsed = Double(Platform.threadCPUNanoseconds() - start) * 1e-9
        } while elapsed < seconds
        blackHole(sum)
        return Double(decisions) / elapsed
    }

    // MARK: The whole sweep

    /// The first argument that makes the bench executable run as popsim (main.swift).
    static let popsimArgument = "--run-as-popsim"

    struct ChildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// `popsim sweep` in a child process: one job, then all cores. A quick run sweeps 1001 × 1001 and
    /// names its values so (the targets, which are about 4001 × 4001, are then not run).
    static func childSweep(quick: Bool) throws -> [MeasuredValue] {
        let side = quick ? 1001 : 4001
        let note = "\(side) × \(side) grid"
        let decisions = Double(side * side)
        var values: [MeasuredValue] = []
        for (jobsLabel, jobs) in [("--jobs 1", 1), ("--jobs all", Platform.processorCount)] {
            let label = jobsLabel + (quick ? " (--quick: 1001 × 1001)" : "")
            let peakFile = FileManager.default.temporaryDirectory.appendingPathComponent(
                "popsim-bench-peak-\(UUID().uuidString)"
            ).path
            defer { try? FileManager.default.removeItem(atPath: peakFile) }
            let arguments = [
                popsimArgument, peakFile, "sweep", "popover", "--mode", "drag-down", "--translation", "0,0:400:\(side)",
                "--velocity", "0,-2000:2000:\(side)", "--jobs", String(jobs),
            ]
            guard let usage = Platform.runChildProcess(Platform.executablePath, arguments: arguments) else {
                throw ChildFailure(description: "could not start \(Platform.executablePath)")
            }
            guard usage.status == 0 else {
                throw ChildFailure(description: "the child sweep exited with status \(usage.status)")
            }
            guard let text = try? String(contentsOfFile: peakFile, encoding: .utf8), let peak = Double(text) else {
                throw ChildFailure(description: "the child sweep did not report its peak resident memory")
            }
            let cpu = usage.userSeconds + usage.systemSeconds
            values.append(
                MeasuredValue(name: "peak resident memory, \(label)", value: peak / 1e6, unit: "MB", note: note))
            values.append(
                MeasuredValue(
                    name: "decisions per CPU-second, \(label)", value: cpu > 0 ? decisions / cpu : 0,
                    unit: "decisions/s",
                    note: note + (jobs > 1 ? ", \(jobs) threads' CPU time added" : "")))
            values.append(
                MeasuredValue(
                    name: "decisions per wall-clock second, \(label)", value: decisions / usage.wallSeconds,
                    unit: "decisions/s", note: note))
        }
        return values
    }
}
