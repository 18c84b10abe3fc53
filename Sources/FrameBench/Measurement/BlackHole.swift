/// Keeps a value alive as far as the optimiser can tell, so the computation that produced it cannot be
/// removed as dead code (package-benchmark's `blackHole`, google/benchmark's `DoNotOptimize`).
///
/// `@_optimize(none)` and `@inline(never)` make the body opaque even under whole-module and
/// cross-module optimisation: the compiler must materialise the argument and cannot prove the call has
/// no effect. A call costs a few nanoseconds, so benchmark bodies fold per-iteration results into an
/// accumulator and pass the accumulator once per sample.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {}

/// Returns its argument through an opaque call, so a constant known at compile time becomes a run-time
/// value the optimiser cannot fold into the timed loop (google/benchmark's `benchmark::DoNotOptimize` on
/// inputs).
@inline(never) @_optimize(none)
public func opaque<T>(_ value: T) -> T { value }
