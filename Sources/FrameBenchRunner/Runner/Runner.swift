import FrameBench

/// Runs what the catalog registered and the filter selects, and gathers the ``RunReport``: micro
/// benchmarks (with their references), frame-loop scenarios at each rate, capacity searches at each
/// rate, then the targets.
public final class Runner {
    public let options: BenchOptions
    public let catalog: Catalog
    public let allocationCounter: AllocationCounter?
    public let environmentExtra: [EnvironmentInfo.KeyValue]
    private let progress: Progress

    /// Frames run before a scenario's timed frames, and before each capacity probe's.
    static func scenarioWarmupFrames(_ frames: Int) -> Int { max(5, frames / 20) }
    static let probeWarmupFrames = 3
    /// The crowd size of the pilot that seeds each capacity search.
    static let maximumPilotCount = 1 << 18

    public init(
        options: BenchOptions, catalog: Catalog, allocationCounter: AllocationCounter?,
        environmentExtra: [EnvironmentInfo.KeyValue] = [], progress: Progress = Progress()
    ) {
        self.options = options
        self.catalog = catalog
        self.allocationCounter = allocationCounter
        self.environmentExtra = environmentExtra
        self.progress = progress
    }

    // MARK: Selection

    private func matches(_ id: String) -> Bool { Self.selects(id, filter: options.filter) }

    /// Whether `--filter` (nil: none) selects the registered `group/name` `id`.
    public static func selects(_ id: String, filter: String?) -> Bool {
        guard let filter else { return true }
        // Validated when the options were parsed.
        guard let regex = try? Regex(filter) else { return false }
        return id.contains(regex)
    }

    public var selectedBenchmarks: [Benchmark] { catalog.benchmarks.filter { matches($0.id) } }
    public var selectedScenarios: [FrameLoopScenario] { catalog.scenarios.filter { matches($0.id) } }
    public var selectedProbes: [CapacityProbe] {
        catalog.capacityProbes.filter { matches($0.id) && (!options.quick || $0.inQuickRun) }
    }
    public var selectedMeasurements: [Measurement] { catalog.measurements.filter { matches($0.id) } }

    /// What `--list` prints.
    public func listing() -> String {
        var lines: [String] = []
        let benchmarks = selectedBenchmarks
        let scenarios = selectedScenarios
        let probes = selectedProbes
        lines.append("benchmarks (\(benchmarks.count)):")
        for b in benchmarks {
            lines.append("  \(b.id)  [per \(b.operation)\(b.reference.map { "; vs \($0.name)" } ?? "")]")
        }
        lines.append("frame-loop scenarios (\(scenarios.count)):")
        for s in scenarios { lines.append("  \(s.id)  [\(s.detail)]") }
        lines.append("capacity probes (\(probes.count)):")
        for p in probes { lines.append("  \(p.id)") }
        let measurements = selectedMeasurements
        lines.append("measurements (\(measurements.count)):")
        for m in measurements { lines.append("  \(m.id)  [\(m.detail)]") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What this run covers, for the reasons of targets not run.
    func scope(failures: [String: String]) -> RunScope {
        let registered =
            catalog.benchmarks.map(\.id) + catalog.scenarios.map(\.id) + catalog.capacityProbes.map(\.id)
            + catalog.measurements.map(\.id)
        return RunScope(
            filter: options.filter, quick: options.quick, ratesHertz: options.rates.map(\.hertz),
            filteredOut: Set(registered.filter { !matches($0) }),
            notInQuickRun: options.quick ? Set(catalog.capacityProbes.filter { !$0.inQuickRun }.map(\.id)) : [],
            failures: failures,
            wholeInteractionScenarios: catalog.scenarios.filter(\.isWholeInteraction).map(\.id))
    }

    // MARK: Running

    /// Measures everything selected; with `counting`, first counts the benchmarks' instructions in a
    /// child of `executable` under callgrind.
    public func run(
        baseline: (name: String, report: RunReport)? = nil,
        counting: (InstructionCounting, executable: String)? = nil
    ) -> RunReport {
        let start = MonotonicClock.now()
        var counts: [String: CountedBenchmark] = [:]
        var countingErrors: [String] = []
        if let (counting, executable) = counting {
            // A comparison counts the baseline's iterations.
            var iterations: [String: (Int, Int?)] = [:]
            for b in baseline?.report.benchmarks ?? [] {
                if let n = b.instructionCount?.iterations {
                    iterations[b.id] = (n, b.reference?.instructionCount?.iterations)
                }
            }
            (counts, countingErrors) = counting.run(
                ids: selectedBenchmarks.map(\.id), iterations: iterations, executable: executable, progress: progress)
        }
        let countingSeconds = counting == nil ? nil : Double(MonotonicClock.now() - start) / 1e9
        let overhead = MonotonicClock.readOverhead()
        let frameOverhead = Sampler.emptyFrameOverhead()
        let sampler = Sampler(clockOverhead: overhead, allocationCounter: allocationCounter)
        var report = RunReport(
            environment: EnvironmentInfo.collect(
                clockOverhead: overhead, allocationCounter: allocationCounter, extra: environmentExtra),
            configuration: RunConfiguration(options))
        report.environment.frameClock =
            "frame work = min(wall clock, thread CPU time by \(ThreadCPUClock.name)): "
            + "preemption by other processes excluded; wall clock reported beside it; "
            + "empty-frame overhead \(frameOverhead.wall) ns wall, \(frameOverhead.cpu) ns CPU, subtracted"
        report.environment.frameClockOverheadNanoseconds = Double(frameOverhead.cpu)
        let benchmarks = selectedBenchmarks
        let scenarios = selectedScenarios
        let probes = selectedProbes
        let measurements = selectedMeasurements
        let total =
            benchmarks.count + scenarios.count * options.rates.count + probes.count * options.rates.count
            + measurements.count
        var step = 0
        let plan = SamplingPlan(
            samples: options.samples, minimumTime: options.minimumTime, warmupTime: options.warmupTime,
            minimumSampleNanoseconds: options.minimumSampleNanoseconds)

        var failures: [String: String] = [:]
        /// One unit of the run: counted in the progress line, timed, and reported as an error rather
        /// than ending the run when it throws (the error is also kept as the reason why a target on `id`
        /// was not run). `work` gets the seconds elapsed since it started.
        func unit(
            _ label: String, id: String, _ work: (_ elapsed: () -> Double) throws(BenchError) -> Void
        ) {
            step += 1
            progress.update(step, of: total, label)
            let t0 = MonotonicClock.now()
            do {
                try work { Double(MonotonicClock.now() - t0) / 1e9 }
            } catch {
                report.errors.append(error.description)
                failures[id] = error.description
            }
        }
        /// A ``unit(_:id:_:)`` whose result, with the seconds it took, joins the report's `results`.
        func unit<Result: TimedResult>(
            _ label: String, id: String, into results: WritableKeyPath<RunReport, [Result]>,
            _ work: () throws(BenchError) -> Result
        ) {
            unit(label, id: id) { (elapsed: () -> Double) throws(BenchError) in
                var result = try work()
                result.elapsedSeconds = elapsed()
                report[keyPath: results].append(result)
            }
        }
        for benchmark in benchmarks {
            unit(benchmark.id, id: benchmark.id, into: \.benchmarks) { () throws(BenchError) in
                try measure(benchmark, sampler, plan)
            }
        }
        for scenario in scenarios {
            for rate in options.rates {
                unit("\(scenario.id) @\(rate)", id: scenario.id, into: \.scenarios) { () throws(BenchError) in
                    try play(scenario, rate, sampler, frameOverhead)
                }
            }
        }
        for probe in probes {
            for rate in options.rates {
                unit("capacity \(probe.id) @\(rate)", id: probe.id, into: \.capacity) { () throws(BenchError) in
                    try searchCapacity(probe, rate, sampler, frameOverhead)
                }
            }
        }
        for measurement in measurements {
            unit(measurement.id, id: measurement.id) { (elapsed: () -> Double) throws(BenchError) in
                let values: [MeasuredValue]
                do { values = try measurement.measure(options.quick) } catch {
                    throw .runFailed(id: measurement.id, reason: "\(error)")
                }
                report.measurements =
                    (report.measurements ?? []) + [
                        MeasurementResult(
                            id: measurement.id, group: measurement.group, name: measurement.name,
                            detail: measurement.detail, values: values, elapsedSeconds: elapsed())
                    ]
            }
        }
        progress.finish()
        if let counting {
            report.countingSeconds = countingSeconds
            report.environment.instructionCounting = counting.0.method
            report.errors += countingErrors
            for i in report.benchmarks.indices {
                guard let counted = counts[report.benchmarks[i].id] else { continue }
                report.benchmarks[i].instructionCount = counted.count
                report.benchmarks[i].instructions = counted.count?.perOperation
                report.benchmarks[i].reference?.instructionCount = counted.reference
                report.benchmarks[i].reference?.instructions = counted.reference?.perOperation
            }
        }
        report.targets = TargetEvaluation.evaluate(catalog.targets, report, scope: scope(failures: failures))
        if let baseline {
            report.comparison = Comparison(
                current: report, baseline: baseline.report, baselineName: baseline.name,
                basis: options.counts ? .instructions : .wallTime, threshold: options.comparisonThreshold,
                alpha: options.alpha)
        }
        report.environment.loadAverageEnd = EnvironmentInfo.loadAverage()
        report.elapsedSeconds = Double(MonotonicClock.now() - start) / 1e9
        return report
    }

    /// `--ab OTHER`: the selected micro benchmarks of this build (`executable`) and of the other, in
    /// alternating processes (``ABRun``); the report holds this build's batches pooled and the A/B
    /// comparison (no frame loops, capacities, measurements or targets: a run without `--ab` has them).
    public func runAB(other: String, executable: String) -> RunReport {
        let start = MonotonicClock.now()
        var report = RunReport(
            environment: EnvironmentInfo.collect(
                clockOverhead: MonotonicClock.readOverhead(), allocationCounter: allocationCounter,
                extra: environmentExtra),
            configuration: RunConfiguration(options))
        let run = ABRun(
            options: options, ids: selectedBenchmarks.map(\.id), thisExecutable: executable, otherExecutable: other)
        let (comparison, batches, errors) = run.run(progress: progress)
        report.ab = comparison
        report.errors = errors
        report.benchmarks = ABRun.pooled(batches, rates: options.rates, seed: options.seed)
        report.environment.loadAverageEnd = EnvironmentInfo.loadAverage()
        report.elapsedSeconds = Double(MonotonicClock.now() - start) / 1e9
        return report
    }

    private func seed(_ id: String) -> UInt64 { options.seed ^ stableHash(id) }

    func measure(_ benchmark: Benchmark, _ sampler: Sampler, _ plan: SamplingPlan) throws(BenchError) -> BenchmarkResult
    {
        let workload: Workload
        do { workload = try benchmark.setup() } catch {
            throw .setupFailed(id: benchmark.id, reason: "\(error)")
        }
        var referenceResult: ReferenceResult?
        let set: SampleSet
        if let reference = benchmark.reference {
            let referenceWorkload: Workload
            do { referenceWorkload = try reference.setup() } catch {
                throw .setupFailed(id: "\(benchmark.id) [\(reference.name)]", reason: "\(error)")
            }
            let (a, b): (SampleSet, SampleSet)
            do {
                (a, b) = try sampler.measureInterleaved(
                    workload, operationsPerIteration: benchmark.operationsPerIteration,
                    referenceWorkload, operationsPerIteration: reference.operationsPerIteration,
                    plan: plan)
            } catch {
                throw .runFailed(id: benchmark.id, reason: "\(error)")
            }
            set = a
            let referenceStatistics = SampleStatistics(samples: b.perOperation, seed: seed(benchmark.id + "#reference"))
            let sortedA = a.perOperation.sorted()
            let sortedB = b.perOperation.sorted()
            let ratio = Percentile.median(sorted: sortedA) / Percentile.median(sorted: sortedB)
            referenceResult = ReferenceResult(
                name: reference.name, isYardstick: reference.isYardstick, iterationsPerSample: b.iterationsPerSample,
                statistics: referenceStatistics,
                allocationsPerOperation: b.allocationsPerOperation, ratio: ratio,
                ratioInterval: Bootstrap.ratioOfMediansInterval(
                    sortedNumerator: sortedA, sortedDenominator: sortedB,
                    seed: seed(benchmark.id + "#ratio")),
                samples: b.perOperation, workSamples: b.workPerOperation)
        } else {
            do {
                set = try sampler.measure(
                    workload, operationsPerIteration: benchmark.operationsPerIteration, plan: plan)
            } catch {
                throw .runFailed(id: benchmark.id, reason: "\(error)")
            }
        }
        let statistics = SampleStatistics(samples: set.perOperation, seed: seed(benchmark.id))
        return BenchmarkResult(
            id: benchmark.id, group: benchmark.group, name: benchmark.name, operation: benchmark.operation,
            operationsPerIteration: benchmark.operationsPerIteration, iterationsPerSample: set.iterationsPerSample,
            warmupIterations: set.warmupIterations, statistics: statistics,
            allocationsPerOperation: set.allocationsPerOperation,
            budgets: options.rates.map { BudgetShare(rate: $0, p50: statistics.p50, p99: statistics.p99) },
            reference: referenceResult, samples: set.perOperation, workSamples: set.workPerOperation)
    }

    func play(
        _ scenario: FrameLoopScenario, _ rate: RefreshRate, _ sampler: Sampler,
        _ overhead: (wall: Int, cpu: Int)
    ) throws(BenchError) -> ScenarioResult {
        let work: FrameWork
        do { work = try scenario.setup(rate) } catch {
            throw .setupFailed(id: "\(scenario.id) @\(rate)", reason: "\(error)")
        }
        let frames = scenario.frames ?? options.scenarioFrames
        let times: Sampler.FrameTimes
        do {
            times = try sampler.measureFrames(
                work, warmupFrames: Self.scenarioWarmupFrames(frames), frames: frames, overhead: overhead)
        } catch {
            throw .runFailed(id: "\(scenario.id) @\(rate)", reason: "\(error)")
        }
        if let directory = options.traceDirectory {
            try TraceWriter(directory: directory).write(id: scenario.id, rate: rate, times: times)
        }
        let timing = FrameLoopTiming(
            times: times, rate: rate, seed: seed("\(scenario.id)@\(rate.hertz)"),
            wallClockSeed: seed("\(scenario.id)@\(rate.hertz)#wall"))
        return ScenarioResult(
            id: scenario.id, group: scenario.group, name: scenario.name, detail: scenario.detail,
            isWholeInteraction: scenario.isWholeInteraction, rateHertz: rate.hertz, statistics: timing.work,
            budget: timing.budget, hitches: timing.hitches, wallClock: timing.wallClock,
            wallClockHitches: timing.wallClockHitches, allocationsPerFrame: timing.allocationsPerFrame,
            samples: times.work.map(Double.init), wallClockSamples: times.wallClock.map(Double.init))
    }

    func searchCapacity(
        _ probe: CapacityProbe, _ rate: RefreshRate, _ sampler: Sampler,
        _ overhead: (wall: Int, cpu: Int)
    ) throws(BenchError) -> CapacityResult {
        let limit = rate.budgetNanoseconds / 2
        let frames = options.capacityFrames
        func p99(_ count: Int) throws(BenchError) -> Double {
            let work: FrameWork
            do { work = try probe.makeCrowd(count, rate) } catch {
                throw .setupFailed(id: "\(probe.id) @\(rate) with \(count) springs", reason: "\(error)")
            }
            let times: [Int]
            do {
                times = try sampler.measureFrames(
                    work, warmupFrames: Self.probeWarmupFrames, frames: frames, overhead: overhead
                ).work
            } catch {
                throw .runFailed(id: "\(probe.id) @\(rate) with \(count) springs", reason: "\(error)")
            }
            return Percentile.value(99, sorted: times.map(Double.init).sorted())
        }
        // Pilot: crowds of 1, 4, 16, … springs until a frame takes 100 µs (or 2¹⁸ springs); the median
        // frame of the last one gives the cost per spring, hence the first guess.
        var pilotCount = 1
        var perSpring = 1.0
        while true {
            let pilotWork: FrameWork
            do { pilotWork = try probe.makeCrowd(pilotCount, rate) } catch {
                throw .setupFailed(id: "\(probe.id) @\(rate) pilot", reason: "\(error)")
            }
            let pilotTimes: [Int]
            do {
                pilotTimes = try sampler.measureFrames(pilotWork, warmupFrames: 2, frames: 5, overhead: overhead).work
            } catch {
                throw .runFailed(id: "\(probe.id) @\(rate) pilot", reason: "\(error)")
            }
            let median = Percentile.median(sorted: pilotTimes.map(Double.init).sorted())
            perSpring = max(median, 1) / Double(pilotCount)
            if median >= 100_000 || pilotCount >= Self.maximumPilotCount || pilotCount * 4 > probe.maximumCount {
                break
            }
            pilotCount *= 4
        }
        let initial = Int(min(0.9 * limit / perSpring, Double(probe.maximumCount)))
        let search = CapacitySearch(
            limitNanoseconds: limit, initialCount: initial, maximumCount: probe.maximumCount,
            relativePrecision: options.quick ? 0.25 : 0.05, maximumProbes: options.quick ? 3 : 5)
        let outcome = try search.run(p99)
        return CapacityResult(
            id: probe.id, group: probe.group, name: probe.name, rateHertz: rate.hertz,
            limitNanoseconds: limit, framesPerProbe: frames, capacity: outcome.capacity,
            firstFailing: outcome.firstFailing, reachedSearchLimit: outcome.reachedMaximum,
            probes: outcome.probes)
    }
}
