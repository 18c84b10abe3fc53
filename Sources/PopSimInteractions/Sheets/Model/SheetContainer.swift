import PopSimGestures

/// The view a sheet is laid out in, as both libraries measure it: FloatingPanel's controller view
/// (`vc.view.bounds` and `fp_safeAreaInsets`, scenee/FloatingPanel@7efcc76 Sources/Layout.swift:79-81,
/// 322-323) and its display scale; PanModal's container view (`containerView.bounds.size.height`) and
/// the presenting root view's safe area (`topLayoutOffset`, `bottomLayoutOffset`, slackhq/PanModal@b012aec
/// PanModal/Presentable/PanModalPresentable+LayoutHelpers.swift:29-47). Only the vertical parts place
/// stops.
public struct SheetContainer: Sendable, Hashable {
    /// The view's height, pt.
    public var height: Double
    /// The top safe-area inset, pt.
    public var safeAreaTop: Double
    /// The bottom safe-area inset, pt.
    public var safeAreaBottom: Double
    /// Pixels per point (`fp_displayScale`).
    public var displayScale: Double

    public init(
        height: Double = SheetScreenDefaults.windowHeight, safeAreaTop: Double = SheetScreenDefaults.topSafeAreaInset,
        safeAreaBottom: Double = SheetScreenDefaults.bottomSafeAreaInset,
        displayScale: Double = SheetScreenDefaults.displayScale
    ) {
        self.height = height
        self.safeAreaTop = safeAreaTop
        self.safeAreaBottom = safeAreaBottom
        self.displayScale = displayScale
    }

    /// The device's portrait window, safe area and pixel scale.
    public init(_ device: DevicePreset) {
        self.init(
            height: device.window.height, safeAreaTop: device.safeAreaInsets.top,
            safeAreaBottom: device.safeAreaInsets.bottom, displayScale: device.scale)
    }

    /// The default phone's: 852 pt, insets 59 and 34, 3 pixels per point.
    public static let `default` = SheetContainer()

    /// Checks the numbers the layouts compute with: a positive height, insets ≥ 0 leaving a safe area,
    /// a display scale in range.
    public func validate() throws(SheetLayoutError) {
        try SheetLayoutLimits.checkSize(.windowHeight, height)
        try SheetLayoutLimits.checkDisplayScale(displayScale)
        for inset in [safeAreaTop, safeAreaBottom] {
            guard inset.isFinite, inset >= 0, inset <= SheetLayoutLimits.maximumCoordinate else {
                throw .invalidParameter(
                    name: .safeAreaInsets, value: inset,
                    requirement: "a finite number of points ≥ 0 and ≤ \(SheetLayoutLimits.maximumCoordinate)")
            }
        }
        guard safeAreaTop + safeAreaBottom < height else {
            throw .invalidParameter(
                name: .safeAreaInsets, value: safeAreaTop,
                requirement:
                    "a top inset that leaves, with the bottom inset \(safeAreaBottom), room in the height \(height)")
        }
    }
}
