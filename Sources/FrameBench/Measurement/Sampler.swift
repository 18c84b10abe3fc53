/// How long and how often to time one benchmark.
public struct SamplingPlan: Sendable, Equatable {
    /// Samples per benchmark (and per reference).
    public var samples: Int
    /// Target total measuring time per benchmark, seconds: each sample runs about minimumTime/samples.
    public var minimumTime: Double
    /// Warm-up time before sampling, seconds (caches, branch predictors, lazy initialisation, page
    /// faults of fresh buffers all settle here; the calibration runs count as warm-up too).
    public var warmupTime: Double
    /// No sample is shorter than this, so the clock's resolution and read cost stay far below the
    /// measured time (google/benchmark grows its iteration count the same way).
    public var minimumSampleNanoseconds: Double

    /// Samples of an operation too slow for the plan: when one iteration alone outlasts the per-sample
    /// target, the sample count drops to what fits in 4 × ``minimumTime`` (but never below 10), so one
    /// slow solver cannot hold the whole run hostage. The report shows the count actually taken.
    public func sampleCount(nanosecondsPerSample: Double) -> Int {
        let target = max(minimumSampleNanoseconds, minimumTime * 1e9 / Double(max(samples, 1)))
        guard nanosecondsPerSample > 2 * target else { return samples }
        return min(samples, max(10, Int(4 * minimumTime * 1e9 / nanosecondsPerSample)))
    }

    public init(samples: Int, minimumTime: Double, warmupTime: Double, minimumSampleNanoseconds: Double) {
        self.samples = samples
        self.minimumTime = minimumTime
        self.warmupTime = warmupTime
        self.minimumSampleNanoseconds = minimumSampleNanoseconds
    }
}

/// The raw samples of one workload.
public struct SampleSet: Sendable {
    /// Nanoseconds per operation, one value per sample, in the order taken (clock overhead subtracted).
    public var perOperation: [Double]
    /// The same samples' work per operation: min(wall clock, thread CPU time), as frame loops are judged
    /// (``FrameTimes/work``): a sample during which the thread was preempted counts the time it ran. What
    /// comparisons across runs use, so another process's load does not read as a slower operation.
    public var workPerOperation: [Double] = []
    public var iterationsPerSample: Int
    public var warmupIterations: Int
    /// Operations timed over all samples.
    public var operations: Int
    /// Heap allocations over all samples (nil when no live counter).
    public var allocations: UInt64?

    public var allocationsPerOperation: Double? {
        allocations.map { Double($0) / Double(max(operations, 1)) }
    }
}

/// Times workloads: warm-up, adaptive iterations per sample, samples with the clock's read overhead
/// subtracted, allocation counts read outside the timed region.
public struct Sampler {
    /// One clock read, ns (``MonotonicClock/readOverhead(pairs:)``), subtracted from every sample.
    public let clockOverhead: Double
    public let allocationCounter: AllocationCounter?

    public init(clockOverhead: Double, allocationCounter: AllocationCounter?) {
        self.clockOverhead = clockOverhead
        self.allocationCounter = allocationCounter?.isLive == true ? allocationCounter : nil
    }

    struct Calibration {
        var iterationsPerSample: Int
        var warmupIterations: Int
        /// Expected duration of one sample, ns.
        var nanosecondsPerSample: Double
    }

    /// Warms the workload up while growing the iteration count until one run lasts at least the minimum
    /// sample time, keeps running it until the warm-up time is spent, then sizes samples from the median
    /// time per iteration of the full-length runs.
    func calibrate(_ workload: Workload, _ plan: SamplingPlan) throws -> Calibration {
        var iterations = 1
        var total = 0
        var estimates: [Double] = []
        let start = MonotonicClock.now()
        let warmup = plan.warmupTime * 1e9
        while true {
            let t0 = MonotonicClock.now()
            try workload(iterations)
            let t1 = MonotonicClock.now()
            total += iterations
            let elapsed = max(Double(t1 &- t0) - clockOverhead, 1)
            if elapsed >= plan.minimumSampleNanoseconds {
                estimates.append(elapsed / Double(iterations))
                if Double(MonotonicClock.now() &- start) >= warmup { break }
            } else {
                let growth = min(10, max(2, plan.minimumSampleNanoseconds * 1.4 / elapsed))
                iterations = min(Int(Double(iterations) * growth), 1 << 40)
            }
        }
        estimates.sort()
        let perIteration = estimates[(estimates.count - 1) / 2]
        let target = max(plan.minimumSampleNanoseconds, plan.minimumTime * 1e9 / Double(max(plan.samples, 1)))
        let perSample = max(1, min(Int((target / perIteration).rounded(.up)), 1 << 40))
        return Calibration(
            iterationsPerSample: perSample, warmupIterations: total,
            nanosecondsPerSample: Double(perSample) * perIteration)
    }

    /// One sample: the wall clock brackets the workload alone; the thread's CPU clock brackets that
    /// (a system call, outside the wall-clock region), and the allocation counter brackets both.
    @inline(__always)
    private func timeOnce(
        _ workload: Workload, _ iterations: Int, _ operations: Int,
        _ samples: inout [Double], _ work: inout [Double], _ allocations: inout UInt64
    ) throws {
        let a0 = allocationCounter?.read() ?? 0
        let c0 = ThreadCPUClock.now()
        let t0 = MonotonicClock.now()
        try workload(iterations)
        let t1 = MonotonicClock.now()
        let c1 = ThreadCPUClock.now()
        let a1 = allocationCounter?.read() ?? 0
        let count = Double(iterations * operations)
        let wall = max(Double(t1 &- t0) - clockOverhead, 0)
        samples.append(wall / count)
        work.append(min(wall, Double(c1 &- c0)) / count)
        allocations &+= a1 &- a0
    }

    /// Times one workload.
    public func measure(_ workload: Workload, operationsPerIteration: Int, plan: SamplingPlan) throws -> SampleSet {
        let calibration = try calibrate(workload, plan)
        let count = plan.sampleCount(nanosecondsPerSample: calibration.nanosecondsPerSample)
        var samples: [Double] = []
        var work: [Double] = []
        samples.reserveCapacity(count)
        work.reserveCapacity(count)
        var allocations: UInt64 = 0
        for _ in 0..<count {
            try timeOnce(
                workload, calibration.iterationsPerSample, operationsPerIteration, &samples, &work, &allocations)
        }
        return SampleSet(
            perOperation: samples, workPerOperation: work, iterationsPerSample: calibration.iterationsPerSample,
            warmupIterations: calibration.warmupIterations,
            operations: count * calibration.iterationsPerSample * operationsPerIteration,
            allocations: allocationCounter == nil ? nil : allocations)
    }

    /// Times two workloads of the same operation (a benchmark and its reference) in lockstep: samples
    /// interleave in the order A B B A A B B A …, so slow drifts of the machine (frequency, other
    /// processes) affect both alike; and both run the same number of iterations before sampling and in
    /// every sample, so workloads whose cost depends on an internal phase (a spring animation restarted
    /// every 200 frames, whose early frames cost an adaptive solver more steps) are compared over the
    /// same frames. The common iteration count is the slower workload's, raised if needed so that the
    /// faster one's samples still last the minimum sample time.
    public func measureInterleaved(
        _ a: Workload, operationsPerIteration opsA: Int,
        _ b: Workload, operationsPerIteration opsB: Int,
        plan: SamplingPlan
    ) throws -> (SampleSet, SampleSet) {
        let calibrationA = try calibrate(a, plan)
        let calibrationB = try calibrate(b, plan)
        // Align the phases: bring the workload that warmed up less to the same iteration count.
        if calibrationA.warmupIterations < calibrationB.warmupIterations {
            try a(calibrationB.warmupIterations - calibrationA.warmupIterations)
        } else if calibrationB.warmupIterations < calibrationA.warmupIterations {
            try b(calibrationA.warmupIterations - calibrationB.warmupIterations)
        }
        let warmup = max(calibrationA.warmupIterations, calibrationB.warmupIterations)
        let perIterationA = calibrationA.nanosecondsPerSample / Double(calibrationA.iterationsPerSample)
        let perIterationB = calibrationB.nanosecondsPerSample / Double(calibrationB.iterationsPerSample)
        let fastest = max(min(perIterationA, perIterationB), 1e-3)
        let iterations = max(
            min(calibrationA.iterationsPerSample, calibrationB.iterationsPerSample),
            Int((plan.minimumSampleNanoseconds / fastest).rounded(.up)))
        let count = plan.sampleCount(nanosecondsPerSample: Double(iterations) * (perIterationA + perIterationB))
        var samplesA: [Double] = []
        var samplesB: [Double] = []
        var workA: [Double] = []
        var workB: [Double] = []
        samplesA.reserveCapacity(count)
        samplesB.reserveCapacity(count)
        workA.reserveCapacity(count)
        workB.reserveCapacity(count)
        var allocationsA: UInt64 = 0
        var allocationsB: UInt64 = 0
        for i in 0..<count {
            if i % 2 == 0 {
                try timeOnce(a, iterations, opsA, &samplesA, &workA, &allocationsA)
                try timeOnce(b, iterations, opsB, &samplesB, &workB, &allocationsB)
            } else {
                try timeOnce(b, iterations, opsB, &samplesB, &workB, &allocationsB)
                try timeOnce(a, iterations, opsA, &samplesA, &workA, &allocationsA)
            }
        }
        let live = allocationCounter != nil
        return (
            SampleSet(
                perOperation: samplesA, workPerOperation: workA, iterationsPerSample: iterations,
                warmupIterations: warmup, operations: count * iterations * opsA, allocations: live ? allocationsA : nil),
            SampleSet(
                perOperation: samplesB, workPerOperation: workB, iterationsPerSample: iterations,
                warmupIterations: warmup, operations: count * iterations * opsB, allocations: live ? allocationsB : nil)
        )
    }

    /// The cost of timing one frame with nothing in it, in both clocks (median of 2 000 empty
    /// frames): subtracted from every frame of a frame loop.
    public static func emptyFrameOverhead(frames: Int = 2_000) -> (wall: Int, cpu: Int) {
        var wall = [Int]()
        var cpu = [Int]()
        wall.reserveCapacity(frames)
        cpu.reserveCapacity(frames)
        for _ in 0..<frames {
            let c0 = ThreadCPUClock.now()
            let t0 = MonotonicClock.now()
            let t1 = MonotonicClock.now()
            let c1 = ThreadCPUClock.now()
            wall.append(Int(t1 &- t0))
            cpu.append(Int(c1 &- c0))
        }
        wall.sort()
        cpu.sort()
        return (wall[(frames - 1) / 2], cpu[(frames - 1) / 2])
    }

    /// Per-frame times of a frame loop, whole nanoseconds, empty-frame overhead subtracted, ≥ 0.
    public struct FrameTimes: Sendable {
        /// The frame's work: min(wall-clock time, thread CPU time). A thread cannot run longer than the
        /// wall clock, so the smaller of the two is the better estimate of its work either way: the
        /// wall clock (vDSO, ~20 ns, precise) when the thread ran uninterrupted, the CPU clock (a system
        /// call, jitter of a few hundred ns) when another process preempted it.
        public var work: [Int]
        /// Wall-clock time per frame (work plus any time the thread was not running).
        public var wallClock: [Int]
        /// Heap allocations over all timed frames (nil when not counted).
        public var allocations: UInt64?
    }

    /// Runs `warmupFrames` untimed frames, then times `frames` frames one by one on both clocks.
    public func measureFrames(
        _ work: FrameWork, warmupFrames: Int, frames: Int,
        overhead: (wall: Int, cpu: Int)
    ) throws -> FrameTimes {
        for frame in 0..<warmupFrames { try work(frame) }
        var workTimes = [Int]()
        var wallTimes = [Int]()
        workTimes.reserveCapacity(frames)
        wallTimes.reserveCapacity(frames)
        var allocations: UInt64 = 0
        for frame in warmupFrames..<(warmupFrames + frames) {
            let a0 = allocationCounter?.read() ?? 0
            let c0 = ThreadCPUClock.now()
            let t0 = MonotonicClock.now()
            try work(frame)
            let t1 = MonotonicClock.now()
            let c1 = ThreadCPUClock.now()
            let a1 = allocationCounter?.read() ?? 0
            let wall = max(Int(t1 &- t0) - overhead.wall, 0)
            wallTimes.append(wall)
            workTimes.append(min(wall, max(Int(c1 &- c0) - overhead.cpu, 0)))
            allocations &+= a1 &- a0
        }
        return FrameTimes(
            work: workTimes, wallClock: wallTimes, allocations: allocationCounter == nil ? nil : allocations)
    }
}
