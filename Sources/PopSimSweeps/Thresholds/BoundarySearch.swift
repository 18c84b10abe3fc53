/// Finds where a decision changes along one parameter: a coarse scan of `probes` evenly spaced values
/// on [lower, upper] (both ends included), then bisection of every pair of neighbouring probes whose
/// outcomes differ until the bracket is at most `tolerance` wide.
///
/// A rule that compares against a number changes exactly there (LNPopupController's `velocity.y > 0`
/// at 0, Popovers' projected edge at 572 pt/s for a 120 pt drag), and a bracket around it says only
/// "within T/2". So each final bracket's shortest decimal (0 when the bracket holds it) is tested: when
/// the outcome changes between it and a point ``exactnessUlps`` units in its last place away (its
/// neighbouring double for 0), the change is there to within rounding and the boundary is that number
/// (``Boundary/exact``), with the side whose outcome it gives; otherwise the boundary is the bracket's
/// midpoint. At most two more decisions per boundary.
///
/// With `marksPoints`, each boundary is also decided a tolerance beyond it on both sides: when the
/// outcome there is the other side's again, the outcome between holds on less than the tolerance, which
/// the search cannot resolve as a change: a *point* (``Boundary/isPoint``), the mark of a rule
/// discontinuity such as a release at v = 0, which the pipeline synthesises as a finger lifting at rest
/// and a sheet's rule sends by a direction rule of its own. At most two more decisions per boundary.
///
/// A bracket whose midpoint gives a third outcome is split in two and both halves are refined, so
/// every change the scan sees is resolved, in increasing order. A change is seen when the outcomes at
/// two neighbouring probes differ: an island of another outcome narrower than the probe spacing, with
/// equal outcomes on both sides, can be missed (raise the probe count to catch it).
public struct BoundarySearch: Sendable, Hashable {
    public let lower: Double
    public let upper: Double
    public let probes: Int
    public let tolerance: Double

    public static let defaultProbes = 256
    public static let defaultTolerance = 1e-6
    /// Bounds the scan (and its memory: nothing is kept per probe, but each probe is a decision).
    public static let maximumProbes = 1_000_000
    /// Bounds the refinement of one line: beyond this many boundaries the line is marked truncated.
    public static let maximumBoundaries = 10_000

    public init(lower: Double, upper: Double, probes: Int = defaultProbes, tolerance: Double = defaultTolerance)
        throws(ThresholdError)
    {
        guard lower.isFinite, upper.isFinite, lower < upper else {
            throw .invalidInterval("the ends \(lower) and \(upper) must be finite with A < B")
        }
        guard probes >= 2, probes <= Self.maximumProbes else {
            throw .invalidProbes("\(probes) must be in 2…\(Self.maximumProbes) (both ends are probed)")
        }
        // As for a grid axis: the probes' arithmetic must not overflow to ±inf.
        guard ((upper - lower) * Double(probes - 1)).isFinite else {
            throw .invalidInterval(
                "(B − A)·(N − 1) = (\(upper) − \(lower))·\(probes - 1) overflows; narrow the interval")
        }
        guard tolerance.isFinite, tolerance > 0 else {
            throw .invalidTolerance("\(tolerance) must be a finite number > 0")
        }
        self.lower = lower
        self.upper = upper
        self.probes = probes
        self.tolerance = tolerance
    }

    /// Probe i of N: A + (B − A)·i/(N − 1), the ends exact (as ``GridAxis/value(_:)``).
    public func probe(_ index: Int) -> Double {
        if index == 0 { return lower }
        if index == probes - 1 { return upper }
        return lower + (upper - lower) * Double(index) / Double(probes - 1)
    }

    /// Scans and refines `outcome` (a pure function of the value); with `marksPoints`, tells points from
    /// steps (up to two more decisions per boundary, a tolerance from it, outside the interval when the
    /// boundary is at one of its ends).
    public func scan(marksPoints: Bool = false, _ outcome: (Double) -> String) -> BoundaryScan {
        var boundaries: [Boundary] = []
        var evaluations = 0
        var truncated = false
        var previous = (value: lower, outcome: outcome(lower))
        evaluations += 1
        let first = previous.outcome
        for index in 1..<probes {
            let value = probe(index)
            let current = (value: value, outcome: outcome(value))
            evaluations += 1
            if current.outcome != previous.outcome {
                refine(
                    from: previous, to: current, outcome, marksPoints: marksPoints, into: &boundaries,
                    evaluations: &evaluations, truncated: &truncated)
            }
            previous = current
        }
        return BoundaryScan(
            boundaries: boundaries, first: first, last: previous.outcome, evaluations: evaluations, truncated: truncated
        )
    }

    /// Bisects [low, high] (different outcomes at the ends) down to the tolerance, appending every
    /// boundary inside it in increasing order. Halves still to refine wait on a stack; the left half is
    /// always refined first.
    private func refine(
        from low: (value: Double, outcome: String), to high: (value: Double, outcome: String),
        _ outcome: (Double) -> String, marksPoints: Bool, into boundaries: inout [Boundary],
        evaluations: inout Int, truncated: inout Bool
    ) {
        var pending = [(low: low, high: high)]
        while var bracket = pending.popLast() {
            while bracket.high.value - bracket.low.value > tolerance {
                let middle = bracket.low.value + (bracket.high.value - bracket.low.value) / 2
                // Neighbouring doubles: the bracket cannot shrink further.
                guard middle > bracket.low.value, middle < bracket.high.value else { break }
                let word = outcome(middle)
                evaluations += 1
                if word == bracket.low.outcome {
                    bracket.low = (middle, word)
                } else if word == bracket.high.outcome {
                    bracket.high = (middle, word)
                } else if boundaries.count + pending.count < Self.maximumBoundaries {
                    pending.append((low: (middle, word), high: bracket.high))
                    bracket.high = (middle, word)
                } else {
                    truncated = true
                    bracket.high = (middle, word)
                }
            }
            guard boundaries.count < Self.maximumBoundaries else {
                truncated = true
                return
            }
            let exact = exactChange(low: bracket.low, high: bracket.high, outcome, evaluations: &evaluations)
            var boundary = Boundary(
                lower: bracket.low.value, upper: bracket.high.value,
                below: bracket.low.outcome, above: bracket.high.outcome, exact: exact)
            if marksPoints { boundary.isPoint = isPoint(boundary, outcome, evaluations: &evaluations) }
            boundaries.append(boundary)
        }
    }

    /// The change inside a final bracket when it is at the bracket's shortest decimal c (the bracket
    /// widened by ``exactnessUlps`` units in the last place of its ends) to within rounding (as many units
    /// in the last place of c): c and the side whose outcome c gives; nil otherwise.
    private func exactChange(
        low: (value: Double, outcome: String), high: (value: Double, outcome: String),
        _ outcome: (Double) -> String, evaluations: inout Int
    ) -> ExactBoundary? {
        // A change a rounding away from a short decimal can leave that decimal just outside the bracket.
        let slack = { (value: Double) in value == 0 ? 0 : Self.exactnessUlps * value.ulp }
        guard
            let candidate = Self.shortestDecimal(from: low.value - slack(low.value), to: high.value + slack(high.value))
        else {
            return nil
        }
        func decide(_ value: Double) -> String {
            if value == low.value { return low.outcome }
            if value == high.value { return high.outcome }
            evaluations += 1
            return outcome(value)
        }
        let reach = candidate == 0 ? 0 : Self.exactnessUlps * candidate.ulp
        let word = decide(candidate)
        if word == low.outcome, decide(reach == 0 ? candidate.nextUp : candidate + reach) == high.outcome {
            return ExactBoundary(value: candidate, side: .below)
        }
        if word == high.outcome, decide(reach == 0 ? candidate.nextDown : candidate - reach) == low.outcome {
            return ExactBoundary(value: candidate, side: .above)
        }
        return nil
    }

    /// Whether `boundary` is a point: a tolerance above it the outcome is `below` again, or a tolerance
    /// below it `above` again, so the outcome beside it holds on less than the tolerance.
    private func isPoint(_ boundary: Boundary, _ outcome: (Double) -> String, evaluations: inout Int) -> Bool {
        evaluations += 1
        if outcome(boundary.value + tolerance) == boundary.below { return true }
        evaluations += 1
        return outcome(boundary.value - tolerance) == boundary.above
    }

    /// How close to a short decimal a change must be to be printed as that decimal, in units of its
    /// last place: a rule's arithmetic (0.25·v, travel ÷ height) rounds, so a comparison with 639 pt
    /// can change a few doubles away from v = 572 pt/s.
    public static let exactnessUlps = 16.0

    /// The number in [low, high] with the fewest significant decimal digits (0 when the interval holds
    /// it; the smallest such number when there are several), as the nearest double; nil when none has
    /// 17 digits or fewer.
    static func shortestDecimal(from low: Double, to high: Double) -> Double? {
        guard low.isFinite, high.isFinite, low <= high else { return nil }
        if low <= 0 && high >= 0 { return 0 }
        // The decimal exponent of the larger end (within one: the loop below starts above it).
        let magnitude = max(abs(low), abs(high))
        var top = 0
        var power = 1.0
        while power * 10 <= magnitude && top < 308 {
            power *= 10
            top += 1
        }
        while power > magnitude && top > -323 {
            power /= 10
            top -= 1
        }
        for exponent in stride(from: top + 1, through: top - 17, by: -1) {
            // The first multiple of 10^exponent at or above low, written out and parsed, so that it is
            // the double nearest the decimal rather than a product's rounding.
            guard let step = Double("1e\(exponent)"), step > 0 else { continue }
            let scaled = (low / step).rounded(.up)
            guard scaled.isFinite, abs(scaled) < 1e18 else { continue }
            for digits in [scaled - 1, scaled, scaled + 1] {
                guard let candidate = Double("\(Int64(digits))e\(exponent)"), candidate >= low, candidate <= high else {
                    continue
                }
                return candidate
            }
        }
        return nil
    }
}

/// A change that happens at a number to within rounding: `value` gives the outcome of `side`, and a
/// value ``BoundarySearch/exactnessUlps`` units in its last place away on the other side (the
/// neighbouring double, for 0) gives the other outcome.
public struct ExactBoundary: Sendable, Hashable {
    public enum Side: String, Sendable, Hashable {
        /// `value` itself has the `below` outcome (a strict comparison, `v > value`).
        case below
        /// `value` itself has the `above` outcome (a non-strict one, `v ≥ value`).
        case above
    }

    public let value: Double
    public let side: Side
}

/// One place where the outcome changes: the final bracket of a bisection and the outcomes at its ends.
public struct Boundary: Sendable, Hashable {
    /// The bracket's ends: `below` holds at `lower`, `above` at `upper`.
    public let lower: Double
    public let upper: Double
    public let below: String
    public let above: String
    /// The change's exact place, when it is at the bracket's shortest decimal.
    public let exact: ExactBoundary?
    /// A rule discontinuity rather than a change: the outcome on one side holds on less than the search's
    /// tolerance, with the other side's outcome beyond it again (a release at v = 0 where any other speed,
    /// up or down, decides alike). A finger never releases there: a plot draws a point, not a curve.
    /// Known only when the search was asked to tell (`marksPoints`); false otherwise.
    public var isPoint: Bool

    public init(
        lower: Double, upper: Double, below: String, above: String, exact: ExactBoundary? = nil, isPoint: Bool = false
    ) {
        self.lower = lower
        self.upper = upper
        self.below = below
        self.above = above
        self.exact = exact
        self.isPoint = isPoint
    }

    /// The exact place of the change when known, else the bracket's midpoint (within half the tolerance
    /// of the change).
    public var value: Double { exact?.value ?? lower + (upper - lower) / 2 }

}

/// What a ``BoundarySearch`` found along one line.
public struct BoundaryScan: Sendable, Hashable {
    /// In increasing order.
    public let boundaries: [Boundary]
    /// The outcomes at the interval's ends.
    public let first: String
    public let last: String
    /// Decisions evaluated (probes and bisection steps).
    public let evaluations: Int
    /// More than ``BoundarySearch/maximumBoundaries`` boundaries: the rest were not resolved.
    public let truncated: Bool
}

/// Why a threshold search cannot run.
public enum ThresholdError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidInterval(String)
    case invalidProbes(String)
    case invalidTolerance(String)
    case table(DecisionTableError)

    public var description: String {
        switch self {
        case let .invalidInterval(message): return "invalid interval to solve along: \(message)"
        case let .invalidProbes(message): return "invalid probe count: \(message)"
        case let .invalidTolerance(message): return "invalid tolerance: \(message)"
        case let .table(error): return error.description
        }
    }
}
