import PopSimPlatform

extension Spring {
    /// The settling time: the first t after which |x(t) − target| stays ≤ ε·|Δ| for a step of Δ
    /// started from rest (SwiftUI's `settlingDuration` definition, ε = 0.001 by default).
    ///
    /// Computed exactly, not by scanning:
    /// - underdamped: the extrema of the step response u(t) (u(0) = 1) fall at t_n = nπ/ω_d, where
    ///   |u(t_n)| = e^(−λ·t_n) exactly. The last crossing of ε lies between the last extremum above ε and
    ///   the zero crossing after it, where |u| is monotone; it is solved there to full precision.
    /// - critically and overdamped: u decreases monotonically from 1 to 0, so u(t) = ε has one root.
    ///
    /// - Returns: seconds; 0 when ε ≥ 1; `.infinity` for an undamped spring.
    /// - Throws: when ε is not positive and finite.
    public func settlingTime(epsilon: Double = 0.001) throws(DynamicsError) -> Double {
        try DynamicsError.requirePositive(epsilon, "epsilon")
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
            // Smallest n ≥ 1 whose extremum e^(−λ·nπ/μ) is within ε.
            var n = max(1, (log(1 / epsilon) / (k.lambda * halfPeriod)).rounded(.up))
            while exp(-k.lambda * n * halfPeriod) > epsilon { n += 1 }
            while n > 1 && exp(-k.lambda * (n - 1) * halfPeriod) <= epsilon { n -= 1 }
            let lastPeak = (n - 1) * halfPeriod
            let zeroCrossing = (n * Double.pi - atan2(k.mu, k.lambda)) / k.mu
            let sign: Double = Int(n - 1).isMultiple(of: 2) ? 1 : -1
            return findRoot(between: lastPeak, and: zeroCrossing) { t in
                let (u, du) = response(t)
                return (sign * u - epsilon, sign * du)
            } ?? zeroCrossing
        }

        var upper = 1 / abs(k.slowRate)
        while response(upper).u > epsilon { upper *= 2 }
        return findRoot(between: 0, and: upper) { t in
            let (u, du) = response(t)
            return (u - epsilon, du)
        } ?? upper
    }
}
