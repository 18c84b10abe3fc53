import PopSimGeometry
import PopSimGestures

/// The phone both interaction models default to: the iPhone 15 Pro's portrait window
/// (``DevicePreset/iPhone15Pro``, Documentation/devices.md) with a tab bar. Declared once, so the Popovers
/// window (``PopoverWindow/iPhone``), the LNPopupController container (``PopupGeometry``) and the
/// command-line defaults cannot drift apart.
public enum DefaultPhoneScreen {
    /// 393 × 852 pt.
    public static let size = DevicePreset.iPhone15Pro.window
    /// The top safe-area inset (status bar around the Dynamic Island), 59 pt.
    public static let topSafeAreaInset = DevicePreset.iPhone15Pro.safeAreaInsets.top
    /// The bottom safe-area inset (the home indicator), 34 pt.
    public static let homeIndicatorInset = DevicePreset.iPhone15Pro.safeAreaInsets.bottom
    /// A `UITabBar`'s height above the home indicator in compact height, 49 pt.
    public static let tabBarHeight = 49.0
}
