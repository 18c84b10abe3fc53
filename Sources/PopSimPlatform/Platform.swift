#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The few system services PopSim uses whose spelling differs between C libraries, behind one name
/// each. Everything here is a thin, allocation-free wrapper.
public enum Platform {
    /// `write(2)`: bytes written, or -1 with `errno` set. (Inside types that have a `write` method the
    /// C function is otherwise unreachable without naming the C module.)
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
            return Musl.write(descriptor, bytes, count)
        #elseif canImport(Darwin)
            return Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// `write(2)` that never raises SIGPIPE: a closed pipe is the error EPIPE whatever SIGPIPE's
    /// action, for output that must not end the process (a note on standard error). SIGPIPE is
    /// blocked in the calling thread for the write, and one the write raised is consumed before it
    /// is unblocked (`sigtimedwait` with a zero timeout), unless one was already pending.
    public static func writeWithoutBrokenPipeSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        var pending = sigset_t()
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        let written = write(descriptor, bytes, count)
        let number = errno
        if written < 0, number == EPIPE, !wasPending {
            var noWait = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &noWait) < 0 && errno == EINTR {}
        }
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        errno = number
        return written
    }

    /// `read(2)`: bytes read, 0 at the end, or -1 with `errno` set.
    public static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.read(descriptor, bytes, count)
        #elseif canImport(Musl)
            return Musl.read(descriptor, bytes, count)
        #elseif canImport(Darwin)
            return Darwin.read(descriptor, bytes, count)
        #endif
    }

    /// `close(2)`.
    @discardableResult
    public static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            return Glibc.close(descriptor)
        #elseif canImport(Musl)
            return Musl.close(descriptor)
        #elseif canImport(Darwin)
            return Darwin.close(descriptor)
        #endif
    }

    /// `strerror(3)` as a Swift string.
    public static func errorDescription(_ number: Int32) -> String {
        guard let text = strerror(number) else { return "error \(number)" }
        return String(cString: text)
    }

    /// Whether `descriptor` is a terminal (progress lines are drawn only then).
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }

    /// The kernel's name, release and machine (`uname(2)`: "Linux 6.1.0 x86_64").
    public static var kernelDescription: String {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
    }

    /// Online processors, at least 1.
    public static var processorCount: Int {
        let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return count >= 1 ? Int(clamping: count) : 1
    }

    /// Nanoseconds on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`): never steps with NTP
    /// or `settimeofday`.
    public static func monotonicNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return nanoseconds(spec)
    }

    /// Seconds on the monotonic clock.
    public static func monotonicSeconds() -> Double { Double(monotonicNanoseconds()) * 1e-9 }

    /// CPU time of the calling thread, nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
    public static func threadCPUNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return nanoseconds(spec)
    }

    /// Resolution of the monotonic clock (`clock_getres`), nanoseconds.
    public static var monotonicResolution: UInt64 {
        var spec = timespec()
        clock_getres(CLOCK_MONOTONIC, &spec)
        return nanoseconds(spec)
    }

    /// A `timespec` in nanoseconds.
    static func nanoseconds(_ spec: timespec) -> UInt64 {
        UInt64(truncatingIfNeeded: spec.tv_sec) &* 1_000_000_000 &+ UInt64(truncatingIfNeeded: spec.tv_nsec)
    }

    /// Ends the process the conventional way for a write to a closed pipe: by SIGPIPE with its default
    /// action (status 141 in a shell), quietly, even when the parent left SIGPIPE ignored. Watched
    /// temporary files (``TerminationSignals/watch(_:)``) are removed first, as on any signal.
    public static func terminateByBrokenPipe() -> Never {
        TerminationSignals.removeWatchedFiles()
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        exit(128 + SIGPIPE)
    }

    /// Runs `executable` with `arguments` (argv[1…]) in place of this process (`execv(3)`); returns
    /// only when that failed, with the reason.
    public static func replaceProcess(executable: String, arguments: [String]) -> SystemError {
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        execv(executable, argv)
        return .last
    }

    /// Ends the process with `status` (`exit(3)`: buffers flushed, atexit handlers run).
    public static func exitProcess(_ status: Int32) -> Never { exit(status) }
}

/// The C library's error numbers: `errno`, and the ones PopSim acts on by name.
extension SystemError {
    /// The error of the last failed call on this thread (`errno`).
    public static var last: SystemError { SystemError(code: errno) }

    /// Sets `errno` (a signal handler or wrapper restoring the caller's).
    static func restore(_ error: SystemError) { errno = error.code }

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

/// A `pthread_mutex_t` that is allocated once and never freed, for state that lives as long as the
/// process (the table a signal handler reads, whose pointers must never dangle).
struct PermanentLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}

/// What a finished child process used, from `wait4(2)`.
public struct ChildProcessUsage: Sendable, Equatable {
    /// The exit status, or 128 + the signal number when a signal ended it.
    public let status: Int32
    /// `ru_maxrss`, bytes. On Linux a child started by `posix_spawn` (a vfork) also counts the parent's
    /// peak, recorded when the child's exec released the parent's address space: for a child's own peak
    /// use ``Platform/peakResidentBytes`` inside it.
    public let maximumResidentBytes: Int
    /// CPU time in user and kernel mode, seconds.
    public let userSeconds: Double
    public let systemSeconds: Double
    /// From just before the spawn to the end of the wait, on the monotonic clock.
    public let wallSeconds: Double
}

extension Platform {
    /// The peak resident set size of this process's own address space, bytes: `VmHWM` of
    /// /proc/self/status on Linux (counting from the last exec, unlike `ru_maxrss`), `ru_maxrss` elsewhere.
    /// nil when it cannot be read.
    public static var peakResidentBytes: Int? {
        #if os(Linux)
            guard case let .success(descriptor) = open("/proc/self/status", .readOnly) else { return nil }
            defer { _ = close(descriptor) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.dropFirst(6).filter(\.isNumber))
            else { return nil }
            return kilobytes * 1024
        #else
            var usage = rusage()
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss)
        #endif
    }

    /// This executable's path (`/proc/self/exe` where it exists, else `argv[0]`).
    public static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return CommandLine.arguments.first ?? ""
    }

    /// Runs `path` with `arguments` (argv[1…]) and this process's environment, standard input, output
    /// and error connected to /dev/null, waits for it, and returns what it used. nil when it could not
    /// be started.
    public static func runChildProcess(_ path: String, arguments: [String]) -> ChildProcessUsage? {
        let start = monotonicSeconds()
        guard case let .success(pid) = spawn(path, arguments: arguments, standardError: "/dev/null") else {
            return nil
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let wall = monotonicSeconds() - start
        let signal = status & 0x7f
        let exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        #if canImport(Darwin)
            let peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return ChildProcessUsage(
            status: exitStatus, maximumResidentBytes: peak, userSeconds: seconds(usage.ru_utime),
            systemSeconds: seconds(usage.ru_stime), wallSeconds: wall)
    }
}
