/// What became of a popover, in the words `popsim decide popover` and `popsim simulate popover
/// --outcome` print.
///
/// A release decision (``PopoverReleaseDecision``) yields one of the first five; a simulation adds
/// the last two for popovers whose fate was not decided by a drag release.
public enum PopoverOutcome: Sendable, Hashable, CustomStringConvertible {
    /// Released with the projected top edge at or below (1 − proximity)·H with drag-down enabled.
    case dismissedDown
    /// Released with the projected top edge at or above proximity·H with drag-up enabled.
    case dismissedUp
    /// An absolute popover sprang back to its static frame.
    case returned
    /// `changeLocationOnDismiss`: the popover stays where the finger left it.
    case moved
    /// A relative popover snapped to this anchor (with one anchor, a spring back to it).
    case anchor(PopoverAnchor)
    /// Simulation only: dismissed by a touch outside it (§3b).
    case dismissedTapOutside
    /// Simulation only: still presented, and no drag on it was released (no drag, a drag shorter than
    /// the 2 pt minimum, or a cancelled touch).
    case presented

    /// `dismissed-down`, `dismissed-up`, `returned`, `moved`, `anchor:NAME`, `dismissed-tap-outside`,
    /// `presented`. Every word is a string literal, so asking for it never allocates.
    public var word: String {
        switch self {
        case .dismissedDown: return "dismissed-down"
        case .dismissedUp: return "dismissed-up"
        case .returned: return "returned"
        case .moved: return "moved"
        case let .anchor(anchor):
            switch anchor {
            case .topLeft: return "anchor:top-left"
            case .top: return "anchor:top"
            case .topRight: return "anchor:top-right"
            case .right: return "anchor:right"
            case .bottomRight: return "anchor:bottom-right"
            case .bottom: return "anchor:bottom"
            case .bottomLeft: return "anchor:bottom-left"
            case .left: return "anchor:left"
            case .center: return "anchor:center"
            }
        case .dismissedTapOutside: return "dismissed-tap-outside"
        case .presented: return "presented"
        }
    }

    public var description: String { word }

    /// Parses a ``word``.
    public init?(word: String) {
        switch word {
        case "dismissed-down": self = .dismissedDown
        case "dismissed-up": self = .dismissedUp
        case "returned": self = .returned
        case "moved": self = .moved
        case "dismissed-tap-outside": self = .dismissedTapOutside
        case "presented": self = .presented
        default:
            guard word.hasPrefix("anchor:"), let anchor = PopoverAnchor(rawValue: String(word.dropFirst(7))) else {
                return nil
            }
            self = .anchor(anchor)
        }
    }

    /// Whether the popover was dismissed.
    public var isDismissal: Bool {
        switch self {
        case .dismissedDown, .dismissedUp, .dismissedTapOutside: return true
        default: return false
        }
    }
}
