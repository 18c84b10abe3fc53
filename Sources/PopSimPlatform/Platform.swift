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

    /// Ends the process with `status` (`exit(3)`: buffers flushed, atexit handlers run).
    public static func exitProcess(_ status: Int32) -> Never { exit(status) }
}
