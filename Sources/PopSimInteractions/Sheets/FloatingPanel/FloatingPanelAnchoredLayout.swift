/// A FloatingPanel layout as an app writes it (`FloatingPanelLayout`'s `position` and `anchors`,
/// scenee/FloatingPanel@7efcc76 Sources/Layout.swift:8-22): each state's anchor, not yet placed in a view.
/// ``resolved(in:intrinsicHeight:)`` places it as `LayoutAdapter` does and gives the ``FloatingPanelLayout``
/// the release rule reads.
public struct FloatingPanelAnchoredLayout: Sendable, Hashable {
    /// `position`: the edge the panel is attached to.
    public var position: FloatingPanelPosition
    /// `anchors`: the states the layout has; a state left out gets the hidden anchor.
    public var anchors: [FloatingPanelState: FloatingPanelAnchor]

    public init(position: FloatingPanelPosition = .bottom, anchors: [FloatingPanelState: FloatingPanelAnchor]) {
        self.position = position
        self.anchors = anchors
    }

    /// `FloatingPanelBottomLayout` (Sources/Layout.swift:26-40), the library's default: full 18 pt below the
    /// safe area's top, half at half the safe area's height, tip 69 pt above the safe area's bottom.
    public static let bottomLayout = FloatingPanelAnchoredLayout(
        position: .bottom,
        anchors: [
            .full: FloatingPanelAnchor(absoluteInset: 18, edge: .top, referenceGuide: .safeArea),
            .half: FloatingPanelAnchor(fractionalInset: 0.5, edge: .bottom, referenceGuide: .safeArea),
            .tip: FloatingPanelAnchor(absoluteInset: 69, edge: .bottom, referenceGuide: .safeArea),
        ])

    /// Whether some anchor reads the surface's intrinsic height.
    public var needsIntrinsicHeight: Bool { anchors.values.contains { $0.isIntrinsic } }

    /// The anchors' positions before rounding (`_position(for:)`), most expanded state first.
    public func unroundedPositions(
        in container: SheetContainer, intrinsicHeight: Double = 0
    ) -> [(state: FloatingPanelState, y: Double)] {
        FloatingPanelState.allCases.compactMap { state in
            anchors[state].map {
                (state, $0.position(attachment: position, in: container, intrinsicHeight: intrinsicHeight))
            }
        }
    }

    /// The layout in `container`, each position rounded to its display scale (`position(for:)`,
    /// Sources/Layout.swift:318-320). Refuses, naming the state: an inset or offset that is negative or not
    /// finite, an intrinsic anchor without a positive `intrinsicHeight`, and states out of order for the
    /// attachment (or on one pixel), naming the two.
    /// - Parameter intrinsicHeight: the surface's intrinsic content height, pt (`intrinsicContentSize`),
    ///   read by intrinsic anchors only.
    public func resolved(in container: SheetContainer, intrinsicHeight: Double? = nil) throws(SheetLayoutError)
        -> FloatingPanelLayout
    {
        try container.validate()
        guard !anchors.isEmpty else { throw .noStops(library: .floatingPanel) }
        for state in FloatingPanelState.allCases {
            guard let anchor = anchors[state] else { continue }
            guard anchor.value.isFinite, anchor.value >= 0, anchor.value <= SheetLayoutLimits.maximumCoordinate else {
                throw .invalidAnchor(state: state, value: anchor.value)
            }
        }
        if needsIntrinsicHeight {
            guard let intrinsicHeight else {
                throw .missingIntrinsicHeight(library: .floatingPanel)
            }
            try SheetLayoutLimits.checkSize(.intrinsicHeight, intrinsicHeight)
        }
        let positions = unroundedPositions(in: container, intrinsicHeight: intrinsicHeight ?? 0)
        return try FloatingPanelLayout(
            position: position, stops: positions.map { SheetStop($0.state.stopName, y: $0.y) },
            windowHeight: container.height, displayScale: container.displayScale)
    }
}
