import Foundation
import PopSimGeometry
import PopSimGestures
import PopSimPlatform
import Testing

@testable import PopSimInteractions

/// The table "1.3.2 vs main" of Documentation/popovers-versions.md, one test per row: each runs the same
/// input under both versions and expects each version's own answer, worked by hand from the two commits
/// (aheze/Popovers@de44c4d = tag 1.3.2, aheze/Popovers@576b4d3 = main).
@Suite("Popovers 1.3.2 vs main")
struct PopoversVersionTests {
    static let window = PopoverWindow.iPhone

    static func centred(changeLocation: Bool = false) -> PopoverAttributes {
        PopoverAttributes(
            size: Size(width: 200, height: 100), position: .absolute(originAnchor: .center, popoverAnchor: .center),
            sourceFrame: window.bounds, changeLocationOnDismiss: changeLocation)
    }

    /// Row 1. D((40, −50)): main drags freely, (40, −50); 1.3.2 has no branch, R per axis:
    /// (40^0.7, −50^0.7) = (13.23, −15.46).
    @Test func changeLocationDragOffset() {
        let t = Vector(dx: 40, dy: -50)
        let main = PopoverDragOffset(
            position: .default, mode: .tapOutside, changeLocationOnDismiss: true, version: .main)
        let old = PopoverDragOffset(
            position: .default, mode: .tapOutside, changeLocationOnDismiss: true, version: .v1_3_2)
        #expect(main.offset(for: t) == t)
        #expect(abs(old.offset(for: t).dx - Double.pow(40, 0.7)) < 1e-12)
        #expect(abs(old.offset(for: t).dy + Double.pow(50, 0.7)) < 1e-12)
    }

    /// Row 2. Released 300 pt down from (96.5, 376): main keeps the finger-tracked frame, moved to
    /// (96.5, 676); 1.3.2 springs back (returned), and a 1.3.2 configuration asking for the attribute is
    /// refused naming main.
    @Test func changeLocationRelease() throws {
        let t = Vector(dx: 0, dy: 300)
        let main = Self.centred(changeLocation: true).releaseDecision(
            staticOrigin: Point(x: 96.5, y: 376), window: Self.window,
            predictionTime: 0.25, version: .main)
        #expect(
            main.decide(translation: t, velocity: .zero)
                == PopoverRelease(outcome: .moved, staticOrigin: Point(x: 96.5, y: 676)))
        let old = Self.centred(changeLocation: true).releaseDecision(
            staticOrigin: Point(x: 96.5, y: 376), window: Self.window,
            predictionTime: 0.25, version: .v1_3_2)
        #expect(
            old.decide(translation: t, velocity: .zero)
                == PopoverRelease(outcome: .returned, staticOrigin: Point(x: 96.5, y: 376)))
        #expect(
            throws: InteractionError.unavailable(
                PopoversFeatureUnavailable(
                    feature: .changeLocationOnDismiss, version: .v1_3_2,
                    parameter: "popovers[0].changeLocationOnDismiss"))
        ) {
            _ = try PopoverInteractionModel(
                configuration: PopoverModelConfiguration(popovers: [Self.centred(changeLocation: true)]))
        }
        _ = try PopoverInteractionModel(
            configuration: PopoverModelConfiguration(
                libraryVersion: .main, popovers: [Self.centred(changeLocation: true)]))
    }

    /// Row 3. A blocking popover with an allowed frame, touched inside that frame (outside the popover):
    /// main dismisses it and lets the touch through; 1.3.2 consumes the touch and keeps it.
    @Test func blocksBackgroundTouchesAllowedFrames() throws {
        var blocking = PopoverHitTestSubject(
            frame: Rect(x: 0, y: 0, width: 100, height: 100), blocksBackgroundTouches: true)
        blocking.blocksBackgroundTouchesAllowedFrames = [Rect(x: 0, y: 400, width: 100, height: 100)]
        let point = Point(x: 50, y: 450)
        let main = PopoverHitTest.touchDown(at: point, popovers: [blocking], version: .main)
        #expect(main.actions == [.tapOutside(0), .dismiss(0)] && !main.consumed)
        let old = PopoverHitTest.touchDown(at: point, popovers: [blocking], version: .v1_3_2)
        #expect(old.actions == [.tapOutside(0)] && old.consumed)
        var attributes = Self.centred()
        attributes.blocksBackgroundTouches = true
        attributes.blocksBackgroundTouchesAllowedFrames = [Rect(x: 0, y: 400, width: 100, height: 100)]
        #expect(throws: InteractionError.self) {
            _ = try PopoverInteractionModel(configuration: PopoverModelConfiguration(popovers: [attributes]))
        }
    }

    /// Row 4. `.popover(selection:tag:)`'s default container in a 393 × 852 window with a 59 / 34 pt safe
    /// area: 1.3.2 the safe-area frame (0, 59, 393, 759), main the bounds. A 100 × 60 picture-in-picture
    /// popover's bottom-right anchor is then at (293, 758) or (293, 792). `.popover(present:)` is the
    /// safe-area frame in both.
    @Test func selectionModifierDefaultContainer() {
        let window = PopoverWindow(size: Size(width: 393, height: 852), safeAreaInsets: EdgeInsets(top: 59, bottom: 34))
        let old = PopoverContainerDefault.selection.container(in: window, version: .v1_3_2)
        let main = PopoverContainerDefault.selection.container(in: window, version: .main)
        #expect(old == Rect(x: 0, y: 59, width: 393, height: 759))
        #expect(main == Rect(x: 0, y: 0, width: 393, height: 852))
        let size = Size(width: 100, height: 60)
        #expect(PopoverLayout.relativeOrigin(anchor: .bottomRight, container: old, size: size) == Point(x: 293, y: 758))
        #expect(
            PopoverLayout.relativeOrigin(anchor: .bottomRight, container: main, size: size) == Point(x: 293, y: 792))
        for version in PopoversVersion.allCases {
            #expect(PopoverContainerDefault.present.container(in: window, version: version) == old)
        }
    }

    /// Row 5. A label at (150, 700, 93, 44): inset by −8 its bottom is at 752, the 240 × 176 menu would end
    /// at 928. 1.3.2 clamps to 852 − 16 = 836, y = 660; main's bottom padding of 32 clamps to 820, y = 644.
    /// 1.3.2 refuses another padding.
    @Test func menuScreenEdgePadding() {
        let label = Rect(x: 150, y: 700, width: 93, height: 44)
        #expect(MenuConfiguration(libraryVersion: .v1_3_2, labelFrame: label).menuFrame.origin.y == 660)
        #expect(MenuConfiguration(libraryVersion: .main, labelFrame: label).menuFrame.origin.y == 644)
        #expect(throws: InteractionError.self) {
            _ = try PopoverMenuModel(
                configuration: MenuConfiguration(
                    libraryVersion: .v1_3_2, labelFrame: label,
                    screenEdgePadding: EdgeInsets(top: 48, left: 16, bottom: 32, right: 16)))
        }
    }

    static let label = Rect(x: 150, y: 100, width: 93, height: 44)
    static let labelCentre = Point(x: 196.5, y: 122)

    static func events(_ configuration: MenuConfiguration, _ samples: [TouchSample]) throws -> [String] {
        var model = try PopoverMenuModel(configuration: configuration)
        return try FrameClock(rate: .oneTwenty, duration: 3).run(&model, stream: TouchStream(samples)).events.map(
            \.event.description)
    }

    /// Row 6. `dismissAfterSelecting = false` keeps main's menu open after a selection; 1.3.2 has no such
    /// setting (always dismisses) and refuses it. Hold on the label, slide to the second row (menu at
    /// (76.5, 152); main's rows are 44 pt, row 1 centre y = 218) and lift.
    @Test func dismissAfterSelecting() throws {
        let samples = [
            TouchSample(time: 0.1, phase: .began, location: Self.labelCentre),
            TouchSample(time: 1.0, phase: .moved, location: Point(x: 196.5, y: 218)),
            TouchSample(time: 1.1, phase: .ended, location: Point(x: 196.5, y: 218)),
        ]
        let kept = try Self.events(
            MenuConfiguration(libraryVersion: .main, labelFrame: Self.label, dismissAfterSelecting: false), samples)
        #expect(kept == ["label-faded", "menu-presented", "hover:1", "selected:1", "hover:none"])
        let dismissed = try Self.events(MenuConfiguration(libraryVersion: .v1_3_2, labelFrame: Self.label), samples)
        #expect(dismissed.suffix(2) == ["menu-dismissed:selection", "label-restored"])
        #expect(throws: InteractionError.self) {
            _ = try PopoverMenuModel(
                configuration: MenuConfiguration(
                    libraryVersion: .v1_3_2, labelFrame: Self.label,
                    dismissAfterSelecting: false))
        }
    }

    /// Row 10. A quick tap on the label presents the menu; each later press on the label, slid onto an
    /// item and lifted there, selects it and leaves the menu open (only a lift on the label dismisses,
    /// @de44c4d Menu+Model.swift:167-181, @576b4d3 Model/MenuGestureModel.swift:105-118). main runs the
    /// item's action every time (it clears the selection after the action, @576b4d3
    /// Sources/Templates/Menu/Menu.swift:202-207); 1.3.2 runs it only when `selectedIndex` changes
    /// (@de44c4d Sources/Templates/Menu.swift:376-380), so lifting on row 1 again does nothing, and row 1
    /// after row 2 fires again. Rows: 1 at y ≈ 218, 2 at y ≈ 262.
    @Test func menuReselectionFiresAgain() throws {
        func press(_ start: Double, on y: Double) -> [TouchSample] {
            [
                TouchSample(time: start, phase: .began, location: Self.labelCentre),
                TouchSample(time: start + 0.1, phase: .moved, location: Point(x: 196.5, y: y)),
                TouchSample(time: start + 0.2, phase: .ended, location: Point(x: 196.5, y: y)),
            ]
        }
        let samples =
            [
                TouchSample(time: 0.1, phase: .began, location: Self.labelCentre),
                TouchSample(time: 0.15, phase: .ended, location: Self.labelCentre),
            ]
            + press(0.5, on: 218) + press(1.0, on: 218) + press(1.5, on: 262) + press(2.0, on: 218)
        let presses = [
            "hover:1", "selected:1", "hover:none", "hover:1", "selected:1", "hover:none",
            "hover:2", "selected:2", "hover:none", "hover:1", "selected:1", "hover:none",
        ]
        var main = presses
        #expect(
            try Self.events(MenuConfiguration(libraryVersion: .main, labelFrame: Self.label), samples)
                == ["label-faded", "menu-presented"] + main)
        main[4] = "reselected-without-action:1"
        #expect(
            try Self.events(MenuConfiguration(libraryVersion: .v1_3_2, labelFrame: Self.label), samples)
                == ["label-faded", "menu-presented"] + main)
    }

    /// Row 7. Hold on the label until the menu appears and lift there: main calls
    /// `onLiftWithoutSelecting`, 1.3.2 has no such callback.
    @Test func onLiftWithoutSelecting() throws {
        let samples = [
            TouchSample(time: 0.1, phase: .began, location: Self.labelCentre),
            TouchSample(time: 0.5, phase: .ended, location: Self.labelCentre),
        ]
        #expect(
            try Self.events(MenuConfiguration(libraryVersion: .main, labelFrame: Self.label), samples)
                == ["label-faded", "menu-presented", "lift-without-selecting"])
        #expect(
            try Self.events(MenuConfiguration(libraryVersion: .v1_3_2, labelFrame: Self.label), samples)
                == ["label-faded", "menu-presented"])
    }

    /// Row 8. Item hits. The same layout for both: 1.3.2's four rows with its 0.4 pt separators, rows
    /// 43.7 pt tall at 0, 44.1, 88.2, 132.3 below the menu's top (152). A finger 131.5 pt below the top
    /// (y = 283.5) is on row 2 as drawn (88.2 … 131.9): main, which reads the drawn frames, hovers row 2;
    /// 1.3.2 stacks the heights without the separators (row 3 from 3 × 43.7 = 131.1) and hovers row 3.
    @Test func itemHitsIgnoreSeparatorsIn132() throws {
        let rows = MenuConfiguration.rows(count: 4, size: Size(width: 240, height: 176), version: .v1_3_2)
        #expect(abs(rows[3].origin.y - 132.3) < 1e-12 && abs(rows[3].height - 43.7) < 1e-12)
        let finger = Point(x: 196.5, y: 283.5)
        let samples = [
            TouchSample(time: 0.1, phase: .began, location: Self.labelCentre),
            TouchSample(time: 1.0, phase: .moved, location: finger),
            TouchSample(time: 1.1, phase: .ended, location: finger),
        ]
        let main = try Self.events(
            MenuConfiguration(libraryVersion: .main, labelFrame: Self.label, items: rows), samples)
        let old = try Self.events(
            MenuConfiguration(libraryVersion: .v1_3_2, labelFrame: Self.label, items: rows), samples)
        #expect(main.contains("selected:2") && !main.contains("selected:3"))
        #expect(old.contains("selected:3") && !old.contains("selected:2"))
    }

    /// Row 9. Item hits during the present spring. Hold on the label: presented at 0.3 s, the expansion
    /// springs from 0.2 (ζ = 0.7, ω₀ = 2π/0.3). At τ = 0.05 s it is
    /// 1 − 0.8·e^(−ζω₀τ)(cos ω_dτ + ζω₀/ω_d sin ω_dτ) ≈ 0.46, so main's frames (scaled about the
    /// menu's top centre (196.5, 152)) end at 152 + 0.46·176 ≈ 233: a finger on row 3's layout (y = 306) hovers
    /// nothing and the lift calls onLiftWithoutSelecting; 1.3.2's unscaled frames select row 3 and dismiss.
    @Test func itemHitsAfterScaleEffectOnMain() throws {
        let w0 = 2 * Double.pi / 0.3
        let zeta = 0.7
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let tau = 0.05
        let expansion =
            1 - 0.8 * Double.exp(-zeta * w0 * tau) * (Double.cos(wd * tau) + zeta * w0 / wd * Double.sin(wd * tau))
        #expect(abs(expansion - 0.462) < 0.01)
        let main = MenuConfiguration(libraryVersion: .main, labelFrame: Self.label)
        let scaledRow3 = main.itemHitFrames(expansion: expansion, scale: 1)[3]
        #expect(
            abs(scaledRow3.origin.y - (152 + expansion * 132)) < 1e-9 && abs(scaledRow3.height - expansion * 44) < 1e-9)
        #expect(abs(scaledRow3.origin.x - (196.5 - expansion * 120)) < 1e-9)
        let finger = Point(x: 196.5, y: 306)
        let samples = [
            TouchSample(time: 0.1, phase: .began, location: Self.labelCentre),
            TouchSample(time: 0.35, phase: .moved, location: finger),
            TouchSample(time: 0.36, phase: .ended, location: finger),
        ]
        let mainEvents = try Self.events(main, samples)
        #expect(mainEvents == ["label-faded", "menu-presented", "lift-without-selecting"])
        let oldEvents = try Self.events(MenuConfiguration(libraryVersion: .v1_3_2, labelFrame: Self.label), samples)
        #expect(
            oldEvents == [
                "label-faded", "menu-presented", "hover:3", "selected:3", "hover:none", "menu-dismissed:selection",
                "label-restored",
            ])
    }
}
