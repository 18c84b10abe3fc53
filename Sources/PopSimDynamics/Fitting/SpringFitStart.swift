import PopSimPlatform

/// Where the spring fit's iterations begin. A trajectory's cost has many local minima in the frequency
/// (each ringing period fitted one cycle off is one), so a local method needs a start in the right basin:
/// this scans a grid of responses and damping ratios and takes the best.
///
/// At each grid point the model is linear in start, target and velocity (x = target·(1 − E_C − λE_S) +
/// start·(E_C + λE_S) + velocity·E_S), so the free ones among them are solved exactly by weighted linear
/// least squares; the delay, when free, is scanned from the moment the trace first leaves its starting
/// value to eight frames before it. The best grid points are then refined by a compass search, because
/// the grid is coarse and, near a start with velocity, two branches compete.
///
/// The scan uses at most ``densePoints`` consecutive points from where the motion starts and
/// ``sparsePoints`` spread evenly over the whole trace, so its cost does not grow with the trace's length
/// and a fast ringing at the start is not aliased by the sparse points. It allocates nothing per grid point.
enum SpringFitStart {
    /// Responses from two average frame intervals (a faster spring cannot be resolved) to four times the
    /// trace's span, in geometric steps (1.38× for a 2 s trace at 120 Hz). With the damping ratios below
    /// and the refinement, no local minimum was met on 200 random recordings (SpringFitTests).
    static let responseCount = 20
    /// Damping ratios from very bouncy to strongly overdamped, denser around critical damping.
    static let dampingRatios: [Double] = [0.05, 0.1, 0.2, 0.35, 0.5, 0.7, 0.9, 1.1, 1.5, 2.5, 4]
    static let densePoints = 24
    static let sparsePoints = 24
    /// The delay's start: the last point before the position first moves this fraction of its range away
    /// from the first point.
    static let departureFraction = 0.02
    /// How many of the best grid points are refined.
    static let refinedCandidates = 3

    struct Candidate {
        var cost: Double
        var omega0: Double
        var zeta: Double
        var delay: Double
    }

    static func estimate(_ model: SpringFitModel, weights: [Double]?) -> (parameters: [Double], delay: Double) {
        let times = model.times
        let n = times.count
        let departureIndex = model.unknowns.contains(.delay) ? departure(model.positions) : 0
        let delay = model.unknowns.contains(.delay) ? times[departureIndex] : model.delay
        // The dense points start where the delay scan below starts.
        var scan = Scan(
            model: model, weights: weights, sampled: sampleIndices(count: n, denseFrom: max(0, departureIndex - 8)))
        let span = times[n - 1]
        let shortest = 2 * span / Double(n - 1)
        let longest = 4 * span
        let ratio = Double.pow(longest / shortest, 1 / Double(responseCount - 1))

        // The few best grid points, best first.
        var best: [Candidate] = []
        func consider(_ candidate: Candidate) {
            guard candidate.cost.isFinite, best.count < refinedCandidates || candidate.cost < best[best.count - 1].cost
            else { return }
            let position = best.firstIndex { candidate.cost < $0.cost } ?? best.count
            best.insert(candidate, at: position)
            if best.count > refinedCandidates { best.removeLast() }
        }
        // A free delay: the departure point is late when the motion starts slowly or away from the target,
        // so the whole grid is scanned at it and at 1, 2, 4 and 8 frames before it, and the best springs
        // are then tried at every half frame from 8 frames before it to 1 frame after.
        let frame = span / Double(n - 1)
        let delays =
            model.unknowns.contains(.delay)
            ? [0.0, 1, 2, 4, 8].map { delay - $0 * frame }.filter { $0 >= min(0, delay) }
            : [delay]
        for trial in delays {
            var response = shortest
            for _ in 0..<responseCount {
                let omega0 = 2 * Double.pi / response
                for zeta in dampingRatios {
                    if let cost = scan.cost(omega0: omega0, zeta: zeta, delay: trial) {
                        consider(Candidate(cost: cost, omega0: omega0, zeta: zeta, delay: trial))
                    }
                }
                response *= ratio
            }
        }
        // The grid is coarse (its springs are up to a fifth off in response), and near a start with velocity
        // two branches compete (start later, or start earlier moving the other way): refine each of the best
        // grid points by a pattern search before choosing.
        let steps = [Double.log(ratio) / 2, 0.15, frame / 2]
        best = best.map {
            refine($0, steps: steps, freeDelay: model.unknowns.contains(.delay), floor: min(0, delay), scan: &scan)
        }
        .sorted { $0.cost < $1.cost }
        // A grid point always exists unless every candidate was degenerate; fall back to SwiftUI's .spring().
        let fallback = Spring.swiftUIDefault
        let chosen =
            best.first
            ?? Candidate(
                cost: 0, omega0: (fallback.stiffness / fallback.mass).squareRoot(),
                zeta: fallback.dampingRatio, delay: delay)
        var linear = (0.0, 0.0, 0.0)
        if scan.cost(omega0: chosen.omega0, zeta: chosen.zeta, delay: chosen.delay) != nil { linear = scan.solution }
        var parameters = [Double.log(chosen.omega0), Double.log(chosen.zeta)]
        var solved = [linear.0, linear.1, linear.2].makeIterator()
        for entry in SpringFitUnknowns.ordered where model.unknowns.contains(entry.unknown) {
            parameters.append(entry.unknown == .delay ? chosen.delay : solved.next()!)
        }
        return (parameters, chosen.delay)
    }

    /// Compass search on the scan cost over (ln ω₀, ln ζ[, delay]): try a step up and down each
    /// coordinate, keep any improvement, halve the steps when none helps, stop after four halvings or
    /// ``refinementEvaluations`` evaluations.
    static func refine(_ start: Candidate, steps initial: [Double], freeDelay: Bool, floor: Double, scan: inout Scan)
        -> Candidate
    {
        var current = start
        var steps = initial
        var evaluations = 0
        var halvings = 0
        let dimensions = freeDelay ? 3 : 2
        while halvings < 4 && evaluations < refinementEvaluations {
            var improved = false
            for axis in 0..<dimensions {
                for direction in [1.0, -1.0] {
                    var trial = current
                    switch axis {
                    case 0: trial.omega0 *= Double.exp(direction * steps[0])
                    case 1: trial.zeta *= Double.exp(direction * steps[1])
                    default: trial.delay += direction * steps[2]
                    }
                    guard trial.delay >= floor else { continue }
                    evaluations += 1
                    if let cost = scan.cost(omega0: trial.omega0, zeta: trial.zeta, delay: trial.delay),
                        cost < current.cost
                    {
                        trial.cost = cost
                        current = trial
                        improved = true
                        break
                    }
                }
            }
            if !improved {
                steps = steps.map { $0 / 2 }
                halvings += 1
            }
        }
        return current
    }

    static let refinementEvaluations = 48

    /// The index of the last point before the position first moves ``departureFraction`` of its range
    /// away from the first point.
    static func departure(_ positions: [Double]) -> Int {
        guard let low = positions.min(), let high = positions.max() else { return 0 }
        let threshold = departureFraction * (high - low)
        for i in 1..<positions.count where abs(positions[i] - positions[0]) > threshold { return i - 1 }
        return 0
    }

    /// ``densePoints`` consecutive indices from `denseFrom` and ``sparsePoints`` spread over 0..<count,
    /// sorted, without repeats.
    static func sampleIndices(count n: Int, denseFrom start: Int) -> [Int] {
        guard n > densePoints + sparsePoints else { return Array(0..<n) }
        let first = min(start, n - densePoints)
        var indices = Array(first..<(first + densePoints))
        indices += (0..<sparsePoints).map { Int((Double($0) * Double(n - 1) / Double(sparsePoints - 1)).rounded()) }
        return Array(Set(indices)).sorted()
    }

    /// The scan's cost function: weighted least squares on the sampled points with the free linear
    /// unknowns (start, target, velocity) solved exactly. Scratch space is reused across grid points.
    struct Scan {
        let model: SpringFitModel
        let weights: [Double]?
        let sampled: [Int]
        let freeFrom: Bool
        let freeTo: Bool
        let freeVelocity: Bool
        /// The basis values of the free unknowns at each sampled point (3 per point) and the data minus the
        /// fixed part.
        private var basis: [Double]
        private var targets: [Double]
        /// The free unknowns of the last successful ``cost(omega0:zeta:delay:)``, in parameter order.
        private(set) var solution = (0.0, 0.0, 0.0)

        init(model: SpringFitModel, weights: [Double]?, sampled: [Int]) {
            self.model = model
            self.weights = weights
            self.sampled = sampled
            freeFrom = model.unknowns.contains(.from)
            freeTo = model.unknowns.contains(.to)
            freeVelocity = model.unknowns.contains(.velocity)
            basis = [Double](repeating: 0, count: 3 * sampled.count)
            targets = [Double](repeating: 0, count: sampled.count)
        }

        /// The cost at a grid point, or nil when the free unknowns are not determined there.
        mutating func cost(omega0: Double, zeta: Double, delay: Double) -> Double? {
            let lambda = zeta * omega0
            let coefficients = SpringCoefficients(
                Spring(uncheckedMass: 1, stiffness: omega0 * omega0, damping: 2 * lambda))
            let m = (freeFrom ? 1 : 0) + (freeTo ? 1 : 0) + (freeVelocity ? 1 : 0)
            // Normal equations AᵀWA·u = AᵀW·y, the symmetric matrix's upper triangle and the right side.
            var a11 = 0.0
            var a12 = 0.0
            var a13 = 0.0
            var a22 = 0.0
            var a23 = 0.0
            var a33 = 0.0
            var b1 = 0.0
            var b2 = 0.0
            var b3 = 0.0
            for (row, i) in sampled.enumerated() {
                let tau = model.times[i] - delay
                var gFrom = 1.0
                var gVelocity = 0.0
                if tau > 0 {
                    let (c, s) = coefficients.dampedBasis(at: tau)
                    gFrom = c + lambda * s
                    gVelocity = s
                }
                let gTo = 1 - gFrom
                var fixed = 0.0
                var column = 3 * row
                if freeFrom {
                    basis[column] = gFrom
                    column += 1
                } else {
                    fixed += gFrom * model.from
                }
                if freeTo {
                    basis[column] = gTo
                    column += 1
                } else {
                    fixed += gTo * model.to
                }
                if freeVelocity { basis[column] = gVelocity } else { fixed += gVelocity * model.velocity }
                let y = model.positions[i] - fixed
                targets[row] = y
                let w = weights?[i] ?? 1
                let u1 = basis[3 * row]
                let u2 = basis[3 * row + 1]
                let u3 = basis[3 * row + 2]
                a11 += w * u1 * u1
                a12 += w * u1 * u2
                a13 += w * u1 * u3
                a22 += w * u2 * u2
                a23 += w * u2 * u3
                a33 += w * u3 * u3
                b1 += w * u1 * y
                b2 += w * u2 * y
                b3 += w * u3 * y
            }
            guard let u = Self.solve(m, a11, a12, a13, a22, a23, a33, b1, b2, b3) else { return nil }
            solution = u
            var cost = 0.0
            for (row, i) in sampled.enumerated() {
                let r =
                    targets[row] - basis[3 * row] * (m > 0 ? u.0 : 0) - basis[3 * row + 1] * (m > 1 ? u.1 : 0)
                    - basis[3 * row + 2] * (m > 2 ? u.2 : 0)
                cost += (weights?[i] ?? 1) * r * r
            }
            return cost
        }

        /// The symmetric positive semi-definite m×m system (m ≤ 3) by Cholesky factorisation; nil when a
        /// pivot is negligible against the largest diagonal entry (the unknowns are not determined).
        static func solve(
            _ m: Int, _ a11: Double, _ a12: Double, _ a13: Double, _ a22: Double, _ a23: Double, _ a33: Double,
            _ b1: Double, _ b2: Double, _ b3: Double
        ) -> (Double, Double, Double)? {
            if m == 0 { return (0, 0, 0) }
            let scale = max(a11, m > 1 ? a22 : 0, m > 2 ? a33 : 0)
            let tiny = 1e-12 * scale
            guard scale > 0, scale.isFinite, a11 > tiny else { return nil }
            let l11 = a11.squareRoot()
            let l21 = a12 / l11
            let l31 = a13 / l11
            if m == 1 { return (b1 / a11, 0, 0) }
            let d2 = a22 - l21 * l21
            guard d2 > tiny else { return nil }
            let l22 = d2.squareRoot()
            let l32 = (a23 - l31 * l21) / l22
            var l33 = 1.0
            if m == 3 {
                let d3 = a33 - l31 * l31 - l32 * l32
                guard d3 > tiny else { return nil }
                l33 = d3.squareRoot()
            }
            // L·z = b, then Lᵀ·u = z.
            let z1 = b1 / l11
            let z2 = (b2 - l21 * z1) / l22
            if m == 2 {
                let u2 = z2 / l22
                return ((z1 - l21 * u2) / l11, u2, 0)
            }
            let z3 = (b3 - l31 * z1 - l32 * z2) / l33
            let u3 = z3 / l33
            let u2 = (z2 - l32 * u3) / l22
            return ((z1 - l21 * u2 - l31 * u3) / l11, u2, u3)
        }
    }
}
