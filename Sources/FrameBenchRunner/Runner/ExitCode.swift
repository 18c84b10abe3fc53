import FrameBench

/// `bench`'s exit statuses: package-benchmark's values for the same outcomes
/// (ordo-one/package-benchmark@873f6fd Sources/BenchmarkShared/Command+Helpers.swift). A `swift run`
/// executable returns them as they are, unlike a SwiftPM command plugin, which flattens them to 0 or 1
/// (Documentation/benchmarking.md).
public enum ExitCode: Int32, Sendable {
    case ok = 0
    /// A bad flag, a missing or unreadable baseline, a benchmark that failed to run.
    case error = 1
    /// At least one benchmark regressed against the baseline.
    case regression = 2
    /// Some benchmarks improved and none regressed.
    case improvementsOnly = 4

    /// The status of a run: errors first, then regressions, then improvements (of a comparison with a
    /// baseline, or of an A/B run). Targets never set it.
    public static func forRun(errors: Int, comparison: Comparison?, ab: ABComparison? = nil) -> ExitCode {
        if errors > 0 { return .error }
        if comparison?.hasRegression == true || ab?.hasRegression == true { return .regression }
        if comparison?.hasImprovement == true || ab?.hasImprovement == true { return .improvementsOnly }
        return .ok
    }
}
