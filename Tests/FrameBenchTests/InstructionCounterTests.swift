import Foundation
import Testing

@testable import FrameBench

/// A stand-in for callgrind: counts the "instructions" workloads report while collection is on, and
/// writes each dump as callgrind does (`BASE.k`, a `totals:` line), so the counting method is checked
/// against numbers known by construction.
final class FakeCallgrind: @unchecked Sendable {
    let base: String
    var instrumented = false
    var collecting = false
    var instructions: UInt64 = 0
    var dumps = 0
    var events: [String] = []

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fake-callgrind-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        base = directory.appendingPathComponent("callgrind.out").path
    }

    /// What a workload calls for the instructions it executes.
    func execute(_ count: UInt64) { if instrumented && collecting { instructions += count } }

    var requests: CallgrindRequests {
        CallgrindRequests(
            isSupported: true, runningOnValgrind: { 1 },
            startInstrumentation: { self.instrumented = true },
            stopInstrumentation: { self.instrumented = false },
            zeroStatistics: { self.instructions = 0 },
            toggleCollection: { self.collecting.toggle() },
            dumpStatistics: { label in
                self.dumps += 1
                let text =
                    "# callgrind format\nversion: 1\ndesc: Trigger: Client Request: \(label)\nevents: Ir\n"
                    + "summary: \(self.instructions)\nfn=(1) main\n16 3\ntotals: \(self.instructions)\n"
                try? text.write(toFile: "\(self.base).\(self.dumps)", atomically: true, encoding: .utf8)
                self.instructions = 0
            })
    }
}

@Suite struct InstructionCounterTests {
    /// A workload of 7 instructions per iteration and 30 per call, counted: (I(n) − I(0))/n = 7 exactly,
    /// with n the largest power of two whose n·I(1) fits the budget (I(1) − I(0) = 7: 4 000 000/7 =
    /// 571 428.6, so n = 2¹⁹ = 524 288).
    @Test func countsPerOperationWithoutTheCallsOverhead() throws {
        let fake = try FakeCallgrind()
        let counter = InstructionCounter(requests: fake.requests, outputBase: fake.base, allocationCounter: nil)
        let count = try counter.count({ n in fake.execute(30 + 7 * UInt64(n)) }, operationsPerIteration: 1)
        #expect(count.perOperation == 7)
        #expect(count.iterations == 524_288)
        #expect(count.overhead == 30)
        #expect(count.instructions == 30 + 7 * 524_288)
        #expect(count.allocationsPerOperation == nil)
        // Dumps are read and removed.
        #expect(!FileManager.default.fileExists(atPath: "\(fake.base).\(fake.dumps)"))
        // Batches: 4 operations per iteration of 28 instructions.
        let batch = try counter.count({ n in fake.execute(30 + 28 * UInt64(n)) }, operationsPerIteration: 4)
        #expect(batch.perOperation == 7)
        #expect(batch.operations == 4 * batch.iterations)
    }

    /// Set-up and the uncounted calls are never counted: work done outside collection (a workload's
    /// first call, the warm-up of n iterations) adds nothing.
    @Test func onlyTheCountedCallsAreCounted() throws {
        let fake = try FakeCallgrind()
        let counter = InstructionCounter(requests: fake.requests, outputBase: fake.base, allocationCounter: nil)
        var calls: [Int] = []
        let count = try counter.count(
            { n in
                calls.append(n)
                // The first call costs a million more (lazy initialisation): it is the uncounted one.
                fake.execute((calls.count == 1 ? 1_000_000 : 0) + 5 * UInt64(n))
            }, operationsPerIteration: 1)
        #expect(count.perOperation == 5)
        // One uncounted iteration, I(0), I(1), n uncounted, I(0), I(n).
        #expect(calls == [1, 0, 1, count.iterations, 0, count.iterations])
        #expect(!fake.instrumented && !fake.collecting)
    }

    /// A costly workload (more than the budget per iteration) is counted over one iteration and not run
    /// again; an imposed n (a baseline's) replaces the derived one with the same calls.
    @Test func costlyWorkloadsAndImposedIterations() throws {
        let fake = try FakeCallgrind()
        let counter = InstructionCounter(requests: fake.requests, outputBase: fake.base, allocationCounter: nil)
        var calls: [Int] = []
        let costly = try counter.count(
            { n in
                calls.append(n)
                fake.execute(10 + 9_000_000 * UInt64(n))
            }, operationsPerIteration: 3)
        #expect(calls == [1, 0, 1])
        #expect(costly.iterations == 1)
        #expect(costly.perOperation == 3_000_000)
        calls = []
        let imposed = try counter.count(
            { n in
                calls.append(n)
                fake.execute(10 + 3 * UInt64(n))
            }, operationsPerIteration: 1, iterations: 64)
        #expect(calls == [1, 0, 1, 64, 0, 64])
        #expect(imposed.iterations == 64 && imposed.perOperation == 3)
    }

    /// Allocations over the counted iterations, per operation, from the live counter.
    @Test func allocationsOverTheCountedIterations() throws {
        let fake = try FakeCallgrind()
        final class Heap: @unchecked Sendable { var count: UInt64 = 0 }
        let heap = Heap()
        let counter = InstructionCounter(
            requests: fake.requests, outputBase: fake.base,
            allocationCounter: AllocationCounter(method: "fake", isLive: true, read: { heap.count }))
        let count = try counter.count(
            { n in
                heap.count += UInt64(n / 4)
                fake.execute(UInt64(100 * n))
            }, operationsPerIteration: 1)
        #expect(count.allocationsPerOperation == 0.25)
    }

    @Test(arguments: [(1, 2_097_152), (7, 524_288), (4_000_000, 1), (2_000_000, 2), (1 << 40, 1), (UInt64.max, 1)])
    func iterationsArePowersOfTwoWithinTheBudget(perIteration: UInt64, iterations: Int) {
        #expect(InstructionCounter.iterations(perIteration: perIteration) == iterations)
    }

    @Test func dumpTotals() {
        #expect(InstructionCounter.totalInstructions(inDump: "events: Ir\nsummary: 12\ntotals: 12\n") == 12)
        #expect(InstructionCounter.totalInstructions(inDump: "events: Ir\nsummary: 40\n") == 40)
        #expect(InstructionCounter.totalInstructions(inDump: "events: Ir\n") == nil)
    }

    /// Outside valgrind (or built without its headers) counting refuses, saying why.
    @Test func refusesOutsideCallgrind() throws {
        let fake = try FakeCallgrind()
        let native = InstructionCounter(requests: .unavailable, outputBase: fake.base, allocationCounter: nil)
        #expect(throws: InstructionCountingError("this executable was built without Valgrind's headers")) {
            try native.checkRunningUnderCallgrind()
        }
        let requests = fake.requests
        let notUnder = CallgrindRequests(
            isSupported: true, runningOnValgrind: { 0 }, startInstrumentation: requests.startInstrumentation,
            stopInstrumentation: requests.stopInstrumentation, zeroStatistics: requests.zeroStatistics,
            toggleCollection: requests.toggleCollection, dumpStatistics: requests.dumpStatistics)
        let counter = InstructionCounter(requests: notUnder, outputBase: fake.base, allocationCounter: nil)
        #expect(throws: InstructionCountingError("not running under valgrind --tool=callgrind")) {
            try counter.checkRunningUnderCallgrind()
        }
    }
}
