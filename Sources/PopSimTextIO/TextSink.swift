/// Somewhere text goes, in order: standard output, an atomically replaced file or a device. Writers
/// buffer internally, so many small writes are cheap; nothing is visible at an atomic file's path
/// until `finish()`.
public protocol TextSink: AnyObject {
    func write(_ text: String) throws(OutputError)
    /// Flushes and, for files, publishes the result at its path.
    func finish() throws(OutputError)
}

/// A file output that can be abandoned, and finished in two steps so that several can be published
/// together (``OutputSet``): ``prepare()`` makes the text complete (an atomic file: flushed, synced
/// and closed, not yet at its path; a direct one: flushed), ``publish()`` makes it visible (the
/// rename; the close). `finish()` is both.
public protocol FileSink: TextSink {
    func prepare() throws(OutputError)
    func publish() throws(OutputError)
    /// An atomic file removes its temporary file; a direct one stops writing.
    func discard()
}

/// A failure to write output (disk full, permission denied, missing directory), or an output refused
/// before anything was written (an input named as output, a pipe without a reader).
public struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String
    /// Whether the reader went away (EPIPE): the conventional end is quiet, by SIGPIPE.
    public let isBrokenPipe: Bool

    public init(path: String, reason: String) {
        self.init(path: path, reason: reason, isBrokenPipe: false)
    }

    public init(path: String, reason: String, isBrokenPipe: Bool) {
        self.path = path
        self.reason = reason
        self.isBrokenPipe = isBrokenPipe
    }

    public var description: String {
        "cannot write \(DiagnosticText.escapingControlCharacters(path, limit: DiagnosticText.pathLimit)): \(reason)"
    }
}
