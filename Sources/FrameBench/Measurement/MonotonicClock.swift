import PopSimPlatform

/// The clock every measurement is read from: `clock_gettime(CLOCK_MONOTONIC)`, which on Linux is
/// served from the vDSO (no system call), never jumps with NTP steps or `settimeofday`, and counts in
/// nanoseconds. package-benchmark uses CLOCK_BOOTTIME and google/benchmark a steady clock for the same
/// reason (Documentation/benchmarking.md §1).
///
/// A timed region is bracketed by two reads, so one read's cost lands inside it; ``readOverhead``
/// measures that cost once per run and the sampler subtracts it from every sample and reports it.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point.
    @inline(__always)
    public static func now() -> UInt64 { Platform.monotonicNanoseconds() }

    /// The clock's advertised resolution (`clock_getres`), in nanoseconds.
    public static var resolution: UInt64 { Platform.monotonicResolution }

    /// The name shown in reports.
    public static let name = "CLOCK_MONOTONIC (clock_gettime)"

    /// The cost of one read as seen between two back-to-back reads: the median over `pairs` pairs
    /// (the median, because a pair interrupted by the scheduler is far slower and must not count).
    public static func readOverhead(pairs: Int = 20_000) -> Double {
        var deltas = [UInt64](repeating: 0, count: max(pairs, 1))
        for i in deltas.indices {
            let start = now()
            let end = now()
            deltas[i] = end &- start
        }
        deltas.sort()
        return Double(deltas[(deltas.count - 1) / 2])
    }
}

/// The CPU time of the calling thread (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`): the time the thread
/// actually ran, without the time it waited while the scheduler ran other processes. Frame loops are
/// judged on CPU work, like Android Macrobenchmark's `frameDurationCpuMs` ("CPU time to produce the
/// frame", Documentation/benchmarking.md §3): on a shared 2-core machine a compiler in the next terminal
/// preempts the bench for whole milliseconds, which is the machine's hitch, not the workload's. A
/// frame's work is min(wall, CPU) (see ``Sampler/FrameTimes``); the wall-clock time of the same frames
/// is reported beside it. Reading it is a system call (hundreds of ns), so micro benchmarks do not
/// use it.
public enum ThreadCPUClock {
    @inline(__always)
    public static func now() -> UInt64 { Platform.threadCPUNanoseconds() }

    public static let name = "CLOCK_THREAD_CPUTIME_ID (clock_gettime)"
}
