import Foundation
import FrameBench

/// The process `bench --counts` starts under callgrind for each benchmark: `bench --counting-child`,
/// run in a directory of its own, reads ``Request`` from `request.json` there, counts the benchmark it
/// names (and its reference; over the given iterations when there are some,
/// ``InstructionCounter/count(_:operationsPerIteration:iterations:)``) and writes one
/// ``CountedBenchmark`` to `counts.json` there.
///
/// One process per benchmark: a benchmark's count then depends on nothing that ran before it in the
/// same process (heap layout, hence the alignment of its buffers, moves a vector loop's peeled
/// iterations), so it is the same whatever `--filter` selects, and a benchmark that kills its process
/// (an instruction Valgrind cannot run) costs only itself. The request travels in a file, not in the
/// arguments, for the same reason: the arguments and the environment sit at the top of the stack, and
/// a few bytes more of them move every stack address below, which moves the count of a loop that is
/// sensitive to the alignment of its stack (the lsq2 estimator's count moves by 0.2 % with four bytes
/// of arguments). Every child's command line and environment are the same, byte for byte.
public enum CountingChild {
    /// The argument that makes a runner the counting child (internal: not in `--help`).
    public static let argument = "--counting-child"
    /// The request, the result and callgrind's dumps, in the child's working directory.
    public static let requestFile = "request.json"
    public static let resultFile = "counts.json"
    public static let dumpBase = "callgrind.out"

    /// What to count.
    public struct Request: Codable, Sendable, Equatable {
        public var id: String
        /// n for the benchmark and for its reference (a baseline's); nil: derived from I(1).
        public var iterations: Int?
        public var referenceIterations: Int?

        public init(id: String, iterations: Int? = nil, referenceIterations: Int? = nil) {
            self.id = id
            self.iterations = iterations
            self.referenceIterations = referenceIterations
        }
    }

    /// Counts and returns the exit status (0, or 1 when the request or the environment is wrong).
    public static func run(
        arguments: [String], catalog: Catalog, callgrind: CallgrindRequests, allocationCounter: AllocationCounter?
    ) -> Int32 {
        guard arguments.isEmpty else { return fail("usage: \(argument) (the request is read from \(requestFile))") }
        guard let data = FileManager.default.contents(atPath: requestFile),
            let request = try? ReportEncoding.decoder().decode(Request.self, from: data)
        else {
            return fail("\(argument): no readable \(requestFile) in \(FileManager.default.currentDirectoryPath)")
        }
        guard let benchmark = catalog.benchmarks.first(where: { $0.id == request.id }) else {
            return fail("\(argument): no benchmark is registered as '\(request.id)'")
        }
        guard [request.iterations, request.referenceIterations].allSatisfy({ ($0 ?? 1) > 0 }) else {
            return fail("\(argument): iterations must be positive")
        }
        let counter = InstructionCounter(
            requests: callgrind, outputBase: dumpBase, allocationCounter: allocationCounter)
        do { try counter.checkRunningUnderCallgrind() } catch { return fail(error.description) }
        let counted = count(
            benchmark, counter, iterations: request.iterations, referenceIterations: request.referenceIterations)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain values with string keys cannot fail.
        guard FileManager.default.createFile(atPath: resultFile, contents: try! encoder.encode(counted)) else {
            return fail("cannot write \(resultFile) in \(FileManager.default.currentDirectoryPath)")
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
