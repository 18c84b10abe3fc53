import PopSimGeometry
import PopSimGestures
import PopSimInteractions

/// `popsim decide popup` as a value: one pan on an LNPopupController popup bar or its content,
/// released with a given translation and velocity (``PopupReleaseDecision`` decides it). Every number
/// is a stored `Double` a sweep can vary through ``parameters``.
public struct PopupDecisionProblem: DecisionProblem, Hashable {
    /// The state when the pan began (the bar-hidden state has no pan).
    public enum From: String, CaseIterable, Sendable, Hashable {
        case closed, open

        public var state: PopupPresentationState { self == .open ? .open : .closed }
    }

    public var style: PopupInteractionStyle = .automatic
    public var from: From
    /// d, the container height, pt.
    public var screenHeight = PopupGeometry.defaultContainerHeight
    /// Y_c, the docking bar's top edge, pt.
    public var dockTop = PopupGeometry.defaultDockTop
    /// `popupSnapPercent` c (clamped to [0.1, 0.9] by the rule, as the library's setter does).
    public var snapPercent = PopupSnapRule.defaultSnapPercent
    /// Finger translation at release, pt, y down.
    public var translationX = 0.0
    public var translationY = 0.0
    /// Velocity, pt/s, y down (at release; for snap from closed, when the pan began).
    public var velocityX = 0.0
    public var velocityY = 0.0

    public init(from: From, style: PopupInteractionStyle = .automatic) {
        self.from = from
        self.style = style
    }

    /// Flutter's iOS tracker, the public proxy for `UIPanGestureRecognizer.velocity(in:)`.
    public static let modelEstimator = VelocityEstimatorKind.ios

    public static let parameters: [DecisionParameter<PopupDecisionProblem>] = [
        DecisionParameter("screen_height", \.screenHeight),
        DecisionParameter("dock_top", \.dockTop),
        DecisionParameter("snap_percent", \.snapPercent),
        DecisionParameter("translation_x", \.translationX),
        DecisionParameter("translation_y", \.translationY),
        DecisionParameter("velocity_x", \.velocityX),
        DecisionParameter("velocity_y", \.velocityY),
    ]

    /// Checks every number: finite, d > 0 and Y_c in (0, d].
    public func validate() throws(DecisionProblemError) {
        for parameter in Self.parameters {
            let value = self[keyPath: parameter.keyPath]
            try DecisionProblemError.require(value.isFinite, parameter.column, value, "a finite number")
        }
        try DecisionProblemError.require(screenHeight > 0, "screen_height", screenHeight, "> 0")
        try DecisionProblemError.require(dockTop > 0 && dockTop <= screenHeight, "dock_top", dockTop,
                                         "in (0, screen_height = \(screenHeight)]: the dock's top edge lies inside the container")
    }

    /// The state the pan leaves the popup in; allocation-free.
    public var decision: PopupPresentationState {
        PopupReleaseDecision.decide(style: style, from: from.state,
                                    geometry: PopupGeometry(containerHeight: screenHeight, dockTop: dockTop),
                                    snapPercent: snapPercent,
                                    translation: Vector(dx: translationX, dy: translationY),
                                    velocity: Vector(dx: velocityX, dy: velocityY))
    }

    public func outcome() -> String { decision.rawValue }

    /// One pan leaves the popup open or closed (the bar is hidden only by a programmatic dismiss).
    public var pipelineOutcomeWords: [String] { [PopupPresentationState.open.rawValue, PopupPresentationState.closed.rawValue] }

    /// The model these numbers describe.
    public func modelConfiguration(solver: SpringSolver = .analytic, estimator: VelocityEstimatorKind = modelEstimator,
                                   barStyle: PopupBarStyle = .floatingCompact) -> PopupConfiguration {
        PopupConfiguration(style: style, geometry: PopupGeometry(containerHeight: screenHeight, dockTop: dockTop, barStyle: barStyle),
                           snapPercent: snapPercent, initialState: from.state, solver: solver, velocityEstimator: estimator)
    }
}
