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
/// - A touch that begins inside ``PopupGeometry/closedBarTouchFrame`` (the bar's content view) while the
///   popup is closed is on the bar: it can become a pan (the popup's interaction pan) or a tap (opens,
///   every style), unless it lands on one of ``barButtonItemFrames``: the tap recogniser does not
///   receive touches on bar button items (`LNPopupOpenTapGestureRecognizer.m:32-37`), the pan does.
///   A touch on the floating bar's margin, outside its content view, does nothing.
/// - While the bar's present animation runs, a touch on the bar's content view behaves the same (the
///   bar already has its final frame and its recognisers, LNPopupController.mm:1761-1777): a tap queues
///   an open that runs when the present ends (l.886-907, 1609-1651). With ``glass`` the bar is covered
///   by its transition view during the animation (l.1784-1808) and the touch does nothing. A pan that
///   begins there is not modelled (the touch is ignored).
/// - While open, a touch inside ``closeButtonFrame`` (content coordinates: it moves with the content)
///   is a close-button touch: touch-up inside closes, unless the popup's pan began first (it cancels
///   touches in its view; in style none it never begins). A touch inside ``scrollView`` (with vertical
///   content) drives the scroll view's pan; anywhere else in the content drives the popup's pan.
/// - While an open animation runs, only the close button (at its open position) takes touches; while a
///   close, bar present or dismiss runs, touches are ignored (the transition lock disables interaction,
///   LNPopupController.mm:805, 870-884). Each callback of a pan checks the gesture lock (set after a
///   flick, a tap or a release, until its animation completes; l.1247-1252): callbacks while it is set
///   do nothing, so a pan that began during an animation acts from its first move after the animation
///   ended, with its translation counted from where it began, unless the animation moved the pan's
///   recogniser off the view the touch was on: an open completing moves it from the bar onto the content
///   (l.741-742), a close back (l.705-706), and ``recogniserMove`` says what becomes of the pan then (by
///   default it ends). While a spring-back to open runs, the pan recogniser is on the content (it moves
///   to the bar only when a close completes), so a touch there can begin such a pan, and keeps it.
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
    public var recognition: TouchRecognition
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
    /// Liquid Glass (iOS 26 with glass on): the bar presents under a transition view. Default false,
    /// iOS 17-18. The bar's own layout (height, touch area) is ``geometry``'s.
    public var glass: Bool
    /// The bar button items' frames in bar coordinates (origin at the closed bar's top-left corner).
    public var barButtonItemFrames: [Rect]
    /// What becomes of a pan whose recogniser moves between the bar and the content under it
    /// (``PopupRecogniserMove``, default: it ends).
    public var recogniserMove: PopupRecogniserMove
    /// The LNPopupController version the model follows (``PopupLibraryVersion``).
    public static let libraryVersion = PopupLibraryVersion.modelled.rawValue
    /// The commit of ``libraryVersion``.
    public static let libraryCommit = PopupLibraryVersion.modelled.commit

    public init(
        style: PopupInteractionStyle = .automatic, geometry: PopupGeometry = .default,
        snapPercent: Double = PopupSnapRule.defaultSnapPercent, initialState: PopupPresentationState = .closed,
        timing: PopupAnimationTiming = .default, springMapping: any UIKitSpringMapping = EnvelopeSpringMapping.default,
        solver: SpringSolver = .analytic, velocityEstimator: VelocityEstimatorKind = .ios,
        recognition: TouchRecognition = .default,
        scrollView: PopupScrollView? = nil, maximumFramesPerSecond: Double = 120, requests: [PopupRequest] = [],
        glass: Bool = false, barButtonItemFrames: [Rect] = [], recogniserMove: PopupRecogniserMove = .cancelsPan
    ) {
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
        self.glass = glass
        self.barButtonItemFrames = barButtonItemFrames
        self.recogniserMove = recogniserMove
    }

    /// The close button's side: 44 pt, the smallest hit target Apple's Human Interface Guidelines
    /// recommend (a PopSim choice; the button's drawn size depends on its style).
    public static let closeButtonSide = 44.0

    /// A ``closeButtonSide`` square, centred horizontally, its top at `top` (default: the default phone's
    /// top safe-area inset, 59 pt).
    public static func defaultCloseButtonFrame(
        containerWidth: Double, top: Double = DefaultPhoneScreen.topSafeAreaInset
    ) -> Rect {
        Rect(x: (containerWidth - closeButtonSide) / 2, y: top, width: closeButtonSide, height: closeButtonSide)
    }

    /// c as the model uses it.
    public var effectiveSnapPercent: Double { PopupSnapRule.clampedSnapPercent(snapPercent) }

    /// Checks every parameter; errors name the field and what it must be.
    public func validate() throws(InteractionError) {
        do {
            try geometry.validate()
            try PopupGeometry.require(
                snapPercent.isFinite, "snapPercent", snapPercent,
                "a finite number (values outside [0.1, 0.9] are clamped, as popupSnapPercent's setter does)")
            try timing.validate()
            try recognition.validate()
            try scrollView?.validate()
            if let frame = closeButtonFrame {
                for value in [frame.origin.x, frame.origin.y, frame.width, frame.height] {
                    try PopupGeometry.require(value.isFinite, "closeButtonFrame", value, "finite")
                }
            }
            try PopupGeometry.require(
                maximumFramesPerSecond.isFinite && maximumFramesPerSecond > 0, "maximumFramesPerSecond",
                maximumFramesPerSecond, "a positive finite number")
            for frame in barButtonItemFrames {
                for value in [frame.origin.x, frame.origin.y, frame.width, frame.height] {
                    try PopupGeometry.require(value.isFinite, "barButtonItemFrames", value, "finite")
                }
            }
            for request in requests {
                try PopupGeometry.require(
                    request.time.isFinite && request.time >= 0, "requests.time", request.time, "a finite number ≥ 0")
            }
        } catch {
            throw .invalidParameter(error)
        }
    }
}
