/// Where a popover sits (`Popover.Attributes.Position`, Popover+Attributes.swift:92-104; Documentation/popovers.md
/// §4).
public enum PopoverPosition: Sendable, Hashable {
    /// Attached to the source frame: the popover's `popoverAnchor` is placed on the source frame's
    /// `originAnchor`, then clamped to the screen-edge padding. The library default is
    /// `.absolute(originAnchor: .bottom, popoverAnchor: .top)` (Popover+Attributes.swift:25).
    case absolute(originAnchor: PopoverAnchor, popoverAnchor: PopoverAnchor)
    /// Placed inside the source frame (the container) at one of the anchors; the first is the initial
    /// one. Two or more anchors make a picture-in-picture popover that is dragged freely and snaps to
    /// the nearest anchor on release.
    case relative(popoverAnchors: [PopoverAnchor])

    /// Popovers' default position (Popover+Attributes.swift:25).
    public static let `default` = PopoverPosition.absolute(originAnchor: .bottom, popoverAnchor: .top)

    /// True for `.relative` with two or more anchors: the free-drag, snap-to-anchor case
    /// (PopoverContainerView.swift:237-240).
    public var isPictureInPicture: Bool {
        if case let .relative(anchors) = self { return anchors.count >= 2 }
        return false
    }
}
