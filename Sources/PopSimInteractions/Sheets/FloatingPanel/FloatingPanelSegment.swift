/// The pair of neighbouring states around a position: `LayoutSegment` and
/// `LayoutAdapter.segment(at:forward:)` (scenee/FloatingPanel@7efcc76 Sources/Layout.swift:58-61,
/// 832-857).
public struct FloatingPanelSegment: Sendable, Hashable {
    /// The state at or before the position in coordinate order, nil before the first.
    public let lower: FloatingPanelState?
    /// The state after the position, nil past the last.
    public let upper: FloatingPanelState?

    public init(lower: FloatingPanelState?, upper: FloatingPanelState?) {
        self.lower = lower
        self.upper = upper
    }
}

extension FloatingPanelLayout {
    /// The segment containing `y`: `upper` is the first state (in increasing y) whose position is
    /// strictly greater than `y` when moving forward (y increasing), or greater than or equal when moving
    /// backward (Sources/Layout.swift:842-847). So a position exactly on a state belongs to the segment
    /// that starts there going forward and to the one that ends there going backward.
    public func segment(at y: Double, forward: Bool) -> FloatingPanelSegment {
        let states = statesByCoordinate
        var upperIndex: Int?
        for index in states.indices {
            let anchor = position(for: states[index])
            if forward ? y < anchor : y <= anchor {
                upperIndex = index
                break
            }
        }
        switch upperIndex {
        case 0?: return FloatingPanelSegment(lower: nil, upper: states[0])
        case let index?: return FloatingPanelSegment(lower: states[index - 1], upper: states[index])
        case nil: return FloatingPanelSegment(lower: states[states.count - 1], upper: nil)
        }
    }
}
