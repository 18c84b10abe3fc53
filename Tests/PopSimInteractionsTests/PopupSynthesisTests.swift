import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// `simulate` agrees with `decide` on streams synthesised by the Gestures module (minimum-jerk swipes
/// with a lift-off tail, pans that rest before lifting), through a real digitiser with noise.
///
/// decide's inputs are read off each stream independently of the model: the translation where the
/// finger last moved, and the velocity the same estimator reports (fed with the down and move samples)
/// when the pan begins (the first move more than 10 pt from touch-down) or at lift-off.
@Suite("LNPopupController on synthesised gestures")
struct PopupSynthesisTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let style: PopupInteractionStyle
        let from: PopupPresentationState
        let script: @Sendable () throws -> GestureScript
        let expected: PopupPresentationState
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "swipe up from the bar", style: .automatic, from: .closed,
            script: { try .swipe(from: Point(x: 196.5, y: 745), to: Point(x: 196.5, y: 445), releaseVelocity: 1500) },
            expected: .open),
        Case(
            name: "swipe down on the bar", style: .automatic, from: .closed,
            script: { try .swipe(from: Point(x: 196.5, y: 730), to: Point(x: 196.5, y: 840), releaseVelocity: 800) },
            expected: .closed),
        Case(
            name: "swipe down the open popup", style: .automatic, from: .open,
            script: { try .swipe(from: Point(x: 196.5, y: 200), to: Point(x: 196.5, y: 600), releaseVelocity: 1500) },
            expected: .closed),
        Case(
            name: "snap swipe of 200 pt", style: .snap, from: .open,
            script: { try .swipe(from: Point(x: 196.5, y: 200), to: Point(x: 196.5, y: 400), releaseVelocity: 1200) },
            expected: .open),
        Case(
            name: "snap swipe of 350 pt", style: .snap, from: .open,
            script: { try .swipe(from: Point(x: 196.5, y: 200), to: Point(x: 196.5, y: 550), releaseVelocity: 1200) },
            expected: .closed),
        Case(
            name: "drag swipe up from the bar", style: .drag, from: .closed,
            script: { try .swipe(from: Point(x: 196.5, y: 745), to: Point(x: 196.5, y: 445), releaseVelocity: 1500) },
            expected: .open),
        // Resting before lifting reads as v = 0: 300 pt down is p = 0.61 ≥ 0.5 (open), 500 pt is 0.35 (closed).
        Case(
            name: "rest after 300 pt", style: .drag, from: .open,
            script: { try .panHoldRelease(from: Point(x: 196.5, y: 200), to: Point(x: 196.5, y: 500)) }, expected: .open
        ),
        Case(
            name: "rest after 500 pt", style: .drag, from: .open,
            script: { try .panHoldRelease(from: Point(x: 196.5, y: 200), to: Point(x: 196.5, y: 700)) },
            expected: .closed),
    ]

    static let digitisers: [Digitiser] = [
        Digitiser(),
        Digitiser(sampleRate: 60, phaseOffset: 0.004),
        Digitiser(sampleRate: 120, phaseOffset: 0.003, timestampJitter: 0.0005, positionNoise: 0.3, scale: 3),
    ]

    /// What decide is given, read off the stream.
    static func decideInputs(_ stream: TouchStream, kind: VelocityEstimatorKind, beganVelocity: Bool) -> (
        Vector, Vector
    ) {
        var estimator = kind.makeEstimator()
        let down = stream.samples[0]
        var lastMove = down.location
        var began: Vector?
        for sample in stream.samples where sample.phase == .began || sample.phase == .moved {
            estimator.addSample(time: sample.time, location: sample.location)
            lastMove = sample.location
            if began == nil, sample.location.distance(to: down.location) > 10 {
                began = estimator.velocity(at: sample.time)
            }
        }
        let lift = stream.samples.last!.time
        return (lastMove - down.location, beganVelocity ? began ?? .zero : estimator.velocity(at: lift))
    }

    @Test(arguments: cases, 0..<digitisers.count)
    func simulateAgreesWithDecide(_ testCase: Case, digitiser: Int) throws {
        let stream = try testCase.script().touchStream(digitiser: Self.digitisers[digitiser], seed: 7)
        let configuration = PopupConfiguration(style: testCase.style, initialState: testCase.from)
        let result = try PopupSimulation.run(configuration, stream: stream, rate: .proMotion)
        let snapFromClosed = testCase.style.resolved(publicState: testCase.from) == .snap && testCase.from == .closed
        let (translation, velocity) = Self.decideInputs(
            stream, kind: configuration.velocityEstimator, beganVelocity: snapFromClosed)
        let decided = PopupReleaseDecision.decide(
            style: testCase.style, from: testCase.from, geometry: configuration.geometry,
            translation: translation, velocity: velocity)
        #expect(result.outcome == decided)
        // A resting finger under position noise keeps reporting tiny moves, so the release velocity's
        // sign, which is all the drag rule reads, is the noise's: only agreement is expected there.
        if Self.digitisers[digitiser].positionNoise == 0 || !testCase.name.hasPrefix("rest") {
            #expect(result.outcome == testCase.expected)
        }
    }

    /// Every estimator gives the same outcomes on clean swipes (only signs and dominance matter). After
    /// a rest they differ: the stop-rule estimators read v = 0 (p ≥ 0.5 springs back open), while
    /// SwiftUI's sampler has no stop rule and keeps the last, downward segment (it closes).
    @Test(arguments: VelocityEstimatorKind.allCases)
    func estimatorsOnCleanSwipesAndRests(kind: VelocityEstimatorKind) throws {
        for testCase in Self.cases {
            let stream = try testCase.script().touchStream(digitiser: Digitiser(), seed: 1)
            var configuration = PopupConfiguration(style: testCase.style, initialState: testCase.from)
            configuration.velocityEstimator = kind
            let expected = kind == .swiftui && testCase.name.hasPrefix("rest") ? .closed : testCase.expected
            #expect(
                try PopupSimulation.run(configuration, stream: stream, rate: .sixty).outcome == expected,
                "\(testCase.name) with \(kind)")
        }
    }
}
