/// A stop of either library, by the name `--detents` and the outcome column use.
///
/// FloatingPanel's states are `FloatingPanelState.full`, `.half`, `.tip` and `.hidden`
/// (scenee/FloatingPanel@7efcc76 Sources/State.swift:40-47); PanModal's are its two presentation
/// states, `.longForm` and `.shortForm` (slackhq/PanModal@b012aec
/// PanModal/Controller/PanModalPresentationController.swift:31-34), here `long` and `short`.
public enum SheetStopName: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case full, half, tip, hidden
    case long, short

    /// The library whose stop this is.
    public var library: SheetLibrary {
        switch self {
        case .full, .half, .tip, .hidden: return .floatingPanel
        case .long, .short: return .panModal
        }
    }

    public var description: String { rawValue }
}
