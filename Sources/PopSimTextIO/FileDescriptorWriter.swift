import PopSimPlatform

/// Buffered writes to a POSIX file descriptor (64 KiB chunks, retrying short writes and EINTR).
struct FileDescriptorWriter {
    let descriptor: Int32
    let path: String
    /// Whether a closed pipe is only the error EPIPE, never SIGPIPE
    /// (``Platform/writeWithoutBrokenPipeSignal(_:_:_:)``).
    let withoutBrokenPipeSignal: Bool
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    init(descriptor: Int32, path: String, withoutBrokenPipeSignal: Bool = false) {
        self.descriptor = descriptor
        self.path = path
        self.withoutBrokenPipeSignal = withoutBrokenPipeSignal
        buffer.reserveCapacity(Self.capacity)
    }

    mutating func write(_ text: String) throws(OutputError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.capacity { try flush() }
    }

    mutating func write(bytes: UnsafeRawBufferPointer) throws(OutputError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.capacity { try flush() }
    }

    /// Writes the buffer out; on failure the unwritten rest is dropped with the error.
    mutating func flush() throws(OutputError) {
        var offset = 0
        let count = buffer.count
        let failure: OutputError? = buffer.withUnsafeBytes { bytes -> OutputError? in
            while offset < count {
                let start = bytes.baseAddress! + offset
                let written =
                    withoutBrokenPipeSignal
                    ? Platform.writeWithoutBrokenPipeSignal(descriptor, start, count - offset)
                    : Platform.write(descriptor, start, count - offset)
                if written < 0 {
                    let error = SystemError.last
                    if error == .interrupted { continue }
                    return OutputError(path: path, reason: error.description, isBrokenPipe: error == .brokenPipe)
                }
                offset += written
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw failure }
    }
}
