import PopSimGeometry
import PopSimTextIO

/// What the popup model reports, in order, with the time it happened. The descriptions are the words
/// `--events` prints.
public enum PopupEvent: Sendable, Hashable, CustomStringConvertible {
    /// A pan recogniser began (`.bar`, `.content` or `.scrollView` is where).
    case panBegan(PopupTouchRegion)
    /// The pan handler ignored the pan: style none, a non-scroll-view pan in the scroll style, or the
    /// gesture lock (`_gesturesIgnored`) was set.
    case panIgnored
    /// The handler cancelled the pan (snap or drag pan on the bar going down or sideways).
    case panCancelled
    /// The pan ended because its recogniser moved to another view (``PopupRecogniserMove/cancelsPan``).
    case panEndedByRecogniserMove
    /// A snap flick on the bar: the popup opens after the delay.
    case snapOpenScheduled
    /// The first change of a pan that displaces the popup (the dismiss started) from this state.
    case dragStarted(from: PopupPresentationState)
    /// The snap close fired during the drag (finger travel > c·d).
    case snapCloseTriggered
    /// A displacing pan ended; the popup animates to this state. `translation` is the pan's translation
    /// and `velocity` what the release-velocity estimator measured, both in the container (pt, pt/s, y
    /// down): what `popsim decide popup` takes as `--translation` and `--velocity`.
    case released(PopupPresentationState, translation: Vector, velocity: Vector)
    /// A tap on the closed bar.
    case barTapped
    /// The close button's touch-up-inside.
    case closeButtonTapped
    /// A programmatic request reached the model.
    case requested(PopupOperation)
    /// An operation had to wait for a running animation.
    case queued(PopupOperation)
    /// A waiting operation was replaced by a newer one it coalesces with.
    case coalesced(PopupOperation)
    case openStarted
    case closeStarted(triggeredByGesture: Bool)
    case barPresentStarted
    case barDismissStarted
    case opened
    case closed
    case barPresented
    case barDismissed
    /// The 120 Hz display-link hint started (`_start120HzHack`, LNPopupController.mm:2619-2639).
    case displayLinkStarted(framesPerSecond: Double)
    /// The hint ended (`_end120HzHack`, l.2641-2645).
    case displayLinkStopped
    /// The finger now moves the popup (`sheet`) or the scroll view's content, by this rule
    /// (Documentation/arbitration.md §5).
    case handoff(TouchOwner, rule: SheetArbitrationRule)
    /// The scroll view's pan ended without displacing the popup: the content goes on at this velocity
    /// (the offset's, pt/s).
    case contentReleased(velocity: Double)
    /// The content's deceleration or bounce came to rest at this offset.
    case contentStopped(offset: Double)

    /// The event's word (`released:closed`), without a release's measurements.
    public var label: String {
        switch self {
        case let .panBegan(region): return "pan-began:\(region)"
        case .panIgnored: return "pan-ignored"
        case .panCancelled: return "pan-cancelled"
        case .panEndedByRecogniserMove: return "pan-cancelled:recogniser-moved"
        case .snapOpenScheduled: return "snap-open-scheduled"
        case let .dragStarted(from): return "drag-started:\(from)"
        case .snapCloseTriggered: return "snap-close-triggered"
        case let .released(target, _, _): return "released:\(target)"
        case .barTapped: return "bar-tapped"
        case .closeButtonTapped: return "close-button-tapped"
        case let .requested(operation): return "requested:\(operation)"
        case let .queued(operation): return "queued:\(operation)"
        case let .coalesced(operation): return "coalesced:\(operation)"
        case .openStarted: return "open-started"
        case let .closeStarted(gesture): return gesture ? "close-started:gesture" : "close-started"
        case .barPresentStarted: return "bar-present-started"
        case .barDismissStarted: return "bar-dismiss-started"
        case .opened: return "opened"
        case .closed: return "closed"
        case .barPresented: return "bar-presented"
        case .barDismissed: return "bar-dismissed"
        case let .displayLinkStarted(fps):
            return "display-link-started:\(fps.rounded() == fps ? String(Int(fps)) : String(fps))"
        case .displayLinkStopped: return "display-link-stopped"
        case let .handoff(owner, _): return "owner:\(owner)"
        case .contentReleased: return "content-released"
        case .contentStopped: return "content-stopped"
        }
    }

    /// The label; a release adds its measured translation and velocity, a handoff its rule, the content
    /// its numbers.
    public var description: String {
        switch self {
        case let .released(_, translation, velocity):
            return label + " " + ReleaseMeasurement.text(translation: translation, velocity: velocity)
        case let .handoff(_, rule): return label + " rule=" + rule.rawValue
        case let .contentReleased(velocity): return label + " velocity=" + formatNumber(velocity)
        case let .contentStopped(offset): return label + " offset=" + formatNumber(offset)
        default: return label
        }
    }
}
