import PopSimGeometry
import PopSimGestures

/// `popsim decide popover` as a value: one aheze/Popovers popover in a window, released after a drag
/// with a given raw translation and velocity (``PopoverReleaseDecision`` decides it), by the rules of
/// ``libraryVersion``. A sweep varies any number through ``parameters``. The static origin, when not
/// given, is derived at decision time from the window, safe area, size and anchors as the library
/// places the popover.
///
/// A drag exists only once SwiftUI's `DragGesture(minimumDistance: 2)` has recognised it
/// (aheze/Popovers@de44c4d Sources/PopoverContainerView.swift:80, aheze/Popovers@576b4d3
/// Sources/PopoverContainerView.swift:92): a release whose finger never got ``minimumDragDistance``
/// from touch-down (``maximumTravel``, by default the release translation's length) decides nothing
/// and the popover stays `presented`, as the simulation of the same touch says.
public struct PopoverDecisionProblem: SimulatedProblem, Hashable {
    public typealias Model = PopoverInteractionModel
    public typealias Buffers = PipelineEvaluator<Self>

    /// The default popover content size: a PopSim choice (Popovers has no default size; its content
    /// decides), small enough to fit every supported window.
    public static let defaultSize = Size(width: 200, height: 100)

    /// Whose rules (default 1.3.2, the latest release).
    public var libraryVersion = PopoversVersion.default
    /// The window and its safe-area insets (default the standard phone's window without insets), or a
    /// device's: the bottom/right clamp of an absolute popover uses the safe-area frame, and so does a
    /// `.popover(present:)` container; a pipeline uses the device's digitiser and display.
    public var screen = Screen.defaultPhoneWindow
    public var mode: DismissalMode = .tapOutside
    /// `dragDismissalProximity` p.
    public var proximity = PopoverAttributes.Dismissal.defaultDragDismissalProximity
    /// The static top-left origin; nil: the one the library computes (``staticOrigin``).
    public var origin: Point?
    /// The content size.
    public var size = PopoverDecisionProblem.defaultSize
    /// The raw finger translation and the velocity at release (pt, pt/s).
    public var release = Release()
    /// The farthest the finger got from touch-down before release, pt; nil: the translation's length
    /// stands for it (a straight drag). A value below the translation's length is raised to it (the
    /// finger was at least that far).
    public var maximumTravel: Double?
    /// `Popovers.minimumDragDistance` (2 pt): the travel a drag needs to exist.
    public var minimumDragDistance = 2.0
    /// `.fixedSize()` content: its size is not capped to the proposal.
    public var fixedSize = false
    /// SwiftUI's prediction horizon T: predicted = translation + T·velocity.
    public var predictionTime = swiftUIPredictionTime
    /// The SwiftUI estimator's mix w·v₂₁ + (1 − w)·v₃₂, where the velocity is measured from a stream (the
    /// pipeline, the model); the ideal decision takes the velocity as given. nil: SwiftUI's
    /// (``SwiftUIVelocitySampler/defaultPreviousSampleWeight``).
    public var previousSampleWeight: Double?
    /// Non-nil for a relative (picture-in-picture) popover.
    public var anchors: [PopoverAnchor]?
    /// The relative container's frame, when one is given as numbers.
    public var containerFrame: Rect?
    /// The container a modifier gives by default, used instead of a frame when set.
    public var containerDefault: PopoverContainerDefault?
    /// Main only: refused by ``validate()`` for 1.3.2.
    public var changeLocationOnDismiss = false
    public var dragMovesPopoverOffScreen = true

    public init() {}

    /// SwiftUI's `DragGesture` velocity (OpenSwiftUI's sampler), as Popovers reads it.
    public static let modelEstimator = VelocityEstimatorKind.swiftui

    /// The device the problem is posed on, or nil for a bare window.
    public var device: DevicePreset? { screen.device }

    public var window: PopoverWindow { PopoverWindow(size: screen.window, safeAreaInsets: screen.safeArea) }

    /// Whether a container is set: a modifier's default, or a frame.
    public var hasContainer: Bool { containerDefault != nil || containerFrame != nil }

    /// The relative container: the modifier's default for this version and window, or the given frame.
    public var container: Rect {
        if let containerDefault { return containerDefault.container(in: window, version: libraryVersion) }
        return containerFrame ?? .zero
    }

    /// SwiftUI's velocity mix: the one given, or SwiftUI's.
    public var sampleWeight: Double { previousSampleWeight ?? SwiftUIVelocitySampler.defaultPreviousSampleWeight }

    /// The measured size: the content size capped at the proposal (the window minus the screen-edge
    /// padding) unless ``fixedSize``, as the simulation measures it.
    public var measuredSize: Size {
        PopoverLayout.measuredSize(
            size, fixedSize: fixedSize, window: window,
            screenEdgePadding: PopoverAttributes.defaultScreenEdgePadding)
    }

    /// How far the finger got from touch-down: ``maximumTravel`` if given (at least the translation's
    /// length), else the translation's length.
    public var travel: Double {
        let length = release.translation.length
        return maximumTravel.map { max($0, length) } ?? length
    }

    /// Whether the drag gesture was recognised: the finger got at least ``minimumDragDistance`` from
    /// touch-down (inclusive, as OpenSwiftUI's `DistanceGesture`).
    public var isDrag: Bool { travel >= minimumDragDistance }

    /// The static top-left origin: the given one, or the one the library computes (the first anchor's
    /// origin in the container for picture-in-picture; otherwise `.absolute(center → center)` on the
    /// window bounds, clamped to the screen-edge padding).
    public var staticOrigin: Point {
        if let origin { return origin }
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
            windowHeight: screen.window.height, mode: mode, proximity: proximity, staticOrigin: staticOrigin,
            size: measuredSize, position: position, container: container,
            changeLocationOnDismiss: changeLocationOnDismiss,
            dragMovesPopoverOffScreen: dragMovesPopoverOffScreen, predictionTime: predictionTime,
            version: libraryVersion)
    }

    /// The outcome of the ideal release: `presented` when the touch was no drag (``isDrag``).
    public var releaseOutcome: PopoverOutcome {
        guard isDrag else { return .presented }
        return decision.outcome(translation: release.translation, velocity: release.velocity)
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
            "note: \(PopoverParameter.mode.flag) is \(mode) (no drag-down or drag-up), so a drag cannot dismiss this "
            + "popover; add drag-down or drag-up to \(PopoverParameter.mode.flag) to dismiss by dragging"
    }

    /// The pipeline decision in kept buffers, by the evaluator specialised for Popovers
    /// (``SimulatedProblem``).
    public func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64, buffers: inout PipelineEvaluator<Self>)
        -> PipelineOutcome<PopoverOutcome>
    {
        buffers.outcome(of: self, settings, seed: seed)
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

    /// The release aside, every value configures the model.
    public func configuresSameModel(as other: Self) -> Bool {
        var same = other
        same.release = release
        return same == self
    }

    /// The single popover this problem describes, as the full model sees it: the same position rule,
    /// origin, size and dismissal settings that ``decision`` uses.
    public func modelConfiguration(
        solver: SpringSolver = .analytic,
        estimator: VelocityEstimatorKind = modelEstimator
    ) -> PopoverModelConfiguration {
        var attributes: PopoverAttributes
        if let anchors {
            attributes = .pictureInPicture(size: size, anchors: anchors, container: container, mode: mode)
        } else {
            attributes = PopoverAttributes(
                size: size, position: .absolute(originAnchor: .center, popoverAnchor: .center),
                sourceFrame: window.bounds, dismissal: .init(mode: mode))
        }
        attributes.fixedStaticOrigin = origin
        attributes.fixedSize = fixedSize
        attributes.changeLocationOnDismiss = changeLocationOnDismiss
        attributes.dismissal.dragDismissalProximity = proximity
        attributes.dismissal.dragMovesPopoverOffScreen = dragMovesPopoverOffScreen
        return PopoverModelConfiguration(
            libraryVersion: libraryVersion, window: window, popovers: [attributes], solver: solver,
            velocityEstimator: estimator, predictionTime: predictionTime,
            minimumDragDistance: minimumDragDistance,
            previousSampleWeight: sampleWeight)
    }
}
