import PopSimGeometry
import PopSimGestures
import PopSimInteractions

/// `popsim decide popover` as a value: one aheze/Popovers popover in a window, released after a drag
/// with a given raw translation and velocity (``PopoverReleaseDecision`` decides it). Every number is a
/// stored `Double`, so a sweep varies any of them through ``parameters``. The static origin, when not
/// given, is derived at decision time from the window, size and anchors as the library places the
/// popover.
public struct PopoverDecisionProblem: DecisionProblem, Hashable {
    /// The default popover content size: a PopSim choice (Popovers has no default size; its content
    /// decides), small enough to fit every supported window.
    public static let defaultSize = Size(width: 200, height: 100)

    public var windowWidth = PopoverWindow.iPhone.size.width
    public var windowHeight = PopoverWindow.iPhone.size.height
    public var mode: DismissalMode = .tapOutside
    /// `dragDismissalProximity` p.
    public var proximity = PopoverAttributes.Dismissal.defaultDragDismissalProximity
    /// The static origin, used when `originGiven`.
    public var originX = 0.0
    public var originY = 0.0
    public var originGiven = false
    public var width = PopoverDecisionProblem.defaultSize.width
    public var height = PopoverDecisionProblem.defaultSize.height
    /// Raw finger translation at release, pt.
    public var translationX = 0.0
    public var translationY = 0.0
    /// Release velocity, pt/s.
    public var velocityX = 0.0
    public var velocityY = 0.0
    /// SwiftUI's prediction horizon T: predicted = translation + T·velocity.
    public var predictionTime = swiftUIPredictionTime
    /// Non-nil for a relative (picture-in-picture) popover.
    public var anchors: [PopoverAnchor]?
    public var containerX = 0.0
    public var containerY = 0.0
    public var containerWidth = 0.0
    public var containerHeight = 0.0
    public var changeLocationOnDismiss = false
    public var dragMovesPopoverOffScreen = true

    public init() {}

    /// SwiftUI's `DragGesture` velocity (OpenSwiftUI's sampler), as Popovers reads it.
    public static let modelEstimator = VelocityEstimatorKind.swiftui

    public static let parameters: [DecisionParameter<PopoverDecisionProblem>] = [
        DecisionParameter("window_width", \.windowWidth),
        DecisionParameter("window_height", \.windowHeight),
        DecisionParameter("proximity", \.proximity),
        DecisionParameter("origin_x", \.originX),
        DecisionParameter("origin_y", \.originY),
        DecisionParameter("size_width", \.width),
        DecisionParameter("size_height", \.height),
        DecisionParameter("translation_x", \.translationX),
        DecisionParameter("translation_y", \.translationY),
        DecisionParameter("velocity_x", \.velocityX),
        DecisionParameter("velocity_y", \.velocityY),
        DecisionParameter("prediction_time", \.predictionTime),
        DecisionParameter("container_x", \.containerX),
        DecisionParameter("container_y", \.containerY),
        DecisionParameter("container_width", \.containerWidth),
        DecisionParameter("container_height", \.containerHeight),
    ]

    /// Checks every number (finite, and the library's ranges); sweeps check both ends of every axis.
    public func validate() throws(DecisionProblemError) {
        for parameter in Self.parameters {
            let value = self[keyPath: parameter.keyPath]
            try DecisionProblemError.require(value.isFinite, parameter.column, value, "a finite number")
        }
        try DecisionProblemError.require(windowWidth > 0, "window_width", windowWidth, "> 0")
        try DecisionProblemError.require(windowHeight > 0, "window_height", windowHeight, "> 0")
        try DecisionProblemError.require(width > 0, "size_width", width, "> 0")
        try DecisionProblemError.require(height > 0, "size_height", height, "> 0")
        try DecisionProblemError.require(proximity >= 0 && proximity <= 1, "proximity", proximity, "in [0, 1]")
        try DecisionProblemError.require(predictionTime >= 0, "prediction_time", predictionTime, "≥ 0")
        if anchors != nil {
            try DecisionProblemError.require(containerWidth > 0, "container_width", containerWidth, "> 0")
            try DecisionProblemError.require(containerHeight > 0, "container_height", containerHeight, "> 0")
        }
    }

    public var window: PopoverWindow { PopoverWindow(size: Size(width: windowWidth, height: windowHeight)) }
    public var container: Rect { Rect(x: containerX, y: containerY, width: containerWidth, height: containerHeight) }

    /// The measured size: the content size capped at the proposal (the window minus the screen-edge
    /// padding), as the simulation measures it.
    public var measuredSize: Size {
        PopoverLayout.fittedSize(Size(width: width, height: height), window: window,
                                 screenEdgePadding: PopoverAttributes.defaultScreenEdgePadding)
    }

    /// The static top-left origin: the given one, or the one the library computes (the first anchor's
    /// origin in the container for picture-in-picture; otherwise `.absolute(center → center)` on the
    /// window bounds, clamped to the screen-edge padding).
    public var staticOrigin: Point {
        if originGiven { return Point(x: originX, y: originY) }
        let size = measuredSize
        if let anchors {
            return PopoverLayout.relativeOrigin(anchor: anchors.first ?? .bottom, container: container, size: size)
        }
        return PopoverLayout.absoluteOrigin(originAnchor: .center, popoverAnchor: .center, sourceFrame: window.bounds,
                                            size: size, window: window,
                                            screenEdgePadding: PopoverAttributes.defaultScreenEdgePadding)
    }

    /// The release rule for this popover.
    public var decision: PopoverReleaseDecision {
        let position: PopoverPosition = anchors.map { .relative(popoverAnchors: $0) }
            ?? .absolute(originAnchor: .center, popoverAnchor: .center)
        return PopoverReleaseDecision(windowHeight: windowHeight, mode: mode, proximity: proximity, staticOrigin: staticOrigin,
                                      size: measuredSize, position: position, container: container,
                                      changeLocationOnDismiss: changeLocationOnDismiss,
                                      dragMovesPopoverOffScreen: dragMovesPopoverOffScreen, predictionTime: predictionTime)
    }

    /// The outcome of the ideal release.
    public var releaseOutcome: PopoverOutcome {
        decision.outcome(translation: Vector(dx: translationX, dy: translationY), velocity: Vector(dx: velocityX, dy: velocityY))
    }

    public func outcome() -> String { releaseOutcome.word }

    /// The release decision's words in the order it tests them (``PopoverReleaseDecision``): drag-down
    /// and drag-up when the mode has them, then `moved` with `changeLocationOnDismiss`, else each
    /// anchor's word or `returned`; then `presented`, which only the simulation gives (a gesture that
    /// never became a drag). The finger touches down inside the popover, so a touch outside it cannot
    /// dismiss it.
    public var pipelineOutcomeWords: [String] {
        var outcomes: [PopoverOutcome] = []
        if mode.contains(.dragDown) { outcomes.append(.dismissedDown) }
        if mode.contains(.dragUp) { outcomes.append(.dismissedUp) }
        if changeLocationOnDismiss {
            outcomes.append(.moved)
        } else if let anchors {
            for anchor in anchors where !outcomes.contains(.anchor(anchor)) { outcomes.append(.anchor(anchor)) }
        } else {
            outcomes.append(.returned)
        }
        outcomes.append(.presented)
        return outcomes.map(\.word)
    }

    /// The single popover this problem describes, as the full model sees it: the same position rule,
    /// origin, size and dismissal settings that ``decision`` uses.
    public func modelConfiguration(solver: SpringSolver = .analytic,
                                   estimator: VelocityEstimatorKind = modelEstimator) -> PopoverModelConfiguration {
        let size = Size(width: width, height: height)
        var attributes: PopoverAttributes
        if let anchors {
            attributes = .pictureInPicture(size: size, anchors: anchors, container: container, mode: mode)
        } else {
            attributes = PopoverAttributes(size: size, position: .absolute(originAnchor: .center, popoverAnchor: .center),
                                           sourceFrame: window.bounds, dismissal: .init(mode: mode))
        }
        if originGiven { attributes.fixedStaticOrigin = Point(x: originX, y: originY) }
        attributes.changeLocationOnDismiss = changeLocationOnDismiss
        attributes.dismissal.dragDismissalProximity = proximity
        attributes.dismissal.dragMovesPopoverOffScreen = dragMovesPopoverOffScreen
        return PopoverModelConfiguration(window: window, popovers: [attributes], solver: solver,
                                         velocityEstimator: estimator, predictionTime: predictionTime)
    }
}
