import PopSimDynamics
import PopSimGeometry

/// A scroll view inside the popup content, as far as LNPopupController's scroll cooperation reads it
/// (Documentation/lnpopupcontroller.md §7): its frame, content size, adjusted content inset and content offset.
///
/// While the popup is open, every pan in the content hierarchy also drives the popup's pan handler
/// (`_fixupGestureRecognizer`, LNPopupController.mm:1575-1607). The popup's own pan requires the scroll
/// view's pan to fail when the scroll view has vertical content (PGR:66-191), so a touch on such a scroll
/// view reaches the popup only through the scroll view's pan, and the popup starts to close only from
/// the scroll view's top edge and only when pulled down (LNPopupController.mm:1030-1076). A scroll view
/// without vertical content is treated as plain content.
///
/// The model moves the content offset 1:1 with the finger between the edges (no rubber band past them,
/// no deceleration after lift-off); that is enough for the at-top test, and the offset is pinned anyway
/// while the popup is displaced.
public struct PopupScrollView: Sendable, Hashable {
    /// In the content's coordinates (the content's top-left is (0, 0); the content slides, it is not
    /// resized).
    public var frame: Rect
    public var contentSize: Size
    /// `adjustedContentInset`.
    public var contentInset: EdgeInsets
    /// The offset when the simulation starts.
    public var contentOffset: Point

    public init(frame: Rect, contentSize: Size, contentInset: EdgeInsets = .zero, contentOffset: Point? = nil) {
        self.frame = frame
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.contentOffset = contentOffset ?? Point(x: -contentInset.left, y: -contentInset.top)
    }

    /// `_ln_hasVerticalContent`: contentSize.h > the bounds' height inset by the adjusted content inset
    /// (UIView+LNPopupSupportPrivate.mm:1036-1043).
    public var hasVerticalContent: Bool {
        contentSize.height > frame.height - contentInset.top - contentInset.bottom
    }

    /// The horizontal counterpart, for `_ln_scrollingOnlyVertically` (UVP:1045-1048).
    public var hasHorizontalContent: Bool {
        contentSize.width > frame.width - contentInset.left - contentInset.right
    }

    /// The smallest content offset y (the top edge).
    public var minimumOffsetY: Double { -contentInset.top }
    /// The largest content offset y (the bottom edge).
    public var maximumOffsetY: Double { max(minimumOffsetY, contentSize.height + contentInset.bottom - frame.height) }

    /// `_ln_isAtTop`: offsetY ≤ −adjustedContentInset.top (UIView+LNPopupSupportPrivate.mm:1050-1071).
    public static func isAtTop(offsetY: Double, inset: EdgeInsets) -> Bool { offsetY <= -inset.top }

    func validate() throws(DynamicsError) {
        for (name, value) in [
            ("scrollView.frame.x", frame.origin.x), ("scrollView.frame.y", frame.origin.y),
            ("scrollView.contentInset.top", contentInset.top), ("scrollView.contentInset.bottom", contentInset.bottom),
            ("scrollView.contentInset.left", contentInset.left), ("scrollView.contentInset.right", contentInset.right),
            ("scrollView.contentOffset.x", contentOffset.x), ("scrollView.contentOffset.y", contentOffset.y),
        ] {
            try PopupGeometry.require(value.isFinite, name, value, "a finite number")
        }
        for (name, value) in [
            ("scrollView.frame.width", frame.width), ("scrollView.frame.height", frame.height),
            ("scrollView.contentSize.width", contentSize.width), ("scrollView.contentSize.height", contentSize.height),
        ] {
            try PopupGeometry.require(value.isFinite && value >= 0, name, value, "a finite number ≥ 0")
        }
    }
}
