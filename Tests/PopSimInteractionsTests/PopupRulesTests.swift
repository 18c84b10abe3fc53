import PopSimDynamics
import PopSimGeometry
import Testing

@testable import PopSimInteractions

/// The rules of Documentation/lnpopupcontroller.md, one table each; expected values are derived by hand in the
/// comments from the reference's formulas, not read back from the code.
@Suite("LNPopupController rules")
struct PopupRulesTests {
    // MARK: §1 style resolution

    /// Automatic is snap when the public state is "bar presented" and drag otherwise (LPC:52-83).
    @Test(arguments: [
        (PopupInteractionStyle.automatic, PopupPresentationState.closed, ResolvedPopupInteractionStyle.snap),
        (.automatic, .open, .drag),
        (.automatic, .barHidden, .drag),
        (.snap, .closed, .snap), (.snap, .open, .snap),
        (.drag, .closed, .drag), (.drag, .open, .drag),
        (.scroll, .closed, .scroll), (.scroll, .open, .scroll),
        (.none, .closed, .none), (.none, .open, .none),
    ])
    func styleResolution(
        style: PopupInteractionStyle, state: PopupPresentationState, expected: ResolvedPopupInteractionStyle
    ) {
        #expect(style.resolved(publicState: state) == expected)
    }

    // MARK: §1 snap percent

    /// The setter clamps to [0.1, 0.9] (VCS:345); the default is 0.32 (VCS:30).
    @Test(arguments: [(0.32, 0.32), (0.05, 0.1), (0.1, 0.1), (0.9, 0.9), (0.95, 0.9), (-3.0, 0.1), (7.0, 0.9)])
    func snapPercentClamp(given: Double, expected: Double) {
        #expect(PopupSnapRule.clampedSnapPercent(given) == expected)
        #expect(PopupSnapRule.defaultSnapPercent == 0.32)
    }

    // MARK: §2 geometry

    @Test func barHeights() {
        #expect(PopupBarStyle.compact.height == 40)
        #expect(PopupBarStyle.prominent.height == 64)
        #expect(PopupBarStyle.floating.height == 58)
        #expect(PopupBarStyle.floatingCompact.height == 48)
    }

    /// p = 1 − maxY/Y_c and smoothstep t²(3 − 2t): p = 0.5 → s = 0.5, alpha 0.5; p = 0.25 → s = 0.15625.
    static let progressTable: [(Double, Double, Double)] = [
        (769, 0, 1), (0, 1, 0), (384.5, 0.5, 0.5), (576.75, 0.25, 0.84375), (-10, 1 + 10.0 / 769, 0),
        (800, 1 - 800.0 / 769, 1),
    ]

    @Test(arguments: progressTable)
    func progressAndAlpha(contentTop: Double, progress: Double, alpha: Double) {
        let geometry = PopupGeometry.default
        #expect(geometry.progress(contentTop: contentTop) == progress)
        #expect(PopupGeometry.barContentAlpha(progress: geometry.progress(contentTop: contentTop)) == alpha)
    }

    /// The closed bar: origin Y_c − h + offset (LPC:277-287): 769 − 48 − 8 = 713 for a glass
    /// floating-compact bar (48 pt, no +6 with glass).
    @Test func closedBarFrame() {
        let geometry = PopupGeometry(bar: PopupBarLayout(style: .floatingCompact, glass: true), barOffset: -8)
        #expect(geometry.closedBarFrame == Rect(x: 0, y: 713, width: 393, height: 48))
    }

    @Test(arguments: [
        PopupGeometry(containerHeight: 0), PopupGeometry(containerHeight: .nan), PopupGeometry(containerHeight: -852),
        PopupGeometry(dockTop: 900), PopupGeometry(dockTop: 0), PopupGeometry(dockTop: .infinity),
        PopupGeometry(barHeight: -1), PopupGeometry(barOffset: .nan), PopupGeometry(containerWidth: 0),
    ])
    func invalidGeometry(geometry: PopupGeometry) {
        #expect(throws: DynamicsError.self) { try geometry.validate() }
    }

    // MARK: §3b displacement (hard clamp, 1:1)

    /// From open (h = 0, c0 = 0): y* = clamp(t_y, 0, Y_c); from the bar (h = 48, offset 0): the bar bottom
    /// is clamp(769 + t_y, 0, 769).
    @Test(arguments: [
        (PopupPresentationState.open, 100.0, 100.0), (.open, -50.0, 0.0), (.open, 769.0, 769.0), (.open, 2000.0, 769.0),
        (.closed, -100.0, 669.0), (.closed, 30.0, 769.0), (.closed, -769.0, 0.0), (.closed, -1000.0, 0.0),
    ])
    func dragClamp(from: PopupPresentationState, ty: Double, contentTop: Double) {
        let displacement = PopupDisplacement(from: from, geometry: .default)
        #expect(displacement.contentTop(centre: displacement.clampedCentre(translation: ty)) == contentTop)
    }

    /// The scroll start offset o is subtracted after the clamp at the closed end (LPC:1123, §11).
    @Test func scrollStartOffsetIsSubtractedAfterTheClamp() {
        let displacement = PopupDisplacement(from: .open, geometry: .default, startOffset: 40)
        #expect(displacement.clampedCentre(translation: 1000) == 769 - 40)
        #expect(displacement.clampedCentre(translation: 100) == 60)
        #expect(displacement.clampedCentre(translation: 20) == 0)
    }

    // MARK: §3c release rule

    /// Hand table of the four branches (LPC:1199-1227):
    /// v ≤ 0 → closed iff from open and p < 0.5, else open; v > 0 and p ≠ 1 → closed;
    /// v > 0 and p = 1 → from closed p > 0.2 holds → open; from open p < 0.8 fails → stays open.
    @Test(arguments: [
        (PopupPresentationState.open, 0.5, 0.0, PopupPresentationState.open),
        (.open, 0.5, -1.0, .open),
        (.open, 0.49999, 0.0, .closed),
        (.open, 0.49999, -500.0, .closed),
        (.open, 0.5, 1.0, .closed),
        (.open, 0.99, 0.001, .closed),
        (.open, 1.0, 1.0, .open),
        (.open, 1.0, 0.0, .open),
        (.open, 0.0, 0.0, .closed),
        (.open, 0.0, 1.0, .closed),
        (.closed, 0.0, 0.0, .open),
        (.closed, 0.0, -1.0, .open),
        (.closed, 0.1, 1.0, .closed),
        (.closed, 0.9999, 1000.0, .closed),
        (.closed, 1.0, 1.0, .open),
        (.closed, 1.0, 0.0, .open),
        (.closed, 0.3, 0.0, .open),
    ])
    func releaseRule(from: PopupPresentationState, progress: Double, velocity: Double, expected: PopupPresentationState)
    {
        #expect(PopupDragRule.target(from: from, progress: progress, velocity: velocity) == expected)
    }

    // MARK: §4, §5 snap

    /// Trigger: travel/d > c, strictly. d = 800, c = 0.25: c·d = 200 exactly; 852·0.32 = 272.64;
    /// 932·0.32 = 298.24; 667·0.32 = 213.44 (the reference's examples).
    @Test(arguments: [
        (800.0, 0.25, 200.0, false), (800.0, 0.25, 200.0001, true),
        (852.0, 0.32, 272.0, false), (852.0, 0.32, 273.0, true),
        (932.0, 0.32, 298.0, false), (932.0, 0.32, 298.5, true),
        (667.0, 0.32, 213.0, false), (667.0, 0.32, 213.5, true),
    ])
    func snapTrigger(d: Double, c: Double, travel: Double, fires: Bool) {
        #expect(PopupSnapRule.triggers(realCentreY: travel, containerHeight: d, snapPercent: c) == fires)
        let geometry = PopupGeometry(containerHeight: d, dockTop: d - 83)
        let decision = PopupReleaseDecision.decide(
            style: .snap, from: .open, geometry: geometry, snapPercent: c,
            translation: Vector(dx: 0, dy: travel), velocity: .zero)
        #expect(decision == (fires ? .closed : .open))
    }

    /// R(x) = x·d·c/(d + c·x); at the trigger R(c·d) = d·c²/(1 + c²) = 0.09285·d, 79.11 pt at d = 852
    /// (852·0.1024/1.1024 = 79.1437…); samples from §5: 50 → 15.7, 100 → 30.8, 200 → 59.5.
    @Test func rubberBandValues() throws {
        let band = try SnapRubberBand(snapPercent: 0.32, dimension: 852)
        #expect(abs(band.displayed(forPull: 0.32 * 852) - 852 * 0.1024 / 1.1024) < 1e-9)
        #expect(abs(band.displayed(forPull: 0.32 * 852) - 79.14) < 0.01)
        #expect(abs(band.displayed(forPull: 50) - 15.7) < 0.05)
        #expect(abs(band.displayed(forPull: 100) - 30.8) < 0.05)
        #expect(abs(band.displayed(forPull: 200) - 59.5) < 0.05)
    }

    /// The flick: |v_y| > |v_x| and v_y < 0 (LPC:943-956).
    @Test(arguments: [
        (Vector(dx: 0, dy: -100), true), (Vector(dx: 99, dy: -100), true), (Vector(dx: -100, dy: -100), false),
        (Vector(dx: 0, dy: 100), false), (Vector(dx: 0, dy: 0), false), (Vector(dx: 300, dy: -100), false),
    ])
    func snapFlick(velocity: Vector, opens: Bool) {
        #expect(PopupSnapRule.opensFromBar(beganVelocity: velocity) == opens)
    }

    // MARK: §6 springs

    /// ζ = 0.87 overshoots by exp(−πζ/√(1−ζ²)) = exp(−5.5434) = 0.003913 of the travel, whatever the
    /// stiffness; ζ = 1 and ζ = 500 do not overshoot.
    @Test func overshoots() throws {
        let springs = try PopupSprings(timing: .default, mapping: EnvelopeSpringMapping.default)
        #expect(abs(springs.gestureClose.overshoot - 0.003913) < 0.000005)
        #expect(springs.open.overshoot == 0)
        #expect(springs.bar.overshoot == 0)
        // The envelope mapping's check values (Documentation/lnpopupcontroller.md §10):
        // ζ = 1 → k ≈ 341.0, ζ = 0.87 → k ≈ 295.3.
        #expect(abs(springs.open.stiffness - 341.0) < 0.5)
        #expect(abs(springs.gestureClose.stiffness - 295.3) < 0.5)
    }

    // MARK: §8 queue

    /// Open and close replace each other; present replaces present and dismiss; dismiss replaces all
    /// (`coalescedOperations`, LPC:1609-1651).
    @Test func queueCoalescing() {
        var queue = PopupOperationQueue()
        queue.enqueue(.open(resetsState: false, clearsGestureLock: false))
        let replaced = queue.enqueue(.close(triggeredByGesture: false, clearsGestureLock: false))
        #expect(replaced.map(\.name) == ["open"])
        #expect(queue.waiting.map(\.name) == ["close"])
        queue.enqueue(.presentBar)
        #expect(queue.waiting.map(\.name) == ["close", "present"])
        queue.enqueue(.open(resetsState: false, clearsGestureLock: false))
        #expect(queue.waiting.map(\.name) == ["present", "open"])
        queue.enqueue(.dismissBar)
        #expect(queue.waiting.map(\.name) == ["dismiss"])
        #expect(queue.dequeue()?.name == "dismiss")
        #expect(queue.dequeue() == nil)
    }
}
