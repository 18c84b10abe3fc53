#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// What kind of file a path or descriptor names (`st_mode & S_IFMT`).
public enum FileType: Sendable, Hashable {
    case regular, directory, characterDevice, blockDevice, fifo, socket, symbolicLink, unknown

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink
        default: self = .unknown
        }
    }
}

/// The part of `stat(2)` PopSim uses: which file (device and inode), its kind, its permission bits.
public struct FileStatus: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64
    public let type: FileType
    /// The permission bits, set-id and sticky bits (`st_mode & 07777`).
    public let permissions: UInt32

    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        type = FileType(mode: status.st_mode)
        permissions = UInt32(truncatingIfNeeded: status.st_mode & 0o7777)
    }

    /// Whether both name the same file (device and inode).
    public func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
}

/// How ``Platform/open(_:_:_:permissions:)`` opens a file (`open(2)`'s access mode).
public enum FileAccess: Sendable {
    case readOnly, writeOnly

    var flags: Int32 {
        switch self {
        case .readOnly: return O_RDONLY
        case .writeOnly: return O_WRONLY
        }
    }
}

/// `open(2)`'s other flags. Every descriptor PopSim opens is close-on-exec (`O_CLOEXEC`).
public struct OpenOptions: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `O_CREAT | O_EXCL`: create the file, failing with ``SystemError/fileExists`` when it exists.
    public static let createNew = OpenOptions(rawValue: 1 << 0)
    /// `O_NONBLOCK`: never wait in `open` (a FIFO without a reader or writer) or in a read.
    public static let nonBlocking = OpenOptions(rawValue: 1 << 1)
    /// `O_NOCTTY`: a terminal opened does not become the controlling terminal.
    public static let noControllingTerminal = OpenOptions(rawValue: 1 << 2)
    /// `O_NOFOLLOW`: a final symbolic link is refused (``SystemError/tooManyLinks``), not followed.
    public static let noFollow = OpenOptions(rawValue: 1 << 3)

    var flags: Int32 {
        var flags = O_CLOEXEC
        if contains(.createNew) { flags |= O_CREAT | O_EXCL }
        if contains(.nonBlocking) { flags |= O_NONBLOCK }
        if contains(.noControllingTerminal) { flags |= O_NOCTTY }
        if contains(.noFollow) { flags |= O_NOFOLLOW }
        return flags
    }
}

extension Platform {
    /// Standard input, output and error.
    public static let standardInput: Int32 = 0
    public static let standardOutput: Int32 = 1
    public static let standardError: Int32 = 2

    /// `open(2)`, close-on-exec: a descriptor, or the error. `permissions` are the new file's mode bits
    /// (less the umask) with ``OpenOptions/createNew``.
    public static func open(
        _ path: String, _ access: FileAccess, _ options: OpenOptions = [], permissions: UInt32 = 0o666
    ) -> Result<Int32, SystemError> {
        let flags = access.flags | options.flags
        while true {
            #if canImport(Glibc)
                let descriptor = Glibc.open(path, flags, mode_t(truncatingIfNeeded: permissions))
            #elseif canImport(Musl)
                let descriptor = Musl.open(path, flags, mode_t(truncatingIfNeeded: permissions))
            #elseif canImport(Darwin)
                let descriptor = Darwin.open(path, flags, mode_t(truncatingIfNeeded: permissions))
            #endif
            if descriptor >= 0 { return .success(descriptor) }
            let error = SystemError.last
            if error != .interrupted { return .failure(error) }
        }
    }

    /// `stat(2)`: the file `path` names, symbolic links followed.
    public static func status(path: String) -> Result<FileStatus, SystemError> {
        var status = stat()
        return stat(path, &status) == 0 ? .success(FileStatus(status)) : .failure(.last)
    }

    /// `lstat(2)`: the file `path` names, a final symbolic link itself.
    public static func linkStatus(path: String) -> Result<FileStatus, SystemError> {
        var status = stat()
        return lstat(path, &status) == 0 ? .success(FileStatus(status)) : .failure(.last)
    }

    /// `fstat(2)`: the file open as `descriptor`; nil when it is not open.
    public static func status(descriptor: Int32) -> FileStatus? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? FileStatus(status) : nil
    }

    /// `realpath(3)`: the absolute path with every `.`, `..` and symbolic link resolved; nil when some
    /// component does not exist or cannot be read.
    public static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `readlink(2)`: what the symbolic link `path` points to; nil when it is not a link.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `access(path, W_OK)`: whether this user may write `path`.
    public static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// The longest file name `directory` accepts (`pathconf(_PC_NAME_MAX)`), nil when unknown.
    public static func fileNameLimit(_ directory: String) -> Int? {
        let limit = pathconf(directory, Int32(_PC_NAME_MAX))
        return limit > 0 ? Int(clamping: limit) : nil
    }

    /// `rename(2)`.
    public static func rename(_ source: String, to target: String) -> Result<Void, SystemError> {
        #if canImport(Glibc)
            let result = Glibc.rename(source, target)
        #elseif canImport(Musl)
            let result = Musl.rename(source, target)
        #elseif canImport(Darwin)
            let result = Darwin.rename(source, target)
        #endif
        return result == 0 ? .success(()) : .failure(.last)
    }

    /// `unlink(2)`; a file that is already gone is not an error worth reporting.
    @discardableResult
    public static func removeFile(_ path: String) -> Bool { unlink(path) == 0 }

    /// `unlink(2)` of a path already in C form, for a signal handler (async-signal-safe: no allocation).
    static func removeFile(_ path: UnsafePointer<CChar>) { _ = unlink(path) }

    /// `fsync(2)`: the file's data on the disk.
    public static func synchronize(_ descriptor: Int32) -> Result<Void, SystemError> {
        fsync(descriptor) == 0 ? .success(()) : .failure(.last)
    }

    /// `fchmod(2)`: sets the permission bits of the open file.
    public static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) {
        _ = fchmod(descriptor, mode_t(truncatingIfNeeded: permissions))
    }

    /// `fcntl(F_DUPFD_CLOEXEC)`: a close-on-exec copy of `descriptor`, or the error.
    public static func duplicate(_ descriptor: Int32) -> Result<Int32, SystemError> {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        return copy >= 0 ? .success(copy) : .failure(.last)
    }

    /// Whether `descriptor` is open (`fcntl(F_GETFD)`).
    public static func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) >= 0 }

    /// Makes reads and writes on `descriptor` wait (clears `O_NONBLOCK`).
    public static func makeBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
    }

    /// `pread(2)`: up to `count` bytes at `offset` without moving the descriptor's own offset (so
    /// several readers can share one descriptor); 0 at the end, or the error.
    public static func read(
        _ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int, at offset: Int
    ) -> Result<Int, SystemError> {
        while true {
            let result = pread(descriptor, bytes, count, off_t(offset))
            if result >= 0 { return .success(result) }
            let error = SystemError.last
            if error != .interrupted { return .failure(error) }
        }
    }

    /// `lseek(2)`: moves the descriptor's offset to byte `offset` from the start; false on failure.
    @discardableResult
    public static func seek(_ descriptor: Int32, to offset: Int) -> Bool {
        lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset)
    }

    /// `getenv(3)`.
    public static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// `getpid(2)`.
    public static var processID: Int32 { getpid() }

    /// A new file made from `template`, whose last six characters are `XXXXXX` (`mkstemp(3)`):
    /// its descriptor and path, or the error.
    public static func createUniqueFile(template: String) -> Result<(descriptor: Int32, path: String), SystemError> {
        var bytes = Array(template.utf8CString)
        let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .failure(.last) }
        let path = bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return .success((descriptor, path))
    }
}

extension Platform {
    /// `pipe(2)`: its read and write ends (close-on-exec), or nil.
    public static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Makes reads and writes on `descriptor` return at once (sets `O_NONBLOCK`).
    public static func makeNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }

    /// `mkfifo(3)`: a named pipe at `path`; false on failure.
    public static func makeFIFO(_ path: String, permissions: UInt32 = 0o600) -> Bool {
        mkfifo(path, mode_t(truncatingIfNeeded: permissions)) == 0
    }

    /// `chmod(2)`: sets the permission bits of the file at `path`; false on failure.
    @discardableResult
    public static func setPermissions(path: String, _ permissions: UInt32) -> Bool {
        chmod(path, mode_t(truncatingIfNeeded: permissions)) == 0
    }

    /// A UNIX stream socket bound to `path` and listening, or nil when a step fails; the caller closes
    /// the descriptor.
    public static func listeningSocket(at path: String) -> Int32? {
        #if canImport(Darwin)
            let server = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
            let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard server >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            close(server)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(server, 1) == 0 else {
            close(server)
            return nil
        }
        return server
    }
}
