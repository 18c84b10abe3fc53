import PopSimTextIO

/// What a command may use besides its arguments.
public final class CommandContext: @unchecked Sendable {
    /// Where results go when no `--output` is given.
    public let standardOutput: TextSink
    /// Lines that decide whether a run succeeded (summaries), written at its commit.
    public let standardError: TextSink
    /// `note:` lines, warnings and progress: written if they can be, never failing the run.
    public let notes: TextSink
    /// Whether stderr is a terminal (progress lines are shown only then).
    public let standardErrorIsTerminal: Bool

    public init(
        standardOutput: TextSink, standardError: TextSink, notes: TextSink? = nil, standardErrorIsTerminal: Bool
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.notes = notes ?? standardError
        self.standardErrorIsTerminal = standardErrorIsTerminal
    }

    /// One note line, control characters escaped and length capped; a note that cannot be written is
    /// dropped.
    func note(_ line: String) {
        try? notes.write(DiagnosticText.escapingControlCharacters(line) + "\n")
    }

    /// Runs `body` with the run's main output (`--output FILE`, or standard output) and publishes
    /// every output only after `body` and the summary lines it returns were all written
    /// (``RunOutputs``); a failure leaves every named file as it was. `inputs` are the files the run
    /// reads, which no output may be.
    func produce(reading inputs: [String] = [], output path: String?, _ body: (TextSink, RunOutputs) throws -> [String])
        throws
    {
        let outputs = RunOutputs(context: self, reading: inputs)
        do {
            let out = try outputs.main(path)
            let summary = try body(out, outputs)
            try outputs.commit(summary: summary)
        } catch {
            outputs.discard()
            throw error
        }
    }
}

/// The outputs of one run, opened before it computes and published together (``OutputSet``).
final class RunOutputs {
    private let context: CommandContext
    private let set: OutputSet

    init(context: CommandContext, reading inputs: [String]) {
        self.context = context
        set = OutputSet(reading: InputFiles(inputs))
    }

    /// `--output FILE`, or standard output for nil or `-`.
    func main(_ path: String?) throws -> TextSink {
        guard let path, path != "-" else {
            if context.standardOutput is StandardOutputSink {
                try set.includeStandardOutput(context.standardOutput)
            } else {
                set.include(context.standardOutput)
            }
            return context.standardOutput
        }
        return try set.open(path)
    }

    /// Another output file of the run.
    func file(_ path: String) throws -> TextSink { try set.open(path) }

    /// A file the run reads and replaces (`check --update`).
    func rewrite(_ path: String) throws -> TextSink { try set.rewrite(path) }

    /// Publishes every output once `summary` is on standard error, each line escaped and cut at the
    /// message line limit like any other (a sweep over 10 000 rates lists them all).
    func commit(summary: [String] = []) throws {
        let standardError = context.standardError
        try set.commit(finally: { () throws(OutputError) in
            for line in summary { try standardError.write(DiagnosticText.escapingControlCharacters(line) + "\n") }
        })
    }

    func discard() { set.discard() }
}
