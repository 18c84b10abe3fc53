import Foundation
import PopSimPlatform
import Testing

@testable import PopSimDynamics

/// The overdamped limit of the spring fit (Documentation/fitting.md): a first-order approach is the limit
/// of springs with ζ → ∞ at a fixed slow decay, so the fit stops at its damping-ratio bound and reports
/// the limit and the time constant. Every expected value is worked out by hand in the test's comment.
@Suite("Spring fit: the overdamped limit")
struct SpringFitLimitTests {
    /// x_k = x₁ + (x₀ − x₁)·q^k at t_k = t₀ + k·h is x₁ + (x₀ − x₁)·e^(−(t − t₀)/τ) with e^(−h/τ) = q, so
    /// τ = −h/ln q.
    static func firstOrder(from: Double, to: Double, ratio q: Double, interval h: Double, count: Int, start: Double = 0)
        -> (times: [Double], positions: [Double], timeConstant: Double)
    {
        let times = (0..<count).map { start + Double($0) * h }
        let positions = (0..<count).map { to + (from - to) * Double.pow(q, Double($0)) }
        return (times, positions, -h / Double.log(q))
    }

    struct Case: Sendable, CustomStringConvertible {
        let from: Double
        let to: Double
        let ratio: Double
        let rate: Double
        let start: Double
        var description: String { "\(from) → \(to), q \(ratio), \(rate) Hz, t₀ \(start)" }
    }

    /// x = 100(1 − 0.92^k) at 60 Hz (τ = (1/60)/0.0833816 = 0.199884 s) and 120 Hz (0.099942 s), and a
    /// fall from 300 to 100 with q = 0.8 starting at t = 0.5 s (τ = (1/60)/0.223144 = 0.074690 s).
    static let cases = [
        Case(from: 0, to: 100, ratio: 0.92, rate: 60, start: 0),
        Case(from: 0, to: 100, ratio: 0.92, rate: 120, start: 0),
        Case(from: 300, to: 100, ratio: 0.8, rate: 60, start: 0.5),
    ]

    /// The fit returns the bound, ζ = 1000, and the time constant to within the bound's own deviation from
    /// a first-order approach: at ζ the spring's fast mode carries about 1/(4ζ²) = 2.5·10⁻⁷ of the travel,
    /// so the slow one's rate, and τ, may move by a few times that; the target and start to the same
    /// fraction of the 100–200 pt travel.
    @Test(arguments: cases)
    func firstOrderApproachStopsAtTheBound(_ c: Case) throws {
        let trace = Self.firstOrder(
            from: c.from, to: c.to, ratio: c.ratio, interval: 1 / c.rate, count: Int(c.rate) + 1, start: c.start)
        let fit = try SpringFit.fit(times: trace.times, positions: trace.positions)
        #expect(fit.limit == .dampingRatioBound(SpringFit.defaultMaximumDampingRatio))
        #expect(abs(fit.spring.dampingRatio - 1000) < 1e-9)
        let tau = try #require(fit.timeConstant)
        #expect(abs(tau - trace.timeConstant) <= 1e-6 * trace.timeConstant, "τ \(tau), expected \(trace.timeConstant)")
        let travel = abs(c.to - c.from)
        #expect(abs(fit.to - c.to) <= 1e-6 * travel)
        #expect(abs(fit.from - c.from) <= 1e-6 * travel)
        #expect(fit.rmsResidual <= 1e-6 * travel)
        #expect(fit.timeConstantStandardError < 1e-6 * tau)
    }

    /// 0.3 pt of Gaussian noise on the 60 Hz approach: still the limit, τ within four standard errors of
    /// 0.199884 s (the reported error is the spread of τ over noise realisations to first order).
    @Test func noisyFirstOrderApproachStopsAtTheBound() throws {
        let trace = Self.firstOrder(from: 0, to: 100, ratio: 0.92, interval: 1.0 / 60, count: 61)
        var noise = TestNoise(seed: 3)
        let noisy = trace.positions.map { $0 + noise.gaussian(0.3) }
        let fit = try SpringFit.fit(times: trace.times, positions: noisy)
        #expect(fit.limit == .dampingRatioBound(1000))
        let tau = try #require(fit.timeConstant)
        #expect(
            abs(tau - trace.timeConstant) <= 4 * fit.timeConstantStandardError,
            "τ \(tau) ± \(fit.timeConstantStandardError)")
        #expect(fit.rmsResidual > 0.2 && fit.rmsResidual < 0.4)
    }

    /// A spring inside the bound is reported as before, without a limit: ζ = 5, response 0.5 s, exact.
    @Test func aSpringInsideTheBoundHasNoLimit() throws {
        let trace = SyntheticSpringTrace(
            response: 0.5, dampingRatio: 5, from: 0, to: 100, rate: 60, seconds: 3, noise: 0, seed: 1)
        let fit = try SpringFit.fit(times: trace.times, positions: trace.positions)
        #expect(fit.limit == nil)
        #expect(abs(fit.spring.dampingRatio - 5) < 1e-6)
        // τ of the slow mode: (ζ + √(ζ² − 1))/ω₀ = (5 + √24)·0.5/(2π) = 0.78778 s.
        let tau = try #require(fit.timeConstant)
        #expect(abs(tau - (5 + 24.0.squareRoot()) * 0.5 / (2 * Double.pi)) < 1e-6)
    }

    /// A lower bound turns the same ζ = 5 trace into a limit: the best spring lies beyond ζ = 3, so the fit
    /// stops at 3, and its slow mode matches the trace's as well as a ζ = 3 spring can.
    @Test func aLowerBoundIsReachedByAStifferTrace() throws {
        let trace = SyntheticSpringTrace(
            response: 0.5, dampingRatio: 5, from: 0, to: 100, rate: 60, seconds: 3, noise: 0, seed: 1)
        var options = SpringFitOptions()
        options.maximumDampingRatio = 3
        let fit = try SpringFit.fit(times: trace.times, positions: trace.positions, options: options)
        #expect(fit.limit == .dampingRatioBound(3))
        #expect(abs(fit.spring.dampingRatio - 3) < 1e-9)
    }

    /// Where the best spring is well inside the bound, a fit held at the bound is no constrained minimum
    /// (the residuals lean towards a smaller ζ) and is refused: ζ = 0.3 rings, and at ζ = 1000 it cannot.
    @Test func theBoundIsRefusedWhereTheTraceWantsLessDamping() throws {
        let trace = SyntheticSpringTrace(
            response: 0.4, dampingRatio: 0.3, from: 0, to: 100, rate: 60, seconds: 2, noise: 0, seed: 1)
        let model = SpringFitModel(
            times: trace.times, positions: trace.positions, unknowns: [.from, .to], from: 0, to: 100, velocity: 0,
            delay: 0)
        let start = SpringFitStart.estimate(model, weights: nil)
        #expect(
            SpringFit.atDampingRatioBound(
                model, start: start.parameters, weights: nil, options: SpringFitOptions(), startTime: 0) == nil)
    }

    /// The bound must lie above critical damping.
    @Test(arguments: [1.0, 0.5, .infinity, .nan])
    func boundsAtOrBelowCriticalAreRefused(_ bound: Double) {
        let trace = Self.firstOrder(from: 0, to: 100, ratio: 0.92, interval: 1.0 / 60, count: 61)
        var options = SpringFitOptions()
        options.maximumDampingRatio = bound
        #expect(throws: FitError.self) {
            try SpringFit.fit(times: trace.times, positions: trace.positions, options: options)
        }
    }
}
