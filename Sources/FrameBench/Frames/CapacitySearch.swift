/// Finds the largest crowd size N whose measured p99 frame work stays within a limit (half the frame
/// budget in the report: the other half is left to layout, rendering and the rest of the app).
///
/// Frame work grows about linearly with N, so the search extrapolates instead of bisecting blindly:
/// from a probe (N, t) the next guess is N·limit/t (damped by 0.95 and clamped to ×1/8 … ×8) until one
/// passing and one failing size are known, then it interpolates linearly between them (regula falsi,
/// kept 10 % away from either end) until they are within `relativePrecision` of each other. Each probe
/// is a real measurement of whole frames; the answer is the largest N that passed, with the smallest
/// failing N beside it. Measurements are noisy, so the passing sizes are not assumed monotone: the
/// bracket only ever narrows.
public struct CapacitySearch: Sendable {
    /// The p99 frame work allowed, ns.
    public var limitNanoseconds: Double
    /// The first size tried (from a cheap pilot estimate).
    public var initialCount: Int
    /// Sizes above this are not tried (memory); reaching it is reported.
    public var maximumCount: Int
    public var relativePrecision: Double
    public var maximumProbes: Int

    public init(
        limitNanoseconds: Double, initialCount: Int, maximumCount: Int,
        relativePrecision: Double = 0.03, maximumProbes: Int = 8
    ) {
        self.limitNanoseconds = limitNanoseconds
        self.initialCount = max(1, min(initialCount, maximumCount))
        self.maximumCount = maximumCount
        self.relativePrecision = relativePrecision
        self.maximumProbes = maximumProbes
    }

    public struct Probe: Codable, Sendable, Equatable {
        public var count: Int
        public var p99Nanoseconds: Double
        public var passes: Bool
    }

    public struct Outcome: Sendable, Equatable {
        /// The largest size that passed (0 if even one spring did not).
        public var capacity: Int
        /// The smallest size that failed above it, if one was measured.
        public var firstFailing: Int?
        /// Whether the search stopped at ``maximumCount`` with that size still passing.
        public var reachedMaximum: Bool
        public var probes: [Probe]
    }

    /// Runs the search; `p99` measures the p99 frame work (ns) of a crowd of the given size.
    public func run<E: Error>(_ p99: (Int) throws(E) -> Double) throws(E) -> Outcome {
        var probes: [Probe] = []
        var pass: (count: Int, time: Double)?
        var fail: (count: Int, time: Double)?

        func probe(_ count: Int) throws(E) -> Double {
            let time = try p99(count)
            probes.append(Probe(count: count, p99Nanoseconds: time, passes: time <= limitNanoseconds))
            if time <= limitNanoseconds {
                if pass == nil || count > pass!.count { pass = (count, time) }
            } else if fail == nil || count < fail!.count {
                fail = (count, time)
            }
            return time
        }

        var count = initialCount
        // Extrapolate until the limit is bracketed (or the range is exhausted).
        while probes.count < maximumProbes {
            let time = try probe(count)
            if let p = pass, let f = fail, p.count < f.count { break }
            let passed = time <= limitNanoseconds
            if passed && count >= maximumCount { break }
            if !passed && count <= 1 { break }
            let factor = min(max(0.95 * limitNanoseconds / max(time, 1), 0.125), 8)
            var next = Int((Double(count) * factor).rounded(.down))
            next = passed ? max(next, count + max(1, count / 20)) : min(next, count - max(1, count / 20))
            count = min(max(next, 1), maximumCount)
        }
        // Narrow the bracket by interpolation.
        while probes.count < maximumProbes, let p = pass, let f = fail, p.count < f.count,
            f.count - p.count > max(1, Int(relativePrecision * Double(p.count)))
        {
            let span = Double(f.count - p.count)
            let slope = (f.time - p.time) / span
            var fraction = slope > 0 ? (limitNanoseconds - p.time) / (slope * span) : 0.5
            fraction = min(max(fraction, 0.1), 0.9)
            let next = p.count + max(1, Int((fraction * span).rounded(.down)))
            _ = try probe(min(next, f.count - 1))
        }
        let capacity = pass?.count ?? 0
        let firstFailing = fail.flatMap { $0.count > capacity ? $0.count : nil }
        return Outcome(
            capacity: capacity, firstFailing: firstFailing,
            reachedMaximum: capacity >= maximumCount, probes: probes)
    }
}
