/// Where a touch landed, as the model hit-tests it when the touch begins.
public enum PopupTouchRegion: String, Sendable, Hashable, CustomStringConvertible {
    /// The closed bar's frame (the popup's pan and the tap-to-open recogniser live on the bar's
    /// content view while closed, LNPopupController.mm:705-706, 1511-1512, 1771).
    case bar
    /// The open content (the popup's pan moves to the content controller's view when open, l.741-743).
    case content
    /// A scroll view with vertical content inside the open content (§7).
    case scrollView
    /// The close button while an open animation runs (the animator lets touches through only when
    /// opening, l.805; the pan is still on the bar then).
    case closeButton = "close-button"
    /// Anywhere else, or a touch the model does not follow.
    case outside

    public var description: String { rawValue }
}
