import Foundation
import PopSimGeometry
import PopSimGestures
import PopSimPlatform
import Testing

@testable import PopSimInteractions

/// Cases written from reading aheze/Popovers itself, tag 1.3.2 (`@de44c4d`) and the main branch
/// (`@576b4d3`), not from PopSim's own description of the rules: each case names the lines it was read
/// from and states the library's answer worked from those lines. Where the versions agree one case
/// cites both; where they differ the case says which version it is.
@Suite("Popovers fidelity to the upstream source")
struct PopoversUpstreamFidelityTests {
    static let window = PopoverWindow.iPhone

    // MARK: The drag offset

    struct OffsetCase: Sendable, CustomTestStringConvertible {
        let source: String
        let offset: PopoverDragOffset
        let translation: Vector
        let expected: Vector
        var testDescription: String { source }
    }

    static func r(_ a: Double) -> Double { Double.pow(abs(a), 0.7) * (a > 0 ? 1 : -1) }

    static let offsetCases: [OffsetCase] = [
        // `pow(abs(t), 0.7) * (t > 0 ? 1 : -1)`: sgn(0) = −1 does no harm, |0|^0.7 = 0.
        OffsetCase(
            source:
                "@de44c4d PopoverContainerView.swift:231-236, "
                + "@576b4d3 PopoverContainerView.swift:247-252 (R per axis, both axes by default)",
            offset: PopoverDragOffset(position: .default, mode: .tapOutside),
            translation: Vector(dx: 100, dy: -50), expected: Vector(dx: r(100), dy: r(-50))),
        OffsetCase(
            source: "@de44c4d PopoverContainerView.swift:191-199,203-204 (drag-down: down follows, up resists, x = 0)",
            offset: PopoverDragOffset(position: .default, mode: .dragDown, version: .v1_3_2),
            translation: Vector(dx: 30, dy: 120), expected: Vector(dx: 0, dy: 120)),
        OffsetCase(
            source: "@576b4d3 PopoverContainerView.swift:204-212,216-217 (drag-down pulled up)",
            offset: PopoverDragOffset(position: .default, mode: .dragDown, version: .main),
            translation: Vector(dx: 30, dy: -40), expected: Vector(dx: 0, dy: r(-40))),
        OffsetCase(
            source: "@de44c4d PopoverContainerView.swift:205-206 (drag-up: up follows, x = 0)",
            offset: PopoverDragOffset(position: .default, mode: .dragUp),
            translation: Vector(dx: 30, dy: -90), expected: Vector(dx: 0, dy: -90)),
        OffsetCase(
            source: "@576b4d3 PopoverContainerView.swift:220-222 (main: changeLocationOnDismiss drags freely)",
            offset: PopoverDragOffset(
                position: .default, mode: .tapOutside, changeLocationOnDismiss: true, version: .main),
            translation: Vector(dx: 30, dy: -90), expected: Vector(dx: 30, dy: -90)),
        OffsetCase(
            source:
                "@de44c4d PopoverContainerView.swift:202-209 (1.3.2: no changeLocationOnDismiss branch, rubber band)",
            offset: PopoverDragOffset(
                position: .default, mode: .tapOutside, changeLocationOnDismiss: true, version: .v1_3_2),
            translation: Vector(dx: 30, dy: -90), expected: Vector(dx: r(30), dy: r(-90))),
        OffsetCase(
            source:
                "@de44c4d PopoverContainerView.swift:221-224, "
                + "@576b4d3 PopoverContainerView.swift:237-240 (two anchors: free)",
            offset: PopoverDragOffset(position: .relative(popoverAnchors: [.top, .bottom]), mode: .dragDown),
            translation: Vector(dx: 30, dy: -90), expected: Vector(dx: 30, dy: -90)),
        OffsetCase(
            source:
                "@de44c4d PopoverContainerView.swift:213-220, "
                + "@576b4d3 PopoverContainerView.swift:229-236 (one anchor: no free drag)",
            offset: PopoverDragOffset(
                position: .relative(popoverAnchors: [.top]), mode: .none, changeLocationOnDismiss: true,
                version: .main),
            translation: Vector(dx: 30, dy: -90), expected: Vector(dx: r(30), dy: r(-90))),
        OffsetCase(
            source:
                "@de44c4d PopoverContainerView.swift:243-248, "
                + "@576b4d3 PopoverContainerView.swift:259-264 (x-axis only)",
            offset: PopoverDragOffset(position: .default, mode: .tapOutside, rubberBandingMode: .xAxis),
            translation: Vector(dx: 30, dy: -90), expected: Vector(dx: r(30), dy: 0)),
    ]

    @Test(arguments: offsetCases)
    func dragOffset(_ c: OffsetCase) {
        let d = c.offset.offset(for: c.translation)
        #expect(abs(d.dx - c.expected.dx) < 1e-12 && abs(d.dy - c.expected.dy) < 1e-12)
    }

    // MARK: The release

    struct ReleaseCase: Sendable, CustomTestStringConvertible {
        let source: String
        let decision: PopoverReleaseDecision
        let translation: Vector
        let velocity: Vector
        let expected: PopoverRelease
        var testDescription: String { source }
    }

    static func rule(
        _ mode: DismissalMode, y: Double, changeLocation: Bool = false, version: PopoversVersion = .default,
        offScreen: Bool = true
    ) -> PopoverReleaseDecision {
        PopoverReleaseDecision(
            windowHeight: 852, mode: mode, staticOrigin: Point(x: 96.5, y: y), size: Size(width: 200, height: 100),
            changeLocationOnDismiss: changeLocation, dragMovesPopoverOffScreen: offScreen, version: version)
    }

    static let releaseCases: [ReleaseCase] = [
        // finalOrigin = static + predictedEndTranslation; 376 + 200 + 0.25·252 = 639 ≥ 852 − 852·0.25.
        ReleaseCase(
            source:
                "@de44c4d PopoverContainerView.swift:111-115 + Popover.swift:546-556, "
                + "@576b4d3 PopoverContainerView.swift:123-127 + Popover+Calculations.swift:80-91",
            decision: rule(.dragDown, y: 376), translation: Vector(dx: 0, dy: 200), velocity: Vector(dx: 0, dy: 252),
            expected: PopoverRelease(outcome: .dismissedDown, staticOrigin: Point(x: 96.5, y: 852))),
        ReleaseCase(
            source: "@de44c4d Popover.swift:548 (inclusive; 638.99 stays)", decision: rule(.dragDown, y: 376),
            translation: Vector(dx: 0, dy: 262.99), velocity: .zero,
            expected: PopoverRelease(outcome: .returned, staticOrigin: Point(x: 96.5, y: 376))),
        // dragUp: y ≤ 213; off screen at −height.
        ReleaseCase(
            source: "@de44c4d Popover.swift:559-570, @576b4d3 Popover+Calculations.swift:93-104",
            decision: rule(.dragUp, y: 376),
            translation: Vector(dx: 0, dy: -163), velocity: .zero,
            expected: PopoverRelease(outcome: .dismissedUp, staticOrigin: Point(x: 96.5, y: -100))),
        // The test ignores direction: a top already below the line is dismissed by an upward release.
        ReleaseCase(
            source: "@de44c4d Popover.swift:546-548 (direction ignored)", decision: rule(.dragDown, y: 700),
            translation: Vector(dx: 0, dy: -20), velocity: .zero,
            expected: PopoverRelease(outcome: .dismissedDown, staticOrigin: Point(x: 96.5, y: 852))),
        ReleaseCase(
            source:
                "@576b4d3 Popover+Attributes.swift:211 + Popover+Calculations.swift:84 "
                + "(not off screen: target unchanged)",
            decision: rule(.dragDown, y: 376, offScreen: false), translation: Vector(dx: 0, dy: 300), velocity: .zero,
            expected: PopoverRelease(outcome: .dismissedDown, staticOrigin: Point(x: 96.5, y: 376))),
        // main: staticFrame = frame (the finger-tracked frame, no projection).
        ReleaseCase(
            source: "@576b4d3 Popover+Calculations.swift:106-111 (main: moved to the tracked frame)",
            decision: rule(.tapOutside, y: 376, changeLocation: true, version: .main),
            translation: Vector(dx: 40, dy: 40), velocity: Vector(dx: 1000, dy: 1000),
            expected: PopoverRelease(outcome: .moved, staticOrigin: Point(x: 136.5, y: 416))),
        ReleaseCase(
            source: "@de44c4d Popover.swift:543-593 (1.3.2: no changeLocationOnDismiss test, returned)",
            decision: rule(.tapOutside, y: 376, changeLocation: true, version: .v1_3_2),
            translation: Vector(dx: 40, dy: 40), velocity: Vector(dx: 1000, dy: 1000),
            expected: PopoverRelease(outcome: .returned, staticOrigin: Point(x: 96.5, y: 376))),
        // Nearest top-left origin to (16 + 130.5, 59), ties to the first listed (strict <).
        ReleaseCase(
            source: "@de44c4d Popover.swift:573-592 + Popover+Positioning.swift:211-234 (tie to the first anchor)",
            decision: PopoverReleaseDecision(
                windowHeight: 852, staticOrigin: Point(x: 16, y: 59), size: Size(width: 100, height: 60),
                position: .relative(popoverAnchors: [.topLeft, .topRight]),
                container: Rect(x: 16, y: 59, width: 361, height: 759)),
            translation: Vector(dx: 130.5, dy: 0), velocity: .zero,
            expected: PopoverRelease(outcome: .anchor(.topLeft), staticOrigin: Point(x: 16, y: 59))),
    ]

    @Test(arguments: releaseCases)
    func release(_ c: ReleaseCase) {
        #expect(c.decision.decide(translation: c.translation, velocity: c.velocity) == c.expected)
    }

    // MARK: Layout

    /// `calculateFrame` (@de44c4d Popover.swift:489-525, @576b4d3 Popover+Calculations.swift:22-58): the
    /// left/top clamp uses the raw padding, the right/bottom clamp the safe-area frame minus the padding,
    /// and runs last. A 200 × 100 popover attached below a source at (300, 790, 80, 30) in a window with
    /// a 34 pt bottom inset: O = (340 − 100, 820) → x: 240 + 200 > 377 → 177; y: 920 > 852 − 34 − 16 = 802
    /// → 702.
    @Test func absoluteClampUsesTheSafeAreaAtTheBottomRight() {
        let window = PopoverWindow(size: Size(width: 393, height: 852), safeAreaInsets: EdgeInsets(top: 59, bottom: 34))
        let attributes = PopoverAttributes(
            size: Size(width: 200, height: 100), sourceFrame: Rect(x: 300, y: 790, width: 80, height: 30))
        #expect(attributes.initialStaticFrame(in: window).origin == Point(x: 177, y: 702))
    }

    /// The proposal (`edgeInsets(for:)`, @de44c4d PopoverContainerView.swift:133,161-171, @576b4d3
    /// PopoverContainerView.swift:145,173-183) is the window minus 2 × 16 pt: 361 × 820 in 393 × 852.
    /// Content that adapts is capped there; `.fixedSize()` content (the Menu, @de44c4d
    /// Templates/Menu.swift:303, @576b4d3 Templates/Menu/Menu.swift:121) keeps its size.
    @Test func fixedSizeContentIsNotCapped() {
        var attributes = PopoverAttributes(size: Size(width: 500, height: 900))
        #expect(attributes.measuredSize(in: Self.window) == Size(width: 361, height: 820))
        attributes.fixedSize = true
        #expect(attributes.measuredSize(in: Self.window) == Size(width: 500, height: 900))
    }

    /// `.popover(present:)` defaults a relative popover's container to the safe-area frame in both
    /// versions (@de44c4d SwiftUI/Modifiers.swift:86-93, @576b4d3 SwiftUI/Modifiers.swift:96-103);
    /// `.popover(selection:tag:)` to it in 1.3.2 (@de44c4d Modifiers.swift:234-241) and to the bounds on
    /// main (@576b4d3 Modifiers.swift:261-268).
    @Test func defaultContainers() {
        let window = PopoverWindow(size: Size(width: 393, height: 852), safeAreaInsets: EdgeInsets(top: 59, bottom: 34))
        let safe = Rect(x: 0, y: 59, width: 393, height: 759)
        #expect(PopoverContainerDefault.present.container(in: window, version: .v1_3_2) == safe)
        #expect(PopoverContainerDefault.present.container(in: window, version: .main) == safe)
        #expect(PopoverContainerDefault.selection.container(in: window, version: .v1_3_2) == safe)
        #expect(PopoverContainerDefault.selection.container(in: window, version: .main) == window.bounds)
    }

    // MARK: Gestures, through the model

    struct StreamCase: Sendable, CustomTestStringConvertible {
        let source: String
        let attributes: PopoverAttributes
        let samples: [TouchSample]
        let version: PopoversVersion
        let expected: PopoverOutcome
        var testDescription: String { source }
    }

    static let dragDownLow = PopoverAttributes(
        size: Size(width: 200, height: 100), dismissal: .init(mode: .dragDown),
        fixedStaticOrigin: Point(x: 100, y: 700))

    static let streamCases: [StreamCase] = [
        // DragGesture(minimumDistance: 2): 0.5 pt is no drag; nothing is decided.
        StreamCase(
            source:
                "@de44c4d PopoverContainerView.swift:80 + Popovers.swift:16, "
                + "@576b4d3 PopoverContainerView.swift:92 + Popovers.swift:17 (0.5 pt: no drag)",
            attributes: dragDownLow,
            samples: [
                TouchSample(time: 0, phase: .began, location: Point(x: 200, y: 750)),
                TouchSample(time: 0.05, phase: .moved, location: Point(x: 200, y: 750.5)),
                TouchSample(time: 0.1, phase: .ended, location: Point(x: 200, y: 750.5)),
            ],
            version: .v1_3_2, expected: .presented),
        // Out 5 pt and back to 0.5 pt: the gesture was recognised, and the top at 700 ≥ 639 dismisses.
        StreamCase(
            source: "@de44c4d PopoverContainerView.swift:80,109-128 (out 5 pt and back: a drag, dismissed)",
            attributes: dragDownLow,
            samples: [
                TouchSample(time: 0, phase: .began, location: Point(x: 200, y: 750)),
                TouchSample(time: 0.05, phase: .moved, location: Point(x: 200, y: 755)),
                TouchSample(time: 0.1, phase: .moved, location: Point(x: 200, y: 750.5)),
                TouchSample(time: 0.2, phase: .stationary, location: Point(x: 200, y: 750.5)),
                TouchSample(time: 0.3, phase: .ended, location: Point(x: 200, y: 750.5)),
            ],
            version: .v1_3_2, expected: .dismissedDown),
        // Tap outside a tap-outside popover dismisses on touch-down (hitTest).
        StreamCase(
            source:
                "@de44c4d PopoverGestureContainer.swift:61-80,127, "
                + "@576b4d3 PopoverGestureContainer.swift:71-79,134,142-150 (tap outside)",
            attributes: PopoverAttributes(
                size: Size(width: 200, height: 100), fixedStaticOrigin: Point(x: 96.5, y: 376)),
            samples: [
                TouchSample(time: 0, phase: .began, location: Point(x: 20, y: 20)),
                TouchSample(time: 0.05, phase: .ended, location: Point(x: 20, y: 20)),
            ],
            version: .main, expected: .dismissedTapOutside),
        // rubberBandingMode .none masks the drag (`including: .subviews`).
        StreamCase(
            source:
                "@de44c4d PopoverContainerView.swift:129-131, "
                + "@576b4d3 PopoverContainerView.swift:141-143 (no rubber band: no drag)",
            attributes: PopoverAttributes(
                size: Size(width: 200, height: 100), rubberBandingMode: .none,
                dismissal: .init(mode: .dragDown), fixedStaticOrigin: Point(x: 100, y: 700)),
            samples: [
                TouchSample(time: 0, phase: .began, location: Point(x: 200, y: 750)),
                TouchSample(time: 0.1, phase: .moved, location: Point(x: 200, y: 790)),
                TouchSample(time: 0.2, phase: .ended, location: Point(x: 200, y: 790)),
            ],
            version: .v1_3_2, expected: .presented),
    ]

    @Test(arguments: streamCases)
    func gestures(_ c: StreamCase) throws {
        let configuration = PopoverModelConfiguration(libraryVersion: c.version, popovers: [c.attributes])
        let result = try PopoverSimulation.run(configuration, stream: TouchStream(c.samples), rate: .oneTwenty)
        #expect(result.outcome == c.expected)
    }

    // MARK: Menu

    /// `getDistanceFromMenu` (@de44c4d Templates/Menu+Model.swift:61-76, @576b4d3
    /// Templates/Menu/Model/MenuModel.swift:63-78) and the scale (@de44c4d Menu+Model.swift:133-143, @576b4d3
    /// MenuGestureModel.swift:72-84) with the init defaults 30…80 and 0.85 (@de44c4d Menu.swift:50-51, @576b4d3
    /// Menu/Menu.swift:59-60): 55 pt below a (76.5, 152, 240, 176) menu → 1 − 0.15·25/50 = 0.925.
    @Test func menuRubberBand() {
        let menu = Rect(x: 76.5, y: 152, width: 240, height: 176)
        #expect(MenuRubberBandScale.distance(from: Point(x: 196.5, y: 383), toMenu: menu) == 55)
        #expect(abs(MenuRubberBandScale().scale(forDistance: 55) - 0.925) < 1e-12)
    }

    /// The hold timer (`asyncAfter(holdDelay)`, 0.2 s; @de44c4d Menu+Model.swift:104-117, @576b4d3
    /// MenuGestureModel.swift:44-57) presents 0.2 s after the first event, in both versions.
    @Test(arguments: PopoversVersion.allCases)
    func menuHoldDelay(version: PopoversVersion) throws {
        let label = Rect(x: 150, y: 100, width: 93, height: 44)
        var model = try PopoverMenuModel(configuration: MenuConfiguration(libraryVersion: version, labelFrame: label))
        let trace = try FrameClock(rate: .oneTwenty, duration: 1).run(
            &model,
            stream: TouchStream([
                TouchSample(time: 0.1, phase: .began, location: Point(x: 196.5, y: 122)),
                TouchSample(time: 0.6, phase: .ended, location: Point(x: 196.5, y: 122)),
            ]))
        let presented = try #require(trace.events.first { $0.event == .presented })
        #expect(abs(presented.time - 0.3) < 1e-12)
    }
}
