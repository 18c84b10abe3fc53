import Foundation

/// Valgrind callgrind's client requests, as an executable links them (the bench links
/// Benchmarks/CPopSimCallgrind, a shim over `<valgrind/callgrind.h>`): the harness turns instruction
/// collection on around a workload and dumps the count, so set-up and warm-up are never counted
/// (iai-callgrind's method). Tests inject fakes.
public struct CallgrindRequests: Sendable {
    /// Whether the executable was built with Valgrind's headers (the requests are no-ops otherwise).
    public let isSupported: Bool
    /// The number of Valgrind layers the process runs under (0 natively).
    public let runningOnValgrind: @Sendable () -> UInt32
    public let startInstrumentation: @Sendable () -> Void
    public let stopInstrumentation: @Sendable () -> Void
    public let zeroStatistics: @Sendable () -> Void
    public let toggleCollection: @Sendable () -> Void
    /// Writes the count collected since the last dump to callgrind's next dump file, labelled.
    public let dumpStatistics: @Sendable (String) -> Void

    public init(
        isSupported: Bool, runningOnValgrind: @escaping @Sendable () -> UInt32,
        startInstrumentation: @escaping @Sendable () -> Void, stopInstrumentation: @escaping @Sendable () -> Void,
        zeroStatistics: @escaping @Sendable () -> Void, toggleCollection: @escaping @Sendable () -> Void,
        dumpStatistics: @escaping @Sendable (String) -> Void
    ) {
        self.isSupported = isSupported
        self.runningOnValgrind = runningOnValgrind
        self.startInstrumentation = startInstrumentation
        self.stopInstrumentation = stopInstrumentation
        self.zeroStatistics = zeroStatistics
        self.toggleCollection = toggleCollection
        self.dumpStatistics = dumpStatistics
    }

    /// An executable built without Valgrind's headers.
    public static let unavailable = CallgrindRequests(
        isSupported: false, runningOnValgrind: { 0 }, startInstrumentation: {}, stopInstrumentation: {},
        zeroStatistics: {}, toggleCollection: {}, dumpStatistics: { _ in })
}

/// The instructions one benchmark executes per operation, counted under callgrind.
public struct InstructionCount: Codable, Sendable, Equatable {
    /// Instructions per operation: (I(n) − I(0)) / (n · operations per iteration).
    public var perOperation: Double
    /// n: iterations of the counted call (a power of two, ``InstructionCounter/iterations(perIteration:)``).
    public var iterations: Int
    /// Operations of the counted call (n · operations per iteration).
    public var operations: Int
    /// I(n): instructions of the counted call of n iterations.
    public var instructions: UInt64
    /// I(0): instructions of a call of no iterations (the call, the loop's set-up), subtracted.
    public var overhead: UInt64
    /// Heap allocations per operation over the same n iterations (nil when not counted).
    public var allocationsPerOperation: Double?

    public init(
        perOperation: Double, iterations: Int, operations: Int, instructions: UInt64, overhead: UInt64,
        allocationsPerOperation: Double?
    ) {
        self.perOperation = perOperation
        self.iterations = iterations
        self.operations = operations
        self.instructions = instructions
        self.overhead = overhead
        self.allocationsPerOperation = allocationsPerOperation
    }
}

/// Why instructions could not be counted.
public struct InstructionCountingError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Counts a workload's instructions per operation in a process that runs under
/// `valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no --callgrind-out-file=BASE`.
///
/// Per workload, after one uncounted call of one iteration (lazy binding, first-use initialisation):
/// I(0) and I(1) with collection on only around the call; n = the largest power of two with
/// n·(I(1) − I(0)) ≤ ``instructionBudget`` (at least 1), so n depends on the workload's cost alone and
/// moves only when that cost doubles; one uncounted call of n iterations (the state a timed run has
/// after its warm-up); then I(0) and I(n) again, and the count per operation is
/// (I(n) − I(0)) / (n · operations per iteration). For n = 1 the first I(0) and I(1) are already
/// that measurement. Instrumentation is off outside the counted calls,
/// so set-up runs at Valgrind's uninstrumented speed and is never counted. Every quantity is an
/// instruction count of a deterministic program, so two runs agree to the instruction unless the
/// program itself varies (Swift's per-process hash seed does: the bench runs its counting child with
/// `SWIFT_DETERMINISTIC_HASHING=1`).
///
/// Callgrind writes each dump to `BASE.k` (k = 1, 2, …, in the order of the dump requests); the counter
/// reads its `totals:` line at once and removes the file.
public final class InstructionCounter {
    public let requests: CallgrindRequests
    /// callgrind's `--callgrind-out-file`.
    public let outputBase: String
    public let allocationCounter: AllocationCounter?
    private var dumps = 0

    /// Instructions a counted call aims at (about 0.3 s under callgrind on a 2020s core): thousands of
    /// operations of a cheap benchmark, so a count per operation is exact to well under 0.1 %.
    public static let instructionBudget: UInt64 = 4_000_000
    /// The most iterations a counted call runs.
    public static let maximumIterations = 1 << 30

    public init(requests: CallgrindRequests, outputBase: String, allocationCounter: AllocationCounter?) {
        self.requests = requests
        self.outputBase = outputBase
        self.allocationCounter = allocationCounter?.isLive == true ? allocationCounter : nil
    }

    /// n for a workload of `perIteration` instructions per iteration.
    public static func iterations(perIteration: UInt64) -> Int {
        var n = 1
        while n < maximumIterations {
            let (next, overflow) = UInt64(2 * n).multipliedReportingOverflow(by: max(perIteration, 1))
            guard !overflow, next <= instructionBudget else { break }
            n *= 2
        }
        return n
    }

    /// Fails unless this process runs under callgrind and its dumps are where they should be.
    public func checkRunningUnderCallgrind() throws(InstructionCountingError) {
        guard requests.isSupported else {
            throw InstructionCountingError("this executable was built without Valgrind's headers")
        }
        guard requests.runningOnValgrind() > 0 else {
            throw InstructionCountingError("not running under valgrind --tool=callgrind")
        }
    }

    /// The instructions and allocations of one call, collection on around it only.
    func countCall(_ workload: Workload, _ iterations: Int) throws -> (instructions: UInt64, allocations: UInt64) {
        requests.zeroStatistics()
        let a0 = allocationCounter?.read() ?? 0
        requests.toggleCollection()
        var failure: Error?
        do { try workload(iterations) } catch { failure = error }
        requests.toggleCollection()
        let a1 = allocationCounter?.read() ?? 0
        dumps += 1
        requests.dumpStatistics("popsim-bench \(dumps)")
        if let failure { throw failure }
        let path = "\(outputBase).\(dumps)"
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw InstructionCountingError("callgrind wrote no dump at \(path) (\(error.localizedDescription))")
        }
        try? FileManager.default.removeItem(atPath: path)
        guard let instructions = Self.totalInstructions(inDump: text) else {
            throw InstructionCountingError("no 'totals:' line in callgrind's dump \(path)")
        }
        return (instructions, a1 &- a0)
    }

    /// The first event count (Ir) of a callgrind dump's `totals:` line (or, failing that, its
    /// `summary:` line).
    public static func totalInstructions(inDump text: String) -> UInt64? {
        var summary: UInt64?
        for line in text.split(separator: "\n") {
            for key in ["totals:", "summary:"] where line.hasPrefix(key) {
                let value = line.dropFirst(key.count).split(separator: " ").first.flatMap { UInt64($0) }
                if key == "totals:", let value { return value }
                if summary == nil { summary = value }
            }
        }
        return summary
    }

    /// Counts one workload (``InstructionCounter``'s method); `iterations` imposes n (a baseline's, so
    /// that a comparison counts the same iterations, whatever the phase of a workload whose cost varies
    /// from iteration to iteration) instead of deriving it from I(1). The calls made are the same either
    /// way.
    public func count(_ workload: Workload, operationsPerIteration: Int, iterations: Int? = nil) throws
        -> InstructionCount
    {
        try workload(1)
        let (empty, one, oneAllocations) = try instrumented {
            let empty = try countCall(workload, 0)
            let one = try countCall(workload, 1)
            return (empty.instructions, one.instructions, one.allocations)
        }
        let n = min(
            max(iterations ?? Self.iterations(perIteration: one > empty ? one - empty : 1), 1), Self.maximumIterations)
        if n == 1 {
            // The calls already made are the method's for n = 1: one uncounted iteration, then I(0) and
            // I(1). A costly benchmark is not run again.
            return InstructionCount(
                perOperation: Double(one > empty ? one - empty : 0) / Double(operationsPerIteration), iterations: 1,
                operations: operationsPerIteration, instructions: one, overhead: empty,
                allocationsPerOperation: allocationCounter.map { _ in
                    Double(oneAllocations) / Double(operationsPerIteration)
                })
        }
        try workload(n)
        let (overhead, total, allocations) = try instrumented {
            let empty = try countCall(workload, 0)
            let counted = try countCall(workload, n)
            return (empty.instructions, counted.instructions, counted.allocations)
        }
        let operations = n * operationsPerIteration
        return InstructionCount(
            perOperation: Double(total > overhead ? total - overhead : 0) / Double(operations), iterations: n,
            operations: operations, instructions: total, overhead: overhead,
            allocationsPerOperation: allocationCounter.map { _ in Double(allocations) / Double(operations) })
    }

    private func instrumented<T>(_ body: () throws -> T) rethrows -> T {
        requests.startInstrumentation()
        defer { requests.stopInstrumentation() }
        return try body()
    }
}
