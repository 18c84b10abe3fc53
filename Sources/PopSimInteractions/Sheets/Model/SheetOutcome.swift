/// Where a release leaves a sheet, in the words `popsim decide sheet` and the trace's outcome print.
public enum SheetOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The sheet rests at (or animates to) this stop. FloatingPanel's `hidden` is a stop like the others
    /// when the layout has one: the panel is attracted there, not removed.
    case stop(SheetStopName)
    /// PanModal dismissed the modal (`presentedViewController.dismiss(animated: true)`,
    /// slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift:526, 544).
    case dismissed
    /// FloatingPanel's removal interaction removed the panel (`ownerVC?.remove()`,
    /// scenee/FloatingPanel@7efcc76 Sources/Core.swift:782-785).
    case removed

    /// `full`, `half`, `tip`, `hidden`, `long`, `short`, `dismissed` or `removed`: one CSV field, no
    /// allocation (every word is a literal).
    public var word: String {
        switch self {
        case .stop(let name):
            switch name {
            case .full: return "full"
            case .half: return "half"
            case .tip: return "tip"
            case .hidden: return "hidden"
            case .long: return "long"
            case .short: return "short"
            }
        case .dismissed: return "dismissed"
        case .removed: return "removed"
        }
    }

    /// Parses a ``word``.
    public init?(word: String) {
        switch word {
        case "dismissed": self = .dismissed
        case "removed": self = .removed
        default:
            guard let name = SheetStopName(rawValue: word) else { return nil }
            self = .stop(name)
        }
    }

    /// Every word, in a fixed order: FloatingPanel's stops, PanModal's, then the two exits.
    public static let allWords: [String] = SheetStopName.allCases.map(\.rawValue) + ["dismissed", "removed"]

    public var description: String { word }
}
