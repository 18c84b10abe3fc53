import PopSimGestures

/// Everything that places a sheet's stops: the library, the screen, the stops as given, the edge the
/// panel is attached to, a scroll view's content (PanModal's default long form fits it), FloatingPanel's
/// anchors, the content's intrinsic height and PanModal's presentable. The layout
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
    /// FloatingPanel's `anchors` as the app writes them (`--anchors`), placed in the window as
    /// `LayoutAdapter` places them; nil: `FloatingPanelBottomLayout`'s for a bottom panel.
    public var anchors: [FloatingPanelState: FloatingPanelAnchor]?
    /// The surface's intrinsic content height, pt (`--content-height`): what FloatingPanel's intrinsic
    /// anchors and PanModal's `.intrinsicHeight` read.
    public var contentHeight: Double?
    /// PanModal's presentable: its forms' heights, `topOffset` and `anchorModalToLongForm` place the stops
    /// (unless `--detents` does); its knobs move the modal.
    public var panModal = PanModalPresentable.default

    public init() {}

    /// The window as the layouts see it.
    public var container: SheetContainer {
        SheetContainer(
            height: screen.window.height, safeAreaTop: screen.safeArea.top, safeAreaBottom: screen.safeArea.bottom,
            displayScale: screen.scale)
    }

    /// FloatingPanel's anchors: the given ones, or the bottom layout's for a bottom panel; nil for a top
    /// panel without anchors (it needs `--detents` or `--anchors`).
    public var anchoredLayout: FloatingPanelAnchoredLayout? {
        if let anchors { return FloatingPanelAnchoredLayout(position: attachment, anchors: anchors) }
        return attachment == .bottom ? .bottomLayout : nil
    }

    /// The stops: the given ones, or where the anchors (FloatingPanel, before rounding to the pixel grid)
    /// or the presentable (PanModal) place them in this window; none when they cannot be placed.
    ///
    /// FloatingPanel's default is `FloatingPanelBottomLayout` (scenee/FloatingPanel@7efcc76
    /// Sources/Layout.swift:26-40; ``FloatingPanelAnchoredLayout/bottomLayout``); it has no default for a
    /// top-attached panel. PanModal's default long form is `.maxHeight`, or with a scroll view
    /// `.contentHeight(contentSize.height)` (slackhq/PanModal@b012aec
    /// PanModal/Presentable/PanModalPresentable+Defaults.swift:24-32), and its short form the long form's.
    public var stops: [SheetStop] {
        if let detents { return detents }
        switch library {
        case .floatingPanel:
            return (anchoredLayout?.unroundedPositions(in: container, intrinsicHeight: contentHeight ?? 0) ?? []).map {
                SheetStop($0.state.stopName, y: $0.y)
            }
        case .panModal:
            return (try? layout().get())?.stops ?? []
        }
    }

    /// `--detents` as given, else the anchors (FloatingPanel) or the presentable's forms (PanModal)
    /// placed in the window.
    public func layout() -> Result<SheetLayout, SheetLayoutError> {
        Result { () throws(SheetLayoutError) in
            switch library {
            case .floatingPanel where detents == nil:
                guard let anchoredLayout else { throw .noStops(library: .floatingPanel) }
                return .floatingPanel(try anchoredLayout.resolved(in: container, intrinsicHeight: contentHeight))
            case .panModal where detents == nil:
                return .panModal(
                    try panModal.layout(
                        in: container, intrinsicHeight: contentHeight, scrollContentHeight: scrollContentHeight))
            default:
                return try SheetLayout(
                    library: library, stops: stops, attachment: attachment, windowHeight: screen.window.height,
                    topSafeAreaInset: screen.safeArea.top, displayScale: screen.scale, topOffset: panModal.topOffset,
                    anchorModalToLongForm: panModal.anchorModalToLongForm)
            }
        }
    }
}
