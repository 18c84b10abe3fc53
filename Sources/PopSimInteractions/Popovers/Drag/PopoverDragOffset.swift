import PopSimDynamics
import PopSimGeometry

/// The offset a dragged popover is drawn at for a raw finger translation t, D(t) (`applyDraggingOffset`,
/// aheze/Popovers@de44c4d Sources/PopoverContainerView.swift:187-228 and aheze/Popovers@576b4d3
/// Sources/PopoverContainerView.swift:200-244).
///
/// - `.absolute`, in this order: mode ∋ dragDown → (0, V_down(ty)); else mode ∋ dragUp → (0, V_up(ty));
///   else, on main only, `changeLocationOnDismiss` → t (a free drag; @576b4d3 lines 220-222, a branch
///   1.3.2 does not have, @de44c4d lines 202-209); else the rubber band R per enabled axis.
/// - `.relative` with ≤ 1 anchor: the same without the changeLocationOnDismiss branch (both versions).
/// - `.relative` with ≥ 2 anchors (picture-in-picture): t, free on both axes.
///
/// V_down(ty) = ty if ty > 0 else R(ty); V_up(ty) = ty if ty < 0 else R(ty); both set x to 0 and ignore
/// `rubberBandingMode` (@de44c4d lines 191-199, @576b4d3 lines 204-212). So a drag-down popover pulled
/// *up* follows R, the "wrong" direction is the one that resists.
public struct PopoverDragOffset: Sendable, Hashable {
    public var position: PopoverPosition
    public var mode: DismissalMode
    public var changeLocationOnDismiss: Bool
    public var rubberBandingMode: RubberBandingMode
    public var version: PopoversVersion

    public init(
        position: PopoverPosition, mode: DismissalMode, changeLocationOnDismiss: Bool = false,
        rubberBandingMode: RubberBandingMode = .both, version: PopoversVersion = .default
    ) {
        self.position = position
        self.mode = mode
        self.changeLocationOnDismiss = changeLocationOnDismiss
        self.rubberBandingMode = rubberBandingMode
        self.version = version
    }

    /// R(a) = sgn(a)·|a|^0.7 with sgn(0) = −1 (`getRubberBanding`, aheze/Popovers@de44c4d
    /// Sources/PopoverContainerView.swift:231-236, aheze/Popovers@576b4d3 Sources/PopoverContainerView.swift:247-252).
    @inlinable
    public static func rubberBand(_ a: Double) -> Double { PowerRubberBand.popovers.displayed(forPull: a) }

    /// Whether the changeLocationOnDismiss branch exists and is on.
    @inlinable
    public var freeDragToChangeLocation: Bool { changeLocationOnDismiss && version.has(.changeLocationOnDismiss) }

    /// D(t). Always inlined: called on a popover's state in place, it reads the position's anchors
    /// without copying the rule.
    @inlinable @inline(__always)
    public func offset(for t: Vector) -> Vector {
        let singleAnchor: Bool
        switch position {
        case .absolute: singleAnchor = false
        case let .relative(anchors):
            if anchors.count >= 2 { return t }
            singleAnchor = true
        }
        if mode.contains(.dragDown) {
            return Vector(dx: 0, dy: t.dy <= 0 ? Self.rubberBand(t.dy) : t.dy)
        }
        if mode.contains(.dragUp) {
            return Vector(dx: 0, dy: t.dy >= 0 ? Self.rubberBand(t.dy) : t.dy)
        }
        if !singleAnchor && freeDragToChangeLocation { return t }
        return Vector(
            dx: rubberBandingMode.contains(.xAxis) ? Self.rubberBand(t.dx) : 0,
            dy: rubberBandingMode.contains(.yAxis) ? Self.rubberBand(t.dy) : 0)
    }
}
