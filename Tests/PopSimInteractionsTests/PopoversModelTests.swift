import Foundation
import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import PopSimPlatform
import Testing

@testable import PopSimInteractions

/// Hand-built touch streams and configurations for the model tests.
enum PopoverScenes {
    static let window = PopoverWindow.iPhone
    /// A 200 × 100 popover centred on the 393 × 852 window: static origin (96.5, 376), centre (196.5, 426).
    static func centred(
        _ mode: DismissalMode = .tapOutside, changeLocation: Bool = false,
        rubberBanding: RubberBandingMode = .both
    ) -> PopoverAttributes {
        PopoverAttributes(
            size: Size(width: 200, height: 100), position: .absolute(originAnchor: .center, popoverAnchor: .center),
            sourceFrame: window.bounds, rubberBandingMode: rubberBanding, changeLocationOnDismiss: changeLocation,
            dismissal: .init(mode: mode))
    }

    static let centre = Point(x: 196.5, y: 426)
    static let staticOrigin = Point(x: 96.5, y: 376)

    /// Corners of (16, 59, 361, 759) for a 100 × 60 picture-in-picture popover resting at the top left.
    static let pip = PopoverAttributes.pictureInPicture(
        size: Size(width: 100, height: 60),
        anchors: [.topLeft, .topRight, .bottomLeft, .bottomRight],
        container: Rect(x: 16, y: 59, width: 361, height: 759), mode: .none)

    static func configuration(
        _ popovers: PopoverAttributes..., solver: SpringSolver = .analytic,
        version: PopoversVersion = .default
    ) -> PopoverModelConfiguration {
        PopoverModelConfiguration(libraryVersion: version, window: window, popovers: popovers, solver: solver)
    }

    /// A finger that lands at `from` at `start` and moves at constant `velocity` for `duration`, sampled
    /// at `rate` (k / rate after the start), lifting at the last sample.
    static func drag(
        from: Point, velocity: Vector, duration: Double, start: Double = 0.1, rate: Double = 120,
        touch: Int = 0
    ) -> [TouchSample] {
        let n = Int((duration * rate).rounded())
        return (0...n).map { k in
            let dt = Double(k) / rate
            let phase: TouchPhase = k == 0 ? .began : (k == n ? .ended : .moved)
            return TouchSample(time: start + dt, phase: phase, location: from + velocity * dt, touch: touch)
        }
    }

    static func tap(at point: Point, time: Double, touch: Int = 0) -> [TouchSample] {
        [
            TouchSample(time: time, phase: .began, location: point, touch: touch),
            TouchSample(time: time + 0.05, phase: .ended, location: point, touch: touch),
        ]
    }

    /// The unit step response of SwiftUI's `.spring()` (response 0.55, ζ 0.825) from 1 at rest toward
    /// 0: e^(−ζω₀t)(cos ω_d t + ζω₀/ω_d · sin ω_d t), ω₀ = 2π/0.55, ω_d = ω₀√(1 − ζ²).
    static func springRemainder(_ t: Double) -> Double {
        let w0 = 2 * Double.pi / 0.55
        let zeta = 0.825
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return Double.exp(-zeta * w0 * t) * (Double.cos(wd * t) + zeta * w0 / wd * Double.sin(wd * t))
    }

    /// SwiftUI `.easeOut` progress at a fraction x of its duration: cubic-bezier (0, 0, 0.58, 1),
    /// solved here by bisection on x(s) = 3(1−s)s²·0.58 + s³, then y(s) = 3(1−s)s² + s³.
    static func easeOut(_ x: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let s = (lo + hi) / 2
            if 3 * (1 - s) * s * s * 0.58 + s * s * s < x { lo = s } else { hi = s }
        }
        let s = (lo + hi) / 2
        return 3 * (1 - s) * s * s + s * s * s
    }
}

@Suite("Popovers model")
struct PopoversModelTests {
    typealias S = PopoverScenes

    /// The drag begins on the sample where the finger is 2 pt from touch-down (inclusive), not before.
    @Test func dragStartsAtTwoPoints() throws {
        var model = try PopoverInteractionModel(configuration: S.configuration(S.centred(.dragDown)))
        try model.handle(TouchSample(time: 0, phase: .began, location: S.centre))
        try model.handle(TouchSample(time: 0.01, phase: .moved, location: S.centre + Vector(dx: 0, dy: 1.999)))
        #expect(model.events.isEmpty)
        #expect(model.frame.state == .presented)
        try model.handle(TouchSample(time: 0.02, phase: .moved, location: S.centre + Vector(dx: 0, dy: 2)))
        #expect(model.events.map(\.event.label) == ["drag-began"])
        #expect(model.events[0].time == 0.02)
        #expect(model.frame.state == .dragging)
        // The hit-test frame follows the finger at once: static + D((0, 2)) = (96.5, 378).
        #expect(model.hitTestFrame(ofPopover: 0).origin == Point(x: 96.5, y: 378))
    }

    /// The first update is animated with `.spring()`, later ones are not, and SwiftUI adds the leftover
    /// of the first spring on top: drawn = static + D(t) − D(t₁)·x(τ), x the spring's unit step
    /// response and τ the time since the first update.
    @Test func firstUpdateSpringCombinesAdditively() throws {
        var model = try PopoverInteractionModel(configuration: S.configuration(S.centred(.dragDown)))
        try model.handle(TouchSample(time: 0, phase: .began, location: S.centre))
        try model.handle(TouchSample(time: 0.1, phase: .moved, location: S.centre + Vector(dx: 0, dy: 6)))
        // At the first update nothing has moved yet.
        #expect(model.frame.origin == S.staticOrigin)
        try model.handle(TouchSample(time: 0.15, phase: .moved, location: S.centre + Vector(dx: 3, dy: 40)))
        try model.advance(to: 0.2, tick: nil)
        let expected = 376 + 40 - 6 * S.springRemainder(0.1)
        #expect(abs(model.frame.origin.y - expected) < 1e-9)
        #expect(model.frame.origin.x == 96.5)  // drag-down pins x
    }

    struct AgreementCase: Sendable, CustomTestStringConvertible {
        let name: String
        let attributes: PopoverAttributes
        let from: Point
        let velocity: Vector
        let duration: Double
        let expected: PopoverOutcome
        var version = PopoversVersion.default
        var testDescription: String { name }
    }

    /// Worked outcomes (static top at 376, H = 852, lines 639 / 213; P = 376 + v·d + 0.25·v):
    static let agreementCases: [AgreementCase] = [
        // 376 + 100 + 250 = 726 ≥ 639.
        AgreementCase(
            name: "fast drag down dismisses", attributes: S.centred(.dragDown), from: S.centre,
            velocity: Vector(dx: 0, dy: 1000), duration: 0.1, expected: .dismissedDown),
        // 376 + 30 + 75 = 481.
        AgreementCase(
            name: "slow short drag down returns", attributes: S.centred(.dragDown), from: S.centre,
            velocity: Vector(dx: 0, dy: 300), duration: 0.1, expected: .returned),
        // 376 + 200 + 100 = 676 ≥ 639.
        AgreementCase(
            name: "long slow drag down dismisses", attributes: S.centred(.dragDown), from: S.centre,
            velocity: Vector(dx: 0, dy: 400), duration: 0.5, expected: .dismissedDown),
        // 376 − 150 − 375 = −149 ≤ 213.
        AgreementCase(
            name: "fling up dismisses up", attributes: S.centred(.dragUp), from: S.centre,
            velocity: Vector(dx: 0, dy: -1500), duration: 0.1, expected: .dismissedUp),
        // An upward fling on a drag-down popover: 376 − 150 − 375, never ≥ 639.
        AgreementCase(
            name: "fling up on drag-down returns", attributes: S.centred(.dragDown), from: S.centre,
            velocity: Vector(dx: 0, dy: -1500), duration: 0.1, expected: .returned),
        AgreementCase(
            name: "tap-outside popover springs back", attributes: S.centred(), from: S.centre,
            velocity: Vector(dx: 800, dy: 0), duration: 0.2, expected: .returned),
        AgreementCase(
            name: "changeLocationOnDismiss (main)", attributes: S.centred(changeLocation: true), from: S.centre,
            velocity: Vector(dx: 500, dy: 500), duration: 0.2, expected: .moved, version: .main),
        // PiP from (16, 59) + (50, 30) grab point: t = (150, 0), P = (16 + 150 + 375, 59) → top-right.
        AgreementCase(
            name: "picture-in-picture fling right", attributes: S.pip, from: Point(x: 66, y: 89),
            velocity: Vector(dx: 1500, dy: 0), duration: 0.1, expected: .anchor(.topRight)),
        // t = (40, 200), P = (16 + 40 + 50, 59 + 200 + 250) = (106, 509): BL (16, 758) 8100 + 62001,
        // TL 8100 + 202500 → bottom-left.
        AgreementCase(
            name: "picture-in-picture drift down", attributes: S.pip, from: Point(x: 66, y: 89),
            velocity: Vector(dx: 200, dy: 1000), duration: 0.2, expected: .anchor(.bottomLeft)),
        // Dismissal first: 376 + 200 + 500 ≥ 639 (both modes: drag-down tested first).
        AgreementCase(
            name: "both modes, fling down", attributes: S.centred([.dragDown, .dragUp]), from: S.centre,
            velocity: Vector(dx: 0, dy: 2000), duration: 0.1, expected: .dismissedDown),
    ]

    /// `simulate` agrees with `decide`: the worked outcome, the model's measured release (translation
    /// and velocity of a constant-velocity drag are known exactly, to rounding), and `decide` fed with
    /// the model's own measurements all agree.
    @Test(arguments: agreementCases)
    func simulationAgreesWithDecision(_ c: AgreementCase) throws {
        let stream = TouchStream(S.drag(from: c.from, velocity: c.velocity, duration: c.duration))
        let configuration = S.configuration(c.attributes, version: c.version)
        let result = try PopoverSimulation.run(configuration, stream: stream, rate: .oneTwenty)
        #expect(result.outcome == c.expected)
        let record = try #require(result.releases.last)
        #expect(abs(record.velocity.dx - c.velocity.dx) < 1e-6 && abs(record.velocity.dy - c.velocity.dy) < 1e-6)
        let translation = c.velocity * c.duration
        #expect(
            abs(record.translation.dx - translation.dx) < 1e-9 && abs(record.translation.dy - translation.dy) < 1e-9)
        let model = try PopoverInteractionModel(configuration: configuration)
        let decision = c.attributes.releaseDecision(
            staticOrigin: model.staticFrame(ofPopover: 0).origin, window: S.window,
            predictionTime: 0.25, version: c.version)
        #expect(decision.outcome(translation: record.translation, velocity: record.velocity) == result.outcome)
        #expect(decision.outcome(translation: translation, velocity: c.velocity) == c.expected)
    }

    /// 60 Hz, 120 Hz and ProMotion give the same outcome and events, and at the instants 60 and 120 Hz
    /// share the drawn states agree (to rounding, or to the 1e-3 pt settling snap).
    @Test(arguments: [0, 1, 7])
    func frameRateDoesNotMatter(caseIndex: Int) throws {
        let c = Self.agreementCases[caseIndex]
        let stream = TouchStream(S.drag(from: c.from, velocity: c.velocity, duration: c.duration))
        let configuration = S.configuration(c.attributes)
        let r60 = try PopoverSimulation.run(configuration, stream: stream, rate: .sixty, duration: 2)
        let r120 = try PopoverSimulation.run(configuration, stream: stream, rate: .oneTwenty, duration: 2)
        let rPro = try PopoverSimulation.run(configuration, stream: stream, rate: .proMotion)
        #expect(r60.outcome == r120.outcome && rPro.outcome == r120.outcome)
        #expect(r60.trace.events.map(\.event) == r120.trace.events.map(\.event))
        #expect(r60.trace.events.map(\.time) == r120.trace.events.map(\.time))
        for (k, row) in r60.trace.rows.enumerated() {
            let other = r120.trace.rows[2 * k]
            #expect(other.time == row.time)
            #expect(abs(other.frame.origin.x - row.frame.origin.x) <= 1e-3)
            #expect(abs(other.frame.origin.y - row.frame.origin.y) <= 1e-3)
            #expect(abs(other.frame.opacity - row.frame.opacity) <= 1e-12)
        }
    }

    /// A drag-down dismissal: removed at release (state `dismissed`), the opacity fades with `.easeOut`
    /// over 0.35 s, and the popover springs from where it was let go to y = H at zero velocity.
    @Test func dismissalSlidesAndFades() throws {
        // 250 pt/s for 1.2 s: t = 300, P = 376 + 300 + 62.5 ≥ 639; released at 1.3 s. The lift is not an
        // onChanged, so the top is where the last move put it: 376 + 250·(1.2 − 1/120). The first-update
        // spring (2.08 pt) has settled by then, so the release spring starts at rest.
        let stream = TouchStream(S.drag(from: S.centre, velocity: Vector(dx: 0, dy: 250), duration: 1.2))
        let result = try PopoverSimulation.run(S.configuration(S.centred(.dragDown)), stream: stream, rate: .oneTwenty)
        #expect(result.outcome == .dismissedDown)
        let release = 0.1 + 1.2
        #expect(
            result.trace.events.map(\.event.label) == ["drag-began", "released:dismissed-down", "dismissed:drag-down"])
        #expect(abs(result.trace.events[1].time - release) < 1e-12)
        for row in result.trace.rows where row.time >= release - 1e-9 {
            #expect(row.frame.state == .dismissed)
            let tau = row.time - release
            let y = 852 + (376 + 250 * (1.2 - 1.0 / 120) - 852) * S.springRemainder(tau)
            if row.time < result.trace.rows.last!.time { #expect(abs(row.frame.origin.y - y) < 1e-6) }
            let opacity = tau >= 0.35 ? 0 : 1 - S.easeOut(tau / 0.35)
            #expect(abs(row.frame.opacity - opacity) < 1e-9)
        }
        let last = try #require(result.trace.rows.last)
        #expect(last.frame.origin == Point(x: 96.5, y: 852))
        #expect(last.frame.opacity == 0)
        // Before the release it follows the finger (drag-down: y only), with what is left of the spring
        // over the first update's 250/120 pt jump at 0.1 + 1/120 s.
        let during = try #require(result.trace.rows.first { abs($0.time - 1.0) < 1e-9 })
        #expect(during.frame.state == .dragging)
        let first = 0.1 + 1.0 / 120
        #expect(abs(during.frame.origin.y - (376 + 250 * 0.9 - 250.0 / 120 * S.springRemainder(1.0 - first))) < 1e-9)
    }

    /// The direction is ignored in the model too: a drag-down popover whose top sits at 800 (a fixed
    /// static origin, as `decide --origin 96.5,800`; the clamp would have moved it to 736) is dismissed by
    /// a slow upward drag: P.y = 800 − 12 − 0.25·100 = 763 ≥ 639.
    @Test func upwardDragDismissesALowDragDownPopover() throws {
        var attributes = S.centred(.dragDown)
        attributes.fixedStaticOrigin = Point(x: 96.5, y: 800)
        let stream = TouchStream(
            S.drag(from: Point(x: 196.5, y: 830), velocity: Vector(dx: 0, dy: -100), duration: 0.12))
        let result = try PopoverSimulation.run(S.configuration(attributes), stream: stream, rate: .sixty)
        #expect(result.trace.rows[0].frame.origin == Point(x: 96.5, y: 800))
        #expect(result.outcome == .dismissedDown)
        let decision = attributes.releaseDecision(
            staticOrigin: Point(x: 96.5, y: 800), window: S.window, predictionTime: 0.25)
        #expect(
            decision.outcome(translation: Vector(dx: 0, dy: -12), velocity: Vector(dx: 0, dy: -100)) == .dismissedDown)
    }

    /// `dragMovesPopoverOffScreen` off: the popover springs back to its static frame while it fades.
    @Test func dismissalWithoutSlide() throws {
        var attributes = S.centred(.dragDown)
        attributes.dismissal.dragMovesPopoverOffScreen = false
        let stream = TouchStream(S.drag(from: S.centre, velocity: Vector(dx: 0, dy: 1000), duration: 0.1))
        let result = try PopoverSimulation.run(S.configuration(attributes), stream: stream, rate: .sixty)
        #expect(result.outcome == .dismissedDown)
        #expect(result.trace.rows.last!.frame.origin == S.staticOrigin)
    }

    /// Picture-in-picture: the anchor changes, and the popover settles on the new corner.
    @Test func pictureInPictureSnaps() throws {
        let stream = TouchStream(S.drag(from: Point(x: 66, y: 89), velocity: Vector(dx: 1500, dy: 0), duration: 0.1))
        let result = try PopoverSimulation.run(S.configuration(S.pip), stream: stream, rate: .oneTwenty)
        #expect(
            result.trace.events.map(\.event.label) == [
                "drag-began", "released:anchor:top-right", "anchor-changed:top-right",
            ])
        #expect(result.trace.rows.last!.frame.origin == Point(x: 277, y: 59))
        #expect(result.trace.rows.last!.frame.state == .presented)
        #expect(result.trace.rows.contains { $0.frame.state == .animating })
    }

    /// A touch outside dismisses on touch-down, newest first, and the popover stops being hit-testable.
    @Test func tapOutsideWithSeveralPopovers() throws {
        let a = PopoverAttributes(
            size: Size(width: 100, height: 100), position: .absolute(originAnchor: .topLeft, popoverAnchor: .topLeft),
            sourceFrame: Rect(x: 20, y: 100, width: 0, height: 0))
        var b = a
        b.sourceFrame = Rect(x: 200, y: 300, width: 0, height: 0)
        b.dismissal.excludedFrames = [Rect(x: 0, y: 600, width: 393, height: 100)]
        let configuration = S.configuration(a, b)
        // 1: inside the excluded band: B is told, stops the walk, nobody is dismissed.
        // 2: inside A: B is told but spared (the point is in another popover).
        // 3: outside both: B then A are told and dismissed.
        let stream = TouchStream(
            S.tap(at: Point(x: 50, y: 650), time: 0.1) + S.tap(at: Point(x: 50, y: 150), time: 0.3)
                + S.tap(at: Point(x: 300, y: 50), time: 0.5))
        let result = try PopoverSimulation.run(configuration, stream: stream, rate: .sixty)
        #expect(
            result.trace.events.map(\.event.label) == [
                "tap-outside@1", "tap-outside@1", "tap-outside@1", "dismissed:tap-outside@1", "tap-outside",
                "dismissed:tap-outside",
            ])
        #expect(result.trace.events.map(\.time) == [0.1, 0.3, 0.5, 0.5, 0.5, 0.5])
        #expect(result.outcomes == [.dismissedTapOutside, .dismissedTapOutside])
        #expect(result.outcome == .dismissedTapOutside)
        // The traced popover (the newest, B) is dismissed from the 0.5 s frame on and fades out.
        for row in result.trace.rows { #expect((row.frame.state == .dismissed) == (row.time >= 0.5)) }
        #expect(result.trace.rows.last!.frame.opacity == 0)
    }

    /// B (50 × 50 at (171.5, 401)) lies inside A. A touch in A outside B spares B by default (the point
    /// is in another popover); with tapOutsideIncludesOtherPopovers B is dismissed, twice (§3b steps 5
    /// and 1). Once dismissed it is not hit-tested: a drag from its old centre moves A.
    @Test(arguments: [false, true])
    func touchInAnotherPopover(includesOtherPopovers: Bool) throws {
        var a = S.centred()
        a.dismissal.mode = .none
        var b = a
        b.size = Size(width: 50, height: 50)
        b.dismissal.mode = .tapOutside
        b.dismissal.tapOutsideIncludesOtherPopovers = includesOtherPopovers
        var model = try PopoverInteractionModel(configuration: S.configuration(a, b))
        for sample in S.tap(at: Point(x: 100, y: 380), time: 0.1) { try model.handle(sample) }
        #expect(model.isPresented(1) == !includesOtherPopovers)
        for sample in S.drag(from: S.centre, velocity: Vector(dx: 300, dy: 0), duration: 0.2, start: 0.3) {
            try model.handle(sample)
        }
        if includesOtherPopovers {
            #expect(
                model.events.map(\.event.label) == [
                    "tap-outside@1", "dismissed:tap-outside@1", "dismissed:tap-outside@1",
                    "drag-began", "released:returned",
                ])
        } else {
            #expect(model.events.map(\.event.label) == ["tap-outside@1", "drag-began@1", "released:returned@1"])
        }
    }

    /// A second finger outside the dragged popover dismisses it: the drag is abandoned without a decision.
    @Test func tapOutsideDuringDrag() throws {
        let drag = S.drag(from: S.centre, velocity: Vector(dx: 0, dy: 300), duration: 0.3)
        let tap = S.tap(at: Point(x: 10, y: 10), time: 0.25, touch: 1)
        let stream = TouchStream((drag + tap).sorted { $0.time < $1.time })
        let result = try PopoverSimulation.run(
            S.configuration(S.centred([.tapOutside, .dragDown])), stream: stream, rate: .sixty)
        #expect(
            result.trace.events.map(\.event.label) == [
                "drag-began", "tap-outside", "dismissed:tap-outside", "drag-cancelled",
            ])
        #expect(result.outcome == .dismissedTapOutside)
        #expect(result.releases.isEmpty)
    }

    /// A cancelled touch gets no `onEnded`: the popover stays displaced and selected, so the next drag's
    /// first update is not animated (it jumps with the finger at once).
    @Test func cancelledDragLeavesThePopoverDisplaced() throws {
        var model = try PopoverInteractionModel(configuration: S.configuration(S.centred(.dragDown)))
        try model.handle(TouchSample(time: 0, phase: .began, location: S.centre))
        try model.handle(TouchSample(time: 0.1, phase: .moved, location: S.centre + Vector(dx: 0, dy: 30)))
        try model.handle(TouchSample(time: 0.2, phase: .cancelled, location: S.centre + Vector(dx: 0, dy: 30)))
        try model.advance(to: 3, tick: nil)
        #expect(model.frame.origin == Point(x: 96.5, y: 406))
        #expect(model.outcome == .presented)
        #expect(model.events.map(\.event.label) == ["drag-began", "drag-cancelled"])
        // The hit-test frame is displaced too: touch at its new centre.
        let start = Point(x: 196.5, y: 456)
        try model.handle(TouchSample(time: 3, phase: .began, location: start))
        try model.handle(TouchSample(time: 3.1, phase: .moved, location: start + Vector(dx: 0, dy: 50)))
        #expect(model.frame.origin == Point(x: 96.5, y: 426))
        #expect(model.frame.state == .dragging)
    }

    /// A lift at ≥ 2 pt with no move before it still ends the gesture: a release without `drag-began`.
    @Test func releaseWithoutChange() throws {
        let stream = TouchStream([
            TouchSample(time: 0.1, phase: .began, location: S.centre),
            TouchSample(time: 0.2, phase: .ended, location: S.centre + Vector(dx: 0, dy: 300)),
        ])
        let result = try PopoverSimulation.run(S.configuration(S.centred(.dragDown)), stream: stream, rate: .sixty)
        // 376 + 300 + 0 (one sample before the lift: zero velocity) ≥ 639.
        #expect(result.trace.events.map(\.event.label) == ["released:dismissed-down", "dismissed:drag-down"])
        #expect(result.outcome == .dismissedDown)
    }

    @Test(arguments: [false, true])
    func draggingDisabled(byRubberBandingMode: Bool) throws {
        var configuration = S.configuration(S.centred(.dragDown, rubberBanding: byRubberBandingMode ? .none : .both))
        if !byRubberBandingMode { configuration.popoversDraggable = false }
        let stream = TouchStream(S.drag(from: S.centre, velocity: Vector(dx: 0, dy: 2000), duration: 0.2))
        let result = try PopoverSimulation.run(configuration, stream: stream, rate: .sixty)
        #expect(result.trace.events.isEmpty)
        #expect(result.outcome == .presented)
        #expect(result.trace.rows.allSatisfy { $0.frame.origin == S.staticOrigin && $0.frame.state == .presented })
    }

    @Test func integratedSolverAgreesWithAnalytic() throws {
        let stream = TouchStream(S.drag(from: Point(x: 66, y: 89), velocity: Vector(dx: 1500, dy: 300), duration: 0.1))
        let analytic = try PopoverSimulation.run(S.configuration(S.pip), stream: stream, rate: .sixty, duration: 1.5)
        let gsl = try PopoverSimulation.run(
            S.configuration(S.pip, solver: .integrated(.rk8pd, ODETolerance(absolute: 1e-10, relative: 1e-10))),
            stream: stream, rate: .sixty, duration: 1.5)
        #expect(analytic.outcome == gsl.outcome)
        // 1.5 s at 60 Hz: frames 0 … 90.
        #expect(analytic.trace.rows.count == 91)
        try #require(gsl.trace.rows.count == analytic.trace.rows.count)
        for (a, g) in zip(analytic.trace.rows, gsl.trace.rows) {
            #expect(abs(a.frame.origin.x - g.frame.origin.x) < 1e-5)
            #expect(abs(a.frame.origin.y - g.frame.origin.y) < 1e-5)
        }
    }

    @Test func noTouchesGivesOneSettledFrame() throws {
        let result = try PopoverSimulation.run(S.configuration(S.centred()), stream: TouchStream(), rate: .sixty)
        #expect(result.trace.rows.count == 1)
        #expect(result.trace.rows[0].frame == PopoverTraceFrame(origin: S.staticOrigin, opacity: 1, state: .presented))
        #expect(result.outcome == .presented)
    }

    static let badStreams: [(String, [TouchSample])] = [
        (
            "time goes backwards",
            [
                TouchSample(time: 0.2, phase: .began, location: .zero),
                TouchSample(time: 0.1, phase: .ended, location: .zero),
            ]
        ),
        ("moved before began", [TouchSample(time: 0.1, phase: .moved, location: .zero)]),
        ("ended before began", [TouchSample(time: 0.1, phase: .ended, location: .zero)]),
        (
            "began twice",
            [
                TouchSample(time: 0.1, phase: .began, location: .zero),
                TouchSample(time: 0.2, phase: .began, location: .zero),
            ]
        ),
        ("NaN time", [TouchSample(time: .nan, phase: .began, location: .zero)]),
        ("infinite location", [TouchSample(time: 0, phase: .began, location: Point(x: .infinity, y: 0))]),
    ]

    @Test(arguments: badStreams)
    func malformedStreamsAreInvalid(name: String, samples: [TouchSample]) throws {
        #expect {
            _ = try PopoverSimulation.run(S.configuration(S.centred()), stream: TouchStream(samples), rate: .sixty)
        } throws: { error in
            guard case let .invalidStream(message) = error as? InteractionError else { return false }
            return message.contains("touch sample")
        }
    }

    @Test func invalidConfigurationsNameTheField() throws {
        var noPopovers = S.configuration(S.centred())
        noPopovers.popovers = []
        var badFade = S.centred()
        badFade.dismissal.fade.duration = 0
        var badTrace = S.configuration(S.centred())
        badTrace.tracedPopover = 3
        var nanSize = S.centred()
        nanSize.size.width = .nan
        let cases: [(PopoverModelConfiguration, String)] = [
            (noPopovers, "popovers.count"), (S.configuration(badFade), "popovers[0].dismissal.fade.duration"),
            (badTrace, "tracedPopover"), (S.configuration(S.centred(), nanSize), "popovers[1].size.width"),
        ]
        for (configuration, field) in cases {
            #expect {
                _ = try PopoverInteractionModel(configuration: configuration)
            } throws: { error in
                guard case let .invalidParameter(.invalidParameter(parameter, _, _)) = error as? InteractionError else {
                    return false
                }
                return parameter.rawValue == field
            }
        }
    }

    @Test func eventWords() {
        #expect(PopoverEvent(popover: 0, kind: .dismissed(.dragDown)).description == "dismissed:drag-down")
        #expect(PopoverEvent(popover: 2, kind: .tapOutside).description == "tap-outside@2")
        #expect(PopoverEvent(popover: 0, kind: .anchorChanged(.topLeft)).description == "anchor-changed:top-left")
        #expect(
            PopoverEvent(popover: 0, kind: .released(.anchor(.left), translation: .zero, velocity: .zero)).label
                == "released:anchor:left")
        // The log line carries what the model measured, without commas (one CSV field).
        let release = PopoverEvent(
            popover: 1,
            kind: .released(
                .returned, translation: Vector(dx: -3, dy: 120.5),
                velocity: Vector(dx: 0, dy: 1199.75)))
        #expect(release.description == "released:returned@1 translation=(-3.0 120.5) velocity=(0.0 1199.75)")
    }
}
