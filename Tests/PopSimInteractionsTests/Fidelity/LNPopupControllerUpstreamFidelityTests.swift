import Foundation
import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// Cases written from reading LNPopupController 4.5.6.1 itself (`LeoNatan/LNPopupController@be3afaa`, also
/// the newest commit read), not from PopSim's own description of the rules: each case names the lines it
/// was read from and states the library's answer worked from those lines. Paths:
/// LPC = `LNPopupController/LNPopupController/Private/LNPopupController.mm`,
/// BAR = `…/Private/LNPopupBar.mm`, TAP = `…/Private/GestureRecognizers/LNPopupOpenTapGestureRecognizer.m`.
@Suite("LNPopupController fidelity to the upstream source")
struct LNPopupControllerUpstreamFidelityTests {
    // MARK: Bar layout

    struct BarCase: Sendable, CustomTestStringConvertible {
        let source: String
        let bar: PopupBarLayout
        let height: Double
        let insets: EdgeInsets
        /// The bar's width (the container's): the iPad width limit depends on it.
        var width = 393.0
        var testDescription: String { source }
    }

    static let barCases: [BarCase] = [
        // 58 + 6 (floating without glass), content inset 4 / 12.
        BarCase(
            source: "BAR:21,80-83,926-927 (floating, no glass, phone)", bar: PopupBarLayout(),
            height: 64, insets: EdgeInsets(top: 4, left: 12, bottom: 4, right: 12)),
        BarCase(
            source: "BAR:22,80-83,926-927 (floating-compact, no glass)", bar: PopupBarLayout(style: .floatingCompact),
            height: 54, insets: EdgeInsets(top: 4, left: 12, bottom: 4, right: 12)),
        // limitFloatingContentWidth is on (BAR:416): 12 pt also in regular width; + 6 on a wide iPad.
        BarCase(
            source: "BAR:75-83,416,926-927 (floating, no glass, iPad regular width)", bar: PopupBarLayout(isPad: true),
            height: 70, insets: EdgeInsets(top: 4, left: 12, bottom: 4, right: 12)),
        BarCase(
            source: "BAR:20,993-1006 (prominent: full width)", bar: PopupBarLayout(style: .prominent),
            height: 64, insets: EdgeInsets()),
        BarCase(
            source: "BAR:19,993-1006 (compact: full width)", bar: PopupBarLayout(style: .compact),
            height: 40, insets: EdgeInsets()),
        // A non-floating bar takes the *leading* safe-area inset off both sides: the left one (l.1002-1003),
        // or the right one right to left (l.997-998).
        BarCase(
            source: "BAR:993-1006 (compact, safe area 47 left, 21 right: 47 on both sides)",
            bar: PopupBarLayout(style: .compact, safeAreaLeft: 47, safeAreaRight: 21),
            height: 40, insets: EdgeInsets(left: 47, right: 47)),
        BarCase(
            source: "BAR:993-1006 (prominent, right to left, 47 left, 21 right: 21 on both sides)",
            bar: PopupBarLayout(style: .prominent, safeAreaLeft: 47, safeAreaRight: 21, rightToLeft: true),
            height: 64, insets: EdgeInsets(left: 21, right: 21)),
        // The wide-iPad width limit (l.26-27, 929-948): with glass the 834 pt bar's content view,
        // 834 − 2·10 = 814 pt, is narrowed to 700, centred: (814 − 700)/2 = 57 more on each side, x 67…767.
        BarCase(
            source: "BAR:27,937,944-948 (floating with glass, iPad 834 pt: 700 pt centred)",
            bar: PopupBarLayout(glass: true, isPad: true), height: 64, insets: EdgeInsets(left: 67, right: 67),
            width: 834),
        // Without glass the limit is 954: an 834 pt iPad (810 pt content) is not narrowed; a 1024 pt one
        // (1000 pt) loses (1000 − 954)/2 = 23 more on each side.
        BarCase(
            source: "BAR:26,941,944 (floating, iPad 834 pt: under 954, not narrowed)",
            bar: PopupBarLayout(isPad: true), height: 70, insets: EdgeInsets(top: 4, left: 12, bottom: 4, right: 12),
            width: 834),
        BarCase(
            source: "BAR:26,941,944-948 (floating, iPad 1024 pt: 954 pt centred)",
            bar: PopupBarLayout(isPad: true), height: 70, insets: EdgeInsets(top: 4, left: 35, bottom: 4, right: 35),
            width: 1024),
        // limitFloatingContentWidth off: no limit, and 30 pt in regular width (l.926).
        BarCase(
            source: "BAR:926-927,944 (floating, iPad 1024 pt, limit off: 30 pt, not narrowed)",
            bar: PopupBarLayout(isPad: true, limitFloatingContentWidth: false), height: 70,
            insets: EdgeInsets(top: 4, left: 30, bottom: 4, right: 30), width: 1024),
        // A phone is never narrowed (isWidePad is false): 17 pt glass margins on a 1000 pt wide container.
        BarCase(
            source: "BAR:944,2558-2566 (glass on a phone: no limit)", bar: PopupBarLayout(glass: true), height: 58,
            insets: EdgeInsets(left: 17, right: 17), width: 1000),
        // Glass: compact resolves to floating-compact (BAR:174-181), no +6, floating layout margins + 1 on a phone.
        BarCase(
            source: "BAR:154-181,722-740,921 (compact with glass, phone)",
            bar: PopupBarLayout(style: .compact, glass: true),
            height: 48, insets: EdgeInsets(left: 17, right: 17)),
        BarCase(
            source: "BAR:182-188,75-78,921 + UIView+LNPopupSupportPrivate.mm:65-68 (prominent with glass, iPad)",
            bar: PopupBarLayout(style: .prominent, glass: true, isPad: true), height: 64,
            insets: EdgeInsets(left: 10, right: 10)),
    ]

    @Test(arguments: barCases)
    func barLayout(_ c: BarCase) {
        #expect(c.bar.height == c.height)
        #expect(c.bar.contentInsets(barWidth: c.width) == c.insets)
    }

    // MARK: Release decisions

    struct DecisionCase: Sendable, CustomTestStringConvertible {
        let source: String
        let style: PopupInteractionStyle
        let from: PopupPresentationState
        let translation: Vector
        let velocity: Vector
        let expected: PopupPresentationState
        var testDescription: String { source }
    }

    /// d = 852, Y_c = 769, c = 0.32.
    static let decisionCases: [DecisionCase] = [
        // Snap close fires when the un-rubber-banded travel / d > c: 272.64 / 852 = 0.32 is not > 0.32.
        DecisionCase(
            source: "LPC:1146 (snap from open, 272.64 pt: not past c·d)", style: .snap, from: .open,
            translation: Vector(dx: 0, dy: 272.64), velocity: .zero, expected: .open),
        DecisionCase(
            source: "LPC:1146-1160 (snap from open, 273 pt: closes)", style: .snap, from: .open,
            translation: Vector(dx: 0, dy: 273), velocity: .zero, expected: .closed),
        // Snap from the bar: an upward-dominant velocity at Began opens (after 0.15 s).
        DecisionCase(
            source: "LPC:943-961 (snap from closed, upward flick)", style: .snap, from: .closed,
            translation: .zero, velocity: Vector(dx: 100, dy: -300), expected: .open),
        DecisionCase(
            source: "LPC:943-969 (snap from closed, sideways)", style: .snap, from: .closed,
            translation: .zero, velocity: Vector(dx: 300, dy: -100), expected: .closed),
        // Drag from open, v ≤ 0: closed iff p < 0.5; 385 pt → p = 1 − 385/769 = 0.4993.
        DecisionCase(
            source: "LPC:1205-1214 (drag from open, v = 0, p < 0.5)", style: .drag, from: .open,
            translation: Vector(dx: 0, dy: 385), velocity: .zero, expected: .closed),
        DecisionCase(
            source: "LPC:1205-1214 (drag from open, v < 0, p ≥ 0.5)", style: .drag, from: .open,
            translation: Vector(dx: 0, dy: 384.5), velocity: Vector(dx: 0, dy: -50), expected: .open),
        // v > 0 and p ≠ 1 closes, however little the travel.
        DecisionCase(
            source: "LPC:1216-1218 (drag from open, v > 0)", style: .drag, from: .open,
            translation: Vector(dx: 0, dy: 5), velocity: Vector(dx: 0, dy: 10), expected: .closed),
        // Automatic resolves to drag from open (LPC:52-83).
        DecisionCase(
            source: "LPC:52-83,1216-1218 (automatic from open = drag)", style: .automatic, from: .open,
            translation: Vector(dx: 0, dy: 5), velocity: Vector(dx: 0, dy: 10), expected: .closed),
        // Scroll: a pan on the bar is ignored (Began returns for non-scroll-view pans).
        DecisionCase(
            source: "LPC:934-938 (scroll, bar pan)", style: .scroll, from: .closed,
            translation: Vector(dx: 0, dy: -769), velocity: Vector(dx: 0, dy: -500), expected: .closed),
    ]

    @Test(arguments: decisionCases)
    func decision(_ c: DecisionCase) {
        let decided = PopupReleaseDecision.decide(
            style: c.style, from: c.from, containerHeight: 852, dockTop: 769,
            translation: c.translation, velocity: c.velocity)
        #expect(decided == c.expected)
    }

    /// `rubberbandFromHeight:` (LPC:987-1000), x·d·c/(d + c·x): d = 852, c = 0.32, x = 100 → 30.8.
    @Test func snapRubberBand() throws {
        let band = try SnapRubberBand(snapPercent: 0.32, dimension: 852)
        let expected: Double = 100 * 852 * 0.32 / (852 + 0.32 * 100)
        let displayed = band.displayed(forPull: 100)
        #expect(abs(displayed - expected) < 1e-12)
        #expect(abs(displayed - 30.84) < 0.01)
    }

    // MARK: Touches, through the model

    struct StreamCase: Sendable, CustomTestStringConvertible {
        let source: String
        let configuration: PopupConfiguration
        let samples: [TouchSample]
        let expected: PopupPresentationState
        var testDescription: String { source }
    }

    static func tap(_ x: Double, _ y: Double, at t: Double = 0) -> [TouchSample] {
        [
            TouchSample(time: t, phase: .began, location: Point(x: x, y: y)),
            TouchSample(time: t + 0.08, phase: .ended, location: Point(x: x, y: y)),
        ]
    }

    static var withItem: PopupConfiguration {
        var configuration = PopupConfiguration()
        configuration.barButtonItemFrames = [Rect(x: 300, y: 10, width: 44, height: 44)]
        return configuration
    }

    static var presenting: PopupConfiguration {
        var configuration = PopupConfiguration(initialState: .barHidden)
        configuration.requests = [PopupRequest(time: 0, action: .presentBar)]
        return configuration
    }

    static var presentingWithGlass: PopupConfiguration {
        var configuration = presenting
        configuration.glass = true
        return configuration
    }

    static let streamCases: [StreamCase] = [
        // The tap recogniser is on the bar's content view (LPC:1511-1512), inset 12 pt (BAR:926-927).
        StreamCase(
            source: "LPC:886-907,1511-1512 + BAR:926-927 (tap inside the content view opens)",
            configuration: PopupConfiguration(), samples: tap(196.5, 737), expected: .open),
        StreamCase(
            source: "LPC:1511-1512 + BAR:1016 (tap on the floating bar's margin: nothing)",
            configuration: PopupConfiguration(), samples: tap(4, 737), expected: .closed),
        StreamCase(
            source: "TAP:32-37 (tap on a bar button item: not an open)",
            configuration: withItem, samples: tap(322, 737), expected: .closed),
        StreamCase(
            source: "LPC:886-907,1614-1644,1930-1935 (tap during the bar's present: queued open)",
            configuration: presenting, samples: tap(196.5, 737, at: 0.1), expected: .open),
        StreamCase(
            source: "LPC:1784-1808,1892-1898 (glass: the transition view covers the presenting bar)",
            configuration: presentingWithGlass, samples: tap(196.5, 737, at: 0.1), expected: .closed),
        StreamCase(
            source: "LPC:1247-1252 + 1002-1126 + 1216-1237 (a pan begun during a spring back acts after it, closes)",
            configuration: PopupConfiguration(style: .drag, initialState: .open),
            samples: PopupBarAndGestureLockTests.twoTouches(), expected: .closed),
    ]

    @Test(arguments: streamCases)
    func touches(_ c: StreamCase) throws {
        let result = try PopupSimulation.run(c.configuration, stream: TouchStream(c.samples), rate: .oneTwenty)
        #expect(result.outcome == c.expected)
    }
}
