import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// `simulate` agrees with `decide` on synthesised swipes (Gestures' synthesis and digitiser): the model's
/// release velocity is what Gestures' `ReleaseVelocityMeter` measures on the same stream with the same
/// estimator, and the release decision fed with the stream's translation and that velocity gives the
/// model's outcome.
@Suite("Popovers on synthesised swipes")
struct PopoversSynthesisedTests {
    typealias S = PopoverScenes

    struct Swipe: Sendable, CustomTestStringConvertible {
        let displacement: Vector
        let releaseVelocity: Double
        let estimator: VelocityEstimatorKind
        let seed: UInt64
        var testDescription: String {
            "\(displacement.dx),\(displacement.dy) at \(releaseVelocity) pt/s, \(estimator.rawValue)"
        }
    }

    static let swipes: [Swipe] = {
        var swipes: [Swipe] = []
        var seed: UInt64 = 1
        for displacement in [
            Vector(dx: 0, dy: 60), Vector(dx: 0, dy: 240), Vector(dx: 30, dy: -200), Vector(dx: 0, dy: -60),
        ] {
            for velocity in [300.0, 900, 2500] {
                for estimator in VelocityEstimatorKind.allCases {
                    swipes.append(
                        Swipe(displacement: displacement, releaseVelocity: velocity, estimator: estimator, seed: seed))
                    seed += 1
                }
            }
        }
        return swipes
    }()

    @Test(arguments: swipes)
    func simulationAgreesWithDecisionOnSwipes(_ swipe: Swipe) throws {
        let script = try GestureScript.swipe(
            from: S.centre, to: S.centre + swipe.displacement, releaseVelocity: swipe.releaseVelocity)
        let stream = try script.touchStream(digitiser: Digitiser(positionNoise: 0.3, scale: 3), seed: swipe.seed)
        var configuration = S.configuration(S.centred([.dragDown, .dragUp]))
        configuration.velocityEstimator = swipe.estimator
        let result = try PopoverSimulation.run(configuration, stream: stream, rate: .oneTwenty)

        let released = try #require(stream.releaseVelocities(using: swipe.estimator).last)
        let began = try #require(stream.samples.first)
        let translation = released.location - began.location
        let record = try #require(result.releases.last)
        #expect(record.velocity == released.velocity)
        #expect(record.translation == translation)
        let decision = configuration.popovers[0].releaseDecision(
            staticOrigin: S.staticOrigin, window: S.window, predictionTime: 0.25)
        #expect(result.outcome == decision.outcome(translation: translation, velocity: released.velocity))
    }

    /// The outcomes are not all alike: the grid crosses both dismissal lines and returns in between.
    @Test func swipeGridCoversEveryOutcome() throws {
        var outcomes: Set<String> = []
        for swipe in Self.swipes where swipe.estimator == .swiftui {
            let script = try GestureScript.swipe(
                from: S.centre, to: S.centre + swipe.displacement, releaseVelocity: swipe.releaseVelocity)
            let stream = try script.touchStream(seed: swipe.seed)
            outcomes.insert(
                try PopoverSimulation.run(
                    S.configuration(S.centred([.dragDown, .dragUp])), stream: stream, rate: .sixty
                ).outcome.word)
        }
        #expect(outcomes == ["dismissed-down", "dismissed-up", "returned"])
    }
}
