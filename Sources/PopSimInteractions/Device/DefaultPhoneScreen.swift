import PopSimGeometry

/// The phone both interaction models default to: an iPhone 15/16-class screen in portrait, in points.
/// Declared once, so the Popovers window (``PopoverWindow/iPhone``), the LNPopupController container
/// (``PopupGeometry``) and the command-line defaults cannot drift apart.
public enum DefaultPhoneScreen {
    /// 393 × 852 pt (iPhone 15, 15 Pro, 16; 1179 × 2556 px at @3x).
    public static let size = Size(width: 393, height: 852)
    /// The top safe-area inset (status bar around the Dynamic Island), pt.
    public static let topSafeAreaInset = 59.0
    /// The bottom safe-area inset (the home indicator), pt.
    public static let homeIndicatorInset = 34.0
    /// A `UITabBar`'s height above the home indicator, pt.
    public static let tabBarHeight = 49.0
}
