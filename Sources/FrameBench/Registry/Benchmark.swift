/// The timed part of a benchmark: performs the operation `iterations` times in a loop of its own.
///
/// The loop lives inside the closure (google/benchmark's `for (auto _ : state)`, package-benchmark's
/// `scaledIterations`) so the operation is inlined and specialised in it; the harness makes one
/// indirect call per sample, not per operation. Fold each iteration's result into an accumulator and
/// pass it to ``blackHole(_:)`` once at the end, so the work cannot be removed as dead code. A thrown
/// error (a solver failure) ends the benchmark and is reported.
public typealias Workload = (_ iterations: Int) throws -> Void

/// One named hot path. `setup` runs before any timing (allocate, build springs, precompute) and
/// returns the workload; state the workload mutates lives in its captures.
public struct Benchmark {
    /// What targets and baselines refer to it by.
    public let handle: BenchmarkHandle
    /// What one operation is, in the field's words: "sample", "frame step", "spring-frame".
    public let operation: String
    /// Operations one iteration performs (a batch frame of 1 000 springs is 1 000 spring-frames);
    /// reported times are per operation.
    public let operationsPerIteration: Int
    public let setup: () throws -> Workload
    /// A reference kernel for the same operation, timed in the same run with interleaved samples.
    public let reference: Reference?

    public init(
        _ handle: BenchmarkHandle, operation: String, operationsPerIteration: Int = 1,
        reference: Reference? = nil, setup: @escaping () throws -> Workload
    ) {
        precondition(operationsPerIteration > 0, "operationsPerIteration must be positive")
        self.handle = handle
        self.operation = operation
        self.operationsPerIteration = operationsPerIteration
        self.reference = reference
        self.setup = setup
    }

    /// A benchmark no target refers to, registered by its group and name.
    public init(
        group: String, name: String, operation: String, operationsPerIteration: Int = 1,
        reference: Reference? = nil, setup: @escaping () throws -> Workload
    ) {
        self.init(
            BenchmarkHandle(group: group, name: name), operation: operation,
            operationsPerIteration: operationsPerIteration, reference: reference, setup: setup)
    }

    public var group: String { handle.group }
    public var name: String { handle.name }
    /// "group/name": what `--filter` matches and baselines are keyed by.
    public var id: String { handle.id }
}

/// A side-by-side reference implementation (a C kernel) of a benchmark's operation. Its samples
/// alternate with the benchmark's (A B B A …), so machine noise hits both alike and their ratio holds.
public struct Reference {
    /// e.g. "C -O3 -march=native".
    public let name: String
    public let operationsPerIteration: Int
    /// Whether it is code the package under test cannot change (a C kernel, a system library's own
    /// loop): its speed then measures the machine, and comparisons of wall time across runs divide by
    /// its change (a yardstick). A reference in the package's own code (the same decisions another way)
    /// is not one.
    public let isYardstick: Bool
    public let setup: () throws -> Workload

    public init(
        name: String, operationsPerIteration: Int = 1, isYardstick: Bool = false,
        setup: @escaping () throws -> Workload
    ) {
        precondition(operationsPerIteration > 0, "operationsPerIteration must be positive")
        self.name = name
        self.operationsPerIteration = operationsPerIteration
        self.isYardstick = isYardstick
        self.setup = setup
    }
}
