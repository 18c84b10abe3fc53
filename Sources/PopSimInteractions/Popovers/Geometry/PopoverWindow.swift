import PopSimGeometry

/// The window a popover is presented in: its bounds (origin at 0, 0, as `window.bounds`) and the
/// safe-area insets that define `safeAreaLayoutGuide.layoutFrame` (Documentation/popovers.md §3a, §4).
public struct PopoverWindow: Sendable, Hashable {
    public var size: Size
    public var safeAreaInsets: EdgeInsets

    public init(size: Size, safeAreaInsets: EdgeInsets = .zero) {
        self.size = size
        self.safeAreaInsets = safeAreaInsets
    }

    /// The default phone's portrait window (``DefaultPhoneScreen``, 393 × 852 pt) with no safe area: the
    /// CLI default.
    public static let iPhone = PopoverWindow(size: DefaultPhoneScreen.size)

    /// `window.bounds`; the drag-dismissal lines are fractions of its height (Popover+Context.swift:67-69).
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// `window.safeAreaLayoutGuide.layoutFrame`: the bounds inset by the safe area (UIKit order).
    public var safeAreaFrame: Rect { PopoverLayout.inset(bounds, by: safeAreaInsets) }
}
