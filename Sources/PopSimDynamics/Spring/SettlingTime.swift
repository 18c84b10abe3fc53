import PopSimPlatform

extension Spring {
    /// The fraction of a step within which a spring counts as settled: 0.001, SwiftUI's
    /// `settlingDuration` definition. The default of every settling time PopSim computes
    /// (``settlingTime(epsilon:)``, `popsim spring-info --epsilon`, a removed FloatingPanel's exit) and of
    /// the envelope UIKit's duration maps to (``EnvelopeSpringMapping/epsilon``). A spring animation that
    /// runs is done by its ``Tolerance`` instead, in points and points per second.
    public static let settlingEpsilon = 0.001

    /// The settling time: the first t after which |x(t) − target| stays ≤ ε·|Δ| for a step of Δ
    /// started from rest (SwiftUI's `settlingDuration` definition, ε = ``settlingEpsilon`` by default).
    ///
    /// Computed exactly, not by scanning:
    /// - underdamped: the extrema of the step response u(t) (u(0) = 1) fall at t_n = nπ/ω_d, where
    ///   |u(t_n)| = e^(−λ·t_n) exactly. The last crossing of ε lies between the last extremum above ε and
    ///   the zero crossing after it, where |u| is monotone; it is solved there to full precision.
    /// - critically and overdamped: u decreases monotonically from 1 to 0, so u(t) = ε has one root.
    ///
    /// Every search is bounded: the count of half-periods is computed in closed form and corrected by
    /// at most a few steps, so a spring so lightly damped that the count passes
    /// ``maximumSettlingHalfPeriods`` (where a double no longer counts half-periods one by one) is an
    /// error rather than a loop that cannot advance.
    ///
    /// - Returns: seconds; 0 when ε ≥ 1; `.infinity` for an undamped spring.
    /// - Throws: when ε is not positive and finite, or the spring needs more than
    ///   ``maximumSettlingHalfPeriods`` half-periods or an unrepresentable time to settle.
    public func settlingTime(epsilon: Double = settlingEpsilon) throws(DynamicsError) -> Double {
        try DynamicsError.requirePositive(epsilon, .epsilon)
        if epsilon >= 1 { return 0 }
        let k = coefficients
        if k.lambda == 0 { return .infinity }

        // Step response from rest: u = e^(−λt)(C + λS), u′ = −ω₀²·e^(−λt)S.
        func response(_ t: Double) -> (u: Double, du: Double) {
            let (c, s) = k.dampedBasis(at: t)
            return (c + k.lambda * s, -k.omega0Squared * s)
        }

        if k.sigma > 0 {
            let halfPeriod = Double.pi / k.mu
            // Smallest n ≥ 1 whose extremum e^(−λ·nπ/μ) is within ε: ⌈ln(1/ε)/(λπ/μ)⌉, then corrected
            // for rounding (a step or two at most).
            let estimate = Double.log(1 / epsilon) / (k.lambda * halfPeriod)
            guard estimate.isFinite, estimate <= Self.maximumSettlingHalfPeriods else {
                throw .invalidParameter(
                    parameter: .dampingRatio, value: dampingRatio,
                    requirement:
                        "0 (undamped) or large enough to settle within 2^50 half-periods; "
                        + "this spring needs about \(estimate.rounded(.up))"
                )
            }
            var n = max(1, estimate.rounded(.up))
            for _ in 0..<8 where Double.exp(-k.lambda * n * halfPeriod) > epsilon { n += 1 }
            for _ in 0..<8 where n > 1 && Double.exp(-k.lambda * (n - 1) * halfPeriod) <= epsilon { n -= 1 }
            let lastPeak = (n - 1) * halfPeriod
            let zeroCrossing = (n * Double.pi - Double.atan2(y: k.mu, x: k.lambda)) / k.mu
            let sign: Double = Int(n - 1).isMultiple(of: 2) ? 1 : -1
            return findRoot(between: lastPeak, and: zeroCrossing) { t in
                let (u, du) = response(t)
                return (sign * u - epsilon, sign * du)
            } ?? zeroCrossing
        }

        // u(1/|r₁|) is about e^(−1); doubling reaches ε within ln(1/ε) doublings of that.
        var upper = 1 / abs(k.slowRate)
        for _ in 0..<64 where upper.isFinite && response(upper).u > epsilon { upper *= 2 }
        guard upper.isFinite, response(upper).u <= epsilon else {
            throw .invalidParameter(
                parameter: .dampingRatio, value: dampingRatio,
                requirement: "small enough for the slow mode to settle in a representable time")
        }
        return findRoot(between: 0, and: upper) { t in
            let (u, du) = response(t)
            return (u - epsilon, du)
        } ?? upper
    }

    /// The most half-periods ``settlingTime(epsilon:)`` counts: 2^50, where a double still counts
    /// one by one with room for the correction steps.
    public static let maximumSettlingHalfPeriods = 0x1p50
}
