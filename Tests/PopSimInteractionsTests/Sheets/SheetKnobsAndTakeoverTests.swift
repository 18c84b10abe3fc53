import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// The behaviour knobs apps set change what the libraries' sources say they change, and a drag takes over
/// PanModal's snap as `.allowUserInteraction` lets it. Expected numbers are derived by hand in each comment.
@Suite("Sheet knobs and animation takeover")
struct SheetKnobsAndTakeoverTests {
    static let panel = SheetModelTests.panel
    static let modal = SheetModelTests.modal

    static func floatingPanelLayout() throws -> FloatingPanelLayout {
        guard case .floatingPanel(let layout) = panel else { throw SheetLayoutError.noStops(library: .floatingPanel) }
        return layout
    }

    static func released(_ result: SheetSimulation.Result) -> (SheetOutcome, Vector, Vector, Double)? {
        for timed in result.trace.events {
            if case .released(let outcome, let translation, let velocity) = timed.event {
                return (outcome, translation, velocity, timed.time)
            }
        }
        return nil
    }

    // MARK: FloatingPanel

    /// `shouldProjectMomentum(_:to:)` is asked about the projected segment's far state
    /// (scenee/FloatingPanel@7efcc76 Sources/Core.swift:1081): from tip (700) at −2000 pt/s, pY = 700 −
    /// 998 = −298 lies beyond full, so `to` is full. Projecting to full: progress |−298 − 80| / 0 → full.
    /// Projecting only to half: `to` is full, so the projection is trimmed to the segment tip→half and pY
    /// to pre(half) = full: progress |80 − 700| / |700 − 426| = 2.26 > 0.5 → half. None: half.
    @Test func perStateProjection() throws {
        let layout = try Self.floatingPanelLayout()
        func decide(_ states: Set<FloatingPanelState>) -> SheetOutcome {
            FloatingPanelReleaseRule.decide(
                layout: layout, behavior: FloatingPanelBehavior(projectsMomentum: states), from: .tip, y: 700,
                velocity: -2000)
        }
        #expect(decide([.full]) == .stop(.full))
        #expect(decide([.half]) == .stop(.half))
        #expect(decide([]) == .stop(.half))
        #expect(decide(Set(FloatingPanelState.allCases)) == .stop(.full))
    }

    /// `removalInteractionVelocityThreshold` (Sources/Behavior.swift:84, compared at Core.swift:808-824,
    /// inclusive): from tip at 700 the hidden position is 852 + 100 = 952, 252 pt away. At the default 5.5
    /// a release needs 1386 pt/s; at 3 it needs 756 pt/s exactly (756/252 = 3), 755.9 stays at tip
    /// (forward past the last state: the segment tip→tip, progress NaN).
    @Test func removalThreshold() throws {
        let layout = try Self.floatingPanelLayout()
        func decide(_ threshold: Double, _ v: Double) -> SheetOutcome {
            FloatingPanelReleaseRule.decide(
                layout: layout,
                behavior: FloatingPanelBehavior(
                    isRemovalInteractionEnabled: true, removalInteractionVelocityThreshold: threshold),
                from: .tip, y: 700, velocity: v)
        }
        #expect(decide(5.5, 1386) == .removed)
        #expect(decide(5.5, 1385.9) == .stop(.tip))
        #expect(decide(3, 756) == .removed)
        #expect(decide(3, 755.9) == .stop(.tip))
    }

    /// A finger on full (80) moving up 5 pt per 120 Hz sample for 0.5 s: the pan begins at move 3 (15 pt,
    /// the first farther than 10), move 4 starts the interaction, so after move 60 the drag asks for the
    /// edge at 80 − 5·56 = −200. Without rubber banding (the default, Behavior.swift:80-82) the panel
    /// follows; with `.top` the 280 pt overshoot becomes (1 − 1/(0.55·280/852 + 1))·852 = 130.43 pt
    /// (Layout.swift:741-743, 763-765).
    @Test func rubberBandAtTheTop() throws {
        let stream = SheetModelTests.stream(
            from: Point(x: 200, y: 300), velocity: Vector(dx: 0, dy: -600), duration: 0.5)
        let lastMove = stream.samples[60].time
        func edgeBeforeLift(_ behavior: FloatingPanelBehavior) throws -> Double {
            let result = try SheetSimulation.run(
                SheetConfiguration(layout: Self.panel, initialStop: .full, floatingPanel: behavior), stream: stream,
                rate: .oneTwenty)
            return try #require(result.trace.rows.first { $0.time > lastMove }?.frame.y)
        }
        let free = try edgeBeforeLift(.default)
        #expect(abs(free - -200) < 1e-9, "\(free)")
        let overshoot = 280.0
        let banded = (1 - 1 / (0.55 * overshoot / 852 + 1)) * 852
        #expect(abs(banded - 130.43) < 0.01)
        #expect(abs(try edgeBeforeLift(FloatingPanelBehavior(allowsRubberBanding: [.top])) - (80 - banded)) < 1e-9)
        // Banding the bottom edge does nothing to a drag past the top.
        #expect(abs(try edgeBeforeLift(FloatingPanelBehavior(allowsRubberBanding: [.bottom])) - -200) < 1e-9)
    }

    /// `springResponseTime` T sets the attraction's frequency, ω = 2π/T, and with it ζ = ln(r)/(−ω·0.001)
    /// (Core.swift:1412-1415). The swipe of SheetModelTests releases at 336 toward full (80) at about
    /// −1200 pt/s; the first 1/120 s step is implicit Euler's x₁ = (f·x₀ + h·v₀ + h²ω²·80)/(f + h²ω²),
    /// f = 1 + 2hζω. Halving T settles sooner.
    @Test func springResponseTime() throws {
        let stream = SheetModelTests.stream(
            from: Point(x: 200, y: 500), velocity: Vector(dx: 0, dy: -1200), duration: 0.1)
        func run(_ responseTime: Double) throws -> SheetSimulation.Result {
            try SheetSimulation.run(
                SheetConfiguration(
                    layout: Self.panel, initialStop: .half,
                    floatingPanel: FloatingPanelBehavior(springResponseTime: responseTime)), stream: stream,
                rate: .oneTwenty)
        }
        let fast = try run(0.2)
        let release = try #require(Self.released(fast))
        let x0 = 426 + release.1.dy
        let v0 = release.2.dy
        let h = 1.0 / 120
        let omega = 2 * Double.pi / 0.2
        let zeta = DeterministicMath.log(0.991) / (-omega * 0.001)
        let f = 1 + 2 * h * zeta * omega
        let x1 = (f * x0 + h * v0 + h * h * omega * omega * 80) / (f + h * h * omega * omega)
        let firstStep = try #require(fast.trace.rows.first { $0.time > release.3 }?.frame.y)
        #expect(abs(firstStep - x1) < 1e-9)
        let settledFast = try #require(fast.trace.events.first { $0.event == .settled(.full) }?.time)
        let settledDefault = try #require(try run(0.4).trace.events.first { $0.event == .settled(.full) }?.time)
        #expect(settledFast < settledDefault)
    }

    // MARK: PanModal

    /// A swipe up from the short form (500) flings to the long form (80): the snap runs from 380 for 0.5 s.
    /// 0.1 s after the release a second finger goes down at 700 and drags down at 250 pt/s for 1 s, past
    /// the snap's end. The snap allows user interaction, so the pan begins after 10 pt; its callbacks move
    /// the modal's frame, already at the snap's target (80), by the finger's movement since touch-down, and
    /// on screen the rest of the snap adds its offset (the spring from 300 pt toward 0) until its end.
    /// Released at 80 + 250 = 330 with 250 pt/s (no fling): nearest of 852, 500, 80 is 500, the short form.
    @Test func dragTakesOverTheSnap() throws {
        let swipe = SheetModelTests.stream(
            from: Point(x: 200, y: 600), velocity: Vector(dx: 0, dy: -1200), duration: 0.1)
        let swipeLift = swipe.samples.last!.time
        let drag = PopupTestStreams.path(
            from: Point(x: 200, y: 700), at: swipeLift + 0.1, rate: 120, segments: [(Vector(dx: 0, dy: 250), 1.0)],
            touch: 1)
        let result = try SheetSimulation.run(
            SheetConfiguration(layout: Self.modal, initialStop: .short),
            stream: PopupTestStreams.concatenate(swipe, drag), rate: .sixty)
        let labels = result.trace.events.map(\.event.label)
        #expect(
            labels == [
                "pan-began", "drag-started:short", "released:long", "pan-began", "snap-taken-over",
                "drag-started:long", "released:short", "settled:short",
            ])
        let firstRelease = try #require(Self.released(result))
        let snapStart = 500 + firstRelease.1.dy
        #expect(snapStart == 380)
        let secondRelease = try #require(
            result.trace.events.compactMap { timed -> (Vector, Double)? in
                if case .released(.stop(.short), let translation, _) = timed.event { return (translation, timed.time) }
                return nil
            }.first)
        #expect(abs(secondRelease.0.dy - 250) < 1e-9)
        // Between the takeover and the snap's end the modal on screen is the frame plus the snap's offset.
        let spring = try EnvelopeSpringMapping.default.spring(duration: 0.5, dampingRatio: 0.8)
        let snapEnd = firstRelease.3 + 0.5
        let takeover = try #require(result.trace.events.first { $0.event == .snapTakenOver }?.time)
        var compared = 0
        for row in result.trace.rows where row.time > takeover && row.time < secondRelease.1 {
            let lastSample = drag.samples.last { $0.time <= row.time }!
            let frameY = 80 + (lastSample.location.y - 700)
            let offset =
                row.time < snapEnd
                ? spring.state(
                    after: row.time - firstRelease.3, from: SpringState(displacement: snapStart - 80, velocity: 0)
                ).displacement : 0
            #expect(abs(row.frame.y - (frameY + offset)) < 1e-9, "at \(row.time)")
            compared += 1
        }
        #expect(compared > 50)
        #expect(result.outcome == .stop(.short))
        #expect(result.trace.rows.last?.frame.y == 500)
    }

    /// During the snap to the long form (frame already at 80) a tap at 40 lands on the dimmed background and
    /// dismisses (`allowsTapToDismiss`); a tap at 200 lands on the modal's frame, whatever the screen
    /// shows, and does nothing; with `allowsTapToDismiss` false the background tap does nothing either.
    @Test func tapsDuringTheSnap() throws {
        let swipe = SheetModelTests.stream(
            from: Point(x: 200, y: 600), velocity: Vector(dx: 0, dy: -1200), duration: 0.1)
        let lift = swipe.samples.last!.time
        func run(tapAt y: Double, tapToDismiss: Bool = true) throws -> SheetSimulation.Result {
            var configuration = SheetConfiguration(layout: Self.modal, initialStop: .short)
            configuration.panModal.allowsTapToDismiss = tapToDismiss
            let tap = PopupTestStreams.tap(at: Point(x: 200, y: y), at: lift + 0.1, touch: 1)
            return try SheetSimulation.run(
                configuration, stream: PopupTestStreams.concatenate(swipe, tap), rate: .sixty)
        }
        let background = try run(tapAt: 40)
        #expect(background.outcome == .dismissed)
        #expect(background.trace.events.map(\.event.label).suffix(2) == ["background-tapped", "dismissed"])
        #expect(try run(tapAt: 200).outcome == .stop(.long))
        #expect(try run(tapAt: 40, tapToDismiss: false).outcome == .stop(.long))
    }

    /// The dismissal removes the modal at its end whatever a finger does
    /// (PanModal/Animator/PanModalPresentationAnimator.swift:118-125): a drag during it changes nothing.
    @Test func dismissalIgnoresTouches() throws {
        let swipe = SheetModelTests.stream(
            from: Point(x: 200, y: 600), velocity: Vector(dx: 0, dy: 1500), duration: 0.1)
        let lift = swipe.samples.last!.time
        let drag = PopupTestStreams.path(
            from: Point(x: 200, y: 750), at: lift + 0.1, segments: [(Vector(dx: 0, dy: -400), 0.3)], touch: 1)
        let configuration = SheetConfiguration(layout: Self.modal, initialStop: .short)
        let alone = try SheetSimulation.run(configuration, stream: swipe, rate: .sixty)
        let dragged = try SheetSimulation.run(
            configuration, stream: PopupTestStreams.concatenate(swipe, drag), rate: .sixty)
        #expect(alone.outcome == .dismissed && dragged.outcome == .dismissed)
        #expect(dragged.trace.events.map(\.event) == alone.trace.events.map(\.event))
    }
}
