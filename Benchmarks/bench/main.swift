import CAllocationCounter
import Dynamics
import FrameBench

#if canImport(Glibc)
import Glibc
#endif

/// Every suite the bench runs, in report order. A new module's benchmarks are one file in Suites/ and
/// one entry here.
let suites: [any BenchmarkSuite.Type] = [
    HarnessSuite.self,
    DynamicsSuite.self,
    DynamicsFrameLoops.self,
    IssueTargets.self,
    GesturesSuite.self,
    InteractionsSuite.self,
]

let allocationCounter = AllocationCounter(
    method: "malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc, pvalloc interposed in the executable and counted (Benchmarks/CAllocationCounter)",
    isLive: popsim_allocation_counter_is_live() != 0,
    read: { popsim_allocation_count() })

exit(BenchMain.run(arguments: Array(CommandLine.arguments.dropFirst()), suites: suites,
                   allocationCounter: allocationCounter,
                   environmentExtra: [
                       .init("GSL", GSLRuntime.version),
                       .init("C reference", "clang -O3 -march=native -ffp-contract=off (Benchmarks/CBenchReference)"),
                   ]))
