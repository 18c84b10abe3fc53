import PopSimDynamics
import PopSimGeometry
import PopSimGestures

/// A programmatic call at a given time: `openPopupAnimated:`, `closePopupAnimated:`,
/// `presentPopupBar…` or `dismissPopupBar…`, all animated.
public struct PopupRequest: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable, CaseIterable {
        case open, close
        case presentBar = "present-bar"
        case dismissBar = "dismiss-bar"
    }

    public var time: Double
    public var action: Action

    public init(time: Double, action: Action) {
        self.time = time
        self.action = action
    }
}

/// Every parameter of the LNPopupController model.
///
/// How a touch stream maps onto the model (one finger at a time: while a touch is followed, other
/// touches are ignored):
/// - A touch that begins inside ``PopupGeometry/closedBarFrame`` while the popup is closed is on the
///   bar: it can become a pan (the popup's interaction pan) or a tap (opens, every style).
/// - While open, a touch inside ``closeButtonFrame`` (content coordinates: it moves with the content)
///   is a close-button touch: touch-up inside closes, unless the popup's pan began first (it cancels
///   touches in its view; in style none it never begins). A touch inside ``scrollView`` (with vertical
///   content) drives the scroll view's pan; anywhere else in the content drives the popup's pan.
/// - While an open animation runs, only the close button (at its open position) takes touches; while a
///   close, bar present or dismiss runs, touches are ignored (the transition lock disables interaction,
///   LNPopupController.mm:805, 870-884). Pans that begin while the gesture lock is set (after a flick, a
///   tap or a release, until its animation completes) are ignored for their whole duration.
/// - Pans and taps are told apart by ``recognition``; velocities come from ``velocityEstimator`` fed
///   with the touch-down and every move (not the lift-off sample, as Flutter's trackers), read when the
///   pan begins and when it ends. Stationary samples are not reported to recognisers (UIKit delivers
///   only moved touches) and are skipped.
public struct PopupConfiguration: Sendable {
    public var style: PopupInteractionStyle
    public var geometry: PopupGeometry
    /// c, `popupSnapPercent`; clamped to [0.1, 0.9] when used, as the setter does.
    public var snapPercent: Double
    /// The state at time 0 (settled).
    public var initialState: PopupPresentationState
    public var timing: PopupAnimationTiming
    /// (duration, damping ratio) → spring. Apple does not publish UIKit's mapping; the default is the
    /// documented envelope approximation (Documentation/lnpopupcontroller.md §10).
    public var springMapping: any UIKitSpringMapping
    public var solver: SpringSolver
    /// Stands for `UIPanGestureRecognizer.velocity(in:)`, whose algorithm is undocumented. The default is
    /// Flutter's iOS tracker, the best public proxy (Documentation/gestures.md §5).
    public var velocityEstimator: VelocityEstimatorKind
    public var recognition: PopupTouchRecognition
    /// The close button's hit frame in content coordinates, or nil for none. The reference does not
    /// give its layout; the initialiser sets ``defaultCloseButtonFrame(containerWidth:)``, an assumption
    /// to replace with the app's layout.
    public var closeButtonFrame: Rect?
    /// A scroll view inside the content, or nil.
    public var scrollView: PopupScrollView?
    /// `UIScreen.maximumFramesPerSecond`: the rate the display-link hint asks for (§9).
    public var maximumFramesPerSecond: Double
    /// Programmatic calls, run at their times (in time order; equal times in array order). A call due
    /// while a finger is down waits until it lifts (a modelling choice: the source could start an
    /// animation under a finger that is displacing the popup).
    public var requests: [PopupRequest]

    public init(style: PopupInteractionStyle = .automatic, geometry: PopupGeometry = .default,
                snapPercent: Double = PopupSnapRule.defaultSnapPercent, initialState: PopupPresentationState = .closed,
                timing: PopupAnimationTiming = .default, springMapping: any UIKitSpringMapping = EnvelopeSpringMapping.default,
                solver: SpringSolver = .analytic, velocityEstimator: VelocityEstimatorKind = .ios,
                recognition: PopupTouchRecognition = .default,
                scrollView: PopupScrollView? = nil, maximumFramesPerSecond: Double = 120, requests: [PopupRequest] = []) {
        self.style = style
        self.geometry = geometry
        self.snapPercent = snapPercent
        self.initialState = initialState
        self.timing = timing
        self.springMapping = springMapping
        self.solver = solver
        self.velocityEstimator = velocityEstimator
        self.recognition = recognition
        self.closeButtonFrame = Self.defaultCloseButtonFrame(containerWidth: geometry.containerWidth)
        self.scrollView = scrollView
        self.maximumFramesPerSecond = maximumFramesPerSecond
        self.requests = requests
    }

    /// The close button's side: 44 pt, the smallest hit target Apple's Human Interface Guidelines
    /// recommend (a PopSim choice; the button's drawn size depends on its style).
    public static let closeButtonSide = 44.0

    /// A ``closeButtonSide`` square, centred horizontally, its top at the default phone's top safe-area
    /// inset (59 pt).
    public static func defaultCloseButtonFrame(containerWidth: Double) -> Rect {
        Rect(x: (containerWidth - closeButtonSide) / 2, y: DefaultPhoneScreen.topSafeAreaInset,
             width: closeButtonSide, height: closeButtonSide)
    }

    /// c as the model uses it.
    public var effectiveSnapPercent: Double { PopupSnapRule.clampedSnapPercent(snapPercent) }

    /// Checks every parameter; errors name the field and what it must be.
    public func validate() throws(InteractionError) {
        do {
            try geometry.validate()
            try PopupGeometry.require(snapPercent.isFinite, "snapPercent", snapPercent,
                                      "a finite number (values outside [0.1, 0.9] are clamped, as popupSnapPercent's setter does)")
            try timing.validate()
            try recognition.validate()
            try scrollView?.validate()
            if let frame = closeButtonFrame {
                for value in [frame.origin.x, frame.origin.y, frame.width, frame.height] {
                    try PopupGeometry.require(value.isFinite, "closeButtonFrame", value, "finite")
                }
            }
            try PopupGeometry.require(maximumFramesPerSecond.isFinite && maximumFramesPerSecond > 0, "maximumFramesPerSecond",
                                      maximumFramesPerSecond, "a positive finite number")
            for request in requests {
                try PopupGeometry.require(request.time.isFinite && request.time >= 0, "requests.time", request.time, "a finite number ≥ 0")
            }
        } catch {
            throw .invalidParameter(error)
        }
    }
}
