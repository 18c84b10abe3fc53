import PopSimGestures

/// A sheet's stops for one library: what `--library` and `--detents` describe together.
public enum SheetLayout: Sendable, Hashable {
    case floatingPanel(FloatingPanelLayout)
    case panModal(PanModalLayout)

    /// Builds the layout of `library` from stops as a user names them.
    /// - Parameters:
    ///   - attachment: FloatingPanel's position (default bottom); PanModal presents from the bottom only.
    ///   - windowHeight: the window's height, pt (FloatingPanel's default hidden position; PanModal's
    ///     container bottom).
    ///   - topSafeAreaInset: PanModal's `topOffset` is this + 21 pt.
    ///   - displayScale: FloatingPanel rounds its stops to this pixel grid.
    ///   - topOffset: PanModal's `topOffset`; nil: the top safe-area inset + 21 pt.
    ///   - anchorModalToLongForm: PanModal's flag (default true).
    public init(
        library: SheetLibrary, stops: [SheetStop], attachment: FloatingPanelPosition = .bottom,
        windowHeight: Double = SheetScreenDefaults.windowHeight,
        topSafeAreaInset: Double = SheetScreenDefaults.topSafeAreaInset,
        displayScale: Double = SheetScreenDefaults.displayScale, topOffset: Double? = nil,
        anchorModalToLongForm: Bool = true
    ) throws(SheetLayoutError) {
        switch library {
        case .floatingPanel:
            self = .floatingPanel(
                try FloatingPanelLayout(
                    position: attachment, stops: stops, windowHeight: windowHeight,
                    displayScale: displayScale))
        case .panModal:
            guard attachment == .bottom else {
                throw .unsupportedAttachment(library: .panModal, attachment: attachment)
            }
            self = .panModal(
                try PanModalLayout(
                    stops: stops, containerHeight: windowHeight, topSafeAreaInset: topSafeAreaInset,
                    topOffset: topOffset, anchorModalToLongForm: anchorModalToLongForm))
        }
    }

    /// The same on `device`: its portrait window height, top safe-area inset and pixel scale.
    public init(
        library: SheetLibrary, stops: [SheetStop], attachment: FloatingPanelPosition = .bottom, device: DevicePreset,
        anchorModalToLongForm: Bool = true
    ) throws(SheetLayoutError) {
        try self.init(
            library: library, stops: stops, attachment: attachment, windowHeight: device.window.height,
            topSafeAreaInset: device.safeAreaInsets.top, displayScale: device.scale,
            anchorModalToLongForm: anchorModalToLongForm)
    }

    public var library: SheetLibrary {
        switch self {
        case .floatingPanel: return .floatingPanel
        case .panModal: return .panModal
        }
    }

    /// The stops the layout has, with their positions: FloatingPanel's in increasing y, PanModal's long
    /// then short.
    public var stops: [SheetStop] {
        switch self {
        case .floatingPanel(let layout): return layout.stops
        case .panModal(let layout): return layout.stops
        }
    }

    /// The stop's position, or nil when the layout does not have it.
    public func position(of name: SheetStopName) -> Double? {
        switch self {
        case .floatingPanel(let layout):
            guard let state = FloatingPanelState(name), layout.contains(state) else { return nil }
            return layout.position(for: state)
        case .panModal(let layout):
            guard let state = PanModalPresentationState(name) else { return nil }
            return layout.position(for: state)
        }
    }

    /// The stop called `name`, checked against the layout (for `--from`).
    public func stop(named name: String) throws(SheetLayoutError) -> SheetStopName {
        guard let stop = SheetStopName(rawValue: name), position(of: stop) != nil else {
            throw .unknownFrom(name: name, available: stops.map(\.name))
        }
        return stop
    }
}
