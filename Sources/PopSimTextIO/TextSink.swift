/// Somewhere text goes, in order: standard output or an atomically replaced file. Writers buffer
/// internally, so many small writes are cheap; nothing is visible at a file's path until `finish()`.
public protocol TextSink: AnyObject {
    func write(_ text: String) throws(OutputError)
    /// Flushes and, for files, publishes the result at its path.
    func finish() throws(OutputError)
}

/// A failure to write output (disk full, permission denied, missing directory).
public struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
}
