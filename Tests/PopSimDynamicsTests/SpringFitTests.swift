import Foundation
import PopSimPlatform
import Testing

@testable import PopSimDynamics

@Suite("Spring fit")
struct SpringFitTests {
    struct Case: CustomStringConvertible, Sendable {
        let index: Int
        let zeta: Double
        let response: Double
        let rate: Double
        let noise: Double
        let dropEvery: Int?
        var description: String {
            "ζ \(zeta), response \(response) s, \(Int(rate)) Hz, σ \(noise) pt, "
                + "drop \(dropEvery.map { "1 in \($0) + every \($0)th" } ?? "none")"
        }
    }

    /// Every damping regime from ζ 0.1 to 3, at 60 and 120 Hz, with 0.1 and 1 pt of noise; the 1 pt traces
    /// also lose about a quarter of their frames (every 7th and 1 in 7 at random). A 300 pt move over 2 s,
    /// start and target free (a recording's first and last values carry the noise too). One noise
    /// realisation per case, seeded by the case's index.
    static let cases: [Case] = {
        var cases: [Case] = []
        for (index, zeta) in [0.1, 0.3, 0.6, 0.9, 1.0, 1.1, 1.5, 3.0].enumerated() {
            for rate in [60.0, 120.0] {
                for noise in [0.1, 1.0] {
                    cases.append(
                        Case(
                            index: cases.count, zeta: zeta, response: index.isMultiple(of: 2) ? 0.4 : 0.25, rate: rate,
                            noise: noise, dropEvery: noise == 1.0 ? 7 : nil))
                }
            }
        }
        return cases
    }()

    static func trace(_ c: Case, seed: UInt64) -> SyntheticSpringTrace {
        SyntheticSpringTrace(
            response: c.response, dampingRatio: c.zeta, from: 300, to: 0, rate: c.rate, seconds: 2,
            noise: c.noise, dropEvery: c.dropEvery, seed: seed)
    }

    @Test(arguments: cases)
    func recoversParametersWithinThreeSigma(_ c: Case) throws {
        let trace = Self.trace(c, seed: UInt64(c.index + 1))
        let result = try SpringFit.fit(
            times: trace.times, positions: trace.positions,
            options: SpringFitOptions(unknowns: [.from, .to]))
        let e = result.standardErrors
        let omega0 = 2 * Double.pi / c.response
        #expect(abs(result.spring.response - c.response) <= 3 * e.response)
        #expect(abs(result.spring.dampingRatio - c.zeta) <= 3 * e.dampingRatio)
        #expect(abs(result.spring.stiffness - omega0 * omega0) <= 3 * e.stiffness)
        #expect(abs(result.spring.damping - 2 * c.zeta * omega0) <= 3 * e.damping)
        #expect(abs(result.from - 300) <= 3 * e.from!)
        #expect(abs(result.to - 0) <= 3 * e.to!)
        // Not vacuous: the residual is the noise, and the errors are a few per cent at most.
        #expect(abs(result.rmsResidual / c.noise - 1) < 0.2)
        #expect(e.dampingRatio < 0.1 * c.zeta)
        #expect(e.response < 0.08 * c.response)
        #expect(result.points == trace.times.count)
    }

    /// What makes a 3σ statement mean something: over 100 noise realisations per regime the deviations in
    /// units of the reported standard error, z = (fit − truth)/σ, have a standard deviation near 1 (errors
    /// neither too small nor too large; for 100 draws the sample SD of N(0, 1) is within 0.8…1.2 with
    /// probability 0.995) and at least 97 % of them lie within 3 (99.7 % expected).
    @Test(arguments: [cases[2], cases[19], cases[31]])
    func reportedErrorsAreCalibrated(_ c: Case) throws {
        var z: [String: [Double]] = [:]
        for seed in 1...100 {
            let trace = Self.trace(c, seed: UInt64(10_000 + seed))
            let r = try SpringFit.fit(
                times: trace.times, positions: trace.positions, options: SpringFitOptions(unknowns: [.from, .to]))
            z["response", default: []].append((r.spring.response - c.response) / r.standardErrors.response)
            z["damping ratio", default: []].append((r.spring.dampingRatio - c.zeta) / r.standardErrors.dampingRatio)
            z["from", default: []].append((r.from - 300) / r.standardErrors.from!)
        }
        for (name, values) in z {
            let (mean, sd) = sampleMoments(values)
            #expect(sd > 0.8 && sd < 1.2, "\(name): SD of z is \(sd)")
            #expect(abs(mean) < 0.4, "\(name): mean z is \(mean)")
            #expect(values.filter { abs($0) <= 3 }.count >= 97, "\(name)")
        }
    }

    /// A flick into a spring: initial velocity and start delay free as well as start and target.
    @Test func recoversVelocityAndDelay() throws {
        let trace = SyntheticSpringTrace(
            response: 0.35, dampingRatio: 0.7, from: 50, to: 250, velocity: -800, delay: 0.15,
            rate: 120, seconds: 1.5, noise: 0.3, seed: 7)
        let result = try SpringFit.fit(
            times: trace.times, positions: trace.positions,
            options: SpringFitOptions(unknowns: [.from, .to, .velocity, .delay]))
        let e = result.standardErrors
        #expect(abs(result.spring.response - 0.35) <= 3 * e.response)
        #expect(abs(result.spring.dampingRatio - 0.7) <= 3 * e.dampingRatio)
        #expect(abs(result.velocity + 800) <= 3 * e.velocity!)
        #expect(abs(result.delay - 0.15) <= 3 * e.delay!)
        #expect(abs(result.from - 50) <= 3 * e.from!)
        #expect(abs(result.to - 250) <= 3 * e.to!)
        #expect(e.delay! < 0.002)
    }

    /// A trace of each named preset (120 Hz, 0.5 pt noise, 200 pt, until 1.5× its settling time) is
    /// identified as that preset, and the fitted spring's step response is within 1 % of the preset's.
    @Test(arguments: SpringPreset.allCases)
    func identifiesEachPreset(_ preset: SpringPreset) throws {
        let spring = preset.spring
        let seconds = max(0.5, 1.5 * (try spring.settlingTime()))
        let trace = SyntheticSpringTrace(
            response: spring.response, dampingRatio: spring.dampingRatio, from: 0, to: 200,
            rate: 120, seconds: seconds, noise: 0.5, seed: 99)
        let result = try SpringFit.fit(
            times: trace.times, positions: trace.positions,
            options: SpringFitOptions(unknowns: [.from, .to]))
        let nearest = result.spring.nearestPreset
        #expect(nearest.preset == preset)
        #expect(nearest.distance < 0.01)
    }

    /// Noise-free data from the closed form is fitted to rounding (the start from the first point, the
    /// target given: the trace ends before the motion settles).
    @Test(arguments: [0.2, 1.0, 2.5])
    func exactDataFitsExactly(_ zeta: Double) throws {
        let spring = try Spring(response: 0.45, dampingRatio: zeta)
        let simulation = try SpringSimulation(spring: spring, start: 100, end: -20, initialVelocity: 300)
        let times = (0...180).map { Double($0) / 120 }
        let result = try SpringFit.fit(
            times: times, positions: times.map(simulation.position(at:)),
            options: SpringFitOptions(unknowns: [.velocity], to: -20))
        #expect(abs(result.spring.response / 0.45 - 1) < 1e-9)
        #expect(abs(result.spring.dampingRatio / zeta - 1) < 1e-9)
        #expect(abs(result.velocity - 300) < 1e-6)
        #expect(result.rmsResidual < 1e-9)
        #expect(result.spring.mass == 1)
    }

    /// Points of weight 0 do not enter the fit: gross outliers weighted 0 change nothing.
    @Test func zeroWeightsLeavePointsOut() throws {
        let clean = SyntheticSpringTrace(
            response: 0.3, dampingRatio: 0.5, from: 0, to: 100, rate: 60, seconds: 1.5, noise: 0.2, seed: 3)
        var positions = clean.positions
        var weights = [Double](repeating: 1, count: positions.count)
        for i in stride(from: 5, to: positions.count, by: 11) {
            positions[i] += 500
            weights[i] = 0
        }
        let options = SpringFitOptions(unknowns: [.from, .to])
        let kept = positions.indices.filter { weights[$0] > 0 }
        let reference = try SpringFit.fit(
            times: kept.map { clean.times[$0] }, positions: kept.map { positions[$0] }, options: options)
        let weighted = try SpringFit.fit(times: clean.times, positions: positions, weights: weights, options: options)
        #expect(abs(weighted.spring.dampingRatio / reference.spring.dampingRatio - 1) < 1e-8)
        #expect(abs(weighted.spring.response / reference.spring.response - 1) < 1e-8)
        #expect(abs(weighted.standardErrors.response / reference.standardErrors.response - 1) < 1e-6)
        // Without the weights the outliers drag the fit far off.
        let unweighted = try SpringFit.fit(times: clean.times, positions: positions, options: options)
        #expect(unweighted.rmsResidual > 50)
    }

    // MARK: Refusals

    @Test func refusesTracesThatCannotDetermineTheSpring() {
        let t = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]
        func fails(
            _ times: [Double], _ positions: [Double], _ options: SpringFitOptions = SpringFitOptions(),
            _ check: (FitError) -> Bool
        ) {
            do {
                _ = try SpringFit.fit(times: times, positions: positions, options: options)
                Issue.record("no error for \(positions)")
            } catch {
                #expect(check(error), "\(error)")
            }
        }
        fails(Array(t.prefix(4)), [0, 1, 2, 3]) {
            if case .undetermined = $0 { return true }
            return false
        }
        fails(t, [5, 5, 5, 5, 5, 5]) {
            if case .undetermined = $0 { return true }
            return false
        }
        fails(t, [0, 1, .nan, 3, 4, 5]) {
            if case .invalidData = $0 { return true }
            return false
        }
        fails([0, 0.1, 0.3, 0.2, 0.4, 0.5], [0, 1, 2, 3, 4, 5]) {
            if case .invalidData = $0 { return true }
            return false
        }
        fails([1, 1, 1, 1, 1, 1], [0, 1, 2, 3, 4, 5]) {
            if case .undetermined = $0 { return true }
            return false
        }
        // Start and target held equal, velocity 0: the model is a constant.
        fails(t, [0, 3, 2, 1, 0.5, 0], SpringFitOptions(from: 0, to: 0)) {
            if case .undetermined = $0 { return true }
            return false
        }
        fails(t, [0, 3, 2, 1, 0.5, 0], SpringFitOptions(velocity: .nan)) {
            if case .invalidParameter = $0 { return true }
            return false
        }
    }

    @Test func reportsNonConvergence() {
        let trace = SyntheticSpringTrace(
            response: 0.3, dampingRatio: 0.2, from: 0, to: 100, rate: 120, seconds: 2, noise: 1, seed: 5)
        #expect(throws: FitError.notConverged(iterations: 1)) {
            _ = try SpringFit.fit(
                times: trace.times, positions: trace.positions,
                options: SpringFitOptions(
                    unknowns: [.from, .to, .velocity, .delay],
                    settings: FitSettings(maximumIterations: 1)))
        }
    }

    // MARK: Jacobian

    /// The analytic Jacobian against central differences of the residuals, on both sides of ζ = 1 and at
    /// it, with every motion quantity free: agreement to 1e-6 relative to the column's size.
    @Test(arguments: [0.3, 1 - 1e-9, 1.0, 1 + 1e-9, 2.5])
    func jacobianMatchesFiniteDifferences(_ zeta: Double) {
        let times = (0..<40).map { Double($0) / 60 }
        let model = SpringFitModel(
            times: times, positions: times.map { _ in 0 }, unknowns: [.from, .to, .velocity, .delay],
            from: 0, to: 0, velocity: 0, delay: 0)
        let theta = [Double.log(2 * Double.pi / 0.4), Double.log(zeta), 120, -30, 450, 0.05]
        let (analytic, numeric) = jacobians(model, at: theta)
        let p = theta.count
        for j in 0..<p {
            let scale = times.indices.map { abs(numeric[$0 * p + j]) }.max()!
            // Row 3 sits at the start (t = 0.05 = delay), where x′ jumps: no derivative to compare.
            for i in times.indices where times[i] != 0.05 {
                #expect(abs(analytic[i * p + j] - numeric[i * p + j]) <= 1e-6 * scale, "column \(j), row \(i)")
            }
        }
    }

    /// ∂S/∂σ: the Taylor series and the direct form (τC − S)/(2σ) agree where the code switches between
    /// them (|σ|τ² = 0.5), on both sides of σ = 0; at σ = 0 the series gives −τ³/6 exactly.
    @Test func sigmaDerivativeSeriesMeetsDirectForm() {
        for sigma in [-50.0, 50.0] {
            let tau = (0.5 / abs(sigma)).squareRoot()
            let mu = abs(sigma).squareRoot()
            let (c, s) =
                sigma > 0
                ? (Double.cos(mu * tau), Double.sin(mu * tau) / mu)
                : (Double.cosh(mu * tau), Double.sinh(mu * tau) / mu)
            let direct = (tau * c - s) / (2 * sigma)
            let series = SpringResponseSensitivity.sineSigmaDerivativeSeries(sigma: sigma, tau: tau)
            #expect(abs(series - direct) <= 1e-14 * abs(direct))
        }
        #expect(SpringResponseSensitivity.sineSigmaDerivativeSeries(sigma: 0, tau: 0.3) == -0.3 * 0.3 * 0.3 / 6)
    }

    /// The step-response distance is a distance: 0 to itself, symmetric, and independent of the mass
    /// (a trajectory only sees k/m and c/m).
    @Test func stepResponseDistance() throws {
        let a = Spring.bouncy
        let b = Spring.smooth
        #expect(a.stepResponseDistance(to: a) == 0)
        #expect(a.stepResponseDistance(to: b) == b.stepResponseDistance(to: a))
        #expect(a.stepResponseDistance(to: b) > 0.01)
        let heavy = try Spring(mass: 4, stiffness: 4 * a.stiffness, damping: 4 * a.damping)
        #expect(a.stepResponseDistance(to: heavy) < 1e-12)
    }

    /// 200 random recordings (response 0.08–1.5 s, ζ 0.05–5, 0.1–1.1 pt noise, 60/120 Hz, 0.5–3 s, some
    /// with dropped frames, an initial velocity or a start delay, all free with start and target): every
    /// fit ends at least as low as the true parameters' cost (no local minimum), or is refused as
    /// undetermined, never as anything else, and rarely (the refusals are overdamped springs whose fast
    /// part is shorter than a frame, or velocity and delay both free on a start from rest).
    @Test func findsTheGlobalMinimumOnRandomTraces() throws {
        var random = TestNoise(seed: 42)
        var refused = 0
        for trial in 0..<200 {
            let response = Double.exp(Double.log(0.08) + random.uniform() * Double.log(1.5 / 0.08))
            let zeta = Double.exp(Double.log(0.05) + random.uniform() * Double.log(5 / 0.05))
            let noise = 0.1 + random.uniform()
            let rate = random.uniform() < 0.5 ? 60.0 : 120.0
            let seconds = 0.5 + 2.5 * random.uniform()
            let velocity = random.uniform() < 0.3 ? (random.uniform() - 0.5) * 3000 : 0
            let delay = random.uniform() < 0.3 ? 0.2 * random.uniform() : 0
            let drop: Int? = random.uniform() < 0.3 ? 9 : nil
            var unknowns: SpringFitUnknowns = [.from, .to]
            if velocity != 0 { unknowns.insert(.velocity) }
            if delay != 0 { unknowns.insert(.delay) }
            let trace = SyntheticSpringTrace(
                response: response, dampingRatio: zeta, from: 0, to: 200, velocity: velocity, delay: delay,
                rate: rate, seconds: seconds, noise: noise, dropEvery: drop, seed: UInt64(trial))
            do {
                let result = try SpringFit.fit(
                    times: trace.times, positions: trace.positions, options: SpringFitOptions(unknowns: unknowns))
                var truth = 0.0
                for (t, x) in zip(trace.times, trace.positions) {
                    let exact =
                        (t - delay > 0 ? 200 : 0)
                        + SyntheticSpringTrace.position(
                            omega0: 2 * .pi / response, zeta: zeta, x0: -200, v0: velocity, tau: t - delay)
                    truth += (x - exact) * (x - exact)
                }
                let fitted = result.residuals.reduce(0) { $0 + $1 * $1 }
                let spring = result.spring
                #expect(
                    fitted <= truth * 1.000_001,
                    "trial \(trial): response \(response), ζ \(zeta): fit \(spring.response), \(spring.dampingRatio)"
                )
            } catch {
                if case FitError.undetermined = error { refused += 1 } else { Issue.record("trial \(trial): \(error)") }
            }
        }
        #expect(refused <= 10)
    }
}
