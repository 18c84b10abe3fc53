import CPopSimAllocationCounter
import CPopSimCallgrind
import Foundation
import FrameBench
import FrameBenchRunner
import PopSimCommands
import PopSimDynamics
import PopSimPlatform

// `bench --run-as-popsim PEAK-FILE ARGS` is popsim, and writes its own peak resident memory (bytes) to
// PEAK-FILE when done: the sweep measurement runs a whole `popsim sweep` in a child process, and this
// executable is the one certain to be built.
if CommandLine.arguments.dropFirst().first == SweepsSuite.popsimArgument, CommandLine.arguments.count >= 3 {
    let status = PopSimTool.main(Array(CommandLine.arguments.dropFirst(3)))
    let peak = Platform.peakResidentBytes.map(String.init) ?? "unknown"
    try? peak.write(toFile: CommandLine.arguments[2], atomically: true, encoding: .utf8)
    Platform.exitProcess(status)
}

/// Every suite the bench runs, in report order. A new module's benchmarks are one file in Suites/ and
/// one entry here.
let suites: [any BenchmarkSuite.Type] = [
    HarnessSuite.self,
    DynamicsSuite.self,
    DynamicsFrameLoops.self,
    GesturesSuite.self,
    InteractionsSuite.self,
    SweepsSuite.self,
]

let allocationCounter =
    popsim_allocation_counter_is_supported() != 0
    ? AllocationCounter(
        method:
            "malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc, "
            + "pvalloc interposed in the executable and counted (Benchmarks/CPopSimAllocationCounter)",
        isLive: popsim_allocation_counter_is_live() != 0,
        read: { popsim_allocation_count() })
    : AllocationCounter.unavailable

Platform.exitProcess(
    BenchMain.run(
        arguments: Array(CommandLine.arguments.dropFirst()), suites: suites,
        allocationCounter: allocationCounter,
        callgrind: CallgrindRequests(
            isSupported: popsim_callgrind_is_supported() != 0, runningOnValgrind: { popsim_running_on_valgrind() },
            startInstrumentation: { popsim_callgrind_start_instrumentation() },
            stopInstrumentation: { popsim_callgrind_stop_instrumentation() },
            zeroStatistics: { popsim_callgrind_zero_stats() }, toggleCollection: { popsim_callgrind_toggle_collect() },
            dumpStatistics: { popsim_callgrind_dump_stats_at($0) }),
        environmentExtra: [
            .init("GSL", GSLRuntime.version),
            .init(
                "C reference",
                "clang -O3 -ffp-contract=off, baseline instruction set like the Swift "
                    + "code (Benchmarks/CPopSimBenchReference); the rows built for this CPU: clang -march=native "
                    + "(Benchmarks/CPopSimBenchNative), swiftc -target-cpu native (Benchmarks/PopSimBenchNative)"
            ),
        ],
        tool: .running(
            title: "PopSim bench",
            summary: "bench: frame-budget benchmarks of PopSim's hot paths, with C references and baselines.")))
