import PopSimGestures

/// What a sheet assumes about the screen when no device is named: the default phone's
/// (``DefaultPhoneScreen``, the iPhone 15 Pro) window, safe area and pixel scale.
public enum SheetScreenDefaults {
    /// 3 pixels per point, the iPhone 15 Pro's (``DevicePreset/iPhone15Pro``).
    public static let displayScale = DevicePreset.iPhone15Pro.scale
    /// 852 pt.
    public static let windowHeight = DefaultPhoneScreen.size.height
    /// 59 pt.
    public static let topSafeAreaInset = DefaultPhoneScreen.topSafeAreaInset
    /// 34 pt.
    public static let bottomSafeAreaInset = DefaultPhoneScreen.homeIndicatorInset
}
