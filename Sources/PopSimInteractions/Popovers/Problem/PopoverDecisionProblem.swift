import PopSimGeometry
import PopSimGestures

/// `popsim decide popover` as a value: one aheze/Popovers popover in a window, released after a drag
/// with a given raw translation and velocity (``PopoverReleaseDecision`` decides it), by the rules of
/// ``libraryVersion``. Every number is a stored `Double`, so a sweep varies any of them through
/// ``parameters``. The static origin, when not given, is derived at decision time from the window,
/// safe area, size and anchors as the library places the popover.
///
/// A drag exists only once SwiftUI's `DragGesture(minimumDistance: 2)` has recognised it
/// (aheze/Popovers@de44c4d Sources/PopoverContainerView.swift:80, aheze/Popovers@576b4d3
/// Sources/PopoverContainerView.swift:92): a release whose finger never got ``minimumDragDistance``
/// from touch-down (``maximumTravel``, by default the release translation's length) decides nothing
/// and the popover stays `presented`, as the simulation of the same touch says.
public struct PopoverDecisionProblem: SimulatedProblem, WindowedProblem, Hashable {
    public typealias Model = PopoverInteractionModel

    /// The default popover content size: a PopSim choice (Popovers has no default size; its content
    /// decides), small enough to fit every supported window.
    public static let defaultSize = Size(width: 200, height: 100)

    /// Whose rules (default 1.3.2, the latest release).
    public var libraryVersion = PopoversVersion.default
    public var windowWidth = PopoverWindow.iPhone.size.width
    public var windowHeight = PopoverWindow.iPhone.size.height
    /// The window's safe-area insets (default none): the bottom/right clamp of an absolute popover uses
    /// the safe-area frame, and so does a `.popover(present:)` container.
    public var safeAreaTop = 0.0
    public var safeAreaLeft = 0.0
    public var safeAreaBottom = 0.0
    public var safeAreaRight = 0.0
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
    /// The farthest the finger got from touch-down before release, pt, used when `maximumTravelGiven`;
    /// otherwise the translation's length stands for it (a straight drag). A value below the
    /// translation's length is raised to it (the finger was at least that far).
    public var maximumTravel = 0.0
    public var maximumTravelGiven = false
    /// `Popovers.minimumDragDistance` (2 pt): the travel a drag needs to exist.
    public var minimumDragDistance = 2.0
    /// `.fixedSize()` content: its size is not capped to the proposal.
    public var fixedSize = false
    /// SwiftUI's prediction horizon T: predicted = translation + T·velocity.
    public var predictionTime = swiftUIPredictionTime
    /// The SwiftUI estimator's mix w·v₂₁ + (1 − w)·v₃₂, where the velocity is measured from a stream (the
    /// pipeline, the model); the ideal decision takes the velocity as given.
    public var previousSampleWeight = SwiftUIVelocitySampler.defaultPreviousSampleWeight
    /// The device the problem is posed on (``place(on:)``), or nil for a bare window; a pipeline then
    /// uses the device's digitiser and display.
    public var device: DevicePreset?
    /// Non-nil for a relative (picture-in-picture) popover.
    public var anchors: [PopoverAnchor]?
    public var containerX = 0.0
    public var containerY = 0.0
    public var containerWidth = 0.0
    public var containerHeight = 0.0
    /// The container a modifier gives by default, used instead of the four numbers when set.
    public var containerDefault: PopoverContainerDefault?
    /// Main only: refused by ``validate()`` for 1.3.2.
    public var changeLocationOnDismiss = false
    public var dragMovesPopoverOffScreen = true

    public init() {}

    /// SwiftUI's `DragGesture` velocity (OpenSwiftUI's sampler), as Popovers reads it.
    public static let modelEstimator = VelocityEstimatorKind.swiftui

    public var window: PopoverWindow {
        PopoverWindow(
            size: Size(width: windowWidth, height: windowHeight),
            safeAreaInsets: EdgeInsets(
                top: safeAreaTop, left: safeAreaLeft, bottom: safeAreaBottom, right: safeAreaRight))
    }

    /// The relative container: the modifier's default for this version and window, or the given frame.
    public var container: Rect {
        if let containerDefault { return containerDefault.container(in: window, version: libraryVersion) }
        return Rect(x: containerX, y: containerY, width: containerWidth, height: containerHeight)
    }

    /// The measured size: the content size capped at the proposal (the window minus the screen-edge
    /// padding) unless ``fixedSize``, as the simulation measures it.
    public var measuredSize: Size {
        PopoverLayout.measuredSize(
            Size(width: width, height: height), fixedSize: fixedSize, window: window,
            screenEdgePadding: PopoverAttributes.defaultScreenEdgePadding)
    }

    /// How far the finger got from touch-down: ``maximumTravel`` if given (at least the translation's
    /// length), else the translation's length.
    public var travel: Double {
        let length = (translationX * translationX + translationY * translationY).squareRoot()
        return maximumTravelGiven ? max(maximumTravel, length) : length
    }

    /// Whether the drag gesture was recognised: the finger got at least ``minimumDragDistance`` from
    /// touch-down (inclusive, as OpenSwiftUI's `DistanceGesture`).
    public var isDrag: Bool { travel >= minimumDragDistance }

    /// The static top-left origin: the given one, or the one the library computes (the first anchor's
    /// origin in the container for picture-in-picture; otherwise `.absolute(center → center)` on the
    /// window bounds, clamped to the screen-edge padding).
    public var staticOrigin: Point {
        if originGiven { return Point(x: originX, y: originY) }
        let size = measuredSize
        if let anchors {
            return PopoverLayout.relativeOrigin(anchor: anchors.first ?? .bottom, container: container, size: size)
        }
        return PopoverLayout.absoluteOrigin(
            originAnchor: .center, popoverAnchor: .center, sourceFrame: window.bounds,
            size: size, window: window,
            screenEdgePadding: PopoverAttributes.defaultScreenEdgePadding)
    }

    /// The release rule for this popover.
    public var decision: PopoverReleaseDecision {
        let position: PopoverPosition =
            anchors.map { .relative(popoverAnchors: $0) }
            ?? .absolute(originAnchor: .center, popoverAnchor: .center)
        return PopoverReleaseDecision(
            windowHeight: windowHeight, mode: mode, proximity: proximity, staticOrigin: staticOrigin,
            size: measuredSize, position: position, container: container,
            changeLocationOnDismiss: changeLocationOnDismiss,
            dragMovesPopoverOffScreen: dragMovesPopoverOffScreen, predictionTime: predictionTime,
            version: libraryVersion)
    }

    /// The outcome of the ideal release: `presented` when the touch was no drag (``isDrag``).
    public var releaseOutcome: PopoverOutcome {
        guard isDrag else { return .presented }
        return decision.outcome(translation: releaseTranslation, velocity: releaseVelocity)
    }

    public func outcome() -> PopoverOutcome { releaseOutcome }

    /// Said when a drag was released but the mode has neither drag-down nor drag-up (the library's
    /// default is tap-outside), so the drag cannot dismiss the popover and it returns; nil when the mode
    /// has one, when the drag does something else (picture-in-picture anchors, changeLocationOnDismiss),
    /// or when the touch was no drag.
    public var releaseNote: String? { isDrag ? dragNote : nil }

    /// The note for any drag released on this popover: nil when a drag can dismiss it or does something
    /// else with it.
    public var dragNote: String? {
        guard !mode.contains(.dragDown) && !mode.contains(.dragUp), anchors == nil, !changeLocationOnDismiss else {
            return nil
        }
        return
            "note: --mode is \(mode) (no drag-down or drag-up), so a drag cannot dismiss this popover; "
            + "add drag-down or drag-up to --mode to dismiss by dragging"
    }

    /// The release decision's words in the order it tests them (``PopoverReleaseDecision``): drag-down
    /// and drag-up when the mode has them, then `moved` with `changeLocationOnDismiss`, else each
    /// anchor's word or `returned`; then `presented` (a release that never became a drag). The finger
    /// touches down inside the popover, so a touch outside it cannot dismiss it.
    public var pipelineOutcomes: [PopoverOutcome] {
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
        return outcomes
    }

    /// Where a pipeline gesture touches down: the centre of the popover's static frame, where the model
    /// measures the drag and its velocity from the stream, as SwiftUI would.
    public var pipelineTouchDown: Point? {
        let size = measuredSize
        return staticOrigin + Vector(dx: size.width / 2, dy: size.height / 2)
    }

    /// The single popover this problem describes, as the full model sees it: the same position rule,
    /// origin, size and dismissal settings that ``decision`` uses.
    public func modelConfiguration(
        solver: SpringSolver = .analytic,
        estimator: VelocityEstimatorKind = modelEstimator
    ) -> PopoverModelConfiguration {
        let size = Size(width: width, height: height)
        var attributes: PopoverAttributes
        if let anchors {
            attributes = .pictureInPicture(size: size, anchors: anchors, container: container, mode: mode)
        } else {
            attributes = PopoverAttributes(
                size: size, position: .absolute(originAnchor: .center, popoverAnchor: .center),
                sourceFrame: window.bounds, dismissal: .init(mode: mode))
        }
        if originGiven { attributes.fixedStaticOrigin = Point(x: originX, y: originY) }
        attributes.fixedSize = fixedSize
        attributes.changeLocationOnDismiss = changeLocationOnDismiss
        attributes.dismissal.dragDismissalProximity = proximity
        attributes.dismissal.dragMovesPopoverOffScreen = dragMovesPopoverOffScreen
        return PopoverModelConfiguration(
            libraryVersion: libraryVersion, window: window, popovers: [attributes], solver: solver,
            velocityEstimator: estimator, predictionTime: predictionTime,
            minimumDragDistance: minimumDragDistance,
            previousSampleWeight: previousSampleWeight)
    }
}
