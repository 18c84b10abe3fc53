import PopSimGeometry
import Testing

@testable import PopSimGestures

/// The round trip streams each swipe through the estimators and bounds its total work before it
/// starts.
@Suite("Release-velocity round trip: streaming and bounds")
struct RoundTripBoundsTests {
    /// Streaming changes nothing: each ratio equals the one computed from the whole digitised stream
    /// (the in-memory digitiser and `TouchStream.releaseVelocities`, another path through the same
    /// rules), with timestamp jitter, noise and quantisation on.
    @Test(arguments: [(60.0, 0.0), (120.0, 0.5), (240.0, 2.0)])
    func streamedRatiosEqualWholeStreamRatios(rate: Double, noise: Double) throws {
        var check = ReleaseVelocityRoundTrip()
        check.trials = 6
        check.seed = 11
        check.timestampJitter = 0.0005
        check.scale = 3
        let kinds = VelocityEstimatorKind.allCases
        let streamed = try check.measure(rate: rate, noise: noise, kinds: kinds)

        var expected = [[Double]](repeating: [], count: kinds.count)
        var trialSource = SplitMix64(state: check.seed)
        for trial in 0..<check.trials {
            let angle = Double(trialSource.next() >> 11) * 0x1p-53 * 2 * Double.pi
            let phase = Double(trialSource.next() >> 11) * 0x1p-53 / rate
            let direction = Vector(dx: DeterministicMath.cos(angle), dy: DeterministicMath.sin(angle))
            let from = Point(x: 500, y: 500)
            let script = try GestureScript.swipe(
                from: from, to: from + direction * check.distance,
                releaseVelocity: check.requestedVelocity)
            let digitiser = Digitiser(
                sampleRate: rate, phaseOffset: phase, timestampJitter: check.timestampJitter,
                positionNoise: noise, scale: check.scale)
            let stream = try digitiser.sample(script, seed: check.seed &+ UInt64(trial))
            for (index, kind) in kinds.enumerated() {
                let release = try #require(stream.releaseVelocities(using: kind).last).velocity
                expected[index].append(
                    (release.dx * direction.dx + release.dy * direction.dy) / check.requestedVelocity)
            }
        }
        #expect(streamed == expected)
    }

    /// The default run's estimate, by hand: the lift-off tail covers 1500 · 0.016 · (1 + 0.8) / 2 =
    /// 21.6 pt, the minimum-jerk part 278.4 pt in 1.875 · 278.4 / 1500 = 0.348 s, so the swipe lasts
    /// 0.364 s and is at most 0.364 · rate + 2 samples: 23.84 + 45.68 + 89.36 = 158.88 over the three
    /// rates, × 3 noise levels × 64 trials = 30 504.96.
    @Test func theEstimateIsTheDigitisersBoundSummed() throws {
        let estimate = try ReleaseVelocityRoundTrip().estimatedSampleCount(
            rates: [60, 120, 240], noiseLevels: [0, 0.5, 1])
        #expect(abs(estimate - 30_504.96) < 1e-6)
    }

    /// 0.001 pt/s: a 562 500 s swipe (1.875 · (300 − 1.44e-5) / 0.001 + 0.016), 33 750 001 samples at
    /// 60 Hz, three noise levels: 101 250 004 > 50 000 000. Refused before any swipe is digitised (a
    /// run would take minutes, so a test that does not end is the failure).
    @Test(.timeLimit(.minutes(1))) func aSlowSwipeIsRefusedUpFront() throws {
        var check = ReleaseVelocityRoundTrip()
        check.requestedVelocity = 0.001
        check.trials = 1
        #expect(throws: SynthesisError.self) { _ = try check.run(rates: [60], noiseLevels: [0, 0.5, 1]) }
        do {
            _ = try check.run(rates: [60], noiseLevels: [0, 0.5, 1])
        } catch {
            #expect(error.field == .totalSampleCount)
            let estimate = try #require(error.value)
            #expect(abs(estimate - 101_250_004) < 1)
            #expect(
                error.description.hasPrefix(
                    "too many samples: 1 trial × 3 noise levels × 1 rate of a 562500.0 s swipe")
            )
        }
        #expect(ReleaseVelocityRoundTrip.maximumTotalSamples == 50_000_000)
    }

    /// Many short swipes count too: 100 000 trials × 64 rates of 1e5 Hz is refused, while the most
    /// trials the command allows at the default conditions (47.7 million samples) are within the limit.
    @Test(.timeLimit(.minutes(1))) func theLimitCountsEveryTrialRateAndNoiseLevel() throws {
        var check = ReleaseVelocityRoundTrip()
        check.trials = 100_000
        #expect(throws: SynthesisError.self) {
            _ = try check.run(rates: Array(repeating: 1e5, count: 64), noiseLevels: [0])
        }
        let defaults = try check.estimatedSampleCount(rates: [60, 120, 240], noiseLevels: [0, 0.5, 1])
        #expect(defaults < Double(ReleaseVelocityRoundTrip.maximumTotalSamples))
    }

    /// A release velocity so slow that the swipe's duration overflows is named as such.
    @Test func anOverflowingDurationIsAReleaseVelocityError() {
        #expect(throws: SynthesisError.self) {
            _ = try GestureScript.swipe(from: .zero, to: Point(x: 300, y: 0), releaseVelocity: .leastNonzeroMagnitude)
        }
        do {
            _ = try GestureScript.swipe(from: .zero, to: Point(x: 300, y: 0), releaseVelocity: .leastNonzeroMagnitude)
        } catch {
            #expect(error.field == .releaseVelocity)
        }
    }
}
