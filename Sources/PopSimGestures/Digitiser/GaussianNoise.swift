/// Standard normal deviates from a ``Xoshiro256StarStar`` by Marsaglia's polar method (Marsaglia &
/// Bray 1964): draw (u, v) uniform in the square (−1, 1)², keep it when s = u² + v² is in (0, 1), and
/// return u·√(−2 ln s / s) and v·√(−2 ln s / s), two independent N(0, 1) values.
///
/// Unlike Box–Muller it needs no sine or cosine, and its logarithm is ``DeterministicMath/log(_:)``,
/// so every value is the same on every machine for a given seed.
public struct GaussianNoise: Sendable {
    public private(set) var generator: Xoshiro256StarStar
    private var spare: Double?

    public init(generator: Xoshiro256StarStar) {
        self.generator = generator
    }

    public init(seed: UInt64) {
        self.init(generator: Xoshiro256StarStar(seed: seed))
    }

    /// The next N(0, 1) deviate.
    public mutating func next() -> Double {
        if let spare {
            self.spare = nil
            return spare
        }
        let pair = drawPair()
        spare = pair.second
        return pair.first
    }

    /// The next two N(0, 1) deviates, the values two calls of ``next()`` return: the polar method's
    /// pair itself when no deviate is held back, without holding one.
    @inline(__always)
    public mutating func nextPair() -> (first: Double, second: Double) {
        guard spare == nil else { return (next(), next()) }
        return drawPair()
    }

    /// A pair by the polar method.
    @inline(__always)
    private mutating func drawPair() -> (first: Double, second: Double) {
        while true {
            let u = 2 * generator.nextUnitInterval() - 1
            let v = 2 * generator.nextUnitInterval() - 1
            let s = u * u + v * v
            guard s < 1, s > 0 else { continue }
            let factor = (-2 * DeterministicMath.log(s) / s).squareRoot()
            return (u * factor, v * factor)
        }
    }

    /// The next N(0, σ²) deviate (0 without drawing when σ = 0).
    public mutating func next(standardDeviation sigma: Double) -> Double {
        sigma == 0 ? 0 : sigma * next()
    }
}
