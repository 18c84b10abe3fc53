import PopSimPlatform

/// Standard output, buffered. A failed write is thrown; ``readerWentAway`` tells whether it was a
/// closed pipe (EPIPE), which a command-line tool ends quietly.
public final class StandardOutputSink: TextSink {
    private var writer = FileDescriptorWriter(descriptor: Platform.standardOutput, path: "standard output")
    public private(set) var readerWentAway = false

    public init() {}

    public func write(_ text: String) throws(OutputError) {
        do { try writer.write(text) } catch {
            readerWentAway = error.isBrokenPipe
            throw error
        }
    }

    public func finish() throws(OutputError) {
        do { try writer.flush() } catch {
            readerWentAway = error.isBrokenPipe
            throw error
        }
    }

    /// Output nobody finished still goes out (errors can no longer be reported here).
    deinit { try? writer.flush() }
}

/// Standard error, written through at once (diagnostics must not wait in a buffer).
public final class StandardErrorSink: TextSink {
    private var writer = FileDescriptorWriter(descriptor: Platform.standardError, path: "standard error")

    public init() {}

    public func write(_ text: String) throws(OutputError) {
        try writer.write(text)
        try writer.flush()
    }

    public func finish() throws(OutputError) { try writer.flush() }
}

/// Collects text in memory (tests, and commands that post-process their own output).
public final class StringSink: TextSink {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) throws(OutputError) { self.text += text }

    public func finish() throws(OutputError) {}
}
