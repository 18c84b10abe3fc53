import PopSimDynamics

/// One running animation of the popup (Documentation/lnpopupcontroller.md §6): a `UIViewPropertyAnimator` with
/// spring timing. Every animated property (the content's frame, the bar content's alpha, the bar's
/// height) goes from its value at the start to its final value along the *same* normalised spring
/// curve f(t), 0 → 1 with zero initial velocity (the gesture velocity is passed in but unused,
/// LNPopupController.mm:796-804). So the alpha moves linearly in f, not as smoothstep of the moving
/// progress: UIKit interpolates the final values set in the animation block.
///
/// The animator runs for exactly its duration D; its completion then sets the final values (so a
/// residual of the mapped spring at D, about ε = 0.1 % of the travel for the envelope mapping, is
/// removed at once), publishes the state and resumes the event queue.
public struct PopupTransition {
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        case open
        /// `triggeredByGesture` selects ζ = 0.87.
        case close(triggeredByGesture: Bool)
        case presentBar
        case dismissBar

        public var description: String {
            switch self {
            case .open: return "open"
            case let .close(gesture): return gesture ? "close:gesture" : "close"
            case .presentBar: return "bar-present"
            case .dismissBar: return "bar-dismiss"
            }
        }

        /// The public state when the animation completes.
        public var target: PopupPresentationState {
            switch self {
            case .open: return .open
            case .close, .presentBar: return .closed
            case .dismissBar: return .barHidden
            }
        }
    }

    public let kind: Kind
    public let start: Double
    public let duration: Double
    let fromContentTop: Double, toContentTop: Double
    let fromBarAlpha: Double, toBarAlpha: Double
    let fromBarVisibility: Double, toBarVisibility: Double
    /// Clears the gesture lock (`_gesturesIgnored = NO`) in the completion block.
    let clearsGestureLock: Bool
    /// The bar dismiss that follows a close started by a dismiss request while open (l.2359-2366).
    let thenDismissBar: Bool
    private var curve: SpringTrack
    /// f at the last evaluation.
    public private(set) var fraction = 0.0

    init(
        kind: Kind, spring: Spring, start: Double, duration: Double, solver: SpringSolver,
        from: (contentTop: Double, barAlpha: Double, barVisibility: Double),
        to: (contentTop: Double, barAlpha: Double, barVisibility: Double),
        clearsGestureLock: Bool, thenDismissBar: Bool
    ) throws(InteractionError) {
        self.kind = kind
        self.start = start
        self.duration = duration
        fromContentTop = from.contentTop
        toContentTop = to.contentTop
        fromBarAlpha = from.barAlpha
        toBarAlpha = to.barAlpha
        fromBarVisibility = from.barVisibility
        toBarVisibility = to.barVisibility
        self.clearsGestureLock = clearsGestureLock
        self.thenDismissBar = thenDismissBar
        curve = try SpringTrack(spring: spring, from: 0, to: 1, at: start, solver: solver)
    }

    /// When the animator's completion runs.
    public var end: Double { start + duration }

    /// Advances f to `time` (before ``end``).
    mutating func advance(to time: Double, tick: FrameTick?) throws(InteractionError) {
        fraction = try curve.advance(to: time, tick: tick)
    }

    /// Jumps to the final values (the completion).
    mutating func finish() { fraction = 1 }

    var contentTop: Double {
        fraction == 1 ? toContentTop : fromContentTop + (toContentTop - fromContentTop) * fraction
    }
    /// Core Animation composites opacity clamped to [0, 1]; the ζ = 0.87 overshoot of f would otherwise
    /// push the value slightly past its end.
    var barAlpha: Double {
        fraction == 1 ? toBarAlpha : min(max(fromBarAlpha + (toBarAlpha - fromBarAlpha) * fraction, 0), 1)
    }
    var barVisibility: Double {
        fraction == 1 ? toBarVisibility : fromBarVisibility + (toBarVisibility - fromBarVisibility) * fraction
    }
}
