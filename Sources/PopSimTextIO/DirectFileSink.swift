import PopSimPlatform

/// Output written straight to something that is not a regular file: a character device (a terminal,
/// `/dev/null`), a FIFO, or a descriptor that is already open (`/dev/stdout`, `/dev/fd/N`). Such a
/// target cannot be replaced atomically, and must not be: renaming a file over `/dev/null` would
/// replace the device. Every write error is reported; ``discard()`` can only stop writing.
public final class DirectFileSink: FileSink {
    public let path: String
    private var writer: FileDescriptorWriter
    private var closed = false

    /// Writes to `descriptor`, which the sink owns and closes.
    init(path: String, descriptor: Int32) {
        self.path = path
        writer = FileDescriptorWriter(descriptor: descriptor, path: path)
    }

    public func write(_ text: String) throws(OutputError) { try writer.write(text) }

    public func prepare() throws(OutputError) {
        guard !closed else { return }
        try writer.flush()
    }

    public func publish() throws(OutputError) {
        try prepare()
        guard !closed else { return }
        closed = true
        if Platform.close(writer.descriptor) != 0 {
            throw OutputError(path: path, reason: SystemError.last.description)
        }
    }

    public func finish() throws(OutputError) { try publish() }

    public func discard() {
        guard !closed else { return }
        closed = true
        Platform.close(writer.descriptor)
    }

    deinit { discard() }
}
