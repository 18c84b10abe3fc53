import PopSimGeometry
import PopSimGestures

/// The result of releasing a dragged popover: the outcome and the static origin the popover then
/// springs to (`positionChanged(to:)`, Popover+Calculations.swift:77-133; Documentation/popovers.md §2).
public struct PopoverRelease: Sendable, Hashable {
    public var outcome: PopoverOutcome
    /// The new `staticFrame.origin`: the target of the release spring. For a dismissal with
    /// `dragMovesPopoverOffScreen` it is off screen (y = H or y = −h); otherwise the unchanged static
    /// origin, the finger-tracked origin (`moved`) or the snapped anchor's origin.
    public var staticOrigin: Point

    public init(outcome: PopoverOutcome, staticOrigin: Point) {
        self.outcome = outcome
        self.staticOrigin = staticOrigin
    }
}

/// The release decision of a dragged popover as a pure function: everything that decides it, and
/// nothing else. Sweeps call ``outcome(translation:velocity:)`` millions of times; it does not allocate.
///
/// On release Popovers projects the top-left origin with SwiftUI's predicted end translation,
/// P = staticFrame.origin + predictedEndTranslation (the **raw** translation, not the rubber-banded
/// offset; aheze/Popovers@de44c4d Sources/PopoverContainerView.swift:111-115, aheze/Popovers@576b4d3
/// Sources/PopoverContainerView.swift:123-127), then `positionChanged(to: P)` runs these tests in order,
/// the first match winning (@de44c4d Sources/Popover.swift:543-593, @576b4d3
/// Sources/Popover+Calculations.swift:77-133):
/// 1. mode ∋ dragDown and P.y ≥ H − H·p → dismissed down (target y = H when `dragMovesPopoverOffScreen`);
/// 2. mode ∋ dragUp and P.y ≤ H·p → dismissed up (target y = −h);
/// 3. main only: `changeLocationOnDismiss` → moved: the static frame becomes the finger-tracked frame
///    (static + D(t), no projection; @576b4d3 Sources/Popover+Calculations.swift:106-111, a test 1.3.2
///    does not have);
/// 4. `.relative(anchors)` → the anchor whose top-left origin is nearest P (ties to the first; one
///    anchor snaps back to it);
/// 5. otherwise (`.absolute`) → returned.
///
/// H is the full window height (`window.bounds`, not the safe area). The bounds are inclusive and the
/// test ignores the drag direction: a drag-down popover whose top edge already lies at or below the
/// line is dismissed by any release that does not project it above the line. The decision assumes the
/// drag was recognised (the finger got at least `Popovers.minimumDragDistance` = 2 pt from touch-down);
/// ``PopoverDecisionProblem`` in PopSimSweeps applies that test first.
public struct PopoverReleaseDecision: Sendable, Hashable {
    /// Window height H (the dismissal lines are fractions of it).
    public var windowHeight: Double
    public var mode: DismissalMode
    /// `dragDismissalProximity` p (default 0.25, Popover+Attributes.swift:226,236).
    public var proximity: Double
    /// The popover's static (undragged) top-left origin.
    public var staticOrigin: Point
    /// The popover's (measured) size; h is the off-screen distance of a drag-up dismissal.
    public var size: Size
    public var position: PopoverPosition
    /// For `.relative`: the container, i.e. the source frame inset by `sourceFrameInset`
    /// (Popover+Calculations.swift:114). Ignored for `.absolute`.
    public var container: Rect
    /// Default false; main only (aheze/Popovers@576b4d3 Sources/Popover+Attributes.swift:60).
    public var changeLocationOnDismiss: Bool
    /// Default true (Popover+Attributes.swift:211).
    public var dragMovesPopoverOffScreen: Bool
    /// Shapes the finger-tracked offset D(t) that `moved` keeps (§1). Default both axes.
    public var rubberBandingMode: RubberBandingMode
    /// SwiftUI's prediction horizon: predictedEndTranslation = translation + T·velocity with
    /// T = 0.25 s by default (OpenSwiftUI's reconstruction; Apple does not document it, Documentation/popovers.md §6),
    /// computed by the Gestures module's `predictedEndTranslation(translation:velocity:predictionTime:)`.
    public var predictionTime: Double
    /// Whose rules: 1.3.2 has no changeLocationOnDismiss test (the flag is then ignored).
    public var version: PopoversVersion

    public init(
        windowHeight: Double, mode: DismissalMode = .tapOutside,
        proximity: Double = PopoverAttributes.Dismissal.defaultDragDismissalProximity,
        staticOrigin: Point, size: Size, position: PopoverPosition = .default, container: Rect = .zero,
        changeLocationOnDismiss: Bool = false, dragMovesPopoverOffScreen: Bool = true,
        rubberBandingMode: RubberBandingMode = .both, predictionTime: Double = swiftUIPredictionTime,
        version: PopoversVersion = .default
    ) {
        self.windowHeight = windowHeight
        self.mode = mode
        self.proximity = proximity
        self.staticOrigin = staticOrigin
        self.size = size
        self.position = position
        self.container = container
        self.changeLocationOnDismiss = changeLocationOnDismiss
        self.dragMovesPopoverOffScreen = dragMovesPopoverOffScreen
        self.rubberBandingMode = rubberBandingMode
        self.predictionTime = predictionTime
        self.version = version
    }

    /// The drag offset function this popover uses (§1).
    @inlinable
    public var dragOffset: PopoverDragOffset {
        PopoverDragOffset(
            position: position, mode: mode, changeLocationOnDismiss: changeLocationOnDismiss,
            rubberBandingMode: rubberBandingMode, version: version)
    }

    /// The decision for a release with raw finger translation `translation` and release velocity
    /// `velocity` (pt/s), assuming the last drag update saw the same translation.
    @inlinable
    public func decide(translation: Vector, velocity: Vector) -> PopoverRelease {
        let predicted = PopSimGestures.predictedEndTranslation(
            translation: translation, velocity: velocity,
            predictionTime: predictionTime)
        return positionChanged(
            to: staticOrigin + predicted, trackedOrigin: staticOrigin + dragOffset.offset(for: translation))
    }

    /// Only the outcome of ``decide(translation:velocity:)``.
    @inlinable
    public func outcome(translation: Vector, velocity: Vector) -> PopoverOutcome {
        decide(translation: translation, velocity: velocity).outcome
    }

    /// `positionChanged(to: P)`: the tests in order for a projected origin P, with `trackedOrigin` the
    /// finger-tracked frame origin that `changeLocationOnDismiss` keeps on main.
    @inlinable
    public func positionChanged(to p: Point, trackedOrigin: Point) -> PopoverRelease {
        let h = windowHeight
        // H − H·p, evaluated as the library does (@de44c4d Popover.swift:548, @576b4d3
        // Popover+Calculations.swift:82), not (1 − p)·H.
        if mode.contains(.dragDown), p.y >= h - h * proximity {
            return PopoverRelease(
                outcome: .dismissedDown,
                staticOrigin: dragMovesPopoverOffScreen ? Point(x: staticOrigin.x, y: h) : staticOrigin)
        }
        if mode.contains(.dragUp), p.y <= h * proximity {
            return PopoverRelease(
                outcome: .dismissedUp,
                staticOrigin: dragMovesPopoverOffScreen ? Point(x: staticOrigin.x, y: -size.height) : staticOrigin)
        }
        if changeLocationOnDismiss && version.has(.changeLocationOnDismiss) {
            return PopoverRelease(outcome: .moved, staticOrigin: trackedOrigin)
        }
        if case let .relative(anchors) = position {
            let anchor = PopoverLayout.nearestAnchor(to: p, among: anchors, container: container, size: size)
            return PopoverRelease(
                outcome: .anchor(anchor),
                staticOrigin: PopoverLayout.relativeOrigin(anchor: anchor, container: container, size: size))
        }
        return PopoverRelease(outcome: .returned, staticOrigin: staticOrigin)
    }
}
