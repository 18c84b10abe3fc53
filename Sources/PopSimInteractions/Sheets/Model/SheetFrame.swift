import PopSimTextIO

/// What the trace shows of one drawn frame: the sheet's moving edge, its scroll view's content offset,
/// who the finger moves, what the sheet is doing, and the outcome so far.
public struct SheetFrame: TraceRow, Hashable {
    /// The `state` column's words.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        /// At rest at this stop (also while a finger is down that has not become a pan).
        case resting(SheetStopName)
        /// A pan moves the sheet.
        case dragging
        /// The release animation runs toward a stop (FloatingPanel's attraction, PanModal's snap).
        case settling
        /// PanModal's dismissal animation runs.
        case dismissing
        /// A removed FloatingPanel animates to its hidden position.
        case removing
        /// Gone: dismissed or removed.
        case dismissed
        case removed

        /// The stop's name at rest, else `dragging`, `settling`, `dismissing`, `removing`, `dismissed`,
        /// `removed`.
        public var word: String {
            switch self {
            case .resting(let stop): return SheetOutcome.stop(stop).word
            case .dragging: return "dragging"
            case .settling: return "settling"
            case .dismissing: return "dismissing"
            case .removing: return "removing"
            case .dismissed: return "dismissed"
            case .removed: return "removed"
            }
        }

        public var description: String { word }
    }

    /// The moving edge, pt from the window's top (a bottom sheet's top edge, a top sheet's bottom edge).
    public let y: Double
    /// The scroll view's content offset, pt (0 without a scroll view).
    public let contentOffset: Double
    /// Who the finger moves in this frame.
    public let owner: TouchOwner
    public let state: State
    /// The outcome if the run ended now (``SheetModel/outcome``).
    public let outcome: SheetOutcome

    public init(y: Double, contentOffset: Double = 0, owner: TouchOwner = .none, state: State, outcome: SheetOutcome) {
        self.y = y
        self.contentOffset = contentOffset
        self.owner = owner
        self.state = state
        self.outcome = outcome
    }

    public static let columns = ["y", "content_offset", "owner", "state", "outcome"]

    public var fields: [String] {
        [formatNumber(y), formatNumber(contentOffset), owner.rawValue, state.word, outcome.word]
    }
}
