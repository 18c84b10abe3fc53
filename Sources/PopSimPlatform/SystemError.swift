#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// An error number the C library reported (`errno`), with its `strerror(3)` text as its description.
/// The few numbers PopSim acts on have names; compare with them, never with a C constant.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The error of the last failed call on this thread (`errno`).
    public static var last: SystemError { SystemError(code: errno) }

    /// Sets `errno` (a signal handler or wrapper restoring the caller's).
    static func restore(_ error: SystemError) { errno = error.code }

    /// `strerror(3)`.
    public var description: String { Platform.errorDescription(code) }

    /// ENOENT: no such file or directory.
    public static var noSuchFile: SystemError { SystemError(code: ENOENT) }
    /// EEXIST: the file exists (an exclusive create).
    public static var fileExists: SystemError { SystemError(code: EEXIST) }
    /// EINTR: a signal interrupted the call; retry it.
    public static var interrupted: SystemError { SystemError(code: EINTR) }
    /// EPIPE: a write to a pipe nobody reads.
    public static var brokenPipe: SystemError { SystemError(code: EPIPE) }
    /// ENXIO: no such device; for a FIFO opened to write without waiting, no process reads it.
    public static var noReader: SystemError { SystemError(code: ENXIO) }
    /// EAGAIN: nothing to read yet from a descriptor that does not wait.
    public static var wouldBlock: SystemError { SystemError(code: EAGAIN) }
    /// ELOOP: too many symbolic links, or a link where `O_NOFOLLOW` forbids one.
    public static var tooManyLinks: SystemError { SystemError(code: ELOOP) }
}
