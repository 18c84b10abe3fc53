import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// `simulate` agrees with `decide` on streams synthesised by the Gestures module (minimum-jerk swipes
/// with a lift-off tail, pans that rest before lifting), through digitisers with and without noise, at
/// 60 Hz, 120 Hz and ProMotion: the sheet settles on the stop the pure rule names for the release the
/// model measured, and ends exactly on that stop's position.
///
/// The release is also read off each stream independently of the model, for the clean digitiser:
/// FloatingPanel's edge moves by the finger's travel from its first `.changed` callback (the move after
/// the one that passed 10 pt from the touch-down) to its last move; PanModal's by the travel from the
/// touch-down, clamped at the long form; the velocity is the iOS tracker fed with the touch-down and
/// every move, read at the lift-off.
@Suite("Sheets on synthesised gestures")
struct SheetSynthesisTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let layout: SheetLayout
        let from: SheetStopName
        let floatingPanel: FloatingPanelBehavior
        let script: @Sendable () throws -> GestureScript
        let expected: SheetOutcome
        var description: String { name }
    }

    static let panel = SheetModelTests.panel
    static let modal = SheetModelTests.modal

    static let cases: [Case] = [
        // Up from half at ~1500 pt/s: projected far above full, trimmed to full, progress 1: full.
        Case(
            name: "FloatingPanel swipe up from half", layout: panel, from: .half, floatingPanel: .default,
            script: { try .swipe(from: Point(x: 196, y: 560), to: Point(x: 196, y: 300), releaseVelocity: 1500) },
            expected: .stop(.full)),
        // Down from half: trimmed to tip, progress 1: tip.
        Case(
            name: "FloatingPanel swipe down from half", layout: panel, from: .half, floatingPanel: .default,
            script: { try .swipe(from: Point(x: 196, y: 460), to: Point(x: 196, y: 700), releaseVelocity: 1500) },
            expected: .stop(.tip)),
        // A short drag up that rests: v = 0, the edge about 75 pt above half, progress ≈ 0.2: half.
        Case(
            name: "FloatingPanel rest after 100 pt up", layout: panel, from: .half, floatingPanel: .default,
            script: { try .panHoldRelease(from: Point(x: 196, y: 500), to: Point(x: 196, y: 400)) },
            expected: .stop(.half)),
        // A hard flick up from tip: without projection the target is trimmed to the segment (half, tip):
        // half, not full.
        Case(
            name: "FloatingPanel flick from tip", layout: panel, from: .tip, floatingPanel: .default,
            script: { try .swipe(from: Point(x: 196, y: 780), to: Point(x: 196, y: 500), releaseVelocity: 2500) },
            expected: .stop(.half)),
        // The same flick with shouldProjectMomentum: the projection passes full: full.
        Case(
            name: "FloatingPanel flick from tip projecting", layout: panel, from: .tip,
            floatingPanel: .projectingMomentum,
            script: { try .swipe(from: Point(x: 196, y: 780), to: Point(x: 196, y: 500), releaseVelocity: 2500) },
            expected: .stop(.full)),
        // PanModal: a fling up goes long, a fling down from the short form dismisses.
        Case(
            name: "PanModal swipe up", layout: modal, from: .short, floatingPanel: .default,
            script: { try .swipe(from: Point(x: 196, y: 600), to: Point(x: 196, y: 400), releaseVelocity: 1500) },
            expected: .stop(.long)),
        Case(
            name: "PanModal swipe down", layout: modal, from: .short, floatingPanel: .default,
            script: { try .swipe(from: Point(x: 196, y: 600), to: Point(x: 196, y: 800), releaseVelocity: 1500) },
            expected: .dismissed),
        // Rest at 350: nearest of (852, 500, 80) is the short form (150 vs 270).
        Case(
            name: "PanModal rest after 150 pt up", layout: modal, from: .short, floatingPanel: .default,
            script: { try .panHoldRelease(from: Point(x: 196, y: 600), to: Point(x: 196, y: 450)) },
            expected: .stop(.short)),
        // Rest at 700: the bottom (152) is nearer than the short form (200): dismissed.
        Case(
            name: "PanModal rest after 200 pt down", layout: modal, from: .short, floatingPanel: .default,
            script: { try .panHoldRelease(from: Point(x: 196, y: 600), to: Point(x: 196, y: 800)) },
            expected: .dismissed),
    ]

    static let digitisers: [Digitiser] = [
        Digitiser(),
        Digitiser(sampleRate: 60, phaseOffset: 0.004),
        Digitiser(sampleRate: 120, phaseOffset: 0.003, timestampJitter: 0.0005, positionNoise: 0.3, scale: 3),
    ]

    static let rates: [FrameRate] = [.sixty, .oneTwenty, .proMotion]

    /// The release read off the stream (see the suite's comment); nil when the pan has no `.changed`.
    static func expectedRelease(_ testCase: Case, _ stream: TouchStream) -> (translation: Double, velocity: Vector)? {
        var estimator = VelocityEstimatorKind.ios.makeEstimator()
        let down = stream.samples[0]
        var recognised = false
        var firstChange: Point?
        var lastMove = down.location
        for sample in stream.samples where sample.phase == .began || sample.phase == .moved {
            estimator.addSample(time: sample.time, location: sample.location)
            guard sample.phase == .moved else { continue }
            lastMove = sample.location
            if recognised, firstChange == nil { firstChange = sample.location }
            if sample.location.distance(to: down.location) > 10 { recognised = true }
        }
        let velocity = estimator.velocity(at: stream.samples.last!.time)
        switch testCase.layout {
        case .floatingPanel:
            guard let firstChange else { return nil }
            return (lastMove.y - firstChange.y, velocity)
        case .panModal(let layout):
            let start = layout.position(for: PanModalPresentationState(testCase.from)!)
            return (max(start + lastMove.y - down.location.y, layout.anchoredY) - start, velocity)
        }
    }

    @Test(arguments: cases, 0..<digitisers.count)
    func simulateAgreesWithDecide(_ testCase: Case, digitiser: Int) throws {
        let stream = try testCase.script().touchStream(digitiser: Self.digitisers[digitiser], seed: 7)
        var configuration = SheetConfiguration(layout: testCase.layout, initialStop: testCase.from)
        configuration.floatingPanel = testCase.floatingPanel
        for rate in Self.rates {
            let result = try SheetSimulation.run(configuration, stream: stream, rate: rate)
            guard
                let release = result.trace.events.lazy.compactMap({ timed -> (SheetOutcome, Vector, Vector)? in
                    if case .released(let outcome, let translation, let velocity) = timed.event {
                        return (outcome, translation, velocity)
                    }
                    return nil
                }).first
            else {
                Issue.record("\(testCase.name) at \(rate): no release")
                continue
            }
            let decided = try SheetReleaseDecision.decide(
                layout: testCase.layout, from: testCase.from, translation: release.1,
                velocity: release.2, floatingPanel: testCase.floatingPanel)
            #expect(release.0 == decided, "\(testCase.name) at \(rate)")
            #expect(result.outcome == decided, "\(testCase.name) at \(rate)")
            #expect(result.outcome == testCase.expected, "\(testCase.name) at \(rate)")
            let last = try #require(result.trace.rows.last).frame
            switch result.outcome {
            case .stop(let name):
                #expect(
                    last
                        == SheetFrame(
                            y: testCase.layout.position(of: name)!, state: .resting(name), outcome: result.outcome))
            case .dismissed:
                #expect(last == SheetFrame(y: 852, state: .dismissed, outcome: .dismissed))
            case .removed:
                Issue.record("no case removes")
            }
            if Self.digitisers[digitiser].positionNoise == 0 {
                let expected = try #require(Self.expectedRelease(testCase, stream), "\(testCase.name) at \(rate)")
                #expect(abs(release.1.dy - expected.translation) < 1e-9, "\(testCase.name) at \(rate)")
                #expect(release.2 == expected.velocity, "\(testCase.name) at \(rate)")
            }
        }
    }
}
