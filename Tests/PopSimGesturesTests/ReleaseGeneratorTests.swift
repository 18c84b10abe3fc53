import PopSimGeometry
import PopSimParameters
import Testing

@testable import PopSimGestures

@Suite("Release generator (drag by T, let go at V)")
struct ReleaseGeneratorTests {
    static let cases: [(Vector, Vector, MotionProfile)] = [
        (Vector(dx: 0, dy: 300), Vector(dx: 0, dy: 1500), .minimumJerk),
        (Vector(dx: 0, dy: 300), Vector(dx: 0, dy: -800), .minimumJerk),
        (Vector(dx: 40, dy: -120), Vector(dx: 900, dy: 200), .easeInOut),
        (Vector(dx: 0, dy: 0), Vector(dx: 0, dy: 1200), .minimumJerk),
        (Vector(dx: 0, dy: 250), Vector(dx: 0, dy: 700), .linear),
    ]

    /// The path ends exactly at start + T, its velocity when the tail starts is V, and it ends at r·V
    /// (the lift-off definition), for every profile; velocity is continuous where the pieces join.
    @Test(arguments: cases)
    func endsAtTranslationWithReleaseVelocity(translation: Vector, velocity: Vector, profile: MotionProfile) throws {
        let start = Point(x: 196, y: 426)
        let script = try GestureScript.release(
            from: start, translation: translation, releaseVelocity: velocity, profile: profile)
        let path = script.fingers[0].path
        #expect((path.end - (start + translation)).length < 1e-9)
        let tailStart = path.duration - LiftOff.default.seconds
        #expect((path.velocity(at: tailStart) - velocity).length < 1e-6 * max(1, velocity.length))
        #expect((path.finalVelocity - velocity * LiftOff.default.speedRatio).length < 1e-6 * max(1, velocity.length))
        let join = 0.25
        #expect(
            (path.velocity(at: join - 1e-9) - path.velocity(at: join + 1e-9)).length < 1e-3 * max(1, velocity.length))
    }

    @Test func zeroVelocityLiftsAtRest() throws {
        let script = try GestureScript.release(from: .zero, translation: Vector(dx: 0, dy: 100), releaseVelocity: .zero)
        #expect(script.fingers[0].path.finalVelocity == .zero)
        #expect(script.fingers[0].path.end == Point(x: 0, y: 100))
    }

    /// `popsim synth release` is the generator digitised: a request of kind release streams exactly the
    /// samples of
    /// ``GestureScript/release(from:translation:releaseVelocity:moveDuration:rampDuration:profile:liftOff:touch:)``
    /// through the same digitiser and seed, and its words decode back to a request that streams them again.
    @Test(arguments: [
        (Vector(dx: 0, dy: 300), Vector(dx: 0, dy: 1500), MotionProfile.Name.minimumJerk),
        (Vector(dx: 40, dy: -120), Vector(dx: 900, dy: 200), .easeInOut),
        (Vector(dx: 0, dy: 25), Vector(dx: 0, dy: 600), .minimumJerk),
        (Vector(dx: 0, dy: 250), Vector(dx: 0, dy: 0), .linear),
    ])
    func synthReleaseIsTheGeneratorDigitised(translation: Vector, velocity: Vector, profile: MotionProfile.Name) throws
    {
        var request = GestureRequest(kind: .release)
        request.from = Point(x: 196, y: 426)
        request.translation = translation
        request.velocity = velocity
        request.profile = profile
        request.rate = 60
        request.noise = 0.4
        request.seed = 99
        let script = try GestureScript.release(
            from: Point(x: 196, y: 426), translation: translation, releaseVelocity: velocity,
            profile: profile.profile)
        let expected = try script.touchStream(digitiser: Digitiser(sampleRate: 60, positionNoise: 0.4), seed: 99)
        func streamed(_ request: GestureRequest) throws -> [TouchSample] {
            var samples = try request.samples()
            var all: [TouchSample] = []
            while let sample = samples.next() { all.append(sample) }
            return all
        }
        #expect(try streamed(request) == Array(expected))
        let decoded = try ParameterWords.decode(
            request.words, parameters: GestureRequest.parameters(for: .release).descriptions,
            command: "popsim synth release")
        #expect(try streamed(GestureRequest.make(.release, decoded.assignments)) == Array(expected))
    }

    @Test func nonFiniteInputsAreErrors() {
        #expect(throws: SynthesisError.self) {
            _ = try GestureScript.release(from: .zero, translation: Vector(dx: .nan, dy: 0), releaseVelocity: .zero)
        }
    }
}
