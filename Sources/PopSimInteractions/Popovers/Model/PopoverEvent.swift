import PopSimGeometry

/// Something that happened to a popover during a simulation, for the event log (`time,event`).
///
/// The description is the event's word, followed by `@k` for popover k ≥ 1 of the configuration
/// (popover 0, the only one in single-popover runs, has no suffix): `drag-began`, `released:returned`,
/// `tap-outside@1`, `dismissed:drag-down`, `anchor-changed:top-left`, `drag-cancelled`.
public struct PopoverEvent: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The drag gesture passed its 2 pt minimum distance (the first `onChanged`).
        case dragBegan
        /// The drag ended (`onEnded`) with this release decision, at this raw translation and measured
        /// velocity (pt, pt/s): what `popsim decide popover` takes as `--translation` and `--velocity`.
        case released(PopoverOutcome, translation: Vector, velocity: Vector)
        /// The drag's touch was cancelled, or the popover was removed while dragged: SwiftUI calls no
        /// `onEnded`, so nothing is decided.
        case dragCancelled
        /// `onTapOutside` was called (§3b step 2).
        case tapOutside
        /// `dismiss()` was called. A tap-outside pass may call it twice for one popover.
        case dismissed(DismissalReason)
        /// A relative popover's selected anchor changed.
        case anchorChanged(PopoverAnchor)
    }

    public enum DismissalReason: String, Sendable, Hashable {
        case dragDown = "drag-down"
        case dragUp = "drag-up"
        case tapOutside = "tap-outside"
    }

    /// The popover's index in the configuration (oldest first).
    public var popover: Int
    public var kind: Kind

    public var word: String {
        switch kind {
        case .dragBegan: return "drag-began"
        case let .released(outcome, _, _): return "released:" + outcome.word
        case .dragCancelled: return "drag-cancelled"
        case .tapOutside: return "tap-outside"
        case let .dismissed(reason): return "dismissed:" + reason.rawValue
        case let .anchorChanged(anchor): return "anchor-changed:" + anchor.rawValue
        }
    }

    /// The word with its popover suffix (`released:returned@1`), without a release's measurements.
    public var label: String { popover == 0 ? word : "\(word)@\(popover)" }

    /// The label; a release adds its measured translation and velocity.
    public var description: String {
        guard case let .released(_, translation, velocity) = kind else { return label }
        return label + " " + ReleaseMeasurement.text(translation: translation, velocity: velocity)
    }
}
