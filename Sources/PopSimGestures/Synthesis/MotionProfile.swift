/// How a finger covers a straight movement over time: progress p(τ) along the segment, from p(0) = 0
/// to p(1) = 1, for normalised time τ = t/T in [0, 1].
public enum MotionProfile: Sendable {
    /// Constant speed: p = τ. What flutter_test's `timedDrag`/`fling` and Espresso generate
    /// (Documentation/gestures.md §2): a finger does not start or stop at full speed, so this is a
    /// reference case, not a human one.
    case linear
    /// Minimum-jerk point-to-point reaching (Flash & Hogan 1985; Documentation/gestures.md §2):
    /// p = 10τ³ − 15τ⁴ + 6τ⁵, zero velocity and acceleration at both ends, peak speed 1.875·D/T at τ = ½.
    case minimumJerk
    /// lyft/Hammer's eased finger move, p = sin(sin(πτ/2)·πτ/2) (Documentation/gestures.md §2, Hammer's
    /// `curveInterpolation`), evaluated with ``DeterministicMath`` so it is bit-identical everywhere.
    case easeInOut
    /// Any progress function with p(0) = 0 and p(1) = 1 (values outside [0, 1] are allowed, e.g. an
    /// overshoot). Its derivative is taken numerically.
    case custom(@Sendable (Double) -> Double)

    /// Progress at normalised time τ, clamped to [0, 1].
    public func progress(at tau: Double) -> Double {
        switch self {
        case .linear: return Formula.linear.progress(at: tau)
        case .minimumJerk: return Formula.minimumJerk.progress(at: tau)
        case .easeInOut: return Formula.easeInOut.progress(at: tau)
        case let .custom(progress):
            let tau = min(max(tau, 0), 1)
            if tau == 0 { return 0 }
            if tau == 1 { return 1 }
            return progress(tau)
        }
    }

    /// The profiles whose progress is a formula, as plain data (no closure): what a ``FingerPath``
    /// keeps in each of its pieces and evaluates at every sample without reference counting.
    enum Formula: Sendable {
        case linear
        case minimumJerk
        case easeInOut

        /// Progress at normalised time τ, clamped to [0, 1].
        @inline(__always)
        func progress(at tau: Double) -> Double {
            let tau = min(max(tau, 0), 1)
            switch self {
            case .linear:
                return tau
            case .minimumJerk:
                return tau * tau * tau * (10 + tau * (-15 + 6 * tau))
            case .easeInOut:
                let half = tau * (Double.pi / 2)
                return DeterministicMath.sin(DeterministicMath.sin(half) * half)
            }
        }
    }

    /// The profile's formula; nil for a custom profile.
    var formula: Formula? {
        switch self {
        case .linear: .linear
        case .minimumJerk: .minimumJerk
        case .easeInOut: .easeInOut
        case .custom: nil
        }
    }

    /// dp/dτ at τ (so the speed is D/T · rate(τ)).
    public func rate(at tau: Double) -> Double {
        let tau = min(max(tau, 0), 1)
        switch self {
        case .linear:
            return 1
        case .minimumJerk:
            let rest = 1 - tau
            return 30 * tau * tau * rest * rest
        case .easeInOut:
            let half = tau * (Double.pi / 2)
            let sine = DeterministicMath.sin(half)
            let inner = sine * half
            let innerRate = DeterministicMath.cos(half) * (Double.pi / 2) * half + sine * (Double.pi / 2)
            return DeterministicMath.cos(inner) * innerRate
        case .custom:
            let h = 1e-6
            let lower = max(tau - h, 0)
            let upper = min(tau + h, 1)
            return (progress(at: upper) - progress(at: lower)) / (upper - lower)
        }
    }

    /// τ·p′(τ)/p(τ): the release speed relative to the mean speed so far when a movement is released at
    /// τ (see ``GestureScript/swipe(from:to:releaseVelocity:duration:profile:liftOff:touch:)``).
    func releaseSpeedRatio(at tau: Double) -> Double {
        let progress = progress(at: tau)
        return progress > 0 ? tau * rate(at: tau) / progress : .infinity
    }

    /// The τ in (0, 1] where ``releaseSpeedRatio(at:)`` equals `target`, with the largest ratio met on
    /// the way (for a message when there is no such τ). Scans down from τ = 1 on a grid of 1/1024 for the
    /// first sign change, then bisects to full precision: a fixed grid and a fixed iteration count, so the
    /// answer is the same on every machine.
    func releasePoint(forSpeedRatio target: Double) -> (releasePoint: Double?, largestRatio: Double) {
        func excess(_ tau: Double) -> Double { releaseSpeedRatio(at: tau) - target }
        let steps = 1024
        var upper = 1.0
        var upperExcess = excess(upper)
        var bestRatio = releaseSpeedRatio(at: 1)
        if upperExcess == 0 { return (1, bestRatio) }
        for step in stride(from: steps - 1, through: 1, by: -1) {
            let lower = Double(step) / Double(steps)
            let lowerExcess = excess(lower)
            bestRatio = max(bestRatio, lowerExcess + target)
            if lowerExcess == 0 { return (lower, bestRatio) }
            if (lowerExcess < 0) != (upperExcess < 0) {
                var low = lower
                var high = upper
                let lowIsNegative = lowerExcess < 0
                for _ in 0..<64 {
                    let middle = (low + high) / 2
                    if (excess(middle) < 0) == lowIsNegative { low = middle } else { high = middle }
                }
                return ((low + high) / 2, bestRatio)
            }
            upper = lower
            upperExcess = lowerExcess
        }
        return (nil, bestRatio)
    }

    /// A short name for messages and CLI flags.
    public var name: String {
        switch self {
        case .linear: return "linear"
        case .minimumJerk: return "min-jerk"
        case .easeInOut: return "ease-in-out"
        case .custom: return "custom"
        }
    }
}
