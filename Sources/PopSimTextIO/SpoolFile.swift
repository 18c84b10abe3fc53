import PopSimPlatform

/// An anonymous temporary file (created in `$TMPDIR` or `/tmp` and unlinked at once, so nothing is
/// left behind however the process ends) for input that must be read twice but arrives once, such as
/// standard input that is checked completely before any output is written.
public final class SpoolFile: TextSink {
    private var writer: FileDescriptorWriter

    public init() throws(OutputError) {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/.popsim-spool.XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw OutputError(
                path: "\(directory) (a temporary copy of the input)", reason: Platform.errorDescription(errno))
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        writer = FileDescriptorWriter(descriptor: descriptor, path: "a temporary copy of the input in \(directory)")
    }

    public func write(_ text: String) throws(OutputError) { try writer.write(text) }

    /// Flushes what was written.
    public func finish() throws(OutputError) { try writer.flush() }

    /// A reader of everything written, from the start, under `name`.
    public func reader(name: String) throws(OutputError) -> LineReader {
        try finish()
        let descriptor = dup(writer.descriptor)
        guard descriptor >= 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw OutputError(path: writer.path, reason: Platform.errorDescription(errno))
        }
        return LineReader(descriptor: descriptor, name: name)
    }

    deinit { close(writer.descriptor) }
}
