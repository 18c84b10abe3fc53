/// The few system services PopSim uses whose spelling differs between C libraries, behind one name
/// each. Everything here is a thin, allocation-free wrapper.
public enum Platform {
    /// The name of the C library this build uses, for reports.
    public static var cLibrary: String {
        #if canImport(Glibc)
        return "glibc"
        #elseif canImport(Musl)
        return "musl"
        #elseif canImport(Darwin)
        return "Darwin libSystem"
        #endif
    }

    /// `write(2)`: bytes written, or -1 with `errno` set. (Inside types that have a `write` method the
    /// C function is otherwise unreachable without naming the C module.)
    @inlinable
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        return Musl.write(descriptor, bytes, count)
        #elseif canImport(Darwin)
        return Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// `read(2)`: bytes read, 0 at the end, or -1 with `errno` set.
    @inlinable
    public static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, bytes, count)
        #elseif canImport(Musl)
        return Musl.read(descriptor, bytes, count)
        #elseif canImport(Darwin)
        return Darwin.read(descriptor, bytes, count)
        #endif
    }

    /// `open(2)` without creating: a descriptor, or -1 with `errno` set.
    public static func open(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.open(path, flags)
        #elseif canImport(Musl)
        return Musl.open(path, flags)
        #elseif canImport(Darwin)
        return Darwin.open(path, flags)
        #endif
    }

    /// `close(2)`.
    @inlinable
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

    /// The calling thread's `errno`.
    @inlinable
    public static var errorNumber: Int32 { errno }

    /// `strerror(3)` as a Swift string.
    public static func errorDescription(_ number: Int32) -> String {
        guard let text = strerror(number) else { return "error \(number)" }
        return String(cString: text)
    }

    /// Whether `descriptor` is a terminal (progress lines are drawn only then).
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }

    /// Online processors, at least 1.
    public static var processorCount: Int {
        let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return count >= 1 ? Int(clamping: count) : 1
    }

    /// Nanoseconds on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`): never steps with NTP
    /// or `settimeofday`.
    @inlinable
    public static func monotonicNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return nanoseconds(spec)
    }

    /// Seconds on the monotonic clock.
    @inlinable
    public static func monotonicSeconds() -> Double { Double(monotonicNanoseconds()) * 1e-9 }

    /// CPU time of the calling thread, nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
    @inlinable
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
    @inlinable
    static func nanoseconds(_ spec: timespec) -> UInt64 {
        UInt64(truncatingIfNeeded: spec.tv_sec) &* 1_000_000_000 &+ UInt64(truncatingIfNeeded: spec.tv_nsec)
    }

    /// A signal's disposition as `sigaction(2)` reports it, to be put back with ``restoreSignalAction(_:_:)``.
    public typealias SignalAction = sigaction

    /// Installs `handler` for `signal` (all other signals unblocked while it runs) and returns the
    /// previous action; a signal the process ignores (an inherited SIG_IGN) is left ignored and nil is
    /// returned.
    public static func installSignalHandler(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) -> SignalAction? {
        var previous = sigaction()
        sigaction(signal, nil, &previous)
        #if canImport(Glibc)
        let current = previous.__sigaction_handler.sa_handler
        #elseif canImport(Musl)
        let current = previous.__sa_handler.sa_handler
        #elseif canImport(Darwin)
        let current = previous.__sigaction_u.__sa_handler
        #endif
        // Handlers are C function pointers: compare their addresses (SIG_IGN is the address 1).
        let address = { (handler: (@convention(c) (Int32) -> Void)?) in handler.map { unsafeBitCast($0, to: UInt.self) } }
        if address(current) == address(SIG_IGN) { return nil }
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Musl)
        action.__sa_handler.sa_handler = handler
        #elseif canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        return previous
    }

    /// Puts back an action returned by ``installSignalHandler(_:_:)`` (async-signal-safe).
    public static func restoreSignalAction(_ signal: Int32, _ action: UnsafePointer<SignalAction>) {
        sigaction(signal, action, nil)
    }

    /// Ends the process the conventional way for a write to a closed pipe: by SIGPIPE with its default
    /// action (status 141 in a shell), quietly, even when the parent left SIGPIPE ignored.
    public static func terminateByBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        exit(128 + SIGPIPE)
    }

    /// Ends the process with `status` (`exit(3)`: buffers flushed, atexit handlers run).
    public static func exitProcess(_ status: Int32) -> Never { exit(status) }
}
