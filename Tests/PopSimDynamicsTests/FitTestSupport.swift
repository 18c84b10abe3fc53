import Foundation
import PopSimPlatform
import PopSimRandom

@testable import PopSimDynamics

/// The sample mean and standard deviation (n − 1 in the denominator) of `values`.
func sampleMoments(_ values: [Double]) -> (mean: Double, standardDeviation: Double) {
    let mean = values.reduce(0, +) / Double(values.count)
    let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)
    return (mean, variance.squareRoot())
}

/// Deterministic Gaussian noise for synthetic recordings: PopSim's SplitMix64 feeding the Box–Muller
/// transform.
struct TestNoise {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(state: seed) }

    mutating func uniform() -> Double {
        (Double(generator.next() >> 11) + 0.5) / 9_007_199_254_740_992  // (0, 1)
    }

    mutating func gaussian(_ sigma: Double) -> Double {
        sigma * (-2 * Double.log(uniform())).squareRoot() * Double.cos(2 * Double.pi * uniform())
    }
}

/// A spring's motion sampled like a device recording: frames at `rate` for `seconds`, some frames dropped,
/// Gaussian position noise. The exact values come from the characteristic-root solution written out here,
/// not from the closed form under test.
struct SyntheticSpringTrace {
    var times: [Double] = []
    var positions: [Double] = []

    init(
        response: Double, dampingRatio zeta: Double, from: Double, to: Double, velocity: Double = 0, delay: Double = 0,
        rate: Double, seconds: Double, noise: Double, dropEvery: Int? = nil, seed: UInt64
    ) {
        var random = TestNoise(seed: seed)
        let omega0 = 2 * Double.pi / response
        let frames = Int((seconds * rate).rounded())
        for i in 0...frames {
            if let dropEvery, i > 0, i < frames, i % dropEvery == 0 || random.uniform() < 1 / Double(dropEvery) {
                continue
            }
            let t = Double(i) / rate
            let exact = Self.position(omega0: omega0, zeta: zeta, x0: from - to, v0: velocity, tau: t - delay)
            times.append(t)
            positions.append((t - delay > 0 ? to + exact : from) + random.gaussian(noise))
        }
    }

    /// x(τ) − target from the roots of s² + 2ζω₀s + ω₀² (underdamped: the textbook cosine/sine form;
    /// critical: (x₀ + (v₀ + ω₀x₀)τ)e^(−ω₀τ); overdamped: two real exponentials).
    static func position(omega0: Double, zeta: Double, x0: Double, v0: Double, tau: Double) -> Double {
        guard tau > 0 else { return x0 }
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            return Double.exp(-zeta * omega0 * tau)
                * (x0 * Double.cos(wd * tau) + (v0 + zeta * omega0 * x0) / wd * Double.sin(wd * tau))
        } else if zeta == 1 {
            return (x0 + (v0 + omega0 * x0) * tau) * Double.exp(-omega0 * tau)
        } else {
            let root = omega0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega0 + root
            let r2 = -zeta * omega0 - root
            let a = (v0 - r2 * x0) / (r1 - r2)
            let b = (r1 * x0 - v0) / (r1 - r2)
            return a * Double.exp(r1 * tau) + b * Double.exp(r2 * tau)
        }
    }
}

/// A model's analytic Jacobian (row-major, n×p) and its central-difference estimate with steps
/// h = 1e-6·max(1, |θⱼ|), for checking one against the other.
func jacobians<Model: LeastSquaresModel>(_ model: Model, at theta: [Double]) -> (analytic: [Double], numeric: [Double])
{
    let n = model.residualCount
    let p = theta.count
    var analytic = [Double](repeating: 0, count: n * p)
    var numeric = analytic
    theta.withUnsafeBufferPointer { th in
        analytic.withUnsafeMutableBufferPointer { model.jacobian(at: th, into: $0.baseAddress!, rowStride: p) }
    }
    for j in 0..<p {
        let h = 1e-6 * max(1, abs(theta[j]))
        var plus = theta
        var minus = theta
        plus[j] += h
        minus[j] -= h
        var rPlus = [Double](repeating: 0, count: n)
        var rMinus = rPlus
        plus.withUnsafeBufferPointer { th in rPlus.withUnsafeMutableBufferPointer { model.residuals(at: th, into: $0) }
        }
        minus.withUnsafeBufferPointer { th in
            rMinus.withUnsafeMutableBufferPointer { model.residuals(at: th, into: $0) }
        }
        for i in 0..<n { numeric[i * p + j] = (rPlus[i] - rMinus[i]) / (2 * h) }
    }
    return (analytic, numeric)
}
