import PopSimGestures

/// Where half the realisations of a line have crossed a transition, with a distribution-free 95 %
/// interval: the 50 % point `threshold --trials` reports.
///
/// The data are thresholds, one per realisation: the value where its outcome changed (known to the
/// search's tolerance), or only that it had crossed before the interval's start A (left-censored: its
/// outcome at A already is the later one) or had not crossed by its end B (right-censored). Ordered
/// with the left-censored first and the right-censored last, the n realisations' thresholds x₍₁₎ ≤ … ≤
/// x₍ₙ₎ give the sample median (x₍₍ₙ₊₁₎/₂₎, or the mean of the two middle ones) and the interval
/// [x₍ₗ₎, x₍ₙ₊₁₋ₗ₎] with l the largest rank for which P(Bin(n, ½) ≤ l − 1) ≤ 0.025: it covers the
/// population median with probability at least 95 % whatever the distribution (Conover, *Practical
/// Nonparametric Statistics*, 3rd ed., §3.2; Hollander & Wolfe, *Nonparametric Statistical Methods*,
/// §3.6). With fewer than six realisations no rank reaches 95 %; the interval is then the range,
/// covering 1 − 2¹⁻ⁿ.
///
/// Why not a symmetric curve fitted to them: a human release's threshold is the ideal one divided by
/// the share of the finger's speed the estimator reads, and at 60 Hz that share has a long low tail (a
/// short flick between two scans reads near zero), so the thresholds have a long high tail; a logistic
/// fitted by maximum likelihood put its centre where nearly three realisations in four had crossed.
/// The order statistics assume no shape, and a censored realisation counts for what is known of it.
public struct CrossingMedian: Sendable, Hashable {
    /// The 50 % point: nil when it lies outside [A, B] or straddles an end (the middle realisations
    /// censored).
    public let median: Double?
    /// The interval's ends: nil where the rank falls on a censored realisation (the end lies beyond
    /// the searched interval).
    public let lower95: Double?
    public let upper95: Double?

    /// The one-sided level of the interval's ends.
    public static let tailProbability = 0.025

    /// The thresholds of one transition over a line's realisations.
    public struct Data: Sendable, Hashable {
        public var exact: [Double]
        /// Realisations that had crossed before the interval's start.
        public var crossedBeforeStart: Int
        /// Realisations that had not crossed by the interval's end.
        public var notCrossedByEnd: Int

        public init(exact: [Double], crossedBeforeStart: Int = 0, notCrossedByEnd: Int = 0) {
            self.exact = exact
            self.crossedBeforeStart = crossedBeforeStart
            self.notCrossedByEnd = notCrossedByEnd
        }
    }

    /// The median and interval of `data`, or nil without a realisation.
    public static func of(_ data: Data) -> CrossingMedian? {
        let exact = data.exact.filter(\.isFinite).sorted()
        let left = data.crossedBeforeStart
        let n = left + exact.count + data.notCrossedByEnd
        guard n > 0 else { return nil }
        // The r-th smallest (1-based), nil when censored.
        func order(_ r: Int) -> Double? {
            let index = r - 1 - left
            return exact.indices.contains(index) ? exact[index] : nil
        }
        let median: Double?
        if n % 2 == 1 {
            median = order((n + 1) / 2)
        } else if let a = order(n / 2), let b = order(n / 2 + 1) {
            median = (a + b) / 2
        } else {
            median = nil
        }
        let rank = intervalRank(count: n)
        return CrossingMedian(median: median, lower95: order(rank), upper95: order(n + 1 - rank))
    }

    /// The largest l ≥ 1 with P(Bin(n, ½) ≤ l − 1) ≤ ``tailProbability``, or 1 when even P(Bin = 0)
    /// exceeds it (n < 6). The binomial terms are summed in log space (log C(n, k+1) = log C(n, k) +
    /// log((n − k)/(k + 1))) with ``DeterministicMath``, so the rank is the same on every machine; it
    /// stops at n/2, where the sum passes ½.
    public static func intervalRank(count n: Int) -> Int {
        guard n > 1 else { return 1 }
        let logHalfToN = -Double(n) * DeterministicMath.log(2)
        var logTerm = logHalfToN
        var cumulative = 0.0
        var rank = 0
        for k in 0...(n / 2) {
            cumulative += DeterministicMath.exp(logTerm)
            guard cumulative <= tailProbability else { break }
            rank = k + 1
            logTerm += DeterministicMath.log(Double(n - k) / Double(k + 1))
        }
        return max(rank, 1)
    }
}
