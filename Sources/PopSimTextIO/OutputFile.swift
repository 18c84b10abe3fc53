import PopSimPlatform

/// Where `--output PATH` writes, chosen by what PATH is:
///
/// - a regular file, a path that does not exist yet, or a link to a regular file: ``AtomicFileSink``
///   (temporary file and rename; the old file stays until the new one is complete);
/// - a character device, a FIFO or a socket (`/dev/null`, a named pipe, a terminal): ``DirectFileSink``,
///   opened without creating or truncating anything;
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: a ``DirectFileSink`` on a duplicate of
///   descriptor N, so the output continues at the shell's offset (and in append mode after `>>`);
/// - a directory or a block device: refused.
public enum OutputFile {
    public static func open(_ path: String) throws(OutputError) -> any FileSink {
        if let descriptor = openDescriptorPath(path) {
            let duplicate = dup(descriptor)
            guard duplicate >= 0 else { throw OutputError(path: path, reason: Platform.errorDescription(errno)) }
            return DirectFileSink(path: path, descriptor: duplicate)
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            guard errno == ENOENT else { throw OutputError(path: path, reason: Platform.errorDescription(errno)) }
            return try AtomicFileSink(path: path)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return try AtomicFileSink(path: path)
        case S_IFDIR:
            throw OutputError(path: path, reason: "is a directory; give a file name")
        case S_IFBLK:
            throw OutputError(path: path, reason: "is a block device; PopSim writes regular files, character devices and pipes")
        default:
            let descriptor = Platform.open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else { throw OutputError(path: path, reason: Platform.errorDescription(errno)) }
            return DirectFileSink(path: path, descriptor: descriptor)
        }
    }

    /// The descriptor a `/dev/stdout`-like path names, when it is open.
    static func openDescriptorPath(_ path: String) -> Int32? {
        let number: Substring
        switch path {
        case "/dev/stdin": return nil
        case "/dev/stdout": number = "1"
        case "/dev/stderr": number = "2"
        default:
            if path.hasPrefix("/dev/fd/") {
                number = path.dropFirst("/dev/fd/".count)
            } else if path.hasPrefix("/proc/self/fd/") {
                number = path.dropFirst("/proc/self/fd/".count)
            } else {
                return nil
            }
        }
        guard let descriptor = Int32(number), descriptor >= 0, fcntl(descriptor, F_GETFD) >= 0 else { return nil }
        return descriptor
    }
}
