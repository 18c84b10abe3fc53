import PopSimPlatform

/// Buffered writes to a POSIX file descriptor (64 KiB chunks, retrying short writes and EINTR).
struct FileDescriptorWriter {
    let descriptor: Int32
    let path: String
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
        buffer.reserveCapacity(Self.capacity)
    }

    mutating func write(_ text: String) throws(OutputError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.capacity { try flush() }
    }

    mutating func flush() throws(OutputError) {
        var offset = 0
        let count = buffer.count
        let failure: OutputError? = buffer.withUnsafeBytes { bytes -> OutputError? in
            while offset < count {
                let written = Platform.write(descriptor, bytes.baseAddress! + offset, count - offset)
                if written < 0 {
                    let number = errno
                    if number == EINTR { continue }
                    return OutputError(path: path, reason: Platform.errorDescription(number), isBrokenPipe: number == EPIPE)
                }
                offset += written
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw failure }
    }
}
