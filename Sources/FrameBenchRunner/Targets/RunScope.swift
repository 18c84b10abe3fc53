import FrameBench

/// What a run set out to measure, so that a target whose benchmark, probe or measurement is absent from
/// the report says why: every "not run" carries its reason.
public struct RunScope: Sendable, Equatable {
    /// `--filter`, when given.
    public var filter: String?
    /// `--quick`: capacity only for the probes marked for quick runs.
    public var quick: Bool
    public var ratesHertz: [Int]
    /// Registered identifiers that the filter leaves out.
    public var filteredOut: Set<String>
    /// Capacity probes the filter keeps but a quick run does not search.
    public var notInQuickRun: Set<String>
    /// Identifiers that failed to run, with the error.
    public var failures: [String: String]
    /// Registered whole-interaction scenarios.
    public var wholeInteractionScenarios: [String]

    public init(
        filter: String? = nil, quick: Bool = false, ratesHertz: [Int] = [60, 120], filteredOut: Set<String> = [],
        notInQuickRun: Set<String> = [], failures: [String: String] = [:], wholeInteractionScenarios: [String] = []
    ) {
        self.filter = filter
        self.quick = quick
        self.ratesHertz = ratesHertz
        self.filteredOut = filteredOut
        self.notInQuickRun = notInQuickRun
        self.failures = failures
        self.wholeInteractionScenarios = wholeInteractionScenarios
    }

    /// Why `id` (at `rate`, for probes and scenarios) has no result in the report.
    public func absence(of id: String, rate: RefreshRate? = nil) -> String {
        if failures[id] != nil { return "\(id) failed to run (see the errors)" }
        if filteredOut.contains(id), let filter {
            return "\(BenchOptions.filterParameter.flag) '\(filter)' leaves it out"
        }
        if notInQuickRun.contains(id) {
            return "\(BenchOptions.quickParameter.flag) searches no capacity for this crowd"
        }
        if let rate, !ratesHertz.contains(rate.hertz) {
            return
                "\(BenchOptions.rateParameter.flag) \(ratesHertz.map(String.init).joined(separator: ",")) leaves out \(rate)"
        }
        return "\(id) was not measured"
    }
}
