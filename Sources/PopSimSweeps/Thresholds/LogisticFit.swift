import PopSimGestures

/// A logistic model of the chance that a realisation has crossed a transition by x,
/// P(x) = 1 / (1 + e^−(x − μ)/s), fitted by maximum likelihood to where each realisation crossed.
///
/// The data are thresholds, one per realisation: the value where its outcome changed (known to the
/// search's tolerance), or only that it crossed before the interval's start (left-censored at A: its
/// outcome at A already is the later one) or not by its end (right-censored at B). Each exact threshold
/// contributes the logistic density f(x) = P(x)(1 − P(x))/s, a left-censored one P(A), a right-censored
/// one 1 − P(B). The log-likelihood is maximised over (μ, ln s) by Newton's method with a
/// Levenberg–Marquardt damping and step halving (every accepted step raises the likelihood), at most
/// ``maximumIterations`` steps. The scale is held at or above `minimumScale` (the search's tolerance:
/// thresholds known only to it cannot resolve a sharper transition), so realisations that agree give
/// s at that floor rather than a likelihood without a maximum.
///
/// The interval is the Wald 95 % confidence interval of μ, μ ± 1.96·SE, with SE from the inverse of the
/// observed information at the maximum (the μ entry; only μ's own curvature when the scale sits at its
/// floor). Every function is computed with ``DeterministicMath``, so fits are the same bits on every
/// machine.
public struct LogisticFit: Sendable, Hashable {
    /// μ: where P = 1/2.
    public let location: Double
    /// s: the spread (P goes from 1/4 to 3/4 over 2·ln 3·s ≈ 2.2 s).
    public let scale: Double
    /// The standard error of μ.
    public let standardError: Double
    public let iterations: Int

    public static let maximumIterations = 200
    /// The normal quantile of a two-sided 95 % interval.
    public static let z95 = 1.959963984540054

    /// The 95 % confidence interval of ``location``.
    public var lower95: Double { location - Self.z95 * standardError }
    public var upper95: Double { location + Self.z95 * standardError }

    /// The fitted probability at `x`.
    public func probability(at x: Double) -> Double { Self.sigmoid((x - location) / scale) }

    /// The data of one fit.
    public struct Data: Sendable, Hashable {
        public var exact: [Double]
        /// Realisations that had crossed before `start` (their outcome at the start is already the later one).
        public var crossedBeforeStart: Int
        public var start: Double
        /// Realisations that had not crossed by `end`.
        public var notCrossedByEnd: Int
        public var end: Double

        public init(
            exact: [Double], crossedBeforeStart: Int = 0, start: Double = 0, notCrossedByEnd: Int = 0, end: Double = 0
        ) {
            self.exact = exact
            self.crossedBeforeStart = crossedBeforeStart
            self.start = start
            self.notCrossedByEnd = notCrossedByEnd
            self.end = end
        }
    }

    /// The maximum-likelihood fit, or nil with fewer than two exact thresholds (no spread to fit) or if
    /// the likelihood has no finite maximum.
    public static func fit(_ data: Data, minimumScale: Double) -> LogisticFit? {
        let exact = data.exact.filter(\.isFinite)
        guard exact.count >= 2, minimumScale.isFinite, minimumScale > 0 else { return nil }
        let minimumLogScale = DeterministicMath.log(minimumScale)
        // Start at the median and the moment estimate of the scale (sd = πs/√3).
        let sorted = exact.sorted()
        let median =
            sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        let mean = exact.reduce(0, +) / Double(exact.count)
        let spread = (exact.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(exact.count - 1)).squareRoot()
        var theta = Parameters(
            location: median,
            logScale: max(minimumLogScale, DeterministicMath.log(max(spread * 0.5513288954217921, minimumScale))))
        var current = evaluate(data, exact, theta)
        guard current.logLikelihood.isFinite else { return nil }
        var damping = 1e-3
        var iterations = 0
        while iterations < maximumIterations {
            iterations += 1
            let atFloor = theta.logScale <= minimumLogScale && current.gradient.logScale <= 0
            var accepted = false
            var step = Parameters(location: 0, logScale: 0)
            // Damped Newton on the negative log-likelihood; more damping until the step raises ℓ.
            for _ in 0..<60 {
                step = newtonStep(current, damping: damping, fixScale: atFloor)
                var candidate = Parameters(
                    location: theta.location + step.location, logScale: theta.logScale + step.logScale)
                if candidate.logScale < minimumLogScale { candidate.logScale = minimumLogScale }
                let trial = evaluate(data, exact, candidate)
                if trial.logLikelihood.isFinite, trial.logLikelihood >= current.logLikelihood {
                    step = Parameters(
                        location: candidate.location - theta.location, logScale: candidate.logScale - theta.logScale)
                    theta = candidate
                    current = trial
                    damping = max(damping / 10, 1e-12)
                    accepted = true
                    break
                }
                damping *= 10
            }
            let scale = DeterministicMath.exp(theta.logScale)
            let small = abs(step.location) <= 1e-12 * max(1, abs(theta.location), scale) && abs(step.logScale) <= 1e-12
            if !accepted || small { break }
        }
        let scale = DeterministicMath.exp(theta.logScale)
        // Observed information of μ: the μμ entry of the inverse of −H, or −H_μμ alone at the floor.
        let h = current.hessian
        let informationMuMu = -h.mumu
        let determinant = h.mumu * h.tautau - h.mutau * h.mutau
        let atFloor = theta.logScale <= minimumLogScale && current.gradient.logScale <= 0
        let variance: Double
        if atFloor || !(determinant > 0) || !(h.tautau < 0) {
            variance = informationMuMu > 0 ? 1 / informationMuMu : .infinity
        } else {
            variance = -h.tautau / determinant
        }
        guard theta.location.isFinite, scale.isFinite, variance.isFinite, variance >= 0 else { return nil }
        return LogisticFit(
            location: theta.location, scale: scale, standardError: variance.squareRoot(), iterations: iterations)
    }

    // MARK: Likelihood

    struct Parameters {
        var location: Double
        var logScale: Double
    }

    struct Hessian {
        var mumu: Double
        var mutau: Double
        var tautau: Double
    }

    struct Evaluation {
        var logLikelihood: Double
        var gradient: Parameters
        var hessian: Hessian
    }

    /// ℓ(μ, τ = ln s), its gradient and Hessian. With z = (x − μ)/s, each term is a function of z alone:
    /// exact ℓ = −z − τ − 2·softplus(−z), ℓ' = 1 − 2σ(z), ℓ'' = −2σ(1 − σ); left-censored at A
    /// ℓ = −softplus(−z), ℓ' = 1 − σ, ℓ'' = −σ(1 − σ); right-censored at B ℓ = −softplus(z),
    /// ℓ' = −σ, ℓ'' = −σ(1 − σ). Then ∂/∂μ = −ℓ'/s,
    /// ∂/∂τ = −zℓ' (− 1 for an exact term), ∂²/∂μ² = ℓ''/s², ∂²/∂μ∂τ = (zℓ'' + ℓ')/s,
    /// ∂²/∂τ² = z²ℓ'' + zℓ'.
    static func evaluate(_ data: Data, _ exact: [Double], _ theta: Parameters) -> Evaluation {
        let s = DeterministicMath.exp(theta.logScale)
        var result = Evaluation(
            logLikelihood: 0, gradient: Parameters(location: 0, logScale: 0),
            hessian: Hessian(mumu: 0, mutau: 0, tautau: 0))
        func add(z: Double, weight: Double, value: Double, first: Double, second: Double, exactTerm: Bool) {
            result.logLikelihood += weight * value
            result.gradient.location += weight * (-first / s)
            result.gradient.logScale += weight * (-z * first - (exactTerm ? 1 : 0))
            result.hessian.mumu += weight * (second / (s * s))
            result.hessian.mutau += weight * ((z * second + first) / s)
            result.hessian.tautau += weight * (z * z * second + z * first)
        }
        for x in exact {
            let z = (x - theta.location) / s
            let p = sigmoid(z)
            add(
                z: z, weight: 1, value: -z - theta.logScale - 2 * softplus(-z), first: 1 - 2 * p,
                second: -2 * p * (1 - p), exactTerm: true)
        }
        if data.crossedBeforeStart > 0 {
            let z = (data.start - theta.location) / s
            let p = sigmoid(z)
            add(
                z: z, weight: Double(data.crossedBeforeStart), value: -softplus(-z), first: 1 - p, second: -p * (1 - p),
                exactTerm: false)
        }
        if data.notCrossedByEnd > 0 {
            let z = (data.end - theta.location) / s
            let p = sigmoid(z)
            add(
                z: z, weight: Double(data.notCrossedByEnd), value: -softplus(z), first: -p, second: -p * (1 - p),
                exactTerm: false)
        }
        return result
    }

    /// Solves (−H + λ·diag(−H) + λI)·step = g (the Levenberg–Marquardt step for maximising ℓ); only
    /// the μ component when the scale is held at its floor.
    static func newtonStep(_ e: Evaluation, damping: Double, fixScale: Bool) -> Parameters {
        let a = -e.hessian.mumu
        let b = -e.hessian.mutau
        let d = -e.hessian.tautau
        let aa = a + damping * (abs(a) + 1)
        let dd = d + damping * (abs(d) + 1)
        if fixScale {
            return Parameters(location: aa > 0 ? e.gradient.location / aa : 0, logScale: 0)
        }
        let determinant = aa * dd - b * b
        guard determinant > 0, aa > 0 else {
            // Not positive definite: a gradient step scaled by the damping.
            let scale = 1 / (1 + damping * 1e3)
            return Parameters(location: scale * e.gradient.location, logScale: scale * e.gradient.logScale)
        }
        return Parameters(
            location: (dd * e.gradient.location - b * e.gradient.logScale) / determinant,
            logScale: (aa * e.gradient.logScale - b * e.gradient.location) / determinant)
    }

    /// 1/(1 + e^−z), without overflow.
    static func sigmoid(_ z: Double) -> Double {
        if z >= 0 { return 1 / (1 + DeterministicMath.exp(-z)) }
        let e = DeterministicMath.exp(z)
        return e / (1 + e)
    }

    /// ln(1 + e^x), without overflow.
    static func softplus(_ x: Double) -> Double {
        x > 0
            ? x + DeterministicMath.log(1 + DeterministicMath.exp(-x))
            : DeterministicMath.log(1 + DeterministicMath.exp(x))
    }
}
