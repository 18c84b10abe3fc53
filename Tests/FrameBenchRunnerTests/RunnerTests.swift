import Foundation
import Testing

@testable import FrameBench
@testable import FrameBenchRunner

/// A fake heap: workloads "allocate" by bumping it, and the sampler reads it as its allocation counter.
final class FakeHeap: @unchecked Sendable {
    var count: UInt64 = 0
    var counter: AllocationCounter { AllocationCounter(method: "fake", isLive: true, read: { self.count }) }
}

struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

@Suite struct SamplerTests {
    let plan = SamplingPlan(samples: 12, minimumTime: 0.002, warmupTime: 0, minimumSampleNanoseconds: 1_000)

    @Test func allocationsPerOperationComeFromTheCounter() throws {
        let heap = FakeHeap()
        let sampler = Sampler(clockOverhead: 0, allocationCounter: heap.counter)
        let set = try sampler.measure({ n in heap.count += UInt64(2 * n) }, operationsPerIteration: 1, plan: plan)
        #expect(set.perOperation.count == 12)
        #expect(set.allocationsPerOperation == 2)
        // Each sample's work is at most its wall-clock time.
        #expect(set.workPerOperation.count == 12)
        #expect(zip(set.workPerOperation, set.perOperation).allSatisfy { $0 <= $1 })
        // Batches: 3 operations per iteration, 2 allocations per iteration.
        let batch = try sampler.measure({ n in heap.count += UInt64(2 * n) }, operationsPerIteration: 3, plan: plan)
        #expect(abs(batch.allocationsPerOperation! - 2.0 / 3) < 1e-12)
    }

    @Test func aDeadCounterReportsNothing() throws {
        let dead = AllocationCounter(method: "dead", isLive: false, read: { 0 })
        let sampler = Sampler(clockOverhead: 0, allocationCounter: dead)
        let set = try sampler.measure({ _ in }, operationsPerIteration: 1, plan: plan)
        #expect(set.allocationsPerOperation == nil)
    }

    @Test func samplesAreInterleavedInLockstep() throws {
        let sampler = Sampler(clockOverhead: MonotonicClock.readOverhead(pairs: 1_000), allocationCounter: nil)
        var order: [Character] = []
        var iterationsA = 0
        var iterationsB = 0
        // B is about ten times slower per iteration than A.
        let (a, b) = try sampler.measureInterleaved(
            { n in
                order.append("a")
                iterationsA += n
                blackHole(n)
            }, operationsPerIteration: 1,
            { n in
                order.append("b")
                iterationsB += n
                var x = 0
                for i in 0..<(10 * n) { x &+= opaque(i) }
                blackHole(x)
            }, operationsPerIteration: 1, plan: plan)
        #expect(a.perOperation.count == 12 && b.perOperation.count == 12)
        #expect(a.iterationsPerSample > 1)
        #expect(a.iterationsPerSample == b.iterationsPerSample)
        // Both ran the same iterations in all (warm-up aligned, same count per sample).
        #expect(iterationsA == iterationsB)
        // After calibration, samples alternate A B B A A B …
        #expect(String(order.suffix(8)) == "abbaabba")
    }

    /// One iteration far longer than the per-sample target: the count drops to what fits in 4 × min-time,
    /// never below 10.
    @Test func slowOperationsGetFewerSamples() {
        let plan = SamplingPlan(samples: 300, minimumTime: 0.25, warmupTime: 0, minimumSampleNanoseconds: 20_000)
        #expect(plan.sampleCount(nanosecondsPerSample: 10_000) == 300)
        #expect(plan.sampleCount(nanosecondsPerSample: 10_000_000) == 100)
        #expect(plan.sampleCount(nanosecondsPerSample: 1e9) == 10)
    }

    @Test func workloadErrorsPropagate() {
        let sampler = Sampler(clockOverhead: 0, allocationCounter: nil)
        #expect(throws: Boom.self) { try sampler.measure({ _ in throw Boom() }, operationsPerIteration: 1, plan: plan) }
    }

    @Test func framesAreTimedOneByOne() throws {
        let heap = FakeHeap()
        let sampler = Sampler(clockOverhead: 0, allocationCounter: heap.counter)
        var seen: [Int] = []
        let times = try sampler.measureFrames(
            { frame in
                seen.append(frame)
                heap.count += 1
            }, warmupFrames: 3, frames: 5,
            overhead: (0, 0))
        #expect(seen == Array(0..<8))
        #expect(times.work.count == 5 && times.wallClock.count == 5)
        #expect(times.allocations == 5)
    }
}

@Suite struct RunnerTests {
    static func catalog(targets: [Target] = [], interaction: Bool = false) throws -> Catalog {
        try Catalog(
            benchmarks: [
                Benchmark(group: "G", name: "spin", operation: "op") { { n in blackHole(n) } },
                Benchmark(group: "G", name: "broken setup", operation: "op") { throw Boom() },
                Benchmark(group: "G", name: "fails while timed", operation: "op") { { _ in throw Boom() } },
                Benchmark(
                    group: "G", name: "with reference", operation: "op",
                    reference: Reference(name: "C") { { n in blackHole(n) } }
                ) { { n in blackHole(n) } },
            ],
            scenarios: [
                FrameLoopScenario(group: "S", name: "loop", detail: "d", isWholeInteraction: interaction, frames: 20) {
                    _ in
                    { frame in blackHole(frame) }
                }
            ],
            capacityProbes: [
                CapacityProbe(group: "C", name: "crowd", maximumCount: 64, inQuickRun: true) { count, _ in
                    { _ in blackHole(count) }
                }
            ],
            targets: targets)
    }

    static var options: BenchOptions {
        var o = BenchOptions.quickDefaults
        o.samples = 10
        o.minimumTime = 0.001
        o.warmupTime = 0
        o.minimumSampleNanoseconds = 1_000
        o.capacityFrames = 5
        return o
    }

    @Test func duplicateIdentifiersAreRejected() {
        #expect(throws: CatalogError.duplicateIdentifier("G/a")) {
            try Catalog(benchmarks: [
                Benchmark(group: "G", name: "a", operation: "op") { { _ in } },
                Benchmark(group: "G", name: "a", operation: "op") { { _ in } },
            ])
        }
    }

    /// A target on a handle no suite registers fails the catalog, naming the target, the handle and
    /// the fix; so does a ratio target on a benchmark without a reference.
    @Test func targetsMustNameRegisteredHandles() {
        #expect(
            throws: CatalogError.unknownHandle(target: "typo", kind: "benchmark", id: "G/spinn")
        ) {
            try Self.catalog(targets: [Target("typo", .allocationsPerOperation(benchmark: Self.g("spinn"), atMost: 0))])
        }
        #expect(throws: CatalogError.unknownHandle(target: "crowd", kind: "capacity probe", id: "C/other")) {
            try Self.catalog(targets: [
                Target("crowd", .capacity(probe: Self.c("crowd"), rate: .hz120, atLeast: 1, reference: Self.c("other")))
            ])
        }
        #expect(throws: CatalogError.unknownHandle(target: "m", kind: "measurement", id: "M/none")) {
            try Self.catalog(targets: [
                Target(
                    "m",
                    .measuredAtMost(
                        measurement: MeasurementHandle(group: "M", name: "none"), value: "v", atMost: 1, unit: "s"))
            ])
        }
        #expect(throws: CatalogError.noReference(target: "ratio", benchmark: "G/spin")) {
            try Self.catalog(targets: [Target("ratio", .referenceRatio(benchmark: Self.g("spin"), atMost: 1))])
        }
        let valid = try? Self.catalog(targets: [
            Target("ratio", .referenceRatio(benchmark: Self.g("with reference"), atMost: 1)),
            Target("crowd", .capacity(probe: Self.c("crowd"), rate: .hz120, atLeast: 1)),
        ])
        #expect(valid?.targets.count == 2)
        let message = CatalogError.unknownHandle(target: "typo", kind: "benchmark", id: "G/spinn").description
        #expect(message.contains("target 'typo'") && message.contains("'G/spinn', which no suite registers"))
    }

    @Test func filterSelectsByGroupAndName() throws {
        var o = Self.options
        o.filter = "^G/(spin|with)"
        let runner = Runner(
            options: o, catalog: try Self.catalog(), allocationCounter: nil, progress: Progress(enabled: false))
        #expect(runner.selectedBenchmarks.map(\.id) == ["G/spin", "G/with reference"])
        #expect(runner.selectedScenarios.isEmpty && runner.selectedProbes.isEmpty)
        #expect(runner.listing().contains("G/with reference  [per op; vs C]"))
    }

    @Test func runCollectsResultsAndErrors() throws {
        let heap = FakeHeap()
        let runner = Runner(
            options: Self.options, catalog: try Self.catalog(), allocationCounter: heap.counter,
            progress: Progress(enabled: false))
        let report = runner.run()
        #expect(report.benchmarks.map(\.id) == ["G/spin", "G/with reference"])
        #expect(report.benchmarks[0].allocationsPerOperation == 0)
        #expect(report.benchmarks[0].budgets.map(\.rateHertz) == [60, 120])
        #expect(report.benchmarks[1].reference?.samples.count == 10)
        #expect(report.errors.count == 2)
        #expect(report.errors.contains { $0.contains("setting up 'G/broken setup' failed: boom") })
        #expect(report.errors.contains { $0.contains("'G/fails while timed' failed while being timed: boom") })
        #expect(report.scenarios.map(\.rateHertz) == [60, 120])
        #expect(report.scenarios[0].statistics.count == 20)
        #expect(report.capacity.count == 2)
        #expect(report.capacity.allSatisfy { $0.capacity == 64 && $0.reachedSearchLimit })
        #expect(ExitCode.forRun(errors: report.errors.count, comparison: nil) == .error)
    }

    func result(_ targets: [Target], _ report: RunReport, interaction: Bool = false, scope: RunScope = RunScope())
        -> [TargetResult]
    {
        var scope = scope
        if interaction { scope.wholeInteractionScenarios = ["S/loop", "S/other"] }
        return TargetEvaluation.evaluate(targets, report, scope: scope)
    }

    static func g(_ name: String) -> BenchmarkHandle { BenchmarkHandle(group: "G", name: name) }
    static func c(_ name: String) -> CapacityProbeHandle { CapacityProbeHandle(group: "C", name: name) }

    @Test func targetsArePassShortOrNotRun() throws {
        var report = Fixtures.report([
            Fixtures.benchmark("G/a", [10, 10, 10], reference: [5, 5, 5], ratioInterval: (1.9, 2.1)),
            Fixtures.benchmark("G/b", [1, 1, 1], reference: [1, 1, 1], ratioInterval: (0.9, 1.1)),
        ])
        report.benchmarks[0].allocationsPerOperation = 1
        report.capacity = [
            CapacityResult(
                id: "C/crowd", group: "C", name: "crowd", rateHertz: 120, limitNanoseconds: 4e6,
                framesPerProbe: 5, capacity: 1_500, firstFailing: 1_600, reachedSearchLimit: false, probes: [])
        ]
        let results = result(
            [
                Target("a", .referenceRatio(benchmark: Self.g("a"), atMost: 1.5)),
                Target("b", .referenceRatio(benchmark: Self.g("b"), atMost: 1.5)),
                Target("c", .referenceRatio(benchmark: Self.g("missing"), atMost: 1.5)),
                Target("d", .allocationsPerOperation(benchmark: Self.g("a"), atMost: 0)),
                Target("e", .allocationsPerOperation(benchmark: Self.g("b"), atMost: 0)),
                Target("f", .capacity(probe: Self.c("crowd"), rate: .hz120, atLeast: 1_000)),
                Target("g", .capacity(probe: Self.c("crowd"), rate: .hz120, atLeast: 2_000)),
                Target("h", .capacity(probe: Self.c("crowd"), rate: .hz60, atLeast: 1)),
                Target("i", .wholeInteractionShare(rate: .hz120, atMostFraction: 0.001)),
            ], report,
            scope: RunScope(filter: "^[GC]/[abc]", ratesHertz: [120], filteredOut: ["G/missing"]))
        #expect(results.map(\.status) == [.short, .pass, .notRun, .short, .pass, .pass, .short, .notRun, .notRun])
        #expect(results[0].measured == "2.00× (95 % CI 1.90–2.10)")
        #expect(results[5].measured == "1 500")
        // Every "not run" says why.
        #expect(results[2].reason == "--filter '^[GC]/[abc]' leaves it out")
        #expect(results[7].reason == "--rate 120 leaves out 60 Hz")
        #expect(results[8].reason == "no whole-interaction scenario is registered")
        #expect(results.filter { $0.status != .notRun }.allSatisfy { $0.reason == nil })
        #expect(TargetEvaluation.totals(results) == "targets: 3 pass, 3 SHORT, 0 inconclusive, 3 not run")
    }

    /// The reasons of the other ways a target is not run: its benchmark failed, a quick run searches no
    /// capacity for its crowd, the filter leaves out every whole-interaction scenario.
    @Test func notRunTargetsSayWhy() {
        let scope = RunScope(
            filter: "GSL", quick: true, filteredOut: ["S/loop", "S/other"], notInQuickRun: ["C/crowd"],
            failures: ["G/a": "setting up 'G/a' failed: boom"])
        let results = result(
            [
                Target("a", .allocationsPerOperation(benchmark: Self.g("a"), atMost: 0)),
                Target("b", .capacity(probe: Self.c("crowd"), rate: .hz120, atLeast: 1)),
                Target("i", .wholeInteractionShare(rate: .hz120, atMostFraction: 0.001)),
            ], Fixtures.report([]), interaction: true, scope: scope)
        #expect(
            results.map(\.reason) == [
                "G/a failed to run (see the errors)", "--quick searches no capacity for this crowd",
                "--filter 'GSL' leaves out every whole-interaction scenario",
            ])
        #expect(TargetEvaluation.totals(results) == "targets: 0 pass, 0 SHORT, 0 inconclusive, 3 not run")
    }

    /// A ratio target is judged on its 95 % interval, not the point: pass when the upper end is within
    /// the limit, short when the lower end is beyond it, inconclusive when it straddles the limit. The
    /// inconclusive rows are real runs: rk1imp at 1.02× with an interval reaching 1.35×, a quick run's
    /// rk2imp with one reaching 2.85×.
    @Test(arguments: [
        (1.01, 1.01, 1.15, TargetResult.Status.pass),
        (1.00, 1.15, 1.15, .pass),  // the limit itself is within
        (0.753, 1.35, 1.15, .inconclusive),
        (0.907, 2.85, 1.15, .inconclusive),
        (1.15, 1.2, 1.15, .inconclusive),  // only the lower end on the limit: not beyond it
        (1.62, 1.62, 1.5, .short),
        (1.51, 1.78, 1.5, .short),
    ])
    func ratioTargetsUseTheInterval(lower: Double, upper: Double, limit: Double, expected: TargetResult.Status) throws {
        let median = (lower + upper) / 2
        let report = Fixtures.report([
            Fixtures.benchmark("G/a", [median], reference: [1], ratioInterval: (lower, upper))
        ])
        let results = result([Target("a", .referenceRatio(benchmark: Self.g("a"), atMost: limit))], report)
        #expect(results.map(\.status) == [expected])
        #expect(
            TargetEvaluation.ratioStatus(ConfidenceInterval(lower: lower, upper: upper, level: 0.95), atMost: limit)
                == expected)
    }

    /// The allocation counter's calibration is a checked target: one array per operation must read
    /// 1.00 (within 0.005), and "not counted" when no counter is linked.
    @Test(arguments: [(1.0, TargetResult.Status.pass), (1.004, .pass), (0.0, .short), (0.5, .short), (2.0, .short)])
    func allocationCalibrationIsChecked(measured: Double, expected: TargetResult.Status) throws {
        var report = Fixtures.report([Fixtures.benchmark("H/array", [1, 1, 1])])
        report.benchmarks[0].allocationsPerOperation = measured
        let array = BenchmarkHandle(group: "H", name: "array")
        let target = [Target("calibration", .allocationCalibration(benchmark: array, exactly: 1))]
        #expect(result(target, report).map(\.status) == [expected])
        report.benchmarks[0].allocationsPerOperation = nil
        let uncounted = result(target, report)
        #expect(uncounted.map(\.status) == [.notRun])
        #expect(uncounted[0].reason == "allocations not counted (fake)")
    }

    /// A capacity target with a reference probe prints the reference's capacity beside the measured one,
    /// and calls the shortfall a limit of the machine only when the reference falls short too.
    @Test func capacityTargetShowsItsReference() throws {
        var report = Fixtures.report([Fixtures.benchmark("G/a", [1, 1, 1])])
        func crowd(_ id: String, _ capacity: Int) -> CapacityResult {
            CapacityResult(
                id: id, group: "C", name: String(id.dropFirst(2)), rateHertz: 120, limitNanoseconds: 4e6,
                framesPerProbe: 5, capacity: capacity, firstFailing: capacity + 1, reachedSearchLimit: false, probes: []
            )
        }
        report.capacity = [crowd("C/swift", 1_500), crowd("C/c", 1_800), crowd("C/fast-c", 2_500)]
        let (swift, c) = (Self.c("swift"), Self.c("c"))
        let results = result(
            [
                Target("a", .capacity(probe: swift, rate: .hz120, atLeast: 2_000, reference: c)),
                Target("b", .capacity(probe: swift, rate: .hz120, atLeast: 2_000, reference: Self.c("fast-c"))),
                Target("c", .capacity(probe: swift, rate: .hz120, atLeast: 1_000, reference: c)),
                Target("d", .capacity(probe: swift, rate: .hz120, atLeast: 1_000, reference: Self.c("missing"))),
            ], report)
        #expect(results.map(\.status) == [.short, .short, .pass, .pass])
        #expect(results[0].measured == "1 500; reference 1 800, short too: a limit of this machine")
        #expect(results[1].measured == "1 500; reference 2 500")
        #expect(results[2].measured == "1 500; reference 1 800")
        #expect(results[3].measured == "1 500")
    }

    @Test func wholeInteractionTargetUsesTheWorstScenario() throws {
        var fast = Fixtures.scenario("S/loop", [1_000, 2_000, 3_000])
        fast.isWholeInteraction = true
        var slow = Fixtures.scenario("S/other", [1_000, 2_000, 30_000])
        slow.isWholeInteraction = true
        let target = [Target("i", .wholeInteractionShare(rate: .hz120, atMostFraction: 0.001))]
        let pass = result(target, Fixtures.report([], scenarios: [fast]), interaction: true)
        #expect(pass.map(\.status) == [.pass])
        let short = result(target, Fixtures.report([], scenarios: [fast, slow]), interaction: true)
        #expect(short.map(\.status) == [.short])
        #expect(short[0].measured.contains("S/other"))
        let notRun = result(target, Fixtures.report([]), interaction: true)
        #expect(notRun.map(\.status) == [.notRun])
    }
}

/// Figures taken once: run with the others, filtered like them, told `--quick`, judged by their targets.
@Suite struct MeasurementTests {
    static let child = MeasurementHandle(group: "M", name: "child")

    static func catalog(_ values: @escaping (Bool) throws -> [MeasuredValue]) throws -> Catalog {
        try Catalog(
            benchmarks: [], measurements: [Measurement(child, detail: "how", measure: values)],
            targets: [
                Target("small", .measuredAtMost(measurement: child, value: "memory", atMost: 100, unit: "MB")),
                Target(
                    "fast",
                    .measuredAtLeast(
                        measurement: child, value: "rate", atLeast: 2e6, unit: "decisions/s", beside: "memory")),
                Target("absent", .measuredAtMost(measurement: child, value: "nothing", atMost: 1, unit: "s")),
            ])
    }

    static func run(_ catalog: Catalog, quick: Bool = true) -> RunReport {
        var options = RunnerTests.options
        options.quick = quick
        return Runner(options: options, catalog: catalog, allocationCounter: nil, progress: Progress(enabled: false))
            .run()
    }

    @Test func valuesAreReportedAndJudged() throws {
        let report = Self.run(
            try Self.catalog { quick in
                [
                    MeasuredValue(name: "memory", value: quick ? 22 : 0, unit: "MB", note: "grid"),
                    MeasuredValue(name: "rate", value: 1.5e6, unit: "decisions/s"),
                ]
            })
        #expect(report.measurements?.map(\.id) == ["M/child"])
        #expect(report.measurements?.first?.values.first?.value == 22)
        #expect(report.targets.map(\.status) == [.pass, .short, .notRun])
        #expect(report.targets[2].reason == "M/child took no value named 'nothing' (it took 'memory', 'rate')")
        #expect(report.targets[0].required == "≤ 100 MB")
        #expect(report.targets[0].measured == "22.0 MB (grid)")
        #expect(report.targets[1].measured == "1.50 M decisions/s; beside memory: 22.0 MB")
        #expect(TextReport.render(report).contains("M/child: how"))
    }

    @Test func aFailingMeasurementIsAnError() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "no child" } }
        let report = Self.run(try Self.catalog { _ in throw Broken() })
        #expect(report.errors.contains { $0.contains("M/child") && $0.contains("no child") })
        #expect(report.targets.allSatisfy { $0.status == .notRun })
        #expect(report.targets.allSatisfy { $0.reason == "M/child failed to run (see the errors)" })
    }

    @Test func measurementIdentifiersAreUniqueWithTheOthers() {
        #expect(throws: CatalogError.duplicateIdentifier("M/child")) {
            try Catalog(
                benchmarks: [Benchmark(group: "M", name: "child", operation: "op") { { _ in } }],
                measurements: [Measurement(group: "M", name: "child", detail: "") { _ in [] }])
        }
    }

    /// Reports written before measurements existed still load.
    @Test func reportsWithoutMeasurementsDecode() throws {
        let report = Self.run(try Self.catalog { _ in [] })
        var json = ReportEncoding.json(report)
        json = json.replacingOccurrences(of: "\"measurements\"", with: "\"ignored\"")
        let decoded = try ReportEncoding.decoder().decode(RunReport.self, from: Data(json.utf8))
        #expect(decoded.measurements == nil)
    }
}
