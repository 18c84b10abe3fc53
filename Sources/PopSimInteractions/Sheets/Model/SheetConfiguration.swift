import PopSimDynamics
import PopSimGestures

/// Every parameter of the sheet model: the library's layout and knobs, where the sheet starts, and how
/// touches are recognised and measured.
///
/// How a touch stream maps onto the model (one finger at a time; other touches are ignored):
/// - FloatingPanel: a touch that begins on the panel (at or below the moving edge of a bottom panel, at
///   or above that of a top panel) can become the panel's pan; anywhere else it does nothing (the
///   backdrop's tap-to-dismiss is off by default). A touch that begins on the panel while its release
///   animation runs stops the animation where it is and begins the pan at once
///   (`FloatingPanelPanGestureRecognizer.touchesBegan`, scenee/FloatingPanel@7efcc76 Sources/Core.swift:1291-1297,
///   and `interruptAnimationIfNeeded`, l.602-607). Touches while a removed panel animates away are ignored.
/// - PanModal: the pan recogniser is on the container view (slackhq/PanModal@b012aec
///   PanModal/Controller/PanModalPresentationController.swift:348), so a pan anywhere moves the modal;
///   a tap above the modal lands on the dimmed background and dismisses it when `allowsTapToDismiss`
///   (l.114-118). A snap allows user interaction (slackhq/PanModal@b012aec
///   PanModal/Presentable/PanModalPresentable+Defaults.swift:46-48): a touch while it runs is hit-tested
///   against the modal's frame, already at the snap's target, and a pan takes the modal over from there
///   while the rest of the snap still plays on screen (``SheetEvent/snapTakenOver``). Touches while the
///   dismissal animates are ignored: its completion removes the modal whatever they do.
/// - A pan begins at the first move farther than ``TouchRecognition/panHysteresis`` from the
///   touch-down (UIKit's `UIPanGestureRecognizer` hysteresis, shared with the LNPopupController model).
///   Velocities come from ``velocityEstimator`` fed with the touch-down and every move (not the lift-off
///   sample), read at the lift-off: the stand-in for `velocity(in:)`. Stationary samples are skipped.
/// - A cancelled touch ends the pan like a lift-off (both libraries treat `.cancelled` as `.ended`).
public struct SheetConfiguration: Sendable {
    /// The library and its stops.
    public var layout: SheetLayout
    /// The stop the sheet rests at when the run starts.
    public var initialStop: SheetStopName
    /// FloatingPanel's knobs (used when ``layout`` is FloatingPanel's).
    public var floatingPanel: FloatingPanelBehavior
    /// The animation of a removed FloatingPanel.
    public var floatingPanelRemoval: FloatingPanelRemovalSpring
    /// PanModal's knobs (used when ``layout`` is PanModal's).
    public var panModal: PanModalBehavior
    /// Pan and tap recognition.
    public var recognition: TouchRecognition
    /// The stand-in for `UIPanGestureRecognizer.velocity(in:)` (default Flutter's iOS tracker, the public
    /// proxy PopSim uses for UIKit, Documentation/gestures.md §5).
    public var velocityEstimator: VelocityEstimatorKind
    /// (duration, damping ratio) → spring for PanModal's `UIView.animate(withDuration:…usingSpringWithDamping:)`.
    public var springMapping: any UIKitSpringMapping
    public var solver: SpringSolver
    /// A scroll view inside the sheet, or nil (Documentation/arbitration.md).
    public var scrollView: SheetScrollView?

    public init(
        layout: SheetLayout, initialStop: SheetStopName, floatingPanel: FloatingPanelBehavior = .default,
        floatingPanelRemoval: FloatingPanelRemovalSpring = .default, panModal: PanModalBehavior = .default,
        recognition: TouchRecognition = .default, velocityEstimator: VelocityEstimatorKind = .ios,
        springMapping: any UIKitSpringMapping = EnvelopeSpringMapping.default, solver: SpringSolver = .analytic,
        scrollView: SheetScrollView? = nil
    ) {
        self.layout = layout
        self.initialStop = initialStop
        self.floatingPanel = floatingPanel
        self.floatingPanelRemoval = floatingPanelRemoval
        self.panModal = panModal
        self.recognition = recognition
        self.velocityEstimator = velocityEstimator
        self.springMapping = springMapping
        self.solver = solver
        self.scrollView = scrollView
    }

    /// Checks every parameter; errors name the field and what it must be.
    public func validate() throws(InteractionError) {
        guard layout.position(of: initialStop) != nil else {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "initialStop", value: .nan,
                    requirement:
                        "a stop of the layout ('\(initialStop)' is not one of "
                        + "\(layout.stops.map(\.name).joined(separator: ", ")))"
                ))
        }
        if let scrollView {
            do { try scrollView.validate(in: layout) } catch {
                throw .invalidParameter(
                    .invalidParameter(parameter: "scrollView", value: .nan, requirement: error.description))
            }
        }
        do {
            try floatingPanel.validate()
            _ = try floatingPanelRemoval.spring()
            try panModal.validate()
            try recognition.validate()
        } catch {
            throw .invalidParameter(error)
        }
    }
}
