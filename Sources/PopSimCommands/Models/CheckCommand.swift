import PopSimParameters
import PopSimPlatform
import PopSimSweeps
import PopSimTextIO

/// `popsim check GOLDEN.csv`: reruns the sweep a golden decision table records in its first line and
/// reports every decision that changed.
enum CheckCommand {
    static let command = Command(
        ["check"], summary: "rerun the sweep recorded in a golden decision table and report changed decisions (exit 1)",
        parameters: [CommandLineParameters.update, CommandLineParameters.jobs],
        positionals: [
            PositionalDescription(
                "GOLDEN.csv", "a table written by 'popsim sweep … \(CommandLineParameters.golden.flag)'",
                optional: false)
        ],
        discussion: """
            the golden's first line is '# popsim sweep <model> <flags> # written by popsim <version>'; make one
            with popsim sweep popover … --golden --output mine.csv. The recorded command may only describe a
            sweep: one that sets --output, --jobs, --shard or --golden is refused as not a golden table.
            A table written by another popsim version gets a note on stderr and is compared all the same.
            The golden is read line by line and rerun chunk by chunk: memory stays bounded whatever its size.
            Exit 0 when every decision is unchanged, 1 with a list of changed cells when any changed (or the
            grid itself changed), 65 when the file is not a golden table, 74 when it cannot be read.
            --update rewrites the file atomically (only when a decision changed) and exits 0.
            """
    ) { invocation, context in
        let path = invocation.positionals[0]
        let jobs = invocation.integer(CommandLineParameters.jobs) ?? Platform.processorCount
        let quotedPath = DiagnosticText.excerpt(path, limit: DiagnosticText.pathLimit)
        guard invocation.has(CommandLineParameters.update) else {
            var changed = false
            try context.produce(reading: [path], output: nil) { out, _ in
                let result = try GoldenCheck.run(path: path, jobs: jobs)
                if let note = result.header.versionNote() { context.note(note) }
                try out.write(DiagnosticText.reportText(result.comparison.description) + "\n")
                changed = !result.comparison.isUnchanged
                return []
            }
            guard !changed else {
                throw CommandFailure(
                    .checkFailed,
                    "\(quotedPath): decisions changed (see above); rerun with \(CommandLineParameters.update.flag) to accept them"
                )
            }
            return
        }
        guard path != "-" else {
            throw ParameterError(
                "\(CommandLineParameters.update.flag) rewrites the golden file: give its path, not standard input")
        }
        let outputs = RunOutputs(context: context, reading: [])
        do {
            let out = try outputs.main(nil)
            let result = try GoldenCheck.run(path: path, jobs: jobs, rerunOutput: try outputs.rewrite(path))
            if let note = result.header.versionNote() { context.note(note) }
            let comparison = result.comparison
            guard !comparison.isUnchanged else {
                outputs.discard()
                try out.write("unchanged: \(comparison.total) decisions (\(quotedPath))\n")
                try out.finish()
                return
            }
            let what = comparison.structuralChange ?? "\(comparison.changed) of \(comparison.total) decisions changed"
            try out.write(DiagnosticText.reportText("updated \(quotedPath): \(what)") + "\n")
            try outputs.commit()
        } catch {
            outputs.discard()
            throw error
        }
    }
}
