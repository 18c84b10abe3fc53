import PopSimPlatform

extension Spring {
    /// How different two springs look: the root-mean-square difference of their unit step responses from
    /// rest (the fraction of the travel still to go, 1 at the start, 0 at rest), over the longer of their
    /// two 0.001 settling times, sampled at ``stepResponseSamples`` even steps. 0 for the same motion,
    /// whatever the masses; 0.01 means the two differ by 1 % of the travel on average. It compares the
    /// motion a user sees, so springs with different parameters but nearly the same curve are close.
    public func stepResponseDistance(to other: Spring) -> Double {
        let horizon = min(Self.stepResponseHorizonLimit, max(settlingHorizon, other.settlingHorizon))
        let mine = coefficients
        let theirs = other.coefficients
        var sum = 0.0
        for i in 0...Self.stepResponseSamples {
            let t = horizon * Double(i) / Double(Self.stepResponseSamples)
            let difference =
                mine.state(from: 1, 0, after: t).displacement - theirs.state(from: 1, 0, after: t).displacement
            sum += difference * difference
        }
        return (sum / Double(Self.stepResponseSamples + 1)).squareRoot()
    }

    /// The named preset whose step response is closest to this spring's (``stepResponseDistance(to:)``),
    /// ties to the first in ``SpringPreset/allCases``.
    public var nearestPreset: (preset: SpringPreset, distance: Double) {
        var best = (preset: SpringPreset.allCases[0], distance: Double.infinity)
        for preset in SpringPreset.allCases {
            let distance = stepResponseDistance(to: preset.spring)
            if distance < best.distance { best = (preset, distance) }
        }
        return best
    }

    static let stepResponseSamples = 400
    /// An undamped or nearly undamped spring never settles; compare at most this many seconds.
    static let stepResponseHorizonLimit = 60.0

    private var settlingHorizon: Double {
        (try? settlingTime(epsilon: 0.001)) ?? Self.stepResponseHorizonLimit
    }
}
