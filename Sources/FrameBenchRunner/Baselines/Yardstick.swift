import FrameBench

/// How much slower (or faster) the machine ran the current run than the baseline, read from work whose
/// code cannot have changed between them: the references marked as yardsticks (the C kernels and the
/// raw GSL loop, ``Reference/isYardstick``), measured interleaved with their benchmarks in both runs.
///
/// A benchmark with a yardstick of its own is divided by that yardstick's change (its Swift/C ratio is
/// what is compared); every other distribution by the median of all the yardsticks' changes. The
/// yardsticks do not all move alike on a loaded machine (memory-bound and compute-bound kernels suffer
/// differently), and their spread about the median is a change no wall-time comparison of this pair of
/// runs can resolve: the verdicts' threshold is raised to it.
public struct Yardstick: Codable, Sendable, Equatable {
    public struct Ratio: Codable, Sendable, Equatable {
        /// The benchmark whose reference it is.
        public var id: String
        /// median(current) / median(baseline) of the reference.
        public var ratio: Double
    }

    /// Each yardstick's change, in report order.
    public var ratios: [Ratio]
    /// The median of the ratios (1 when there are none).
    public var median: Double
    /// The 90th percentile (nearest rank) of |ratio/median − 1| (0 when there are fewer than 3
    /// yardsticks: too few to tell a spread).
    public var spread: Double

    public init(ratios: [Ratio]) {
        self.ratios = ratios
        let sorted = ratios.map(\.ratio).sorted()
        median = sorted.isEmpty ? 1 : Percentile.median(sorted: sorted)
        let m = median
        let deviations = sorted.map { abs($0 / m - 1) }.sorted()
        spread = deviations.count < 3 ? 0 : Percentile.value(90, sorted: deviations)
    }

    /// The yardsticks present in both runs, on their work samples (`work`) or wall-clock samples.
    public init(current: RunReport, baseline: RunReport, work: Bool = false) {
        let before = Dictionary(
            baseline.benchmarks.compactMap { b in b.reference.map { (b.id, $0) } }, uniquingKeysWith: { a, _ in a })
        var ratios: [Ratio] = []
        for b in current.benchmarks {
            guard let now = b.reference, now.isYardstick == true, let old = before[b.id], old.isYardstick == true
            else { continue }
            let (x, y) = work ? (now.workSamples ?? [], old.workSamples ?? []) : (now.samples, old.samples)
            guard !x.isEmpty, !y.isEmpty else { continue }
            let oldMedian = Percentile.median(sorted: y.sorted())
            guard oldMedian > 0 else { continue }
            ratios.append(Ratio(id: b.id, ratio: Percentile.median(sorted: x.sorted()) / oldMedian))
        }
        self.init(ratios: ratios)
    }

    /// The factor a distribution's current samples are divided by: its benchmark's own yardstick when
    /// it has one, the median otherwise (the yardsticks themselves included).
    public func factor(for id: String) -> Double {
        ratios.first(where: { $0.id == id })?.ratio ?? median
    }
}
