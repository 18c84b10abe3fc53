import FrameBench

/// Judges the suites' ``Target``s on a run's numbers.
public enum TargetEvaluation {
    /// Judges every target on the report's numbers. `scenarios` tells whether any whole-interaction
    /// scenario is registered at all (a target on none is pending, not "not run").
    public static func evaluate(_ targets: [Target], _ report: RunReport, scenarios: [FrameLoopScenario])
        -> [TargetResult]
    {
        targets.map { target in
            switch target.requirement {
            case let .referenceRatio(id, atMost, ratio):
                let required = "\(ratio) ≤ \(Formatting.significant(atMost))×"
                guard let b = report.benchmarks.first(where: { $0.id == id }), let r = b.reference else {
                    return TargetResult(name: target.name, required: required, measured: "—", status: .notRun)
                }
                let lower = Formatting.significant(r.ratioInterval.lower)
                let upper = Formatting.significant(r.ratioInterval.upper)
                return TargetResult(
                    name: target.name, required: required,
                    measured: "\(Formatting.significant(r.ratio))× (95 % CI \(lower)–\(upper))",
                    status: ratioStatus(r.ratioInterval, atMost: atMost))
            case let .allocationsPerOperation(id, atMost):
                return allocationTarget(
                    target.name, "≤ \(Formatting.allocations(atMost)) allocations per operation",
                    benchmark: id, report
                ) { $0 <= atMost }
            case let .allocationCalibration(id, exactly):
                return allocationTarget(
                    target.name,
                    "= \(Formatting.allocations(exactly)) "
                        + "allocations per operation (the counter sees Swift's allocations)",
                    benchmark: id, report
                ) { abs($0 - exactly) <= calibrationTolerance }
            case let .wholeInteractionShare(rate, fraction):
                let required =
                    "p99 ≤ \(Formatting.percent(fraction)) of \(Formatting.time(rate.budgetNanoseconds)) (\(rate))"
                guard scenarios.contains(where: \.isWholeInteraction) else {
                    return TargetResult(
                        name: target.name, required: required,
                        measured: "no interaction model registered yet", status: .pending)
                }
                let results = report.scenarios.filter { $0.isWholeInteraction && $0.rateHertz == rate.hertz }
                guard let worst = results.max(by: { $0.budget.shareAtP99 < $1.budget.shareAtP99 }) else {
                    return TargetResult(name: target.name, required: required, measured: "—", status: .notRun)
                }
                return TargetResult(
                    name: target.name, required: required,
                    measured:
                        "worst \(Formatting.percent(worst.budget.shareAtP99)) "
                        + "(\(worst.id), p99 \(Formatting.time(worst.statistics.p99)))",
                    status: worst.budget.shareAtP99 <= fraction ? .pass : .short)
            case let .capacity(id, rate, atLeast, referenceID):
                let required = "≥ \(Formatting.grouped(atLeast)) springs at \(rate)"
                func capacity(_ id: String) -> CapacityResult? {
                    report.capacity.first(where: { $0.id == id && $0.rateHertz == rate.hertz })
                }
                func text(_ c: CapacityResult) -> String {
                    Formatting.grouped(c.capacity) + (c.reachedSearchLimit ? " (search limit)" : "")
                }
                guard let c = capacity(id) else {
                    return TargetResult(name: target.name, required: required, measured: "—", status: .notRun)
                }
                var measured = text(c)
                if let referenceID, let r = capacity(referenceID) {
                    measured += "; reference \(text(r))"
                    if c.capacity < atLeast && r.capacity < atLeast {
                        measured += ", short too: a limit of this machine"
                    }
                }
                return TargetResult(
                    name: target.name, required: required, measured: measured,
                    status: c.capacity >= atLeast ? .pass : .short)
            case let .measuredAtMost(id, name, limit, unit):
                return measuredTarget(
                    target.name, report, measurement: id, value: name, limit: limit, unit: unit, atMost: true,
                    beside: nil)
            case let .measuredAtLeast(id, name, limit, unit, beside):
                return measuredTarget(
                    target.name, report, measurement: id, value: name, limit: limit, unit: unit, atMost: false,
                    beside: beside)
            }
        }
    }

    /// A target on one value of a measurement: not run when the value was not taken, else pass when it
    /// is within `limit` (at most, or at least), with the value named `beside` shown next to it.
    static func measuredTarget(
        _ name: String, _ report: RunReport, measurement id: String, value valueName: String,
        limit: Double, unit: String, atMost: Bool, beside: String?
    ) -> TargetResult {
        let values = report.measurements?.first(where: { $0.id == id })?.values ?? []
        let required = "\(atMost ? "≤" : "≥") " + Formatting.measured(limit, unit: unit)
        guard let value = values.first(where: { $0.name == valueName }) else {
            return TargetResult(name: name, required: required, measured: "—", status: .notRun)
        }
        let passes = atMost ? value.value <= limit : value.value >= limit
        var measured = Formatting.measured(value.value, unit: value.unit) + (value.note.map { " (\($0))" } ?? "")
        if let beside, let other = values.first(where: { $0.name == beside }) {
            measured += "; beside \(other.name): " + Formatting.measured(other.value, unit: other.unit)
        }
        return TargetResult(name: name, required: required, measured: measured, status: passes ? .pass : .short)
    }

    /// A target on a benchmark's allocations per operation: not run when the benchmark did not run or
    /// no counter was linked, else pass when `meets` holds.
    static func allocationTarget(
        _ name: String, _ required: String, benchmark id: String, _ report: RunReport,
        meets: (Double) -> Bool
    ) -> TargetResult {
        guard let b = report.benchmarks.first(where: { $0.id == id }) else {
            return TargetResult(name: name, required: required, measured: "—", status: .notRun)
        }
        guard let allocations = b.allocationsPerOperation else {
            return TargetResult(name: name, required: required, measured: "allocations not counted", status: .notRun)
        }
        return TargetResult(
            name: name, required: required, measured: "\(Formatting.allocations(allocations)) per \(b.operation)",
            status: meets(allocations) ? .pass : .short)
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
