import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// The sheet model on the frame clock, on hand-built streams whose expected frames are derived by hand:
/// FloatingPanel's drag from its first `.changed` callback, PanModal's incremental drag, each library's
/// release animation, removal, dismissal and the touches that interrupt or tap.
@Suite("Sheet model")
struct SheetModelTests {
    /// Bottom panel, 852 pt window, scale 3: full 80, half 426, tip 700; default hidden position 952.
    static let panel = try! SheetLayout(
        library: .floatingPanel,
        stops: [
            SheetStop(.full, y: 80), SheetStop(.half, y: 426),
            SheetStop(.tip, y: 700),
        ])
    /// PanModal on the default phone: long 80 (topOffset 59 + 21), short 500, container 852.
    static let modal = try! SheetLayout(
        library: .panModal, stops: [SheetStop(.long, y: 80), SheetStop(.short, y: 500)])

    /// A finger that goes down at `start` (off the vsync grid, so each sample is seen by the next frame)
    /// and moves at `velocity` for `duration`, sampled at 120 Hz, lifting one period after its last move.
    static func stream(from start: Point, velocity: Vector, duration: Double, t0: Double = 0.1003) -> TouchStream {
        PopupTestStreams.path(from: start, at: t0, rate: 120, segments: [(velocity, duration)])
    }

    func event(_ result: SheetSimulation.Result, _ label: String) -> TimedEvent<SheetEvent>? {
        result.trace.events.first { $0.event.label == label }
    }

    func released(
        _ result: SheetSimulation.Result
    ) -> (outcome: SheetOutcome, translation: Vector, velocity: Vector, time: Double)? {
        for timed in result.trace.events {
            if case .released(let outcome, let translation, let velocity) = timed.event {
                return (outcome, translation, velocity, timed.time)
            }
        }
        return nil
    }

    /// FloatingPanel from half, the finger at 500 moving up 10 pt per sample. Move 1 is 10 pt from the
    /// touch-down (not > 10: no pan), move 2 is 20 pt (the pan begins), move 3 is the first `.changed`
    /// (translation −30 becomes `initialTranslation`, the panel stays at 426), move k ≥ 3 puts the edge at
    /// 426 − 10(k − 3): 336 at move 12. Released at −1200 pt/s the rule projects −599 pt: backward, trimmed
    /// to full (80), progress 346/346 = 1 > 0.5: full, where the attraction ends exactly.
    @Test func floatingPanelDragLagsByTheFirstChange() throws {
        let stream = Self.stream(from: Point(x: 200, y: 500), velocity: Vector(dx: 0, dy: -1200), duration: 0.1)
        let result = try SheetSimulation.run(
            SheetConfiguration(layout: Self.panel, initialStop: .half), stream: stream, rate: .oneTwenty)
        let samples = stream.samples
        #expect(event(result, "pan-began")?.time == samples[2].time)
        #expect(event(result, "drag-started:half")?.time == samples[3].time)
        // The frame after move 3 still shows 426; after move 4, 416.
        #expect(result.trace.rows.first { $0.time > samples[3].time }?.frame.y == 426)
        #expect(result.trace.rows.first { $0.time > samples[4].time }?.frame.y == 416)
        let release = try #require(released(result))
        #expect(release.translation.dy == -90)
        // The iOS tracker weights the last three segments of a constant −1200 pt/s motion; the sample times
        // t0 + k/120 carry rounding, so the reading is −1200 to a few thousandths.
        #expect(abs(release.velocity.dy + 1200) < 0.01)
        #expect(release.outcome == .stop(.full))
        #expect(result.outcome == .stop(.full))
        #expect(result.trace.rows.last?.frame == SheetFrame(y: 80, state: .resting(.full), outcome: .stop(.full)))
        #expect(event(result, "settled:full") != nil)
    }

    /// PanModal from the short form with the same finger: the first callback (the pan's `.began`) applies
    /// the 20 pt since touch-down, each later one 10 pt: 500 − 10k at move k, 380 at move 12. A fling up
    /// (−1200 < −300) goes to the long form. With the translation counted from the recognition instead,
    /// the first callback applies nothing and the modal ends at 400.
    @Test func panModalFollowsTheFinger() throws {
        let stream = Self.stream(from: Point(x: 200, y: 600), velocity: Vector(dx: 0, dy: -1200), duration: 0.1)
        let result = try SheetSimulation.run(
            SheetConfiguration(layout: Self.modal, initialStop: .short), stream: stream, rate: .oneTwenty)
        #expect(result.trace.rows.first { $0.time > stream.samples[2].time }?.frame.y == 480)
        let release = try #require(released(result))
        #expect(release.translation.dy == -120)
        #expect(release.outcome == .stop(.long))
        #expect(result.trace.rows.last?.frame == SheetFrame(y: 80, state: .resting(.long), outcome: .stop(.long)))

        var fromRecognition = SheetConfiguration(layout: Self.modal, initialStop: .short)
        fromRecognition.recognition.translationOrigin = .recognition
        let shifted = try SheetSimulation.run(fromRecognition, stream: stream, rate: .oneTwenty)
        #expect(released(shifted)?.translation.dy == -100)
    }

    /// PanModal's snap is `UIView.animate(withDuration: 0.5, usingSpringWithDamping: 0.8,
    /// initialSpringVelocity: 0)`: from the release edge to the target along the envelope mapping's spring
    /// (PopSim's UIKit mapping) from rest, for exactly 0.5 s, then exactly at the target.
    @Test func panModalSpringIsTheUIKitMapping() throws {
        // A slow drag down of 100 pt (200 pt/s for 0.5 s): no fling; at 600 the nearest is the short form.
        let stream = Self.stream(from: Point(x: 200, y: 600), velocity: Vector(dx: 0, dy: 200), duration: 0.5)
        let result = try SheetSimulation.run(
            SheetConfiguration(layout: Self.modal, initialStop: .short), stream: stream, rate: .sixty)
        let release = try #require(released(result))
        #expect(release.outcome == .stop(.short))
        let start = 500 + release.translation.dy
        let spring = try EnvelopeSpringMapping.default.spring(duration: 0.5, dampingRatio: 0.8)
        var compared = 0
        for row in result.trace.rows where row.time > release.time && row.time < release.time + 0.5 {
            let state = spring.state(
                after: row.time - release.time, from: SpringState(displacement: start - 500, velocity: 0))
            #expect(abs(row.frame.y - (500 + state.displacement)) < 1e-9)
            compared += 1
        }
        #expect(compared >= 29)
        #expect(event(result, "settled:short")?.time == release.time + 0.5)
        #expect(result.trace.rows.last?.frame.y == 500)
    }

    /// FloatingPanel's attraction steps once per drawn frame with the nominal frame length: the same
    /// release settles at different times at 60 and 120 Hz, and both end exactly at the target.
    @Test func attractionDependsOnTheFrameRate() throws {
        let stream = Self.stream(from: Point(x: 200, y: 500), velocity: Vector(dx: 0, dy: -1200), duration: 0.1)
        let configuration = SheetConfiguration(layout: Self.panel, initialStop: .half)
        let sixty = try SheetSimulation.run(configuration, stream: stream, rate: .sixty)
        let oneTwenty = try SheetSimulation.run(configuration, stream: stream, rate: .oneTwenty)
        let settledSixty = try #require(event(sixty, "settled:full")).time
        let settledOneTwenty = try #require(event(oneTwenty, "settled:full")).time
        #expect(settledSixty != settledOneTwenty)
        #expect(sixty.trace.rows.last?.frame.y == 80)
        #expect(oneTwenty.trace.rows.last?.frame.y == 80)
        // Each frame during the attraction is one step of the integrator from the previous frame's state.
        let release = try #require(released(oneTwenty))
        let edge = 426 + release.translation.dy
        var attraction = FloatingPanelAttraction(
            value: edge, velocity: release.velocity.dy, target: 80, displayScale: 3)
        var compared = 0
        for row in oneTwenty.trace.rows where row.time > release.time && row.time <= settledOneTwenty {
            attraction.step(interval: 1.0 / 120)
            #expect(row.frame.y == attraction.value)
            compared += 1
        }
        // One frame per 1/120 s from the release to the settle.
        #expect(compared == Int(((settledOneTwenty - release.time) * 120).rounded()))
    }

    /// With frames dropped, FloatingPanel's attraction still takes one step of the nominal 1/120 s per
    /// drawn frame (`frameStep` is `.nominal`): the k-th drawn frame after the release shows the state
    /// after k steps whatever time passed, so the settle comes later by the dropped frames; PanModal's
    /// springs step with the elapsed time.
    @Test func droppedFramesSlowTheAttraction() throws {
        let stream = Self.stream(from: Point(x: 200, y: 500), velocity: Vector(dx: 0, dy: -1200), duration: 0.1)
        let configuration = SheetConfiguration(layout: Self.panel, initialStop: .half)
        let regular = try SheetSimulation.run(configuration, stream: stream, rate: .oneTwenty)
        let clock = FrameClock(rate: .oneTwenty, irregularity: FrameIrregularity(dropProbability: 0.25, seed: 3))
        let dropped = try SheetSimulation.run(configuration, stream: stream, clock: clock)
        let release = try #require(released(regular))
        #expect(try #require(released(dropped)).time == release.time)
        let after = regular.trace.rows.filter { $0.time > release.time }.map(\.frame.y)
        let afterDropped = dropped.trace.rows.filter { $0.time > release.time }.map(\.frame.y)
        #expect(afterDropped == after)
        let settled = try #require(event(regular, "settled:full")).time
        #expect(try #require(event(dropped, "settled:full")).time > settled)
        #expect(try SheetModel(configuration: configuration).frameStep == .nominal)
        #expect(
            try SheetModel(configuration: SheetConfiguration(layout: Self.modal, initialStop: .short)).frameStep
                == .elapsed)
    }

    /// Removal: from tip (700) a drag down of 60 pt at 1500 pt/s; the panel follows from its first change
    /// (here 30 pt behind the finger: 730), 222 pt from the hidden position 952: 1500/222 ≈ 6.8 ≥ 5.5,
    /// removed. The exit spring runs for its settling time and ends exactly at 952.
    @Test func removal() throws {
        var configuration = SheetConfiguration(layout: Self.panel, initialStop: .tip)
        configuration.floatingPanel.isRemovalInteractionEnabled = true
        let stream = Self.stream(from: Point(x: 200, y: 760), velocity: Vector(dx: 0, dy: 1500), duration: 0.04)
        let result = try SheetSimulation.run(configuration, stream: stream, rate: .sixty)
        let release = try #require(released(result))
        #expect(release.outcome == .removed)
        #expect(result.outcome == .removed)
        let duration = try FloatingPanelRemovalSpring.default.duration()
        #expect(event(result, "removed")?.time == release.time + duration)
        #expect(result.trace.rows.last?.frame == SheetFrame(y: 952, state: .removed, outcome: .removed))
        // Without the removal interaction the same release goes back to tip.
        let kept = try SheetSimulation.run(
            SheetConfiguration(layout: Self.panel, initialStop: .tip), stream: stream, rate: .sixty)
        #expect(kept.outcome == .stop(.tip))
    }

    /// The removal spring (Sources/Controller.swift:757-767, Sources/Extensions.swift:118-130): mass 1,
    /// stiffness (2π/0.25)² = 631.6546816697189, ζ = ln(0.99)/(−4π·0.001) = 0.7997803154092293, damping
    /// 4πζ/0.25 = 40.2013434140058 (Python, math.log).
    @Test func removalSpringConstants() throws {
        let spring = try FloatingPanelRemovalSpring.default.spring()
        #expect(abs(spring.stiffness - 631.6546816697189) < 1e-9)
        #expect(abs(spring.damping - 40.2013434140058) < 1e-9)
        #expect(abs(spring.dampingRatio - 0.7997803154092293) < 1e-12)
    }

    /// PanModal dismissal by a fast swipe down and by a tap on the dimmed background above the modal; a
    /// tap on the modal itself does nothing.
    @Test func panModalDismissal() throws {
        let configuration = SheetConfiguration(layout: Self.modal, initialStop: .short)
        let swipe = Self.stream(from: Point(x: 200, y: 600), velocity: Vector(dx: 0, dy: 1500), duration: 0.1)
        let swiped = try SheetSimulation.run(configuration, stream: swipe, rate: .sixty)
        #expect(released(swiped)?.outcome == .dismissed)
        #expect(swiped.trace.rows.last?.frame == SheetFrame(y: 852, state: .dismissed, outcome: .dismissed))

        let tapAbove = PopupTestStreams.tap(at: Point(x: 200, y: 300), at: 0.1003)
        let tapped = try SheetSimulation.run(configuration, stream: tapAbove, rate: .sixty)
        #expect(tapped.trace.events.map(\.event.label) == ["background-tapped", "dismissed"])
        #expect(tapped.outcome == .dismissed)

        let tapOn = PopupTestStreams.tap(at: Point(x: 200, y: 700), at: 0.1003)
        #expect(try SheetSimulation.run(configuration, stream: tapOn, rate: .sixty).trace.events.isEmpty)
        var noTap = configuration
        noTap.panModal.allowsTapToDismiss = false
        #expect(try SheetSimulation.run(noTap, stream: tapAbove, rate: .sixty).outcome == .stop(.short))
    }

    /// A finger that lands on the panel while its attraction runs stops it there and begins the pan at
    /// once; lifting without moving ends a pan that never changed, so the workaround moves the edge by
    /// the (zero) translation, and the rule decides from the state the attraction was heading to (full)
    /// with v = 0 at that edge.
    @Test func touchInterruptsTheAttraction() throws {
        let swipe = Self.stream(from: Point(x: 200, y: 500), velocity: Vector(dx: 0, dy: -1200), duration: 0.1)
        let swipeEnd = swipe.samples.last!.time
        let press = PopupTestStreams.tap(at: Point(x: 200, y: 840), at: swipeEnd + 0.05, duration: 0.05, touch: 1)
        let stream = PopupTestStreams.concatenate(swipe, press)
        let result = try SheetSimulation.run(
            SheetConfiguration(layout: Self.panel, initialStop: .half), stream: stream, rate: .sixty)
        let labels = result.trace.events.map(\.event.label)
        #expect(labels.contains("attraction-interrupted"))
        let touchTime = press.samples[0].time
        let held = try #require(result.trace.rows.last { $0.time < touchTime }?.frame.y)
        // The held edge is the attraction after one 1/60 s step per frame drawn between the release and
        // the touch: frames fall at n/60 s, so that count follows from the two times alone.
        let release = try #require(released(result))
        let steps = Int((touchTime * 60).rounded(.up)) - 1 - Int((release.time * 60).rounded(.down))
        #expect(steps >= 2)
        var attraction = FloatingPanelAttraction(
            value: 426 + release.translation.dy, velocity: release.velocity.dy, target: 80, displayScale: 3)
        for _ in 0..<steps { attraction.step(interval: 1.0 / 60) }
        #expect(held == attraction.value, "\(steps) steps")
        let expected = FloatingPanelReleaseRule.targetState(
            layout: try #require(Self.floatingPanelLayout), from: .full, y: held, velocity: 0)
        #expect(result.outcome == .stop(expected.stopName))
        #expect(result.trace.rows.last?.frame.y == Self.panel.position(of: expected.stopName))
        let name = expected.stopName.rawValue
        #expect(
            labels.suffix(5) == [
                "attraction-interrupted", "pan-began", "drag-started:full", "released:\(name)", "settled:\(name)",
            ])
        #expect(!labels.contains("settled:full") || name == "full")
    }

    static var floatingPanelLayout: FloatingPanelLayout? {
        if case .floatingPanel(let layout) = panel { return layout }
        return nil
    }

    /// FloatingPanel ignores a release while its state is hidden: with a hidden stop inside the window
    /// (700) the panel follows a drag up from its first change and stays where the finger left it.
    @Test func releaseWhileHiddenIsIgnored() throws {
        let layout = try SheetLayout(
            library: .floatingPanel, stops: [SheetStop(.full, y: 80), SheetStop(.hidden, y: 700)])
        let stream = Self.stream(from: Point(x: 200, y: 760), velocity: Vector(dx: 0, dy: -1200), duration: 0.1)
        let result = try SheetSimulation.run(
            SheetConfiguration(layout: layout, initialStop: .hidden), stream: stream, rate: .sixty)
        #expect(result.trace.events.map(\.event.label) == ["pan-began", "drag-started:hidden", "release-ignored"])
        #expect(result.outcome == .stop(.hidden))
        #expect(result.trace.rows.last?.frame.y == 610)
    }

    /// A touch outside a FloatingPanel (above a bottom panel's edge) does nothing.
    @Test func touchAboveTheFloatingPanelIsIgnored() throws {
        let stream = Self.stream(from: Point(x: 200, y: 300), velocity: Vector(dx: 0, dy: 1200), duration: 0.1)
        let result = try SheetSimulation.run(
            SheetConfiguration(layout: Self.panel, initialStop: .half), stream: stream, rate: .sixty)
        #expect(result.trace.events.isEmpty)
        #expect(result.trace.rows.allSatisfy { $0.frame.y == 426 })
    }

    /// The outcome-only run reports what the full run reports.
    @Test func outcomeOnlyAgreesWithTheFullRun() throws {
        for (layout, initial) in [(Self.panel, SheetStopName.half), (Self.modal, .short)] {
            for velocity in [-1500.0, -200, 200, 1500] {
                let stream = Self.stream(
                    from: Point(x: 200, y: 720), velocity: Vector(dx: 0, dy: velocity), duration: 0.1)
                let configuration = SheetConfiguration(layout: layout, initialStop: initial)
                let full = try SheetSimulation.run(configuration, stream: stream, rate: .proMotion)
                #expect(try SheetSimulation.outcome(configuration, stream: stream, rate: .proMotion) == full.outcome)
            }
        }
    }

    /// Bad configurations and streams are refused, not crashed on.
    @Test func refusals() throws {
        #expect(throws: InteractionError.self) {
            try SheetModel(configuration: SheetConfiguration(layout: Self.panel, initialStop: .long))
        }
        var badRate = SheetConfiguration(layout: Self.panel, initialStop: .half)
        badRate.floatingPanel.momentumProjectionRate = 1
        #expect(throws: InteractionError.self) { try SheetModel(configuration: badRate) }
        var badDuration = SheetConfiguration(layout: Self.modal, initialStop: .short)
        badDuration.panModal.transitionDuration = .nan
        #expect(throws: InteractionError.self) { try SheetModel(configuration: badDuration) }
        let backwards = TouchStream([
            TouchSample(time: 0.2, phase: .began, location: Point(x: 200, y: 600), touch: 0),
            TouchSample(time: 0.1, phase: .moved, location: Point(x: 200, y: 500), touch: 0),
        ])
        #expect(throws: InteractionError.self) {
            try SheetSimulation.run(
                SheetConfiguration(layout: Self.modal, initialStop: .short), stream: backwards, rate: .sixty)
        }
    }
}
