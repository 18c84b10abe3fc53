import PopSimGeometry
import Testing

@testable import PopSimInteractions

/// PanModal's release and drag rules from its source (slackhq/PanModal@b012aec
/// PanModal/Controller/PanModalPresentationController.swift), expected values derived by hand in the
/// comments.
///
/// Layout unless stated: the default phone's container, 852 pt tall with a 59 pt top inset, so
/// topOffset = 59 + 21 = 80 (Defaults l.16-18); long form at 80 (the default `.maxHeight`), short form
/// at 500.
@Suite("PanModal rules")
struct PanModalRuleTests {
    static let layout = try! PanModalLayout(longFormY: 80, shortFormY: 500)

    func decide(
        y: Double, v: Double, _ behavior: PanModalBehavior = .default, layout: PanModalLayout = layout
    ) -> SheetOutcome {
        PanModalReleaseRule.decide(layout: layout, behavior: behavior, y: y, velocity: v)
    }

    /// l.638-640: (|v| − 1000·(1 − 0.7)) > 0. In doubles 1 − 0.7 = 0.30000000000000004, so the threshold is
    /// 300.00000000000006: a release at exactly that speed does not fling, the next double does.
    @Test func flingThresholdAsComputed() {
        #expect(PanModalBehavior.default.flingSpeedThreshold == 300.00000000000006)
        #expect(!PanModalReleaseRule.isFling(velocity: 300))
        #expect(!PanModalReleaseRule.isFling(velocity: 300.00000000000006))
        #expect(PanModalReleaseRule.isFling(velocity: 300.00000000000006.nextUp))
        #expect(PanModalReleaseRule.isFling(velocity: -300.00000000000006.nextUp))
        #expect(!PanModalReleaseRule.isFling(velocity: -300))
    }

    /// A fling up (l.518-519) goes to the long form from anywhere, even next to the bottom.
    @Test(arguments: [851.0, 500, 80])
    func flingUpGoesLong(y: Double) {
        #expect(decide(y: y, v: -301) == .stop(.long))
    }

    /// A fling down (l.521-527): short when the nearer of (long 80, bottom 852) is the long form and y < 500.
    /// - 400: 320 vs 452, long nearer, 400 < 500: short.
    /// - 466: 386 vs 386, a tie, `min(by:)` keeps the first (long): short.
    /// - the next double above 466: the bottom is nearer: dismissed.
    /// - 500: y < short fails (and the bottom is nearer): dismissed.
    @Test(arguments: [
        (400.0, SheetOutcome.stop(.short)), (466, .stop(.short)), (466.0.nextUp, .dismissed), (500, .dismissed),
        (100, .stop(.short)),
    ])
    func flingDown(y: Double, expected: SheetOutcome) {
        #expect(decide(y: y, v: 301) == expected)
    }

    /// With the short form at 300 a fling down at 350 has the long form nearer (270 vs 502) but lies below
    /// the short form: dismissed. With drag-to-dismiss off every downward fling goes to the short form.
    @Test func flingDownBelowTheShortForm() throws {
        let high = try PanModalLayout(longFormY: 80, shortFormY: 300)
        #expect(decide(y: 350, v: 2000, layout: high) == .dismissed)
        #expect(decide(y: 350, v: 2000, PanModalBehavior(allowsDragToDismiss: false), layout: high) == .stop(.short))
        #expect(decide(y: 851, v: 5000, PanModalBehavior(allowsDragToDismiss: false)) == .stop(.short))
    }

    /// No fling (l.529-546): the nearest of (bottom 852, short 500, long 80), ties to the first.
    /// - 676: 176 to the bottom and 176 to the short form: the bottom (first): dismissed; just above: short.
    /// - 290: 210 to the short form and 210 to the long form: the short form (before the long form); just
    ///   above: long.
    @Test(arguments: [
        (676.0, SheetOutcome.dismissed), (676.0.nextDown, .stop(.short)), (290, .stop(.short)),
        (290.0.nextDown, .stop(.long)), (80, .stop(.long)), (852, .dismissed),
    ])
    func nearestWithoutFling(y: Double, expected: SheetOutcome) {
        #expect(decide(y: y, v: 0) == expected)
        #expect(decide(y: y, v: 300) == expected)
        #expect(decide(y: y, v: -300) == expected)
    }

    /// With drag-to-dismiss off the bottom choice becomes the short form (l.540-541).
    @Test func nearestWithoutDragToDismiss() {
        #expect(decide(y: 800, v: 0, PanModalBehavior(allowsDragToDismiss: false)) == .stop(.short))
    }

    /// The default short form equals the long form (Defaults l.20-22). The candidates compare by value: at
    /// 466 all three are 386 away and the bottom wins (dismissed); at 465 the "short form" 80 is chosen,
    /// which equals the long form's value, so the result is the long form (l.537).
    @Test func shortFormEqualToLongForm() throws {
        let same = try PanModalLayout()
        #expect(same.longFormY == 80 && same.shortFormY == 80)
        #expect(decide(y: 466, v: 0, layout: same) == .dismissed)
        #expect(decide(y: 465, v: 0, layout: same) == .stop(.long))
    }

    /// The drag (l.573-588, 654-655). Anchored to the long form (default): the modal stops at 80.
    /// Anchored to topOffset 80 with the long form at 200: a step that starts at 200 moves at full rate
    /// (200 < 200 is false), one that starts above it at half rate, and the clamp holds at 80.
    @Test func dragSteps() throws {
        #expect(PanModalDragRule.step(layout: Self.layout, from: 500, translation: -600) == 80)
        #expect(PanModalDragRule.step(layout: Self.layout, from: 500, translation: -10) == 490)
        let loose = try PanModalLayout(longFormY: 200, shortFormY: 500, anchorModalToLongForm: false)
        #expect(loose.anchoredY == 80)
        #expect(PanModalDragRule.step(layout: loose, from: 200, translation: -10) == 190)
        #expect(PanModalDragRule.step(layout: loose, from: 190, translation: -10) == 185)
        #expect(PanModalDragRule.step(layout: loose, from: 81, translation: -10) == 80)
        #expect(PanModalDragRule.step(layout: loose, from: 150, translation: 100) == 200)
    }

    /// The pure decision applies the drag's clamp: from the short form a translation of −1000 puts the
    /// modal at max(−500, 80) = 80, the long form.
    @Test func decisionClampsTheTranslation() throws {
        let layout = SheetLayout.panModal(Self.layout)
        #expect(
            try SheetReleaseDecision.decide(
                layout: layout, from: .short, translation: Vector(dx: 0, dy: -1000),
                velocity: .zero) == .stop(.long))
        #expect(
            try SheetReleaseDecision.decide(
                layout: layout, from: .short, translation: Vector(dx: 0, dy: 176),
                velocity: .zero) == .dismissed)
    }
}
