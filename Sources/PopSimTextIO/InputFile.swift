import PopSimPlatform

/// How PopSim opens a file it reads, so that no input can make it wait or read something that is not
/// a file: touch streams, frame-times files, golden tables, `fit` recordings, every path a command reads.
///
/// The path is opened without waiting (`O_NONBLOCK`: `open(2)` of a FIFO otherwise waits for a writer
/// forever) and without becoming a controlling terminal, then checked by what it is:
/// - a regular file: read;
/// - a FIFO or pipe (a named pipe, `<(command)`): read as it arrives; one that no process writes gives
///   nothing at once and is refused when the first read finds it so (``LineReader``), never waited for;
/// - a directory, a character or block device (a terminal, `/dev/zero`, `/dev/kmsg`) or a socket: refused
///   at once, before anything is read (exit 74).
///
/// Standard input (`-`) is not opened: it is whatever the shell connected.
public enum InputFile {
    /// An open input and what it is.
    public struct Opened: Sendable {
        public let descriptor: Int32
        public let type: FileType
    }

    /// Opens `path` by the rules above; the caller owns the descriptor.
    public static func open(_ path: String) throws(InputError) -> Opened {
        try open(path, as: path, followingLinks: true, refusing: [])
    }

    /// Opens `path`, naming it `name` in errors; `refused` adds types refused beside the rules above, as
    /// malformed input.
    static func open(_ path: String, as name: String, followingLinks: Bool, refusing refused: Set<FileType>)
        throws(InputError) -> Opened
    {
        let descriptor: Int32
        let options: OpenOptions =
            followingLinks
            ? [.nonBlocking, .noControllingTerminal] : [.nonBlocking, .noControllingTerminal, .noFollow]
        switch Platform.open(path, .readOnly, options) {
        case let .success(opened): descriptor = opened
        case let .failure(error): throw InputError(source: name, line: nil, column: nil, message: error.description)
        }
        let type = Platform.status(descriptor: descriptor)?.type ?? .unknown
        if let reason = refusal(type), !refused.contains(type) {
            Platform.close(descriptor)
            throw InputError(source: name, line: nil, column: nil, message: reason)
        }
        if refused.contains(type) {
            Platform.close(descriptor)
            throw InputError(
                source: name, line: nil, column: nil, message: "is \(article(type)); give a regular file",
                malformed: true)
        }
        // Opened: from here on, reads wait for a writer's data as they would on any pipe.
        Platform.makeBlocking(descriptor)
        return Opened(descriptor: descriptor, type: type)
    }

    /// Why a file of `type` is not read, or nil when it is.
    static func refusal(_ type: FileType) -> String? {
        switch type {
        case .regular, .fifo: return nil
        case .directory: return "is a directory; give a file"
        case .characterDevice, .blockDevice, .socket, .symbolicLink, .unknown:
            return "is \(article(type)), not a file PopSim reads; give a file, a pipe or - for standard input"
        }
    }

    static func article(_ type: FileType) -> String {
        switch type {
        case .regular: return "a regular file"
        case .directory: return "a directory"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .fifo: return "a named pipe"
        case .socket: return "a socket"
        case .symbolicLink: return "a symbolic link"
        case .unknown: return "a special file"
        }
    }
}
