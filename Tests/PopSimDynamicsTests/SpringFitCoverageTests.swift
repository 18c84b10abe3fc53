import Foundation
import Testing

@testable import PopSimDynamics

/// Whether `fit spring`'s stated standard errors mean what they say with its default options: over many
/// noisy synthetic recordings, the deviations of the fitted damping ratio and response from the truth,
/// in units of the stated error, z = (fit − truth)/σ, must have a standard deviation near 1.
///
/// For n draws of N(0, 1) the sample standard deviation s has (n − 1)s² ~ χ²(n − 1), so for n = 160 it
/// lies within 0.8–1.25 with probability 0.9999 (χ² tails 1.2e-4 and 7e-6): a fit whose errors are right passes,
/// one whose errors are half the true spread (s ≈ 2) cannot.
@Suite("Spring fit coverage")
struct SpringFitCoverageTests {
    /// One synthetic recording: a spring drawn from a spread of responses, damping ratios, travels and
    /// noise levels (0.2–1 pt), sampled at 120 Hz for 1.5 s. Everything is drawn from one seeded
    /// generator, so the set is the same on every run.
    struct Recording {
        let response: Double
        let dampingRatio: Double
        let trace: SyntheticSpringTrace
    }

    static let count = 160

    static let recordings: [Recording] = {
        var random = TestNoise(seed: 0x5EED_F17)
        return (0..<count).map { index in
            let response = 0.25 + 0.35 * random.uniform()
            let zeta = 0.3 + 1.0 * random.uniform()
            let travel = 150 + 250 * random.uniform()
            let noise = 0.2 + 0.8 * random.uniform()
            let trace = SyntheticSpringTrace(
                response: response, dampingRatio: zeta, from: travel, to: 0, rate: 120, seconds: 1.5,
                noise: noise, seed: UInt64(1000 + index))
            return Recording(response: response, dampingRatio: zeta, trace: trace)
        }
    }()

    /// The sample standard deviation of the z-scores of damping ratio and response over every recording.
    static func spread(_ options: (Recording) -> SpringFitOptions) throws -> (dampingRatio: Double, response: Double) {
        var zeta: [Double] = []
        var response: [Double] = []
        for recording in recordings {
            let fit = try SpringFit.fit(
                times: recording.trace.times, positions: recording.trace.positions, options: options(recording))
            zeta.append((fit.spring.dampingRatio - recording.dampingRatio) / fit.standardErrors.dampingRatio)
            response.append((fit.spring.response - recording.response) / fit.standardErrors.response)
        }
        return (sampleMoments(zeta).standardDeviation, sampleMoments(response).standardDeviation)
    }

    /// The default options (start and target solved for): the errors cover the spread.
    @Test func defaultErrorsCoverTheSpread() throws {
        #expect(Self.recordings.count >= 100)
        let spread = try Self.spread { _ in SpringFitOptions() }
        #expect(
            spread.dampingRatio >= 0.8 && spread.dampingRatio <= 1.25,
            "SD of the damping ratio's z: \(spread.dampingRatio)")
        #expect(spread.response >= 0.8 && spread.response <= 1.25, "SD of the response's z: \(spread.response)")
    }

    /// Holding the start and target at the noisy first and last rows, as if they were exact, is what the
    /// defaults no longer do: the damping ratio's errors then understate its spread by far.
    @Test func holdingTheNoisyEndsUnderstatesTheErrors() throws {
        let spread = try Self.spread { recording in
            SpringFitOptions(
                from: recording.trace.positions[0], to: recording.trace.positions[recording.trace.positions.count - 1])
        }
        #expect(spread.dampingRatio > 1.5, "SD of the damping ratio's z: \(spread.dampingRatio)")
    }
}
