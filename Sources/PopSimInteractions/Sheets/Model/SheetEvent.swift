import PopSimGeometry
import PopSimTextIO

/// What the sheet model reports, in order, with the time it happened. The descriptions are the words
/// `--events` prints.
public enum SheetEvent: Sendable, Hashable, CustomStringConvertible {
    /// The sheet's pan recogniser began.
    case panBegan
    /// The pan started moving the sheet from this stop (FloatingPanel: its first `.changed` callback,
    /// `startInteraction`; PanModal: its first callback).
    case dragStarted(from: SheetStopName)
    /// A touch on a FloatingPanel stopped its release animation where it was.
    case attractionInterrupted
    /// A pan took PanModal's modal over while its snap animated: the drag moves the modal's frame from
    /// the snap's target while the rest of the snap still plays on screen.
    case snapTakenOver
    /// A pan ended; the outcome is decided. `translation` is the sheet's displacement from the stop it
    /// was at (FloatingPanel: its state when released) and `velocity` what the estimator measured: the
    /// numbers `popsim decide sheet` takes as `--translation` and `--velocity`.
    case released(SheetOutcome, translation: Vector, velocity: Vector)
    /// FloatingPanel ignores a release while its state is hidden (scenee/FloatingPanel@7efcc76
    /// Sources/Core.swift:763-766): the panel stays where the finger left it.
    case releaseIgnored
    /// A tap on PanModal's dimmed background.
    case backgroundTapped
    /// The release animation reached this stop.
    case settled(SheetStopName)
    /// PanModal's dismissal animation completed.
    case dismissed
    /// A removed FloatingPanel reached its hidden position.
    case removed
    /// The finger now moves the sheet or the content of its scroll view, by this rule
    /// (Documentation/arbitration.md).
    case handoff(TouchOwner, rule: SheetArbitrationRule)
    /// The scroll view's pan ended while it owned the finger: the content goes on at this velocity
    /// (pt/s, the offset's) and the sheet stays where it is.
    case contentReleased(velocity: Double)
    /// The content's deceleration or bounce came to rest at this offset.
    case contentStopped(offset: Double)
    /// PanModal's top-bounce handler moved the modal with the content's bounce past its top
    /// (slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift:799-805).
    case topBounceFollowed
    /// The bounce turned back: PanModal snaps the modal to its long form (l.806-809).
    case topBounceSnapped

    /// The event's word (`released:half`), without a release's measurements.
    public var label: String {
        switch self {
        case .panBegan: return "pan-began"
        case .dragStarted(let from): return "drag-started:\(from)"
        case .attractionInterrupted: return "attraction-interrupted"
        case .snapTakenOver: return "snap-taken-over"
        case .released(let outcome, _, _): return "released:\(outcome.word)"
        case .releaseIgnored: return "release-ignored"
        case .backgroundTapped: return "background-tapped"
        case .settled(let stop): return "settled:\(stop)"
        case .dismissed: return "dismissed"
        case .removed: return "removed"
        case .handoff(let owner, _): return "owner:\(owner)"
        case .contentReleased: return "content-released"
        case .contentStopped: return "content-stopped"
        case .topBounceFollowed: return "top-bounce-followed"
        case .topBounceSnapped: return "top-bounce-snapped"
        }
    }

    /// The label; a release adds its translation and velocity, a handoff its rule, the content its numbers.
    public var description: String {
        switch self {
        case .released(_, let translation, let velocity):
            return label + " " + ReleaseMeasurement.text(translation: translation, velocity: velocity)
        case .handoff(_, let rule): return label + " rule=" + rule.rawValue
        case .contentReleased(let velocity): return label + " velocity=" + formatNumber(velocity)
        case .contentStopped(let offset): return label + " offset=" + formatNumber(offset)
        default: return label
        }
    }
}
