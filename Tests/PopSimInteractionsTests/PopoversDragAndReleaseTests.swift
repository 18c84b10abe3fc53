import PopSimGeometry
import Testing

@testable import PopSimInteractions

/// Documentation/popovers.md §1 (drag offset and rubber band) and §2/§3a (release decision).
@Suite("Popovers drag offset")
struct PopoversDragOffsetTests {
    /// The reference's sample values of R(a) = sgn(a)|a|^0.7, to two decimals.
    @Test(arguments: [
        (2.0, 1.62), (10, 5.01), (50, 15.46), (100, 25.12), (200, 40.81), (300, 54.20), (500, 77.50),
        (-10, -5.01), (-100, -25.12),
    ])
    func rubberBandSamples(pull: Double, displayed: Double) {
        #expect(abs(PopoverDragOffset.rubberBand(pull) - displayed) < 0.005)
    }

    /// sgn(0) = −1 in the library, harmless: 0^0.7 = 0.
    @Test func rubberBandOfZeroIsZero() {
        #expect(PopoverDragOffset.rubberBand(0) == 0)
    }

    static let r50 = 15.46, r10 = 5.01
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let offset: PopoverDragOffset
        let translation: Vector
        let expected: Vector
        var testDescription: String { name }
    }

    static let absolute = PopoverPosition.default
    static let cases: [Case] = [
        Case(
            name: "drag-down follows a downward drag, x pinned",
            offset: PopoverDragOffset(position: absolute, mode: .dragDown),
            translation: Vector(dx: 10, dy: 50), expected: Vector(dx: 0, dy: 50)),
        Case(
            name: "drag-down rubber-bands an upward drag",
            offset: PopoverDragOffset(position: absolute, mode: .dragDown),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: 0, dy: -r50)),
        Case(
            name: "drag-up follows an upward drag", offset: PopoverDragOffset(position: absolute, mode: .dragUp),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: 0, dy: -50)),
        Case(
            name: "drag-up rubber-bands a downward drag", offset: PopoverDragOffset(position: absolute, mode: .dragUp),
            translation: Vector(dx: 10, dy: 50), expected: Vector(dx: 0, dy: r50)),
        Case(
            name: "drag-down wins over drag-up",
            offset: PopoverDragOffset(position: absolute, mode: [.dragDown, .dragUp]),
            translation: Vector(dx: 0, dy: -50), expected: Vector(dx: 0, dy: -r50)),
        Case(
            name: "drag modes ignore rubberBandingMode",
            offset: PopoverDragOffset(position: absolute, mode: .dragDown, rubberBandingMode: .xAxis),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: 0, dy: -r50)),
        Case(
            name: "tap-outside rubber-bands both axes",
            offset: PopoverDragOffset(position: absolute, mode: .tapOutside),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: r10, dy: -r50)),
        Case(
            name: "x-only rubber band",
            offset: PopoverDragOffset(position: absolute, mode: .tapOutside, rubberBandingMode: .xAxis),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: r10, dy: 0)),
        Case(
            name: "y-only rubber band",
            offset: PopoverDragOffset(position: absolute, mode: .tapOutside, rubberBandingMode: .yAxis),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: 0, dy: -r50)),
        Case(
            name: "main: changeLocationOnDismiss drags freely",
            offset: PopoverDragOffset(
                position: absolute, mode: .tapOutside, changeLocationOnDismiss: true, version: .main),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: 10, dy: -50)),
        // 1.3.2 has no changeLocationOnDismiss branch: the flag changes nothing, the rubber band applies.
        Case(
            name: "1.3.2: changeLocationOnDismiss does not exist, the rubber band applies",
            offset: PopoverDragOffset(
                position: absolute, mode: .tapOutside, changeLocationOnDismiss: true, version: .v1_3_2),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: r10, dy: -r50)),
        Case(
            name: "drag-down is tested before changeLocationOnDismiss",
            offset: PopoverDragOffset(
                position: absolute, mode: .dragDown, changeLocationOnDismiss: true, version: .main),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: 0, dy: -r50)),
        Case(
            name: "single relative anchor has no changeLocation branch",
            offset: PopoverDragOffset(
                position: .relative(popoverAnchors: [.top]), mode: .none, changeLocationOnDismiss: true,
                version: .main),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: r10, dy: -r50)),
        Case(
            name: "picture-in-picture drags freely whatever the mode",
            offset: PopoverDragOffset(
                position: .relative(popoverAnchors: [.top, .bottom]), mode: .dragDown, rubberBandingMode: .xAxis),
            translation: Vector(dx: 10, dy: -50), expected: Vector(dx: 10, dy: -50)),
    ]

    @Test(arguments: cases)
    func offsetFunction(_ c: Case) {
        let d = c.offset.offset(for: c.translation)
        #expect(abs(d.dx - c.expected.dx) < 0.005)
        #expect(abs(d.dy - c.expected.dy) < 0.005)
    }
}

@Suite("Popovers release decision")
struct PopoversReleaseDecisionTests {
    /// H = 852, p = 0.25: the drag-down line is 852 − 213 = 639, the drag-up line 213.
    static func rule(
        _ mode: DismissalMode, y: Double, proximity: Double = 0.25, offScreen: Bool = true,
        changeLocation: Bool = false
    ) -> PopoverReleaseDecision {
        PopoverReleaseDecision(
            windowHeight: 852, mode: mode, proximity: proximity, staticOrigin: Point(x: 96.5, y: y),
            size: Size(width: 200, height: 100), changeLocationOnDismiss: changeLocation,
            dragMovesPopoverOffScreen: offScreen, version: changeLocation ? .main : .v1_3_2)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let rule: PopoverReleaseDecision
        let translation: Vector
        let velocity: Vector
        let expected: PopoverOutcome
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // 600 + 39 = 639 ≥ 639: inclusive.
        Case(
            name: "drag-down line is inclusive", rule: rule(.dragDown, y: 600), translation: Vector(dx: 0, dy: 39),
            velocity: .zero, expected: .dismissedDown),
        Case(
            name: "just above the drag-down line returns", rule: rule(.dragDown, y: 600),
            translation: Vector(dx: 0, dy: 38.999),
            velocity: .zero, expected: .returned),
        // 600 + 10 + 0.25·116 = 639.
        Case(
            name: "velocity counts through the prediction", rule: rule(.dragDown, y: 600),
            translation: Vector(dx: 0, dy: 10),
            velocity: Vector(dx: 0, dy: 116), expected: .dismissedDown),
        // Top edge at 700 ≥ 639 already: an upward release of 20 still dismisses (680).
        Case(
            name: "direction is ignored", rule: rule(.dragDown, y: 700), translation: Vector(dx: 0, dy: -20),
            velocity: .zero, expected: .dismissedDown),
        // … unless the projection lifts it above the line: 700 − 20 − 75 = 605.
        Case(
            name: "an upward fling saves a low popover", rule: rule(.dragDown, y: 700),
            translation: Vector(dx: 0, dy: -20),
            velocity: Vector(dx: 0, dy: -300), expected: .returned),
        // 250 − 37 = 213 ≤ 213: inclusive.
        Case(
            name: "drag-up line is inclusive", rule: rule(.dragUp, y: 250), translation: Vector(dx: 0, dy: -37),
            velocity: .zero, expected: .dismissedUp),
        Case(
            name: "just below the drag-up line returns", rule: rule(.dragUp, y: 250),
            translation: Vector(dx: 0, dy: -36.999),
            velocity: .zero, expected: .returned),
        Case(
            name: "drag-up ignores direction too", rule: rule(.dragUp, y: 100), translation: Vector(dx: 0, dy: 50),
            velocity: .zero, expected: .dismissedUp),
        // p = 0.6: down line 852 − 511.2 = 340.8, up line 511.2; P.y = 400 meets both; drag-down is tested first.
        Case(
            name: "drag-down is tested before drag-up", rule: rule([.dragDown, .dragUp], y: 400, proximity: 0.6),
            translation: .zero, velocity: .zero, expected: .dismissedDown),
        Case(
            name: "tap-outside alone never dismisses on release", rule: rule(.tapOutside, y: 800),
            translation: Vector(dx: 0, dy: 400),
            velocity: Vector(dx: 0, dy: 5000), expected: .returned),
        Case(
            name: "changeLocationOnDismiss keeps it where it is let go",
            rule: rule(.tapOutside, y: 300, changeLocation: true),
            translation: Vector(dx: 40, dy: 40), velocity: Vector(dx: 1000, dy: 1000), expected: .moved),
        Case(
            name: "dismissal is tested before changeLocationOnDismiss",
            rule: rule(.dragDown, y: 600, changeLocation: true),
            translation: Vector(dx: 0, dy: 40), velocity: .zero, expected: .dismissedDown),
        Case(
            name: "the x translation does not matter to dismissal", rule: rule(.dragDown, y: 600),
            translation: Vector(dx: -5000, dy: 39),
            velocity: Vector(dx: 9000, dy: 0), expected: .dismissedDown),
    ]

    @Test(arguments: cases)
    func decision(_ c: Case) {
        #expect(c.rule.outcome(translation: c.translation, velocity: c.velocity) == c.expected)
    }

    /// dragMovesPopoverOffScreen targets y = H (down) and y = −h (up), x unchanged; without it the static
    /// origin stays (the popover springs back while it fades).
    @Test func dismissalTargets() {
        #expect(
            Self.rule(.dragDown, y: 700).decide(translation: .zero, velocity: .zero).staticOrigin
                == Point(x: 96.5, y: 852))
        #expect(
            Self.rule(.dragUp, y: 100).decide(translation: .zero, velocity: .zero).staticOrigin
                == Point(x: 96.5, y: -100))
        #expect(
            Self.rule(.dragDown, y: 700, offScreen: false).decide(translation: .zero, velocity: .zero).staticOrigin
                == Point(x: 96.5, y: 700))
    }

    /// `moved` keeps the finger-tracked frame: static + D(t), not the projection. With drag-down in the
    /// mode D(t) = (0, V_down(ty)): (40, −50) → (0, −R(50)).
    @Test func movedKeepsTheTrackedOffset() {
        let free = Self.rule(.tapOutside, y: 300, changeLocation: true).decide(
            translation: Vector(dx: 40, dy: 40),
            velocity: Vector(dx: 1000, dy: 1000))
        #expect(free.staticOrigin == Point(x: 136.5, y: 340))
        let banded = Self.rule(.dragDown, y: 300, changeLocation: true).decide(
            translation: Vector(dx: 40, dy: -50), velocity: .zero)
        #expect(banded.outcome == .moved)
        #expect(banded.staticOrigin.x == 96.5)
        #expect(abs(banded.staticOrigin.y - (300 - 15.46)) < 0.005)
    }

    /// Picture-in-picture in (16, 59, 361, 759), 100 × 60, resting at top-left (16, 59): corners as in
    /// the geometry tests.
    static func pip(
        _ anchors: [PopoverAnchor] = [.topLeft, .topRight, .bottomLeft, .bottomRight], mode: DismissalMode = .none,
        changeLocation: Bool = false
    ) -> PopoverReleaseDecision {
        PopoverReleaseDecision(
            windowHeight: 852, mode: mode, staticOrigin: Point(x: 16, y: 59), size: Size(width: 100, height: 60),
            position: .relative(popoverAnchors: anchors), container: Rect(x: 16, y: 59, width: 361, height: 759),
            changeLocationOnDismiss: changeLocation, version: changeLocation ? .main : .v1_3_2)
    }

    @Test func pictureInPictureSnapping() {
        // P = (216, 69) → top-right.
        let right = Self.pip().decide(translation: Vector(dx: 200, dy: 10), velocity: .zero)
        #expect(right.outcome == .anchor(.topRight))
        #expect(right.staticOrigin == Point(x: 277, y: 59))
        // P = (216, 69 + 0.25·2000) = (216, 569) → bottom-right.
        #expect(
            Self.pip().outcome(translation: Vector(dx: 200, dy: 10), velocity: Vector(dx: 0, dy: 2000))
                == .anchor(.bottomRight))
        // Midway between TL and TR: (146.5, 59) → the first listed.
        #expect(Self.pip().outcome(translation: Vector(dx: 130.5, dy: 0), velocity: .zero) == .anchor(.topLeft))
        #expect(
            Self.pip([.topRight, .topLeft]).outcome(translation: Vector(dx: 130.5, dy: 0), velocity: .zero)
                == .anchor(.topRight))
        // One anchor: a spring back to it, reported as that anchor.
        #expect(
            Self.pip([.topLeft]).outcome(translation: Vector(dx: 300, dy: 300), velocity: .zero) == .anchor(.topLeft))
        // Dismissal comes first: drag-down with P.y = 59 + 600 = 659 ≥ 639.
        #expect(
            Self.pip(mode: .dragDown).outcome(translation: Vector(dx: 0, dy: 600), velocity: .zero) == .dismissedDown)
        // changeLocationOnDismiss is tested before the anchors: the PiP stays where it is dropped.
        let dropped = Self.pip(changeLocation: true).decide(translation: Vector(dx: 100, dy: 100), velocity: .zero)
        #expect(dropped == PopoverRelease(outcome: .moved, staticOrigin: Point(x: 116, y: 159)))
    }

    @Test func outcomeWords() {
        let words = [
            PopoverOutcome.dismissedDown, .dismissedUp, .returned, .moved, .anchor(.bottomLeft), .dismissedTapOutside,
            .presented,
        ]
        .map(\.word)
        #expect(
            words == [
                "dismissed-down", "dismissed-up", "returned", "moved", "anchor:bottom-left", "dismissed-tap-outside",
                "presented",
            ])
        for word in words { #expect(PopoverOutcome(word: word)?.word == word) }
        #expect(PopoverOutcome(word: "anchor:middle") == nil)
        for anchor in PopoverAnchor.allCases {
            #expect(PopoverOutcome.anchor(anchor).word == "anchor:" + anchor.rawValue)
        }
    }

    @Test func dismissalModeParsing() throws {
        #expect(try DismissalMode.parse("tap-outside,drag-down").get() == [.tapOutside, .dragDown])
        #expect(try DismissalMode.parse("none").get() == .none)
        #expect(DismissalMode([.dragUp, .tapOutside]).description == "tap-outside,drag-up")
        #expect(throws: DismissalMode.ParseError.self) { try DismissalMode.parse("drag-left").get() }
        #expect(throws: DismissalMode.ParseError.self) { try DismissalMode.parse("none,drag-up").get() }
        #expect(throws: DismissalMode.ParseError.self) { try DismissalMode.parse("").get() }
    }
}
