import PopSimGeometry
import Testing

@testable import PopSimInteractions

/// Documentation/popovers.md §4: anchors, `.absolute` attachment and the clamping order, `.relative` origins,
/// nearest-anchor snapping, UIKit insets and the size proposal. Expected values are worked by hand in
/// the comments.
@Suite("Popovers geometry")
struct PopoversGeometryTests {
    static let window = PopoverWindow(size: Size(width: 393, height: 852))
    static let padding = EdgeInsets(all: 16)

    @Test(arguments: [
        (PopoverAnchor.topLeft, 10.0, 20.0), (.top, 60, 20), (.topRight, 110, 20), (.right, 110, 45),
        (.bottomRight, 110, 70), (.bottom, 60, 70), (.bottomLeft, 10, 70), (.left, 10, 45), (.center, 60, 45),
    ])
    func anchorPoints(anchor: PopoverAnchor, x: Double, y: Double) {
        // Rect (10, 20, 100, 50): u·100 and v·50 added to the origin.
        #expect(PopoverLayout.point(at: anchor, of: Rect(x: 10, y: 20, width: 100, height: 50)) == Point(x: x, y: y))
    }

    @Test func anchorNamesAreTheCommandLineNames() {
        #expect(
            PopoverAnchor.allCases.map(\.rawValue) == [
                "top-left", "top", "top-right", "right", "bottom-right",
                "bottom", "bottom-left", "left", "center",
            ])
    }

    /// CGRect.width is standardised: a negative width measures from the raw origin by |w|.
    @Test func pointUsesAbsoluteWidth() {
        #expect(
            PopoverLayout.point(at: .bottomRight, of: Rect(x: 10, y: 10, width: -4, height: -6)) == Point(x: 14, y: 16))
    }

    /// UIKit `inset(by:)`: (10, 10, 100, 50) inset t5 l3 b2 r4 → (13, 15, 93, 43); −8 all round grows
    /// it to (2, 2, 116, 66) (the Menu template's source inset).
    @Test func uiKitInset() {
        #expect(
            PopoverLayout.inset(
                Rect(x: 10, y: 10, width: 100, height: 50), by: EdgeInsets(top: 5, left: 3, bottom: 2, right: 4))
                == Rect(x: 13, y: 15, width: 93, height: 43))
        #expect(
            PopoverLayout.inset(Rect(x: 10, y: 10, width: 100, height: 50), by: EdgeInsets(all: -8))
                == Rect(x: 2, y: 2, width: 116, height: 66))
    }

    struct AbsoluteCase: Sendable, CustomTestStringConvertible {
        let name: String
        let source: Rect
        let originAnchor: PopoverAnchor
        let popoverAnchor: PopoverAnchor
        let size: Size
        let window: PopoverWindow
        let expected: Point
        var testDescription: String { name }
    }

    static let absoluteCases: [AbsoluteCase] = [
        // bottom of (100, 200, 80, 40) is (140, 240); minus (100, 0) → (40, 240); inside the padding.
        AbsoluteCase(
            name: "default bottom→top", source: Rect(x: 100, y: 200, width: 80, height: 40), originAnchor: .bottom,
            popoverAnchor: .top, size: Size(width: 200, height: 100), window: window, expected: Point(x: 40, y: 240)),
        // (10, 20) − (100, 0) = (−90, 20): x < 16 → 16.
        AbsoluteCase(
            name: "left clamp to raw padding", source: Rect(x: 0, y: 0, width: 20, height: 20), originAnchor: .bottom,
            popoverAnchor: .top, size: Size(width: 200, height: 100), window: window, expected: Point(x: 16, y: 20)),
        // (385, 110) − (100, 0) = (285, 110); 285 + 200 = 485 > 393 − 16 = 377 → x = 285 − 108 = 177.
        AbsoluteCase(
            name: "right clamp", source: Rect(x: 380, y: 100, width: 10, height: 10), originAnchor: .bottom,
            popoverAnchor: .top, size: Size(width: 200, height: 100), window: window, expected: Point(x: 177, y: 110)),
        // Top clamp uses the raw padding 16, not the safe area (59 + 16): (60, 10) − (50, 0) → y = 16.
        AbsoluteCase(
            name: "top clamp ignores the safe area", source: Rect(x: 50, y: 0, width: 20, height: 10),
            originAnchor: .bottom,
            popoverAnchor: .top, size: Size(width: 100, height: 100),
            window: PopoverWindow(size: Size(width: 393, height: 852), safeAreaInsets: EdgeInsets(top: 59, bottom: 34)),
            expected: Point(x: 16, y: 16)),
        // Bottom clamp uses the safe area: maxY = 852 − 34 − 16 = 802; top-left of (100, 780, 20, 20) at
        // (100, 780) → 780 + 100 = 880 > 802 → y = 780 − 78 = 702.
        AbsoluteCase(
            name: "bottom clamp uses the safe area", source: Rect(x: 100, y: 780, width: 20, height: 20),
            originAnchor: .topLeft,
            popoverAnchor: .topLeft, size: Size(width: 100, height: 100),
            window: PopoverWindow(size: Size(width: 393, height: 852), safeAreaInsets: EdgeInsets(top: 59, bottom: 34)),
            expected: Point(x: 100, y: 702)),
        // Landscape safe area: maxX = (47 + (393 − 94)) − 16 = 330; (300, 50) + 100 = 400 > 330 → 230.
        AbsoluteCase(
            name: "right clamp uses the safe area", source: Rect(x: 300, y: 50, width: 0, height: 0),
            originAnchor: .topLeft,
            popoverAnchor: .topLeft, size: Size(width: 100, height: 50),
            window: PopoverWindow(size: Size(width: 393, height: 852), safeAreaInsets: EdgeInsets(left: 47, right: 47)),
            expected: Point(x: 230, y: 50)),
        // center→center of (0, 0, 393, 852) with 200 × 100: (196.5, 426) − (100, 50).
        AbsoluteCase(
            name: "center on center", source: Rect(x: 0, y: 0, width: 393, height: 852), originAnchor: .center,
            popoverAnchor: .center, size: Size(width: 200, height: 100), window: window,
            expected: Point(x: 96.5, y: 376)),
        // bottomRight of the source on the popover's bottomRight: (300, 500) − (200, 100).
        AbsoluteCase(
            name: "bottom-right on bottom-right", source: Rect(x: 200, y: 400, width: 100, height: 100),
            originAnchor: .bottomRight,
            popoverAnchor: .bottomRight, size: Size(width: 200, height: 100), window: window,
            expected: Point(x: 100, y: 400)),
    ]

    @Test(arguments: absoluteCases)
    func absolutePosition(_ c: AbsoluteCase) {
        let origin = PopoverLayout.absoluteOrigin(
            originAnchor: c.originAnchor, popoverAnchor: c.popoverAnchor, sourceFrame: c.source,
            size: c.size, window: c.window, screenEdgePadding: Self.padding)
        #expect(origin == c.expected)
    }

    /// The right/bottom clamp runs after the left/top one and wins: a 380-wide popover at x = 0 is first
    /// moved to 16, then back by 16 + 380 − 377 = 19 to x = −3 (it pokes out on the left). Same on y:
    /// 840 tall at y = 0 → 16 → 16 − (856 − 836) = −4.
    @Test func clampingOrderLetsTheRightEdgeWin() {
        let o = PopoverLayout.clampedAbsoluteOrigin(
            .zero, size: Size(width: 380, height: 840), window: Self.window,
            screenEdgePadding: Self.padding)
        #expect(o == Point(x: -3, y: -4))
    }

    /// The proposal is the window minus the padding on both sides, safe area ignored: 393 − 32 = 361,
    /// 852 − 32 = 820; with the Menu's padding (48, 16, 32, 16): 852 − 80 = 772.
    @Test func sizeProposal() {
        #expect(
            PopoverLayout.maximumSize(window: Self.window, screenEdgePadding: Self.padding)
                == Size(width: 361, height: 820))
        #expect(
            PopoverLayout.maximumSize(
                window: Self.window, screenEdgePadding: EdgeInsets(top: 48, left: 16, bottom: 32, right: 16))
                == Size(width: 361, height: 772))
        #expect(
            PopoverLayout.fittedSize(
                Size(width: 500, height: 100), window: Self.window, screenEdgePadding: Self.padding)
                == Size(width: 361, height: 100))
    }

    /// Container (0, 59, 393, 759), popover 200 × 100: the free space is 193 × 659.
    @Test(arguments: [
        (PopoverAnchor.topLeft, 0.0, 59.0), (.top, 96.5, 59), (.topRight, 193, 59), (.right, 193, 388.5),
        (.bottomRight, 193, 718), (.bottom, 96.5, 718), (.bottomLeft, 0, 718), (.left, 0, 388.5),
        (.center, 96.5, 388.5),
    ])
    func relativeOrigins(anchor: PopoverAnchor, x: Double, y: Double) {
        let o = PopoverLayout.relativeOrigin(
            anchor: anchor, container: Rect(x: 0, y: 59, width: 393, height: 759),
            size: Size(width: 200, height: 100))
        #expect(o == Point(x: x, y: y))
    }

    /// The library computes (C.x + C.w/2) − w/2; C.x + (C.w − w)/2 rounds differently for
    /// C.x = 38.1, C.w = 100.6, w = 49.6 (63.60000000000001 against 63.599999999999994).
    @Test func relativeOriginKeepsTheLibrarysOperationOrder() {
        let o = PopoverLayout.relativeOrigin(
            anchor: .center, container: Rect(x: 38.1, y: 38.1, width: 100.6, height: 100.6),
            size: Size(width: 49.6, height: 49.6))
        #expect(o.x == (38.1 + 100.6 / 2) - 49.6 / 2)
        #expect(o.x == 63.60000000000001)
        #expect(o.x != 38.1 + (100.6 - 49.6) / 2)
    }

    /// Corners of (16, 59, 361, 759) for 100 × 60: TL (16, 59), TR (277, 59), BL (16, 758), BR (277, 758).
    static let container = Rect(x: 16, y: 59, width: 361, height: 759)
    static let corners: [PopoverAnchor] = [.topLeft, .topRight, .bottomLeft, .bottomRight]

    @Test(arguments: [
        // (216, 69): TL 200² + 10² = 40100, TR 61² + 10² = 3821 → TR.
        (Point(x: 216, y: 69), PopoverAnchor.topRight),
        // (216, 569): TL 300100, TR 263821, BL 75721, BR 61² + 189² = 39442 → BR.
        (Point(x: 216, y: 569), .bottomRight),
        // Far off screen still picks the nearest corner: (−500, 2000) → BL.
        (Point(x: -500, y: 2000), .bottomLeft),
        // Exactly midway between TL and TR, (146.5, 59): the tie goes to the first, TL.
        (Point(x: 146.5, y: 59), .topLeft),
    ])
    func nearestAnchor(target: Point, expected: PopoverAnchor) {
        let size = Size(width: 100, height: 60)
        #expect(
            PopoverLayout.nearestAnchor(to: target, among: Self.corners, container: Self.container, size: size)
                == expected)
    }

    @Test func nearestAnchorTieGoesToTheFirstListed() {
        let size = Size(width: 100, height: 60)
        let midway = Point(x: 146.5, y: 59)
        #expect(
            PopoverLayout.nearestAnchor(
                to: midway, among: [.topRight, .topLeft], container: Self.container, size: size) == .topRight)
        #expect(PopoverLayout.nearestAnchor(to: midway, among: [], container: Self.container, size: size) == .bottom)
    }

    @Test func initialStaticFrames() {
        let window = PopoverWindow(size: Size(width: 393, height: 852), safeAreaInsets: EdgeInsets(top: 59, bottom: 34))
        let absolute = PopoverAttributes(
            size: Size(width: 200, height: 100), sourceFrame: Rect(x: 100, y: 200, width: 80, height: 40))
        #expect(absolute.initialStaticFrame(in: window) == Rect(x: 40, y: 240, width: 200, height: 100))
        let pip = PopoverAttributes.pictureInPicture(
            size: Size(width: 100, height: 60), anchors: [.bottomRight, .topLeft],
            container: window.safeAreaFrame)
        // Safe frame (0, 59, 393, 759): bottom-right origin (293, 758).
        #expect(pip.initialStaticFrame(in: window) == Rect(x: 293, y: 758, width: 100, height: 60))
        #expect(pip.initialAnchor == .bottomRight)
        #expect(absolute.initialAnchor == nil)
    }
}
