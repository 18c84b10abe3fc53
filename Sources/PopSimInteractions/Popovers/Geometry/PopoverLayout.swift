import PopSimGeometry

/// Popovers' positioning geometry (Documentation/popovers.md §4), as pure functions.
///
/// Every formula is evaluated in the library's own operation order, so results agree with it to the
/// last bit, not only to rounding: UIKit's `inset(by:)` subtracts `left + right` at once, `CGRect`'s
/// `width`/`height` are absolute values, and relative origins are `(C.x + u·C.w) − u·w`.
public enum PopoverLayout {
    /// UIKit `CGRect.inset(by: UIEdgeInsets)` (`UIEdgeInsetsInsetRect`): x += left, y += top,
    /// width −= (left + right), height −= (top + bottom). Negative insets grow the rectangle.
    /// The source frame is inset this way by `sourceFrameInset` (Popover+Calculations.swift:30,68;
    /// Documentation/popovers.md §4).
    @inlinable
    public static func inset(_ rect: Rect, by insets: EdgeInsets) -> Rect {
        Rect(
            x: rect.origin.x + insets.left, y: rect.origin.y + insets.top,
            width: rect.size.width - (insets.left + insets.right),
            height: rect.size.height - (insets.top + insets.bottom))
    }

    /// `CGRect.point(at:)` (Popover+Positioning.swift:29-74): origin + (u·|width|, v·|height|).
    /// `CGRect.width` is standardised (absolute), the origin is not. For u ∈ {0, ½, 1} the product
    /// u·w is exact, so this equals the library's per-anchor cases bit for bit.
    @inlinable
    public static func point(at anchor: PopoverAnchor, of rect: Rect) -> Point {
        let (u, v) = anchor.unitPoint
        return Point(x: rect.origin.x + u * abs(rect.size.width), y: rect.origin.y + v * abs(rect.size.height))
    }

    /// The largest size SwiftUI proposes to a popover's content: the full window padded bottom by
    /// top + bottom and trailing by left + right screen-edge padding (PopoverContainerView.swift:145,
    /// 173-183; Documentation/popovers.md §4, "Size limit"). The safe area is not subtracted.
    @inlinable
    public static func maximumSize(window: PopoverWindow, screenEdgePadding e: EdgeInsets) -> Size {
        Size(width: window.size.width - (e.left + e.right), height: window.size.height - (e.top + e.bottom))
    }

    /// The measured size of content that adapts to the proposal: the content's size capped at
    /// ``maximumSize(window:screenEdgePadding:)`` (never negative).
    @inlinable
    public static func fittedSize(_ size: Size, window: PopoverWindow, screenEdgePadding e: EdgeInsets) -> Size {
        let limit = maximumSize(window: window, screenEdgePadding: e)
        return Size(width: max(0, min(size.width, limit.width)), height: max(0, min(size.height, limit.height)))
    }

    /// The measured size of content: capped at the proposal when it adapts, its own size when it is
    /// `.fixedSize()` (SwiftUI lays a fixed-size view out at its ideal size whatever is proposed).
    @inlinable
    public static func measuredSize(
        _ size: Size, fixedSize: Bool, window: PopoverWindow, screenEdgePadding e: EdgeInsets
    ) -> Size {
        fixedSize ? size : fittedSize(size, window: window, screenEdgePadding: e)
    }

    /// The frame of an `.absolute(originAnchor, popoverAnchor)` popover before clamping
    /// (`absoluteFrame`, Popover+Positioning.swift:85-142): O = S.point(a) − (u_b·w, v_b·h).
    @inlinable
    public static func unclampedAbsoluteOrigin(
        originAnchor a: PopoverAnchor, popoverAnchor b: PopoverAnchor,
        sourceFrame s: Rect, size: Size
    ) -> Point {
        let attach = point(at: a, of: s)
        let (u, v) = b.unitPoint
        return Point(x: attach.x - u * size.width, y: attach.y - v * size.height)
    }

    /// The screen-edge clamp of an absolute popover (Popover+Calculations.swift:34-56; Documentation/popovers.md §4),
    /// in the library's order:
    /// 1. left/top against the raw padding (x < e.left → x = e.left; y < e.top → y = e.top), **not** the
    ///    safe area;
    /// 2. then right/bottom against the safe-area frame minus padding: if x + w > A.maxX − e.right,
    ///    x −= (x + w) − (A.maxX − e.right), and the same on y. The second step runs last, so it wins
    ///    when the popover is larger than the space (the popover then pokes out at the top/left).
    @inlinable
    public static func clampedAbsoluteOrigin(
        _ origin: Point, size: Size, window: PopoverWindow,
        screenEdgePadding e: EdgeInsets
    ) -> Point {
        var o = origin
        let safe = window.safeAreaFrame
        let maxX = (safe.origin.x + abs(safe.size.width)) - e.right
        let maxY = (safe.origin.y + abs(safe.size.height)) - e.bottom
        if o.x < e.left { o.x = e.left }
        if o.y < e.top { o.y = e.top }
        if o.x + size.width > maxX { o.x -= (o.x + size.width) - maxX }
        if o.y + size.height > maxY { o.y -= (o.y + size.height) - maxY }
        return o
    }

    /// The static origin of an absolute popover: attach, then clamp (Popover+Calculations.swift:26-58).
    @inlinable
    public static func absoluteOrigin(
        originAnchor a: PopoverAnchor, popoverAnchor b: PopoverAnchor,
        sourceFrame: Rect, size: Size, window: PopoverWindow,
        screenEdgePadding: EdgeInsets
    ) -> Point {
        clampedAbsoluteOrigin(
            unclampedAbsoluteOrigin(originAnchor: a, popoverAnchor: b, sourceFrame: sourceFrame, size: size),
            size: size, window: window, screenEdgePadding: screenEdgePadding)
    }

    /// The top-left origin of a `.relative` popover at `anchor` inside container C
    /// (`relativeOrigin`, Popover+Positioning.swift:150-202): (C.x + u·C.w − u·w, C.y + v·C.h − v·h),
    /// evaluated left to right as the library's per-anchor cases are. No screen-edge clamping is done
    /// for relative popovers (Documentation/popovers.md §4).
    @inlinable
    public static func relativeOrigin(anchor: PopoverAnchor, container c: Rect, size: Size) -> Point {
        let (u, v) = anchor.unitPoint
        return Point(
            x: c.origin.x + u * abs(c.size.width) - u * size.width,
            y: c.origin.y + v * abs(c.size.height) - v * size.height)
    }

    /// The picture-in-picture snap target (`relativeClosestAnchor`, Popover+Positioning.swift:211-234;
    /// Documentation/popovers.md §4): the anchor whose **top-left origin** is nearest to `target` (a projected
    /// top-left origin) by squared distance. The comparison is strict `<` starting from (.bottom, +∞), so ties go
    /// to the earlier anchor in the list and an empty list gives `.bottom`.
    @inlinable
    public static func nearestAnchor(
        to target: Point, among anchors: [PopoverAnchor], container: Rect,
        size: Size
    ) -> PopoverAnchor {
        var best = PopoverAnchor.bottom
        var bestDistance = Double.infinity
        for anchor in anchors {
            // CGPointDistanceSquared (PopoverUtilities.swift:134-136): (a.x−b.x)² + (a.y−b.y)².
            let distance = target.squaredDistance(to: relativeOrigin(anchor: anchor, container: container, size: size))
            if distance < bestDistance {
                best = anchor
                bestDistance = distance
            }
        }
        return best
    }
}
