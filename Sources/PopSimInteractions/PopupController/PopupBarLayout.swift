import PopSimGeometry

/// The popup bar as LNPopupController 4.5.6.1 lays it out: the style it resolves to, its height, and
/// the frame of its content view inside it. The pan and tap recognisers sit on that content view
/// (LNPopupController/LNPopupController/Private/LNPopupController.mm:1511-1512, 1771), so the content
/// view's frame is the bar's touch area: for a floating bar it is inset from the screen edges, and a
/// touch on the bar's margin does nothing.
///
/// Every rule is from `LeoNatan/LNPopupController@be3afaa LNPopupController/LNPopupController/Private/LNPopupBar.mm`:
/// - Style (l.122-238): with Liquid Glass (iOS 26, glass on) every bar floats, compact and
///   floating-compact resolve to floating-compact and prominent and floating to floating; without glass
///   the requested style stays (the default is floating from iOS 17, l.194-203).
/// - Height (l.47-120): compact 40, prominent 64, floating 58, floating-compact 48 (l.19-22); a floating
///   bar without glass is 6 pt taller (l.80-83), and a non-compact floating bar on an iPad in regular
///   width another 6 (l.75-78, `isWidePad` l.2558-2566). Dynamic Type sizes add more (l.58-73, not
///   modelled: give ``PopupGeometry/barHeight`` directly).
/// - Content view (l.910-1016): a floating bar without glass insets it by 4 pt top and bottom and by
///   max(safe-area inset + 12, i) pt left and right, i = 12 when `limitFloatingContentWidth` (on by
///   default, l.416) or in compact width, else 30 (l.926-927); with glass by the floating layout margins
///   (l.921, l.692-747): on a phone the bar's layout margins + 1, on an iPad 10 pt
///   (UIView+LNPopupSupportPrivate.mm:65-68). On a wide iPad (`isWidePad`: regular width, l.2558-2566) with
///   `limitFloatingContentWidth`, a content view wider than 954 pt (700 pt with glass;
///   `LNPopupBarFloatingPadWidthLimitLegacy`/`…Modern`, l.26-27) is narrowed to that width, centred (l.929-948).
///   A non-floating bar fills the bar's width minus its *leading* safe-area inset, taken off both sides
///   (l.993-1006: the left inset on both sides, or the right one on both sides right to left).
public struct PopupBarLayout: Sendable, Hashable {
    /// The style asked for (`LNPopupBar.barStyle`).
    public var style: PopupBarStyle
    /// Liquid Glass: iOS 26 with glass on. Without it: iOS 17-18 (or glass turned off).
    public var glass: Bool
    /// An iPad in regular width (`isWidePad`); a phone otherwise.
    public var isPad: Bool
    /// The bar's horizontal safe-area insets (0 in portrait).
    public var safeAreaLeft: Double
    public var safeAreaRight: Double
    /// `limitFloatingContentWidth` (default true, LNPopupBar.mm:416): on a wide iPad the floating content
    /// view is at most ``floatingPadWidthLimit`` (``floatingPadWidthLimitGlass`` with glass) wide.
    public var limitFloatingContentWidth: Bool
    /// A right-to-left layout (`effectiveUserInterfaceLayoutDirection`): a non-floating bar then insets
    /// its content by the right safe-area inset on both sides instead of the left one.
    public var rightToLeft: Bool
    /// The bar's layout margins on a glass phone, which it inherits from the container's root view
    /// (`preservesSuperviewLayoutMargins`, LNPopupBar.mm:410). 16 pt is UIKit's minimum root-view margin
    /// in compact width (`systemMinimumLayoutMargins`); an assumption, not read from LNPopupController.
    public var glassPhoneLayoutMargin: Double

    public init(
        style: PopupBarStyle = .floating, glass: Bool = false, isPad: Bool = false, safeAreaLeft: Double = 0,
        safeAreaRight: Double = 0, glassPhoneLayoutMargin: Double = 16, limitFloatingContentWidth: Bool = true,
        rightToLeft: Bool = false
    ) {
        self.style = style
        self.glass = glass
        self.isPad = isPad
        self.safeAreaLeft = safeAreaLeft
        self.safeAreaRight = safeAreaRight
        self.glassPhoneLayoutMargin = glassPhoneLayoutMargin
        self.limitFloatingContentWidth = limitFloatingContentWidth
        self.rightToLeft = rightToLeft
    }

    /// The widest a floating bar's content view gets on a wide iPad without glass, pt
    /// (`LNPopupBarFloatingPadWidthLimitLegacy`, LNPopupBar.mm:26).
    public static let floatingPadWidthLimit = 954.0
    /// The same with glass (`LNPopupBarFloatingPadWidthLimitModern`, LNPopupBar.mm:27).
    public static let floatingPadWidthLimitGlass = 700.0

    /// The style the bar resolves to (`_LNPopupResolveBarStyleFromBarStyle`).
    public var resolvedStyle: PopupBarStyle {
        guard glass else { return style }
        switch style {
        case .compact, .floatingCompact: return .floatingCompact
        case .prominent, .floating: return .floating
        }
    }

    public var isFloating: Bool { resolvedStyle == .floating || resolvedStyle == .floatingCompact }

    /// The bar's height (`_LNPopupBarHeightForPopupBar`) at the default text size.
    public var height: Double {
        var additional = 0.0
        if isFloating && resolvedStyle != .floatingCompact && isPad { additional += 6 }
        if isFloating && !glass { additional += 6 }
        return resolvedStyle.height + additional
    }

    /// The content view's insets inside a bar `barWidth` wide: what the touch area lacks on each side.
    public func contentInsets(barWidth: Double) -> EdgeInsets {
        guard isFloating else {
            let leading = rightToLeft ? safeAreaRight : safeAreaLeft
            return EdgeInsets(left: leading, right: leading)
        }
        var insets: EdgeInsets
        if !glass {
            let minimum: Double = limitFloatingContentWidth || !isPad ? 12 : 30
            insets = EdgeInsets(
                top: 4, left: max(safeAreaLeft + 12, minimum), bottom: 4, right: max(safeAreaRight + 12, minimum))
        } else {
            let margin = isPad ? 10 : glassPhoneLayoutMargin + 1
            insets = EdgeInsets(left: margin, right: margin)
        }
        let limit = glass ? Self.floatingPadWidthLimitGlass : Self.floatingPadWidthLimit
        let width = barWidth - insets.left - insets.right
        if limitFloatingContentWidth && isPad && width > limit {
            let excess = (width - limit) / 2
            insets.left += excess
            insets.right += excess
        }
        return insets
    }
}
