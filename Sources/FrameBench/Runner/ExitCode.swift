/// `bench`'s exit statuses (issue 6; package-benchmark's values for the same outcomes,
/// benchmarks-and-gsl.md §1). A `swift run` executable returns them as they are, unlike a SwiftPM
/// command plugin, which flattens them to 0 or 1.
public enum ExitCode: Int32, Sendable {
    case ok = 0
    /// A bad flag, a missing or unreadable baseline, a benchmark that failed to run.
    case error = 1
    /// At least one benchmark regressed against the baseline.
    case regression = 2
    /// Some benchmarks improved and none regressed.
    case improvementsOnly = 4

    /// The status of a run: errors first, then regressions, then improvements.
    public static func forRun(errors: Int, comparison: Comparison?) -> ExitCode {
        if errors > 0 { return .error }
        guard let comparison else { return .ok }
        if comparison.hasRegression { return .regression }
        if comparison.hasImprovement { return .improvementsOnly }
        return .ok
    }
}
