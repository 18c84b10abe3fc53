import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// `simulate` agrees with `decide`, and the trace does not depend on the frame rate beyond sampling.
@Suite("LNPopupController simulation")
struct PopupSimulationTests {
    typealias S = PopupTestStreams

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let style: PopupInteractionStyle
        let from: PopupPresentationState
        let start: Point
        let segments: [(Vector, Double)]
        var scrollView: PopupScrollView? = nil
        /// Finger travel that does not move the popup (the scroll start offset o).
        var startOffset = 0.0
        /// The outcome worked out by hand from the reference's rules.
        let expected: PopupPresentationState

        var description: String { name }

        var configuration: PopupConfiguration {
            var configuration = PopupConfiguration(style: style, initialState: from)
            configuration.scrollView = scrollView
            return configuration
        }

        /// decide's inputs, read off the hand-built path: the translation where the finger was last
        /// moved (from touch-down); the velocity when the pan began (snap from closed: the first
        /// segment's) or at release (the last segment's).
        var decision: PopupPresentationState {
            let end = PopupTestStreams.location(
                start: start, segments: segments, after: segments.reduce(0) { $0 + $1.1 })
            let translation = Vector(dx: end.x - start.x, dy: end.y - start.y - startOffset)
            let resolved = style.resolved(publicState: from)
            let velocity = resolved == .snap && from == .closed ? segments.first!.0 : segments.last!.0
            return PopupReleaseDecision.decide(
                style: style, from: from, geometry: .default, translation: translation, velocity: velocity)
        }
    }

    static let scrollView = PopupScrollView(
        frame: Rect(x: 0, y: 120, width: 393, height: 700), contentSize: Size(width: 393, height: 2000))

    static let cases: [Case] = [
        Case(
            name: "automatic flick up from the bar", style: .automatic, from: .closed, start: S.onBar,
            segments: [(Vector(dx: 0, dy: -1000), 0.1)], expected: .open),
        Case(
            name: "automatic pan down on the bar", style: .automatic, from: .closed, start: S.onBar,
            segments: [(Vector(dx: 0, dy: 800), 0.1)], expected: .closed),
        Case(
            name: "automatic sideways on the bar", style: .automatic, from: .closed, start: S.onBar,
            segments: [(Vector(dx: 800, dy: -100), 0.1)], expected: .closed),
        Case(
            name: "automatic drag down from open", style: .automatic, from: .open, start: S.inContent,
            segments: [(Vector(dx: 0, dy: 600), 0.5)], expected: .closed),
        Case(
            name: "automatic down then up, p = 0.65", style: .automatic, from: .open, start: Point(x: 196.5, y: 150),
            segments: [(Vector(dx: 0, dy: 600), 0.5), (Vector(dx: 0, dy: -300), 0.1)], expected: .open),
        Case(
            name: "automatic down then up, p = 0.26", style: .automatic, from: .open, start: Point(x: 196.5, y: 150),
            segments: [(Vector(dx: 0, dy: 600), 1.0), (Vector(dx: 0, dy: -300), 0.1)], expected: .closed),
        Case(
            name: "snap 240 pt from open", style: .snap, from: .open, start: S.inContent,
            segments: [(Vector(dx: 0, dy: 600), 0.4)], expected: .open),
        Case(
            name: "snap 270 pt from open", style: .snap, from: .open, start: S.inContent,
            segments: [(Vector(dx: 0, dy: 600), 0.45)], expected: .open),
        Case(
            name: "snap 275 pt from open", style: .snap, from: .open, start: S.inContent,
            segments: [(Vector(dx: 0, dy: 600), 0.46)], expected: .closed),
        Case(
            name: "snap 360 pt from open", style: .snap, from: .open, start: S.inContent,
            segments: [(Vector(dx: 0, dy: 600), 0.6)], expected: .closed),
        Case(
            name: "drag up from the bar", style: .drag, from: .closed, start: S.onBar,
            segments: [(Vector(dx: 0, dy: -800), 0.3)], expected: .open),
        Case(
            name: "drag up then down from the bar", style: .drag, from: .closed, start: S.onBar,
            segments: [(Vector(dx: 0, dy: -800), 0.3), (Vector(dx: 0, dy: 400), 0.1)], expected: .closed),
        Case(
            name: "drag pushed up from open (p = 1)", style: .drag, from: .open, start: S.inContent,
            segments: [(Vector(dx: 0, dy: -300), 0.2)], expected: .open),
        Case(
            name: "scroll flick on the bar", style: .scroll, from: .closed, start: S.onBar,
            segments: [(Vector(dx: 0, dy: -1000), 0.1)], expected: .closed),
        Case(
            name: "scroll view pulled down", style: .scroll, from: .open, start: S.inContent,
            segments: [(Vector(dx: 0, dy: 600), 0.5)], scrollView: scrollView, startOffset: 20, expected: .closed),
        Case(
            name: "scroll view pulled down then up", style: .scroll, from: .open, start: S.inContent,
            segments: [(Vector(dx: 0, dy: 600), 0.5), (Vector(dx: 0, dy: -300), 0.1)], scrollView: scrollView,
            startOffset: 20,
            expected: .open),
        Case(
            name: "none from open", style: .none, from: .open, start: S.inContent,
            segments: [(Vector(dx: 0, dy: 1000), 0.3)], expected: .open),
        Case(
            name: "none from the bar", style: .none, from: .closed, start: S.onBar,
            segments: [(Vector(dx: 0, dy: -1000), 0.3)], expected: .closed),
    ]

    @Test(arguments: cases, [120.0, 60.0])
    func simulateAgreesWithDecide(_ testCase: Case, touchRate: Double) throws {
        let stream = S.path(from: testCase.start, at: 0, rate: touchRate, segments: testCase.segments)
        let result = try PopupSimulation.run(testCase.configuration, stream: stream, rate: .oneTwenty)
        #expect(testCase.decision == testCase.expected)
        #expect(result.outcome == testCase.expected)
        #expect(result.trace.rows.last?.frame.state.rawValue == testCase.expected.rawValue)
    }

    /// The same stream at 60 Hz, 120 Hz and ProMotion: identical events and outcome, and equal rows at
    /// every shared instant (both are the exact spring solution; 1e-9 pt covers the propagator's
    /// rounding).
    @Test(arguments: cases)
    func frameRatesAgree(_ testCase: Case) throws {
        let stream = S.path(from: testCase.start, at: 0, segments: testCase.segments)
        let r60 = try PopupSimulation.run(testCase.configuration, stream: stream, rate: .sixty)
        let r120 = try PopupSimulation.run(testCase.configuration, stream: stream, rate: .oneTwenty)
        let rPro = try PopupSimulation.run(testCase.configuration, stream: stream, rate: .proMotion)
        #expect(r60.outcome == r120.outcome)
        #expect(rPro.outcome == r120.outcome)
        #expect(r60.trace.eventWords == r120.trace.eventWords)
        #expect(r60.trace.events.map(\.time) == r120.trace.events.map(\.time))
        #expect(rPro.trace.eventWords == r120.trace.eventWords)
        let byTime = Dictionary(r120.trace.rows.map { ($0.time, $0.frame) }, uniquingKeysWith: { a, _ in a })
        var shared = 0
        for row in r60.trace.rows + rPro.trace.rows {
            guard let other = byTime[row.time] else { continue }
            shared += 1
            #expect(abs(row.frame.contentY - other.contentY) <= 1e-9)
            #expect(abs(row.frame.barAlpha - other.barAlpha) <= 1e-12)
            #expect(row.frame.state == other.state)
        }
        #expect(shared >= r60.trace.rows.count - 1)
    }

    /// A fixed duration cuts the run; the outcome is where the running animation is heading.
    @Test func fixedDurationOutcome() throws {
        let result = try PopupSimulation.run(
            PopupConfiguration(), stream: S.tap(at: S.onBar, at: 0, duration: 0.1),
            rate: .sixty, duration: 0.3)
        #expect(result.trace.rows.count == 19)
        #expect(result.trace.rows.last?.frame.state == .transitioning)
        #expect(result.outcome == .open)
    }

    /// Same inputs, same bytes.
    @Test func deterministic() throws {
        let stream = S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 600), 0.5)])
        let a = try PopupSimulation.run(PopupConfiguration(initialState: .open), stream: stream, rate: .proMotion)
        let b = try PopupSimulation.run(PopupConfiguration(initialState: .open), stream: stream, rate: .proMotion)
        #expect(a.trace.rows.map(\.frame.fields) == b.trace.rows.map(\.frame.fields))
        #expect(a.trace.rows.map(\.time) == b.trace.rows.map(\.time))
    }

    /// The GSL integrator agrees with the exact solution.
    @Test func integratedSolverAgrees() throws {
        let stream = S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 600), 0.5)])
        var configuration = PopupConfiguration(initialState: .open)
        let exact = try PopupSimulation.run(configuration, stream: stream, rate: .sixty)
        configuration.solver = .integrated(.rk8pd, ODETolerance(absolute: 1e-10, relative: 1e-10))
        let integrated = try PopupSimulation.run(configuration, stream: stream, rate: .sixty)
        try #require(exact.trace.rows.count == integrated.trace.rows.count)
        for (a, b) in zip(exact.trace.rows, integrated.trace.rows) {
            #expect(abs(a.frame.contentY - b.frame.contentY) < 1e-6)
        }
    }

    /// The UIKit mapping is swappable: a different ε changes the stiffness, not the rules.
    @Test func springMappingIsAParameter() throws {
        let stream = S.tap(at: S.onBar, at: 0, duration: 0.1)
        let standard = try PopupSimulation.run(PopupConfiguration(), stream: stream, rate: .sixty)
        let loose = try PopupSimulation.run(
            PopupConfiguration(springMapping: EnvelopeSpringMapping(epsilon: 0.01)), stream: stream, rate: .sixty)
        #expect(standard.outcome == loose.outcome)
        #expect(standard.trace.rows.count == loose.trace.rows.count)
        let mid = standard.trace.rows.count / 2
        // ε = 0.01 decays more slowly, so mid-way the content is further from the top.
        #expect(loose.trace.rows[mid].frame.contentY > standard.trace.rows[mid].frame.contentY)
    }
}
