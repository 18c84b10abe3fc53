import PopSimPlatform

/// Where `--output PATH` writes, chosen by what PATH is, every refusal made before anything is
/// computed or written:
///
/// - a regular file, a path that does not exist yet, or a link to a regular file: ``AtomicFileSink``
///   (temporary file and rename; the old file stays until the new one is complete). A read-only file
///   and a symbolic link to nothing are refused;
/// - a character device (`/dev/null`, a terminal): ``DirectFileSink``, opened without creating or
///   truncating anything;
/// - a FIFO: a ``DirectFileSink`` when a reader has it open; without one it is refused instead of
///   waiting (opened with `O_NONBLOCK`, for which `open(2)` fails with ENXIO when no process has the
///   FIFO open for reading);
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N` (N ≥ 1): a ``DirectFileSink`` on a
///   duplicate of descriptor N, so the output continues at the shell's offset (and in append mode
///   after `>>`);
/// - standard input under any name (`/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0`), a descriptor that is
///   not open (`/dev/stdout` after `>&-`), a file that is one of the command's inputs (``InputFiles``),
///   a directory, a block device and a socket: refused.
public enum OutputFile {
    /// The sink for `path`, for a command that reads `inputs`.
    public static func open(_ path: String, reading inputs: InputFiles = .none) throws(OutputError) -> any FileSink {
        guard !path.isEmpty else { throw OutputError(path: "''", reason: "is an empty file name; give a file name") }
        if descriptorNumber(path) == 0 {
            throw OutputError(path: path, reason: "is standard input; write the output to a file or to standard output")
        }
        if let descriptor = openDescriptorPath(path) {
            if let identity = FileStatus(descriptor: descriptor), let input = inputs.input(sameAs: identity) {
                throw OutputError(path: path, reason: InputFiles.sameFileReason(input))
            }
            switch Platform.duplicate(descriptor) {
            case let .success(duplicate): return DirectFileSink(path: path, descriptor: duplicate)
            case let .failure(error): throw OutputError(path: path, reason: error.description)
            }
        }
        if let number = descriptorNumber(path) {
            throw OutputError(path: path, reason: "names descriptor \(number), which is not open")
        }
        let status: FileStatus
        switch Platform.status(path: path) {
        case let .success(found): status = found
        case .failure(.noSuchFile): return try AtomicFileSink(path: path)
        case let .failure(error): throw OutputError(path: path, reason: error.description)
        }
        if let input = inputs.input(sameAs: status) {
            throw OutputError(path: path, reason: InputFiles.sameFileReason(input))
        }
        switch status.type {
        case .regular:
            return try AtomicFileSink(path: path)
        case .directory:
            throw OutputError(path: path, reason: "is a directory; give a file name")
        case .blockDevice:
            throw OutputError(
                path: path, reason: "is a block device; PopSim writes regular files, character devices and pipes")
        case .socket:
            throw OutputError(
                path: path,
                reason: "is a socket; PopSim writes regular files, character devices and pipes "
                    + "(connect to a socket with a tool such as socat)")
        case .fifo:
            switch Platform.open(path, .writeOnly, .nonBlocking) {
            case let .success(descriptor):
                // Open: from here on, writes wait for the reader as they would on any pipe.
                Platform.makeBlocking(descriptor)
                return DirectFileSink(path: path, descriptor: descriptor)
            case .failure(.noReader):
                throw OutputError(
                    path: path,
                    reason: "is a named pipe that no process is reading; "
                        + "start its reader first (PopSim does not wait for one)")
            case let .failure(error):
                throw OutputError(path: path, reason: error.description)
            }
        default:
            switch Platform.open(path, .writeOnly, .noControllingTerminal) {
            case let .success(descriptor): return DirectFileSink(path: path, descriptor: descriptor)
            case let .failure(error): throw OutputError(path: path, reason: error.description)
            }
        }
    }

    /// The sink that replaces `path`, a file the command has just read (`check --update` rewriting
    /// its golden table): an ``AtomicFileSink``, refused unless `path` is an existing regular file
    /// this user may write (not read-only, not standard input, not a device or pipe).
    public static func rewrite(_ path: String) throws(OutputError) -> AtomicFileSink {
        guard path != "-", descriptorNumber(path) == nil else {
            throw OutputError(
                path: path == "-" ? "standard input" : path,
                reason: "is a stream, not a file: only a file can be rewritten in place")
        }
        let status: FileStatus
        switch Platform.status(path: path) {
        case let .success(found): status = found
        case let .failure(error): throw OutputError(path: path, reason: error.description)
        }
        guard status.type == .regular else {
            throw OutputError(
                path: path, reason: "is not a regular file: only a regular file can be rewritten in place")
        }
        return try AtomicFileSink(path: path)
    }

    /// The descriptor a `/dev/stdout`-like path names, when it is open (standard input excluded).
    static func openDescriptorPath(_ path: String) -> Int32? {
        guard let descriptor = descriptorNumber(path), descriptor > 0, Platform.isOpen(descriptor) else {
            return nil
        }
        return descriptor
    }

    /// The descriptor number in `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
    /// `/proc/self/fd/N`, `/proc/thread-self/fd/N` or `/proc/PID/fd/N` with this process's PID.
    static func descriptorNumber(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        let prefixes = ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(Platform.processID)/fd/"]
        guard let prefix = prefixes.first(where: { path.hasPrefix($0) }) else { return nil }
        let number = path.dropFirst(prefix.count)
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }), let descriptor = Int32(number) else {
            return nil
        }
        return descriptor
    }
}
