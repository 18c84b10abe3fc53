import PopSimGestures

/// Everything that places a sheet's stops: the library, the screen, the stops as given, the edge the
/// panel is attached to and a scroll view's content (PanModal's default long form fits it). The layout
/// is a function of this value alone (``layout()``), so a problem that keeps one built
/// (``SheetDecisionProblem``) rebuilds it whenever any of it changes, a field added here included.
public struct SheetPlacement: Sendable, Hashable {
    public var library = SheetLibrary.floatingPanel
    /// The window, its safe-area insets and the pixel scale: the standard phone's, or a device's.
    public var screen = Screen.defaultPhone
    /// The stops as given (`--detents`); nil: the library's default layout in the window.
    public var detents: [SheetStop]?
    /// FloatingPanel's `FloatingPanelPosition`.
    public var attachment = FloatingPanelPosition.bottom
    /// The content height of a scroll view inside the sheet, pt; nil: no scroll view.
    public var scrollContentHeight: Double?

    public init() {}

    /// The stops: the given ones, or the library's default layout in this window.
    ///
    /// FloatingPanel's `FloatingPanelBottomLayout` (scenee/FloatingPanel@7efcc76 Sources/Layout.swift:34-40):
    /// full 18 pt below the safe area's top, half at half the safe area's height above its bottom, tip
    /// 69 pt above its bottom (the anchors' constraints, Sources/LayoutAnchoring.swift:68-82). It has no
    /// default for a top-attached panel, which needs `--detents`. PanModal's defaults (long form at the
    /// top offset, short form at the long form) are its layout's own; with a scroll view its default long
    /// form fits the content, `.contentHeight(contentSize.height)` (slackhq/PanModal@b012aec
    /// PanModal/Presentable/PanModalPresentable+Defaults.swift:24-32): max(H − content − bottom inset,
    /// top offset) (+LayoutHelpers.swift:72-74, 80-86, 92-99).
    public var stops: [SheetStop] {
        if let detents { return detents }
        let window = screen.window
        let insets = screen.safeArea
        if library == .panModal, let scrollContentHeight {
            let topOffset = insets.top + PanModalLayout.topOffsetBelowSafeArea
            return [SheetStop(.long, y: max(window.height - scrollContentHeight - insets.bottom, topOffset))]
        }
        guard library == .floatingPanel, attachment == .bottom else { return [] }
        let safeBottom = window.height - insets.bottom
        return [
            SheetStop(.full, y: insets.top + 18), SheetStop(.half, y: safeBottom - 0.5 * (safeBottom - insets.top)),
            SheetStop(.tip, y: safeBottom - 69),
        ]
    }

    /// The library's layout of ``stops`` in this window.
    public func layout() -> Result<SheetLayout, SheetLayoutError> {
        Result { () throws(SheetLayoutError) in
            try SheetLayout(
                library: library, stops: stops, attachment: attachment, windowHeight: screen.window.height,
                topSafeAreaInset: screen.safeArea.top, displayScale: screen.scale)
        }
    }
}
