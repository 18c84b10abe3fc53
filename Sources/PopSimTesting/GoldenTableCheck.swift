import PopSim

/// A golden decision table checked from a test, without shelling out: the table is loaded, the sweep
/// its first line records is rerun in this process (exactly as `popsim check` does), and every changed
/// decision is reported in `popsim check`'s words.
///
///     let check = try GoldenTableCheck.rerun(goldenAt: fixturePath("thresholds/my-popover.csv"))
///     #expect(Bool(check.passed), "\(check)")                // Swift Testing (Bool(…): the check printed once)
///     XCTAssertTrue(check.passed, check.description)          // XCTest
///
/// The description lists the changed cells (`my-popover.csv:12: translation_y=120.0 velocity_y=0.0:
/// returned → dismissed-down`), and starts with a note when the golden was written by another PopSim
/// version (a note, not a failure). Accept intended changes with `popsim check --update FILE`.
public struct GoldenTableCheck: Sendable, CustomStringConvertible {
    /// The golden's recorded command, version and columns.
    public let golden: GoldenHeader
    /// What changed.
    public let comparison: GoldenComparison
    /// Set when the golden was written by another PopSim version.
    public let versionNote: String?

    /// True when every decision is unchanged.
    public var passed: Bool { comparison.isUnchanged }

    /// The changed cells (empty when passed).
    public var changes: [DecisionChange] { comparison.changes }

    public var description: String {
        ([versionNote].compactMap { $0 } + [comparison.description]).joined(separator: "\n")
    }

    /// Reruns the sweep the golden at `path` records and compares every decision. Throws
    /// ``GoldenTableError`` when the file cannot be read or is not a golden table (including a recorded
    /// command that is not a plain sweep), and the sweep's own error when its flags are invalid.
    public static func rerun(goldenAt path: String, jobs: Int = ParallelChunking.processorCount) throws
        -> GoldenTableCheck
    {
        let result = try GoldenCheck.run(path: path, jobs: jobs)
        return GoldenTableCheck(
            golden: result.header, comparison: result.comparison, versionNote: result.header.versionNote())
    }

    /// Compares a table built in code with the golden at `path` (the rows only: the golden's recorded
    /// command is not run). The table must have the golden's columns and grid.
    public static func compare<Problem: DecisionProblem>(
        _ table: DecisionTable<Problem>, pipeline: PipelineSettings? = nil,
        jobs: Int = ParallelChunking.processorCount,
        withGoldenAt path: String
    ) throws -> GoldenTableCheck {
        let comparison = try GoldenCheck.compare(table, pipeline: pipeline, jobs: jobs, withGoldenAt: path)
        let header = try GoldenCheck.header(ofGoldenAt: path)
        return GoldenTableCheck(golden: header, comparison: comparison, versionNote: nil)
    }
}
