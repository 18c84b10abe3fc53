import FrameBench

/// Judges the suites' ``Target``s on a run's numbers.
public enum TargetEvaluation {
    /// Judges every target on the report's numbers; `scope` says why anything a target needs is absent.
    public static func evaluate(_ targets: [Target], _ report: RunReport, scope: RunScope) -> [TargetResult] {
        targets.map { target in
            func notRun(_ required: String, _ reason: String) -> TargetResult {
                TargetResult(name: target.name, required: required, measured: "—", status: .notRun, reason: reason)
            }
            switch target.requirement {
            case let .referenceRatio(handle, atMost, ratio):
                let required = "\(ratio) ≤ \(Formatting.significant(atMost))×"
                guard let b = report.benchmarks.first(where: { $0.id == handle.id }), let r = b.reference else {
                    return notRun(required, scope.absence(of: handle.id))
                }
                let lower = Formatting.significant(r.ratioInterval.lower)
                let upper = Formatting.significant(r.ratioInterval.upper)
                return TargetResult(
                    name: target.name, required: required,
                    measured: "\(Formatting.significant(r.ratio))× (95 % CI \(lower)–\(upper))",
                    status: ratioStatus(r.ratioInterval, atMost: atMost))
            case let .benchmarkRatio(handle, over, atMost, ratio):
                let required = "\(ratio) ≤ \(Formatting.significant(atMost))×"
                for needed in [handle, over] where !report.benchmarks.contains(where: { $0.id == needed.id }) {
                    return notRun(required, scope.absence(of: needed.id))
                }
                return benchmarkRatio(
                    target.name, required, report.benchmarks.first { $0.id == handle.id }!,
                    over: report.benchmarks.first { $0.id == over.id }!, atMost: atMost)
            case let .allocationsPerOperation(handle, atMost):
                return allocationTarget(
                    target.name, "≤ \(Formatting.allocations(atMost)) allocations per operation",
                    benchmark: handle, report, scope
                ) { $0 <= atMost }
            case let .allocationCalibration(handle, exactly):
                return allocationTarget(
                    target.name,
                    "= \(Formatting.allocations(exactly)) "
                        + "allocations per operation (the counter sees Swift's allocations)",
                    benchmark: handle, report, scope
                ) { abs($0 - exactly) <= calibrationTolerance }
            case let .wholeInteractionShare(rate, fraction):
                let required =
                    "p99 ≤ \(Formatting.percent(fraction)) of \(Formatting.time(rate.budgetNanoseconds)) (\(rate))"
                let registered = scope.wholeInteractionScenarios
                guard !registered.isEmpty else {
                    return notRun(required, "no whole-interaction scenario is registered")
                }
                let results = report.scenarios.filter { $0.isWholeInteraction && $0.rateHertz == rate.hertz }
                guard let worst = results.max(by: { $0.budget.shareAtP99 < $1.budget.shareAtP99 }) else {
                    if let filter = scope.filter, registered.allSatisfy(scope.filteredOut.contains) {
                        return notRun(
                            required,
                            "\(BenchOptions.filterParameter.flag) '\(filter)' leaves out every whole-interaction scenario"
                        )
                    }
                    let reasons = registered.map { scope.absence(of: $0, rate: rate) }
                    return notRun(
                        required,
                        reasons.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                            .joined(separator: "; "))
                }
                return TargetResult(
                    name: target.name, required: required,
                    measured:
                        "worst \(Formatting.percent(worst.budget.shareAtP99)) "
                        + "(\(worst.id), p99 \(Formatting.time(worst.statistics.p99)))",
                    status: worst.budget.shareAtP99 <= fraction ? .pass : .short)
            case let .capacity(handle, rate, atLeast, referenceHandle):
                let required = "≥ \(Formatting.grouped(atLeast)) springs at \(rate)"
                func capacity(_ handle: CapacityProbeHandle) -> CapacityResult? {
                    report.capacity.first(where: { $0.id == handle.id && $0.rateHertz == rate.hertz })
                }
                func text(_ c: CapacityResult) -> String {
                    Formatting.grouped(c.capacity) + (c.reachedSearchLimit ? " (search limit)" : "")
                }
                guard let c = capacity(handle) else {
                    return notRun(required, scope.absence(of: handle.id, rate: rate))
                }
                var measured = text(c)
                if let referenceHandle, let r = capacity(referenceHandle) {
                    measured += "; reference \(text(r))"
                    if c.capacity < atLeast && r.capacity < atLeast {
                        measured += ", short too: a limit of this machine"
                    }
                }
                return TargetResult(
                    name: target.name, required: required, measured: measured,
                    status: c.capacity >= atLeast ? .pass : .short)
            case let .measuredAtMost(handle, name, limit, unit):
                return measuredTarget(
                    target.name, report, scope, measurement: handle, value: name, limit: limit, unit: unit,
                    atMost: true, beside: nil)
            case let .measuredAtLeast(handle, name, limit, unit, beside):
                return measuredTarget(
                    target.name, report, scope, measurement: handle, value: name, limit: limit, unit: unit,
                    atMost: false, beside: beside)
            }
        }
    }

    /// The totals line of a run's targets: `targets: N pass, M SHORT, K inconclusive, J not run`.
    public static func totals(_ results: [TargetResult]) -> String {
        func count(_ status: TargetResult.Status) -> Int { results.filter { $0.status == status }.count }
        return
            "targets: \(count(.pass)) pass, \(count(.short)) SHORT, \(count(.inconclusive)) inconclusive, "
            + "\(count(.notRun)) not run"
    }

    /// A target on one value of a measurement: not run when the value was not taken (saying why), else pass when it
    /// is within `limit` (at most, or at least), with the value named `beside` shown next to it.
    static func measuredTarget(
        _ name: String, _ report: RunReport, _ scope: RunScope, measurement handle: MeasurementHandle,
        value valueName: String, limit: Double, unit: String, atMost: Bool, beside: String?
    ) -> TargetResult {
        let required = "\(atMost ? "≤" : "≥") " + Formatting.measured(limit, unit: unit)
        guard let result = report.measurements?.first(where: { $0.id == handle.id }) else {
            return TargetResult(
                name: name, required: required, measured: "—", status: .notRun, reason: scope.absence(of: handle.id))
        }
        let values = result.values
        guard let value = values.first(where: { $0.name == valueName }) else {
            return TargetResult(
                name: name, required: required, measured: "—", status: .notRun,
                reason:
                    "\(handle.id) took no value named '\(valueName)' (it took "
                    + (values.isEmpty ? "none" : values.map { "'\($0.name)'" }.joined(separator: ", ")) + ")")
        }
        let passes = atMost ? value.value <= limit : value.value >= limit
        var measured = Formatting.measured(value.value, unit: value.unit) + (value.note.map { " (\($0))" } ?? "")
        if let beside, let other = values.first(where: { $0.name == beside }) {
            measured += "; beside \(other.name): " + Formatting.measured(other.value, unit: other.unit)
        }
        return TargetResult(name: name, required: required, measured: measured, status: passes ? .pass : .short)
    }

    /// A target on a benchmark's allocations per operation: not run when the benchmark did not run or
    /// no counter was linked (saying which), else pass when `meets` holds.
    static func allocationTarget(
        _ name: String, _ required: String, benchmark handle: BenchmarkHandle, _ report: RunReport,
        _ scope: RunScope, meets: (Double) -> Bool
    ) -> TargetResult {
        guard let b = report.benchmarks.first(where: { $0.id == handle.id }) else {
            return TargetResult(
                name: name, required: required, measured: "—", status: .notRun, reason: scope.absence(of: handle.id))
        }
        guard let allocations = b.allocationsPerOperation else {
            return TargetResult(
                name: name, required: required, measured: "—", status: .notRun,
                reason: "allocations not counted (\(report.environment.allocationCounting))")
        }
        return TargetResult(
            name: name, required: required, measured: "\(Formatting.allocations(allocations)) per \(b.operation)",
            status: meets(allocations) ? .pass : .short)
    }

    /// A target on the ratio of two benchmarks of the run: by instructions when both were counted, else
    /// by the medians' intervals (``ratioStatus(_:atMost:)``).
    static func benchmarkRatio(
        _ name: String, _ required: String, _ b: BenchmarkResult, over o: BenchmarkResult, atMost limit: Double
    ) -> TargetResult {
        let (times, base) = (b.statistics, o.statistics)
        let interval = times.medianInterval.dividedBy(base.medianInterval)
        let byTime =
            "\(Formatting.significant(times.p50 / base.p50))× by median time (\(Formatting.time(times.p50)) / "
            + "\(Formatting.time(base.p50)), 95 % CI \(Formatting.significant(interval.lower))–"
            + "\(Formatting.significant(interval.upper)))"
        if let instructions = b.instructions, let baseInstructions = o.instructions, baseInstructions > 0 {
            let ratio = instructions / baseInstructions
            return TargetResult(
                name: name, required: required,
                measured:
                    "\(Formatting.significant(ratio))× by instructions (\(Formatting.significant(instructions)) / "
                    + "\(Formatting.significant(baseInstructions))); \(byTime)",
                status: ratio <= limit ? .pass : .short)
        }
        return TargetResult(
            name: name, required: required, measured: byTime, status: ratioStatus(interval, atMost: limit))
    }

    /// A ratio target by its 95 % interval: pass when the upper end is within the limit, short when the
    /// lower end is beyond it, inconclusive otherwise (the point estimate alone cannot say which side a
    /// noisy measurement is on).
    public static func ratioStatus(_ interval: ConfidenceInterval, atMost limit: Double) -> TargetResult.Status {
        if interval.upper <= limit { return .pass }
        if interval.lower > limit { return .short }
        return .inconclusive
    }

    /// How far a calibration may read from its known count: a few stray allocations of the harness in
    /// millions of operations, never a missed allocation per operation.
    public static let calibrationTolerance = 0.005
}
