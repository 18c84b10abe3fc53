import Testing

@testable import PopSimInteractions

/// FloatingPanel's layout vectors that apply to the release and drag rules, from `Tests/LayoutTests.swift`
/// and `Tests/ExtensionTests.swift` at scenee/FloatingPanel@7efcc76, each with its upstream line. The
/// layouts are the upstream test layouts in a 375 × 667 pt view (see FloatingPanelUpstreamTargetStateTests).
@Suite("FloatingPanel upstream layout vectors")
struct FloatingPanelUpstreamLayoutTests {
    struct SegmentRow: Sendable, CustomStringConvertible {
        let line: Int
        let y: Double
        let forward: Bool
        let lower: FloatingPanelState?
        let upper: FloatingPanelState?
        var description: String { "LayoutTests.swift:\(line)" }
    }

    static let minimum = Double.leastNormalMagnitude
    static let maximum = Double.greatestFiniteMagnitude

    static func layout(_ anchors: [(FloatingPanelState, Double)]) -> FloatingPanelLayout {
        try! FloatingPanelLayout(position: .bottom, anchors: anchors, windowHeight: 667, displayScale: 2)
    }

    /// `test_layoutSegment_3position` (LayoutTests.swift:45-71): full 20, half 417, tip 607.
    static let threePositionsRows: [SegmentRow] = [
        SegmentRow(line: 60, y: minimum, forward: true, lower: nil, upper: .full),
        SegmentRow(line: 61, y: minimum, forward: false, lower: nil, upper: .full),
        SegmentRow(line: 62, y: 20, forward: true, lower: .full, upper: .half),
        SegmentRow(line: 63, y: 20, forward: false, lower: nil, upper: .full),
        SegmentRow(line: 64, y: 417, forward: true, lower: .half, upper: .tip),
        SegmentRow(line: 65, y: 417, forward: false, lower: .full, upper: .half),
        SegmentRow(line: 66, y: 607, forward: true, lower: .tip, upper: nil),
        SegmentRow(line: 67, y: 607, forward: false, lower: .half, upper: .tip),
        SegmentRow(line: 68, y: maximum, forward: true, lower: .tip, upper: nil),
        SegmentRow(line: 69, y: maximum, forward: false, lower: .tip, upper: nil),
    ]

    /// `test_layoutSegment_2positions` (LayoutTests.swift:73-98): full 20, half 417.
    static let twoPositionsRows: [SegmentRow] = [
        SegmentRow(line: 89, y: minimum, forward: true, lower: nil, upper: .full),
        SegmentRow(line: 90, y: minimum, forward: false, lower: nil, upper: .full),
        SegmentRow(line: 91, y: 20, forward: true, lower: .full, upper: .half),
        SegmentRow(line: 92, y: 20, forward: false, lower: nil, upper: .full),
        SegmentRow(line: 93, y: 417, forward: true, lower: .half, upper: nil),
        SegmentRow(line: 94, y: 417, forward: false, lower: .full, upper: .half),
        SegmentRow(line: 95, y: maximum, forward: true, lower: .half, upper: nil),
        SegmentRow(line: 96, y: maximum, forward: false, lower: .half, upper: nil),
    ]

    /// `test_layoutSegment_1positions` (LayoutTests.swift:100-122): full 20.
    static let onePositionRows: [SegmentRow] = [
        SegmentRow(line: 115, y: minimum, forward: true, lower: nil, upper: .full),
        SegmentRow(line: 116, y: minimum, forward: false, lower: nil, upper: .full),
        SegmentRow(line: 117, y: 20, forward: true, lower: .full, upper: nil),
        SegmentRow(line: 118, y: 20, forward: false, lower: nil, upper: .full),
        SegmentRow(line: 119, y: maximum, forward: true, lower: .full, upper: nil),
        SegmentRow(line: 120, y: maximum, forward: false, lower: .full, upper: nil),
    ]

    @Test(arguments: threePositionsRows) func segmentThree(_ row: SegmentRow) {
        check(row, Self.layout([(.full, 20), (.half, 417), (.tip, 607)]))
    }

    @Test(arguments: twoPositionsRows) func segmentTwo(_ row: SegmentRow) {
        check(row, Self.layout([(.full, 20), (.half, 417)]))
    }

    @Test(arguments: onePositionRows) func segmentOne(_ row: SegmentRow) {
        check(row, Self.layout([(.full, 20)]))
    }

    func check(_ row: SegmentRow, _ layout: FloatingPanelLayout) {
        let segment = layout.segment(at: row.y, forward: row.forward)
        #expect(segment == FloatingPanelSegment(lower: row.lower, upper: row.upper), "LayoutTests.swift:\(row.line)")
    }

    /// `test_layoutAdapter_topAndBottomMostState` (LayoutTests.swift:15-43): the default layout (full,
    /// half, tip) has full and tip; with hidden the least expanded is hidden; half and tip alone give half
    /// and tip. A single state's least expanded state is hidden (Sources/Layout.swift:140-145).
    @Test func mostAndLeastExpanded() {
        let standard = Self.layout([(.full, 18), (.half, 333.5), (.tip, 598)])
        #expect(standard.mostExpandedState == .full)  // l.16
        #expect(standard.leastExpandedState == .tip)  // l.17
        let withHidden = Self.layout([(.full, 18), (.half, 333.5), (.hidden, 667)])
        #expect(withHidden.mostExpandedState == .full)  // l.37
        #expect(withHidden.leastExpandedState == .hidden)  // l.38
        let halfAndTip = Self.layout([(.half, 333.5), (.tip, 598)])
        #expect(halfAndTip.mostExpandedState == .half)  // l.41
        #expect(halfAndTip.leastExpandedState == .tip)  // l.42
        let single = Self.layout([(.full, 18)])
        #expect(single.mostExpandedState == .full)
        #expect(single.leastExpandedState == .hidden)
    }

    struct EdgeRow: Sendable, CustomStringConvertible {
        let line: Int
        let diff: Double
        let scrollingContent: Bool
        let expected: Double
        var description: String { "LayoutTests.swift:\(line)" }
    }

    /// `test_updateInteractiveEdgeConstraint` (LayoutTests.swift:124-167): from full (20) in the default
    /// test layout (tip 607); the edge is clamped to [full, tip] only while content scrolls.
    static let edgeFromFullRows: [EdgeRow] = [
        EdgeRow(line: 140, diff: -100, scrollingContent: true, expected: 20),
        EdgeRow(line: 146, diff: 100, scrollingContent: false, expected: 120),
        EdgeRow(line: 152, diff: 607 - 20, scrollingContent: false, expected: 607),
        EdgeRow(line: 158, diff: 607 - 20 + 100, scrollingContent: true, expected: 607),
        EdgeRow(line: 164, diff: 607 - 20 + 100, scrollingContent: false, expected: 707),
    ]

    /// `test_updateInteractiveEdgeConstraint_bottomEdge` (LayoutTests.swift:169-219): a top panel from
    /// tip (60) with full at 667; l.192 expects the edge unchanged (clamped at tip, the least coordinate).
    static let edgeFromTipTopRows: [EdgeRow] = [
        EdgeRow(line: 192, diff: -100, scrollingContent: true, expected: 60),
        EdgeRow(line: 198, diff: 100, scrollingContent: false, expected: 160),
        EdgeRow(line: 204, diff: 667 - 60, scrollingContent: false, expected: 667),
        EdgeRow(line: 210, diff: 667 - 60 + 100, scrollingContent: true, expected: 667),
        EdgeRow(line: 216, diff: 667 - 60 + 100, scrollingContent: false, expected: 767),
    ]

    /// `test_updateInteractiveEdgeConstraintWithHidden` (LayoutTests.swift:221-260): full 18 pt above the
    /// bottom (649), hidden at the bottom (667), from full.
    static let edgeWithHiddenRows: [EdgeRow] = [
        EdgeRow(line: 245, diff: -100, scrollingContent: true, expected: 649),
        EdgeRow(line: 251, diff: -100, scrollingContent: false, expected: 549),
        EdgeRow(line: 257, diff: 667 - 649 + 100, scrollingContent: false, expected: 767),
    ]

    /// `test_updateInteractiveEdgeConstraintWithHidden_bottomEdge` (LayoutTests.swift:262-301): a top
    /// panel with full 18 pt above the bottom (649) and hidden at the top (0), from full.
    static let edgeWithHiddenTopRows: [EdgeRow] = [
        EdgeRow(line: 286, diff: 100, scrollingContent: true, expected: 649),
        EdgeRow(line: 292, diff: 100, scrollingContent: false, expected: 749),
        EdgeRow(line: 298, diff: 0 - 649 + 100, scrollingContent: false, expected: 100),
    ]

    @Test(arguments: edgeFromFullRows) func edgeFromFull(_ row: EdgeRow) {
        checkEdge(row, Self.layout([(.full, 20), (.half, 417), (.tip, 607)]), start: 20)
    }

    @Test(arguments: edgeFromTipTopRows) func edgeFromTipTop(_ row: EdgeRow) {
        let layout = try! FloatingPanelLayout(
            position: .top, anchors: [(.tip, 60), (.half, 250), (.full, 667)],
            windowHeight: 667, displayScale: 2)
        checkEdge(row, layout, start: 60)
    }

    @Test(arguments: edgeWithHiddenRows) func edgeWithHidden(_ row: EdgeRow) {
        checkEdge(row, Self.layout([(.full, 649), (.hidden, 667)]), start: 649)
    }

    @Test(arguments: edgeWithHiddenTopRows) func edgeWithHiddenTop(_ row: EdgeRow) {
        let layout = try! FloatingPanelLayout(
            position: .top, anchors: [(.hidden, 0), (.full, 649)], windowHeight: 667,
            displayScale: 2)
        checkEdge(row, layout, start: 649)
    }

    func checkEdge(_ row: EdgeRow, _ layout: FloatingPanelLayout, start: Double) {
        let edge = FloatingPanelDragRule.edge(
            layout: layout, start: start, diff: row.diff, scrollingContent: row.scrollingContent)
        #expect(edge == row.expected, "LayoutTests.swift:\(row.line)")
    }

    /// `test_roundedByDisplayScale` and `_2` (ExtensionTests.swift:7-27).
    @Test(arguments: [
        (8, 333.222, 3.0, 333.3333333333333),
        (14, -0.16666666666674246, 3.0, 0.0),
        (15, 0.16666666666674246, 3.0, 0.0),
        (17, -0.3333333333374246, 3.0, -0.3333333333333333),
        (18, -0.3333333333074246, 3.0, -0.3333333333333333),
        (19, 0.33333333333374246, 3.0, 0.3333333333333333),
        (20, 0.33333333333074246, 3.0, 0.3333333333333333),
        (22, -0.16666666666674246, 2.0, 0.0),
        (23, 0.16666666666674246, 2.0, 0.0),
        (25, -0.16666666666674246, 6.0, -0.16666666666666666),
        (26, 0.16666666666674246, 6.0, 0.16666666666666666),
    ])
    func roundingToDisplayScale(line: Int, value: Double, scale: Double, expected: Double) {
        #expect(DisplayScaleRounding.round(value, scale: scale) == expected, "ExtensionTests.swift:\(line)")
    }

    /// ExtensionTests.swift:9-10: 333.5 at scale 3 is not the literal 333.66666666666674 but lands on the
    /// same pixel as it.
    @Test func roundingSamePixel() {
        let rounded = DisplayScaleRounding.round(333.5, scale: 3)
        #expect(rounded != 333.66666666666674)
        #expect(rounded == DisplayScaleRounding.round(333.66666666666674, scale: 3))
    }
}
