import PopSimDynamics
import PopSimGeometry

/// The popup bar's styles and their base heights in points (`LeoNatan/LNPopupController@be3afaa
/// LNPopupController/LNPopupController/Private/LNPopupBar.mm:19-22`). What a style resolves to and the
/// points a floating bar adds are ``PopupBarLayout``'s.
public enum PopupBarStyle: String, Sendable, Hashable, CaseIterable {
    case compact
    case prominent
    /// The default from iOS 17 (LNPopupBar.mm:194-203).
    case floating
    /// The iOS 26 default on phones and in compact width (LNPopupBar.mm:162-172).
    case floatingCompact = "floating-compact"

    /// The base height, before the floating and iPad additions.
    public var height: Double {
        switch self {
        case .compact: return 40
        case .prominent: return 64
        case .floating: return 58
        case .floatingCompact: return 48
        }
    }
}

/// Where things are: the container, the docking bar's top edge and the popup bar
/// (Documentation/lnpopupcontroller.md §2). Coordinates are the container's, y down, in points.
///
/// - d (`containerHeight`) is the height of the popup bar's superview, normally the container's.
/// - Y_c (`dockTop`) is `_cachedDefaultFrame.origin.y − _cachedInsets.bottom`: the top edge of the bottom
///   docking bar (a tab bar, a toolbar, or the bottom safe-area edge).
/// - The closed bar sits on the dock, its origin at Y_c − h + offset (LNPopupController.mm:277-287),
///   where the offset is 0 for non-floating bars and depends on the container for floating ones
///   (`_ln_popupOffsetForPopupBar`, UIViewController+LNPopupSupport.mm:502-550: −10 on glass or −4
///   without a bottom safe area, +6 on a glass compact phone, −8 in a UITabBarController on glass). The
///   default is 0; give the offset of the container you model.
/// - The content's top edge is the bar's bottom edge while the popup is displaced or animating, and
///   Y_c at rest when closed (the closed content frame is moved up by the offset and has height 0,
///   LNPopupController.mm:289-360), so the content top runs from Y_c (closed) to 0 (open).
///
/// - The bar's touch area is its content view's frame (``closedBarTouchFrame``): the bar inset by
///   ``barContentInsets`` (``PopupBarLayout/contentInsets``).
///
/// The defaults describe an iPhone 15/16 in portrait (393 × 852 pt) with a tab bar of 49 pt over a
/// 34-pt home-indicator inset (Y_c = 852 − 83 = 769) and the iOS 17-18 default bar: floating without
/// glass, 64 pt tall, its content view 12 pt in from each side and 4 pt from top and bottom.
public struct PopupGeometry: Sendable, Hashable {
    /// W, points.
    public var containerWidth: Double
    /// d, points.
    public var containerHeight: Double
    /// Y_c, points.
    public var dockTop: Double
    /// h, the popup bar's height while closed (it is 0 while open, LNPopupController.mm:610-622).
    public var barHeight: Double
    /// The floating bar's vertical offset from the dock, points (negative is up).
    public var barOffset: Double
    /// The content view's insets inside the bar: the part of the bar that takes no touches.
    public var barContentInsets: EdgeInsets

    /// W of the default phone's portrait window (``DefaultPhoneScreen``), pt.
    public static let defaultContainerWidth = DefaultPhoneScreen.size.width
    /// d of the same window, pt.
    public static let defaultContainerHeight = DefaultPhoneScreen.size.height
    /// Y_c = d − 83: a 49 pt tab bar above the 34 pt home-indicator inset (769 pt).
    public static let defaultDockTop =
        DefaultPhoneScreen.size.height - DefaultPhoneScreen.tabBarHeight
        - DefaultPhoneScreen.homeIndicatorInset

    /// A bar of a given height and content insets.
    public init(
        containerWidth: Double = defaultContainerWidth, containerHeight: Double = defaultContainerHeight,
        dockTop: Double = defaultDockTop, barHeight: Double, barOffset: Double = 0, barContentInsets: EdgeInsets = .zero
    ) {
        self.containerWidth = containerWidth
        self.containerHeight = containerHeight
        self.dockTop = dockTop
        self.barHeight = barHeight
        self.barOffset = barOffset
        self.barContentInsets = barContentInsets
    }

    /// The bar LNPopupController lays out for `bar` (height and content insets from ``PopupBarLayout``).
    public init(
        containerWidth: Double = defaultContainerWidth, containerHeight: Double = defaultContainerHeight,
        dockTop: Double = defaultDockTop, bar: PopupBarLayout = PopupBarLayout(), barOffset: Double = 0
    ) {
        self.init(
            containerWidth: containerWidth, containerHeight: containerHeight, dockTop: dockTop,
            barHeight: bar.height, barOffset: barOffset, barContentInsets: bar.contentInsets(barWidth: containerWidth))
    }

    /// A bar of `barStyle` without glass on a phone.
    public init(
        containerWidth: Double = defaultContainerWidth, containerHeight: Double = defaultContainerHeight,
        dockTop: Double = defaultDockTop, barStyle: PopupBarStyle, barOffset: Double = 0
    ) {
        self.init(
            containerWidth: containerWidth, containerHeight: containerHeight, dockTop: dockTop,
            bar: PopupBarLayout(style: barStyle), barOffset: barOffset)
    }

    public static let `default` = PopupGeometry()

    /// Checks every field; the model and the CLI call it before anything runs.
    public func validate() throws(DynamicsError) {
        try Self.require(
            containerWidth.isFinite && containerWidth > 0, "containerWidth", containerWidth, "a positive finite number")
        try Self.require(
            containerHeight.isFinite && containerHeight > 0, "containerHeight", containerHeight,
            "a positive finite number")
        try Self.require(
            dockTop.isFinite && dockTop > 0 && dockTop <= containerHeight, "dockTop", dockTop,
            "in (0, containerHeight = \(containerHeight)]: the dock's top edge lies inside the container")
        try Self.require(
            barHeight.isFinite && barHeight >= 0 && barHeight <= dockTop, "barHeight", barHeight,
            "in [0, dockTop = \(dockTop)]")
        try Self.require(barOffset.isFinite, "barOffset", barOffset, "a finite number")
        for (name, inset) in [
            ("barContentInsets.top", barContentInsets.top), ("barContentInsets.left", barContentInsets.left),
            ("barContentInsets.bottom", barContentInsets.bottom), ("barContentInsets.right", barContentInsets.right),
        ] {
            try Self.require(inset.isFinite && inset >= 0, name, inset, "a finite number ≥ 0")
        }
    }

    static func require(_ condition: Bool, _ parameter: String, _ value: Double, _ requirement: String)
        throws(DynamicsError)
    {
        if !condition { throw .invalidParameter(parameter: parameter, value: value, requirement: requirement) }
    }

    /// The resting closed bar's frame (LNPopupController.mm:277-287).
    public var closedBarFrame: Rect {
        Rect(x: 0, y: dockTop - barHeight + barOffset, width: containerWidth, height: barHeight)
    }

    /// The closed bar's content view, where its pan and tap recognisers take touches: ``closedBarFrame``
    /// inset by ``barContentInsets``.
    public var closedBarTouchFrame: Rect {
        let bar = closedBarFrame
        let e = barContentInsets
        return Rect(
            x: bar.origin.x + e.left, y: bar.origin.y + e.top, width: max(0, bar.width - (e.left + e.right)),
            height: max(0, bar.height - (e.top + e.bottom)))
    }

    /// The content's top edge at rest: Y_c when closed, 0 when open.
    public func restingContentTop(open: Bool) -> Double { open ? 0 : dockTop }

    /// p = 1 − bar.maxY / Y_c (`_percentFromPopupBar`, LNPopupController.mm:362-365): 0 closed, 1 open.
    /// The content's top edge is the bar's bottom edge whenever p is read.
    @inlinable
    public func progress(contentTop: Double) -> Double { 1 - contentTop / dockTop }

    /// s = smoothstep(0, 1, p) = t²(3 − 2t) with t = clamp(p, 0, 1) (LNPopupController.mm:367-372,
    /// `Utils/LNMath.m:39-43`).
    @inlinable
    public static func smoothstep(_ p: Double) -> Double {
        let t = min(max(p, 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// The bar content's alpha, 1 − s(p) (LNPopupController.mm:305).
    @inlinable
    public static func barContentAlpha(progress p: Double) -> Double { 1 - smoothstep(p) }
}
