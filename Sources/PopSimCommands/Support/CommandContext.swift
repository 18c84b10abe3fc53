import PopSimTextIO

/// What a command may use besides its arguments.
public final class CommandContext: @unchecked Sendable {
    /// Where results go when no `--output` is given.
    public let standardOutput: TextSink
    /// Diagnostics and progress.
    public let standardError: TextSink
    /// Whether stderr is a terminal (progress lines are shown only then).
    public let standardErrorIsTerminal: Bool

    public init(standardOutput: TextSink, standardError: TextSink, standardErrorIsTerminal: Bool) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardErrorIsTerminal = standardErrorIsTerminal
    }

    /// Runs `body` with the sink for `--output FILE` (``OutputFile/open(_:)``: atomic for a regular
    /// file, published only when `body` succeeds; direct for a device or pipe) or standard output.
    public func withOutput(path: String?, _ body: (TextSink) throws -> Void) throws {
        guard let path, path != "-" else {
            try body(standardOutput)
            try standardOutput.finish()
            return
        }
        let file = try OutputFile.open(path)
        do {
            try body(file)
            try file.finish()
        } catch {
            file.discard()
            throw error
        }
    }

    /// A one-line note on standard error.
    func note(_ line: String) throws {
        try standardError.write(line + "\n")
    }
}
