import PopSimGeometry
import Testing

@testable import PopSimInteractions

/// Documentation/popovers.md §3b: the touch-down hit test, newest popover first. A (index 0, oldest) at
/// (0, 0, 100, 100), B (index 1, newest) at (200, 200, 100, 100) unless a case says otherwise.
@Suite("Popovers tap outside")
struct PopoversTapOutsideTests {
    static let a = PopoverHitTestSubject(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    static let b = PopoverHitTestSubject(frame: Rect(x: 200, y: 200, width: 100, height: 100))
    static let outside = Point(x: 50, y: 500)

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let popovers: [PopoverHitTestSubject]
        let point: Point
        let actions: [PopoverHitTestResult.Action]
        let consumed: Bool
        let touched: Int?
        var version = PopoversVersion.default
        var testDescription: String { name }
    }

    static func with(_ s: PopoverHitTestSubject, _ change: (inout PopoverHitTestSubject) -> Void)
        -> PopoverHitTestSubject
    {
        var s = s
        change(&s)
        return s
    }

    static let cases: [Case] = [
        Case(
            name: "outside both: newest first, both dismissed, touch passes", popovers: [a, b], point: outside,
            actions: [.tapOutside(1), .dismiss(1), .tapOutside(0), .dismiss(0)], consumed: false, touched: nil),
        // B is told about the tap but is not dismissed: the point is in another popover (A).
        Case(
            name: "inside the older popover spares the newer one", popovers: [a, b], point: Point(x: 50, y: 50),
            actions: [.tapOutside(1)], consumed: true, touched: 0),
        // With tapOutsideIncludesOtherPopovers B is dismissed at step 5 and again at step 1 of A.
        Case(
            name: "tapOutsideIncludesOtherPopovers dismisses twice",
            popovers: [a, with(b) { $0.tapOutsideIncludesOtherPopovers = true }], point: Point(x: 50, y: 50),
            actions: [.tapOutside(1), .dismiss(1), .dismiss(1)], consumed: true, touched: 0),
        Case(
            name: "inside the newest: the others are not told", popovers: [a, b], point: Point(x: 250, y: 250),
            actions: [], consumed: true, touched: 1),
        Case(
            name: "touching one popover dismisses others only if they include other popovers",
            popovers: [with(a) { $0.tapOutsideIncludesOtherPopovers = true }, b], point: Point(x: 250, y: 250),
            actions: [.dismiss(0)], consumed: true, touched: 1),
        // An excluded frame of B stops the walk: A (older) is not visited and stays.
        Case(
            name: "excluded frame stops the walk",
            popovers: [a, with(b) { $0.excludedFrames = [Rect(x: 0, y: 400, width: 100, height: 200)] }],
            point: outside, actions: [.tapOutside(1)], consumed: false, touched: nil),
        // Excluded frame over A: consumed because a popover frame contains the point; A gets the touch.
        Case(
            name: "excluded frame over another popover consumes",
            popovers: [a, with(b) { $0.excludedFrames = [Rect(x: 0, y: 0, width: 50, height: 50)] }],
            point: Point(x: 10, y: 10), actions: [.tapOutside(1)], consumed: true, touched: 0),
        // Excluded frames only count with tapOutside in the mode: B (drag-down) goes on to step 5, A is dismissed.
        Case(
            name: "excluded frames need tapOutside",
            popovers: [
                a,
                with(b) {
                    $0.mode = .dragDown
                    $0.excludedFrames = [Rect(x: 0, y: 400, width: 100, height: 200)]
                },
            ],
            point: outside, actions: [.tapOutside(1), .tapOutside(0), .dismiss(0)], consumed: false, touched: nil),
        Case(
            name: "blocksBackgroundTouches consumes and shields older popovers",
            popovers: [a, with(b) { $0.blocksBackgroundTouches = true }],
            point: outside, actions: [.tapOutside(1)], consumed: true, touched: nil),
        Case(
            name: "main: blocksBackgroundTouches allowed frame dismisses and passes, older untouched",
            popovers: [
                a,
                with(b) {
                    $0.blocksBackgroundTouches = true
                    $0.blocksBackgroundTouchesAllowedFrames = [Rect(x: 0, y: 450, width: 100, height: 100)]
                },
            ],
            point: outside, actions: [.tapOutside(1), .dismiss(1)], consumed: false, touched: nil, version: .main),
        // 1.3.2 has no allowed frames: the blocking popover consumes the touch and nothing is dismissed.
        Case(
            name: "1.3.2: blocksBackgroundTouches has no allowed frames",
            popovers: [
                a,
                with(b) {
                    $0.blocksBackgroundTouches = true
                    $0.blocksBackgroundTouchesAllowedFrames = [Rect(x: 0, y: 450, width: 100, height: 100)]
                },
            ],
            point: outside, actions: [.tapOutside(1)], consumed: true, touched: nil, version: .v1_3_2),
        // A blocking popover on top of an older one: the touch is consumed and reaches A's view.
        Case(
            name: "blocking newer popover over an older one",
            popovers: [a, with(b) { $0.blocksBackgroundTouches = true }],
            point: Point(x: 50, y: 50), actions: [.tapOutside(1)], consumed: true, touched: 0),
        Case(
            name: "mode none is told but stays", popovers: [a, with(b) { $0.mode = .none }], point: outside,
            actions: [.tapOutside(1), .tapOutside(0), .dismiss(0)], consumed: false, touched: nil),
        // CGRect.contains: the max edge is outside (100, 50) is not in A; the min edge (0, 0) is.
        Case(
            name: "max edge is outside", popovers: [a], point: Point(x: 100, y: 50),
            actions: [.tapOutside(0), .dismiss(0)],
            consumed: false, touched: nil),
        Case(
            name: "min edge is inside", popovers: [a], point: Point(x: 0, y: 0), actions: [], consumed: true, touched: 0
        ),
        // Overlapping popovers: the newest containing the point gets the touch.
        Case(
            name: "overlap: the newest is on top",
            popovers: [a, with(b) { $0.frame = Rect(x: 50, y: 50, width: 100, height: 100) }],
            point: Point(x: 75, y: 75), actions: [], consumed: true, touched: 1),
        Case(name: "no popovers", popovers: [], point: outside, actions: [], consumed: false, touched: nil),
    ]

    @Test(arguments: cases)
    func hitTest(_ c: Case) {
        let result = PopoverHitTest.touchDown(at: c.point, popovers: c.popovers, version: c.version)
        #expect(result.actions == c.actions)
        #expect(result.consumed == c.consumed)
        #expect(result.touchedPopover == c.touched)
    }

    @Test func dismissedListIsDistinct() {
        let result = PopoverHitTest.touchDown(
            at: Point(x: 50, y: 50),
            popovers: [Self.a, Self.with(Self.b) { $0.tapOutsideIncludesOtherPopovers = true }])
        #expect(result.dismissed == [1])
    }
}
