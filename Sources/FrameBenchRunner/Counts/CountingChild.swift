import Foundation
import FrameBench

/// The process `bench --counts` starts under callgrind for each benchmark: `bench --counting-child ID
/// [N [REFERENCE-N]]` counts the benchmark registered as ID (and its reference; over N iterations when
/// given, ``InstructionCounter/count(_:operationsPerIteration:iterations:)``) and writes one
/// ``CountedBenchmark`` as a JSON line to `counts.jsonl` in its working directory.
///
/// One process per benchmark: a benchmark's count then depends on nothing that ran before it in the
/// same process (heap layout, hence the alignment of its buffers, moves a vector loop's peeled
/// iterations), so it is the same whatever `--filter` selects, and a benchmark that kills its process
/// (an instruction Valgrind cannot run) costs only itself.
public enum CountingChild {
    /// The first argument that makes a runner the counting child (internal: not in `--help`).
    public static let argument = "--counting-child"
    /// The result file in the child's working directory.
    public static let resultsFile = "counts.jsonl"
    /// callgrind's `--callgrind-out-file`, in the child's working directory.
    public static let dumpBase = "callgrind.out"

    /// Counts and returns the exit status (0, or 1 when the arguments or the environment are wrong).
    public static func run(
        arguments: [String], catalog: Catalog, callgrind: CallgrindRequests, allocationCounter: AllocationCounter?
    ) -> Int32 {
        guard (1...3).contains(arguments.count) else {
            return fail("usage: \(argument) GROUP/NAME [ITERATIONS [REFERENCE-ITERATIONS]]")
        }
        guard let benchmark = catalog.benchmarks.first(where: { $0.id == arguments[0] }) else {
            return fail("\(argument): no benchmark is registered as '\(arguments[0])'")
        }
        let iterations = arguments.dropFirst().map { Int($0) }
        guard iterations.allSatisfy({ $0 != nil && $0! > 0 }) else {
            return fail("\(argument): iterations must be positive integers, not \(arguments.dropFirst())")
        }
        let counter = InstructionCounter(
            requests: callgrind, outputBase: dumpBase, allocationCounter: allocationCounter)
        do { try counter.checkRunningUnderCallgrind() } catch { return fail(error.description) }
        let counted = count(
            benchmark, counter, iterations: iterations.first ?? nil,
            referenceIterations: iterations.dropFirst().first ?? nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain values with string keys cannot fail.
        var line = try! encoder.encode(counted)
        line.append(UInt8(ascii: "\n"))
        guard FileManager.default.createFile(atPath: resultsFile, contents: line) else {
            return fail("cannot write \(resultsFile) in \(FileManager.default.currentDirectoryPath)")
        }
        return 0
    }

    static func count(
        _ benchmark: Benchmark, _ counter: InstructionCounter, iterations: Int?, referenceIterations: Int?
    ) -> CountedBenchmark {
        var result = CountedBenchmark(id: benchmark.id)
        do {
            let workload: Workload
            do { workload = try benchmark.setup() } catch {
                throw BenchError.setupFailed(id: benchmark.id, reason: "\(error)")
            }
            result.count = try counter.count(
                workload, operationsPerIteration: benchmark.operationsPerIteration, iterations: iterations)
            if let reference = benchmark.reference {
                let referenceWorkload: Workload
                do { referenceWorkload = try reference.setup() } catch {
                    throw BenchError.setupFailed(id: "\(benchmark.id) [\(reference.name)]", reason: "\(error)")
                }
                result.reference = try counter.count(
                    referenceWorkload, operationsPerIteration: reference.operationsPerIteration,
                    iterations: referenceIterations)
            }
        } catch {
            result.error = "\(error)"
        }
        return result
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode.error.rawValue
    }
}
