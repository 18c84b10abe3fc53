import PopSimArgumentParsing
import PopSimSweeps
import PopSimTextIO

/// `popsim check GOLDEN.csv`: reruns the sweep a golden decision table records in its first line and
/// reports every decision that changed.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        path: ["check"],
        summary: "rerun the sweep recorded in a golden decision table and report changed decisions (exit 1)",
        flags: [
            .switch("--update", "rewrite the golden file with the current decisions instead of failing"),
            .integer("--jobs", "N", ValueRanges.jobs, "worker threads for the rerun (default: all cores)"),
        ],
        positionals: [PositionalSpec("GOLDEN.csv", "a table written by 'popsim sweep … --golden'", optional: false)],
        discussion: """
        the golden's first line is '# popsim sweep <model> <flags> # written by popsim <version>'; make one
        with popsim sweep popover … --golden --output mine.csv. The recorded command may only describe a
        sweep: one that sets --output, --jobs, --shard or --golden is refused as not a golden table.
        A table written by another popsim version gets a note on stderr and is compared all the same.
        Exit 0 when every decision is unchanged, 1 with a list of changed cells when any changed (or the
        grid itself changed), 65 when the file is not a golden table, 74 when it cannot be read.
        --update rewrites the file atomically (only when a decision changed) and exits 0.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let path = arguments.positionals[0]
        let jobs = try arguments.integer("--jobs")
        let golden = try GoldenDecisionTable(path: path)
        let rerun = try GoldenRerun.run(golden, jobs: jobs)
        if let note = golden.versionNote() { try context.standardError.write(note + "\n") }
        let comparison = golden.comparison(with: rerun.table)
        if arguments.isSet("--update") {
            guard !comparison.isUnchanged else {
                try context.standardOutput.write("unchanged: \(golden.rows.count) decisions (\(path))\n")
                return
            }
            try context.withOutput(path: path) { out in try out.write(rerun.text) }
            let what = comparison.structuralChange ?? "\(comparison.changes.count) of \(comparison.total) decisions changed"
            try context.standardOutput.write("updated \(path): \(what)\n")
            return
        }
        try context.standardOutput.write(comparison.description + "\n")
        guard comparison.isUnchanged else {
            throw CommandFailure(.checkFailed, "\(path): decisions changed (see above); rerun with --update to accept them")
        }
    }
}
