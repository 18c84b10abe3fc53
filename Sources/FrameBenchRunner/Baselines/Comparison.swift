import FrameBench

/// A run compared with a saved baseline, distribution by distribution (micro benchmarks per operation,
/// their references, scenarios per frame and rate).
///
/// With instruction counts in both runs (`--counts`), each benchmark is judged on its instructions and
/// allocations per operation, which a shared machine's load does not move (rustc-perf gates on
/// `instructions:u` for that reason): **regressed** when either grew by more than the threshold (1 %),
/// **improved** when either shrank by more and neither grew, **unchanged** otherwise. Wall time is
/// shown beside it and judged on nothing.
///
/// On wall time alone, every change is first divided by the machine's change of speed, read from the
/// ``Yardstick``s measured in both runs (the C reference kernels). Then, in the spirit of criterion.rs
/// (Documentation/benchmarking.md §2 and §10.2):
/// - **unchanged**: the normalised median moved by at most the threshold (default 5 %);
/// - **within noise**: it moved more, but no more than the yardsticks' own spread (a change of the
///   machine that the yardstick cannot divide out), or the two-sided Mann-Whitney U test on the
///   normalised raw samples gives p ≥ α (0.05), or (a frame loop) its median moved by less than one
///   read of the thread's CPU clock, the frame clock's resolution;
/// - **regressed** / **improved**: it moved more than the threshold and the spread, and p < α.
public struct Comparison: Codable, Sendable {
    public enum Verdict: String, Codable, Sendable {
        case improved, regressed, unchanged
        case withinNoise = "within noise"
        /// A comparison on counts where one of the runs has no count of this benchmark.
        case notCounted = "not counted"
    }

    /// What the verdicts are decided on.
    public enum Basis: String, Codable, Sendable {
        case instructions = "instructions and allocations"
        case wallTime = "wall time"
    }

    public struct Entry: Codable, Sendable, Equatable {
        public var id: String
        /// A benchmark's reference ("id [name]"): shown with its verdict, but not judged (the exit status
        /// ignores it): a C kernel's change is the machine's or the bench's, not the code's under test.
        public var isReference: Bool = false
        public var baselineMedian: Double
        public var currentMedian: Double
        /// (current − baseline)/baseline of the medians, as measured.
        public var change: Double
        /// The change of the medians once the machine's change of speed is divided out (the yardstick).
        public var normalizedChange: Double
        /// Mann-Whitney U on the normalised samples.
        public var pValue: Double
        public var baselineInstructions: Double?
        public var currentInstructions: Double?
        public var instructionChange: Double?
        /// Allocations per operation over the counted iterations.
        public var baselineAllocations: Double?
        public var currentAllocations: Double?
        public var allocationChange: Double?
        public var verdict: Verdict
    }

    public var basis: Basis
    /// Which times of the micro benchmarks were compared.
    public enum Measure: String, Codable, Sendable {
        /// min(wall clock, thread CPU time) per sample: what the thread itself took.
        case work = "work (min of wall clock and thread CPU time)"
        /// The wall clock (a baseline written before work samples existed).
        case wallClock = "wall clock"
    }
    public var measure: Measure
    public var baseline: String
    /// As a fraction.
    public var threshold: Double
    public var alpha: Double
    /// The machine's change of speed between the runs (wall time), from the yardsticks.
    public var yardstick: Yardstick
    /// The least change wall time can judge in this pair of runs: the larger of `threshold` and the
    /// yardsticks' spread. Changes between the threshold and it are within noise.
    public var wallTimeThreshold: Double
    public var entries: [Entry]
    /// In the current run but not in the baseline.
    public var new: [String]
    /// In the baseline but not in the current run, though the current run's filter and rates select it.
    public var missing: [String]
    /// How many of the baseline's distributions the current run's `--filter` or `--rate` leaves out:
    /// not run by choice, so not listed as missing (absent from reports written before it existed).
    public var unselected: Int?
    /// The baseline's machine and settings, shown beside the current run's.
    public var baselineEnvironment: EnvironmentInfo
    public var baselineConfiguration: RunConfiguration
    /// What the reader must know about the two runs (different CPU, different settings).
    public var warnings: [String]

    /// The relative change from `old` to `new`: +∞ from 0 to anything, 0 from 0 to 0.
    public static func relativeChange(from old: Double, to new: Double) -> Double {
        old > 0 ? (new - old) / old : (new > 0 ? .infinity : 0)
    }

    /// The wall-time verdict for one distribution, its samples divided by `factor` (the machine's
    /// slowdown): unchanged within `threshold`, within noise within `noise` (the yardsticks' spread) or
    /// when the U test cannot tell, else regressed or improved.
    public static func verdict(
        baseline: [Double], current: [Double], factor: Double = 1, threshold: Double, noise: Double = 0,
        alpha: Double
    ) -> (change: Double, pValue: Double, verdict: Verdict) {
        let normalized = factor == 1 ? current : current.map { $0 / factor }
        let old = Percentile.median(sorted: baseline.sorted())
        let new = Percentile.median(sorted: normalized.sorted())
        let change = relativeChange(from: old, to: new)
        let p = MannWhitneyU(normalized, baseline).pValue
        if abs(change) <= threshold { return (change, p, .unchanged) }
        if abs(change) <= noise || p >= alpha { return (change, p, .withinNoise) }
        return (change, p, change > 0 ? .regressed : .improved)
    }

    /// The verdict on counts: regressed when instructions or allocations grew beyond the threshold,
    /// improved when one shrank beyond it and neither grew.
    public static func countVerdict(instructionChange: Double, allocationChange: Double?, threshold: Double)
        -> Verdict
    {
        let changes = [instructionChange] + (allocationChange.map { [$0] } ?? [])
        if changes.contains(where: { $0 > threshold }) { return .regressed }
        if changes.contains(where: { $0 < -threshold }) { return .improved }
        return .unchanged
    }

    /// Compares every distribution present in both runs, on `basis`.
    public init(
        current: RunReport, baseline: RunReport, baselineName: String, basis: Basis, threshold: Double, alpha: Double
    ) {
        self.basis = basis
        self.baseline = baselineName
        self.threshold = threshold
        self.alpha = alpha
        baselineEnvironment = baseline.environment
        baselineConfiguration = baseline.configuration
        warnings = Self.warnings(current: current, baseline: baseline)
        if let reason = Self.incomparability(current.configuration, baseline: baseline.configuration) {
            warnings.append("wall times are shown but not comparable: \(reason)")
        }
        let work = Self.hasWorkSamples(current) && Self.hasWorkSamples(baseline)
        measure = work ? .work : .wallClock
        yardstick = Yardstick(current: current, baseline: baseline, work: work)
        wallTimeThreshold = max(threshold, yardstick.spread)
        if yardstick.spread > threshold {
            warnings.append(
                "the yardsticks disagree by up to \(Formatting.percent(yardstick.spread)) (90th percentile): the "
                    + "machine's load changed unevenly between the runs, and wall-time changes under that are "
                    + "within noise; judge on instruction counts (\(BenchOptions.countsParameter.flag)) or time both builds in one run (\(BenchOptions.abParameter.flag))"
            )
        }
        let now = Self.distributions(current, work: work)
        let before = Self.distributions(baseline, work: work)
        let beforeByID = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let nowIDs = Set(now.map(\.id))
        var entries: [Entry] = []
        var new: [String] = []
        for distribution in now {
            guard let old = beforeByID[distribution.id], !old.samples.isEmpty, !distribution.samples.isEmpty else {
                new.append(distribution.id)
                continue
            }
            if basis == .instructions && distribution.count == nil && old.count == nil { continue }
            let factor = yardstick.factor(for: distribution.id)
            let (normalizedChange, p, verdict) = Self.verdict(
                baseline: old.samples, current: distribution.samples, factor: factor, threshold: threshold,
                noise: yardstick.spread, alpha: alpha)
            var wallVerdict = verdict
            let baselineMedian = Percentile.median(sorted: old.samples.sorted())
            let currentMedian = Percentile.median(sorted: distribution.samples.sorted())
            // A frame is timed on its own: a change of its median smaller than one read of the thread's
            // CPU clock is below what the frame clock resolves.
            let resolution = [current, baseline].compactMap { $0.environment.frameClockOverheadNanoseconds }.max()
            if distribution.isFrameLoop, wallVerdict == .regressed || wallVerdict == .improved, let resolution,
                abs(currentMedian / factor - baselineMedian) <= resolution
            {
                wallVerdict = .withinNoise
            }
            var entry = Entry(
                id: distribution.id, isReference: distribution.isReference, baselineMedian: baselineMedian,
                currentMedian: currentMedian,
                change: Self.relativeChange(from: baselineMedian, to: currentMedian),
                normalizedChange: normalizedChange, pValue: p,
                baselineInstructions: old.count?.perOperation, currentInstructions: distribution.count?.perOperation,
                baselineAllocations: old.count?.allocationsPerOperation,
                currentAllocations: distribution.count?.allocationsPerOperation, verdict: wallVerdict)
            if basis == .instructions {
                if let a = old.count, let b = distribution.count {
                    entry.instructionChange = Self.relativeChange(from: a.perOperation, to: b.perOperation)
                    if let x = a.allocationsPerOperation, let y = b.allocationsPerOperation {
                        entry.allocationChange = Self.relativeChange(from: x, to: y)
                    }
                    entry.verdict = Self.countVerdict(
                        instructionChange: entry.instructionChange!, allocationChange: entry.allocationChange,
                        threshold: threshold)
                } else {
                    entry.verdict = .notCounted
                }
            }
            entries.append(entry)
        }
        self.entries = entries
        self.new = new
        let selection = current.configuration
        let absent = before.filter { !nowIDs.contains($0.id) }
        let selected = absent.filter {
            Runner.selects($0.registeredID, filter: selection.filter)
                && $0.rateHertz.map(selection.ratesHertz.contains) ?? true
        }
        missing = selected.map(\.id)
        unselected = absent.count - selected.count
    }

    /// One comparable distribution of a report.
    struct Distribution {
        var id: String
        /// The registered `group/name` that `--filter` selects.
        var registeredID: String
        var samples: [Double]
        var count: InstructionCount?
        var isReference = false
        /// A frame loop's frames: timed one by one, so their resolution is the frame clock's.
        var isFrameLoop = false
        /// A frame loop's rate, which `--rate` selects.
        var rateHertz: Int? = nil
    }

    /// Every distribution of a report, in report order: micro benchmarks (their instruction counts
    /// with them), their references ("id [name]"), scenarios ("id @120 Hz"; not counted). Micro
    /// benchmarks bring their work samples (min(wall, thread CPU time)) where both runs have them, as
    /// scenarios do: the time another process held the CPU is not the code's.
    static func distributions(_ report: RunReport, work: Bool) -> [Distribution] {
        var result = report.benchmarks.map {
            Distribution(
                id: $0.id, registeredID: $0.id, samples: work ? $0.workSamples ?? [] : $0.samples,
                count: $0.instructionCount)
        }
        for b in report.benchmarks {
            if let r = b.reference {
                result.append(
                    Distribution(
                        id: "\(b.id) [\(r.name)]", registeredID: b.id, samples: work ? r.workSamples ?? [] : r.samples,
                        count: r.instructionCount, isReference: true))
            }
        }
        result += report.scenarios.map {
            Distribution(
                id: "\($0.id) @\($0.rateHertz) Hz", registeredID: $0.id, samples: $0.samples, isFrameLoop: true,
                rateHertz: $0.rateHertz)
        }
        return result
    }

    static func hasWorkSamples(_ report: RunReport) -> Bool {
        report.benchmarks.allSatisfy { $0.workSamples?.isEmpty == false }
    }

    /// Differences of machine and build the reader must weigh.
    static func warnings(current: RunReport, baseline: RunReport) -> [String] {
        var warnings: [String] = []
        let (a, b) = (baseline.environment, current.environment)
        if a.cpuModel != b.cpuModel || a.logicalCPUs != b.logicalCPUs {
            warnings.append(
                "the baseline ran on \(a.cpuModel) (\(a.logicalCPUs) CPUs), this run on \(b.cpuModel) "
                    + "(\(b.logicalCPUs) CPUs): wall times compare machines as much as code")
        }
        if a.swiftVersion != b.swiftVersion {
            warnings.append("the baseline was built by Swift \(a.swiftVersion), this run by Swift \(b.swiftVersion)")
        }
        if let x = a.loadAverageStart.first, let y = b.loadAverageStart.first, max(x, y) > 2 * max(min(x, y), 0.5) {
            warnings.append(
                "load average \(TextReport.loads([x])) at the baseline's start, \(TextReport.loads([y])) at this "
                    + "run's: wall times are divided by the yardstick, instruction counts do not move with load")
        }
        return warnings
    }

    /// Whether a judged entry (not a reference) regressed: what sets the exit status.
    public var hasRegression: Bool { entries.contains { !$0.isReference && $0.verdict == .regressed } }
    public var hasImprovement: Bool { entries.contains { !$0.isReference && $0.verdict == .improved } }

    /// Why a run with `options` must not be compared with `baseline` at all (nil when it may), said
    /// before anything is measured: a comparison on counts with a baseline that has none, or a
    /// comparison on wall time with other sampling settings.
    public static func refusal(options: BenchOptions, baseline: RunReport, baselineName: String) -> String? {
        if options.counts {
            guard baseline.benchmarks.contains(where: { $0.instructionCount != nil }) else {
                return
                    "baseline '\(baselineName)' has no instruction counts (it was saved without \(BenchOptions.countsParameter.flag)): "
                    + "save it again with \(BenchOptions.countsParameter.flag), or compare wall times without \(BenchOptions.countsParameter.flag)"
            }
            return nil
        }
        guard let reason = incomparability(RunConfiguration(options), baseline: baseline.configuration) else {
            return nil
        }
        return
            "wall times cannot be compared with baseline '\(baselineName)': \(reason); run with the baseline's "
            + "settings, or compare instruction counts (\(BenchOptions.countsParameter.flag), with a baseline saved with \(BenchOptions.countsParameter.flag)), which do "
            + "not depend on them"
    }

    /// Why the wall times of a run with `configuration` cannot be compared with `baseline`'s (nil when
    /// they can): a quick run against a full one, or other sampling settings, measure different things
    /// (fewer warm-up iterations, other sample lengths) and would read as changes of the code.
    public static func incomparability(_ configuration: RunConfiguration, baseline: RunConfiguration) -> String? {
        func describe(_ c: RunConfiguration) -> String {
            "\(c.quick ? "quick" : "full") run: \(c.samples) samples, min-time \(Formatting.significant(c.minimumTimeSeconds)) s, "
                + "warm-up \(Formatting.significant(c.warmupSeconds)) s, samples of ≥ "
                + "\(Formatting.time(c.minimumSampleNanoseconds)), \(c.scenarioFrames) frames per scenario"
        }
        let same =
            configuration.quick == baseline.quick && configuration.samples == baseline.samples
            && configuration.minimumTimeSeconds == baseline.minimumTimeSeconds
            && configuration.warmupSeconds == baseline.warmupSeconds
            && configuration.minimumSampleNanoseconds == baseline.minimumSampleNanoseconds
            && configuration.scenarioFrames == baseline.scenarioFrames
        return same ? nil : "the baseline is a \(describe(baseline)); this is a \(describe(configuration))"
    }
}
