import PopSimDynamics
import PopSimGeometry
import PopSimGestures

/// One drag release as the model measured it: what `decide` needs to reproduce the decision.
public struct PopoverReleaseRecord: Sendable, Hashable {
    public var time: Double
    public var popover: Int
    /// Raw finger translation at the `ended` sample (location − touch-down location).
    public var translation: Vector
    /// The estimator's velocity at the `ended` sample's time (pt/s).
    public var velocity: Vector
    /// translation + predictionTime·velocity.
    public var predictedEndTranslation: Vector
    /// The static origin before the release.
    public var staticOrigin: Point
    public var release: PopoverRelease
}

/// aheze/Popovers' presented popovers as a state machine on the frame clock, by the rules of tag 1.3.2
/// or of the main branch (``PopoverModelConfiguration/libraryVersion``): the drag, the release
/// decision, tap-outside dismissal and the animations, for one or several popovers at once.
///
/// It mirrors the library's own state (Documentation/popovers.md §0): per popover the static frame, the hit-test
/// `frame` and the selected anchor; for the container the `selectedPopover` and the shared
/// `selectedPopoverOffset`. Handlers run the library's code paths in order:
///
/// - **touch-down** (any touch): the §3b hit test on the `frame`s, newest first (``PopoverHitTest``). A
///   touch the container keeps, on a popover whose drag is enabled, becomes that popover's drag
///   candidate, unless a drag is already being tracked (one `DragGesture` sequence at a time).
/// - **move**: once the finger has been ≥ 2 pt from its touch-down point, every sample is an `onChanged`
///   (PopoverContainerView.swift:93-120): offset = D(t) with t the raw translation from touch-down,
///   `frame` = static + offset; the first one runs inside `withAnimation(.spring())` and selects the
///   popover, later ones apply without animation (see ``AdditivelyAnimatedPoint``).
/// - **touch-up**: if the gesture succeeded (the 2 pt test includes the lift location, as SwiftUI's
///   `DistanceGesture` does), `onEnded` (lines 121-140): P = static + t + T·v, then inside one
///   `.spring()` transaction offset ← 0, `positionChanged(to: P)`, `frame` ← static; then the selection
///   is cleared without animation. A dismissal removes the popover from hit testing at once and fades it
///   out with `.easeOut` (Popover+Lifecycle.swift:85-112).
/// - **cancel**, or the dragged popover dismissed by another touch: SwiftUI calls no `onEnded`, so the
///   selection and the offset stay as they were (the next drag's first update is then not animated).
///
/// The velocity estimator sees the touch-down, moved and stationary samples of the dragging touch and
/// is asked at the `ended` sample's time (the Gestures module's release convention). Stationary samples
/// count as moves. Hit testing uses the model frames, not the animated drawn positions, as the library does.
public struct PopoverInteractionModel: InteractionModel {
    public typealias Frame = PopoverTraceFrame
    public typealias Event = PopoverEvent

    public let configuration: PopoverModelConfiguration

    struct PopoverState {
        let attributes: PopoverAttributes
        let size: Size
        let dragOffset: PopoverDragOffset
        var staticOrigin: Point
        /// `context.frame`: static + the live drag offset (hit testing).
        var frame: Rect
        var selectedAnchor: PopoverAnchor?
        var drawn: AdditivelyAnimatedPoint
        var opacity = 1.0
        var fade: TimedAnimation?
        var removedAt: Double?
        var fate: PopoverOutcome?
    }

    struct DragTracking {
        let touch: Int
        let popover: Int
        let start: Point
        var maxDistance = 0.0
        var isActive = false
    }

    private var popovers: [PopoverState]
    /// Every popover as a run starts, built once from the configuration.
    private let initialPopovers: [PopoverState]
    /// Indices of the presented popovers, oldest first (`PopoverModel.popovers`).
    private var presented: [Int]
    /// `selectedPopover` and `selectedPopoverOffset` (PopoverContainerView.swift:20,23).
    private var selected: Int?
    private var selectedOffset = Vector.zero
    private var drag: DragTracking?
    /// The tracked drag's velocity estimator, kept apart from ``DragTracking`` so that looking at the
    /// drag never copies the estimator's sample history.
    private var dragEstimator: AnyVelocityEstimator
    private var touches: TouchLedger
    /// The last advanced time (−∞ before the first; streams may start at any time).
    private var time = -Double.infinity
    public private(set) var events: [TimedEvent<PopoverEvent>] = []
    /// Every drag release, in order.
    public private(set) var releases: [PopoverReleaseRecord] = []
    /// The presented popovers as a touch-down hit-tests them, rebuilt at each touch-down in this storage.
    private var hitTestSubjects: [PopoverHitTestSubject] = []

    public init(configuration: PopoverModelConfiguration) throws(InteractionError) {
        try configuration.validate()
        self.configuration = configuration
        popovers = []
        initialPopovers = Self.initialStates(configuration)
        presented = []
        dragEstimator = configuration.makeVelocityEstimator()
        touches = TouchLedger()
        startRun()
    }

    public mutating func restart() {
        startRun()
    }

    /// Sets every field of the run's state to where a run starts, in the storage the fields hold (a
    /// restarted model appends to its arrays of the run before, emptied). The one place a run's start is
    /// written: a field added to the model is set here.
    private mutating func startRun() {
        popovers.removeAll(keepingCapacity: true)
        popovers.append(contentsOf: initialPopovers)
        presented.removeAll(keepingCapacity: true)
        presented.append(contentsOf: configuration.popovers.indices)
        selected = nil
        selectedOffset = .zero
        drag = nil
        // Emptied, it is the estimator the configuration makes (only its samples ever change).
        dragEstimator.reset()
        touches.restart()
        time = -.infinity
        events.removeAll(keepingCapacity: true)
        releases.removeAll(keepingCapacity: true)
    }

    /// Each popover of `configuration` as a run starts: at its initial static frame and anchor, at rest.
    private static func initialStates(_ configuration: PopoverModelConfiguration) -> [PopoverState] {
        let window = configuration.window
        return configuration.popovers.map { attributes in
            let frame = attributes.initialStaticFrame(in: window)
            return PopoverState(
                attributes: attributes, size: frame.size,
                dragOffset: PopoverDragOffset(
                    position: attributes.position, mode: attributes.dismissal.mode,
                    changeLocationOnDismiss: attributes.changeLocationOnDismiss,
                    rubberBandingMode: attributes.rubberBandingMode,
                    version: configuration.libraryVersion),
                staticOrigin: frame.origin, frame: frame, selectedAnchor: attributes.initialAnchor,
                drawn: AdditivelyAnimatedPoint(frame.origin))
        }
    }

    // MARK: Observation

    /// The drawn state of popover `index`.
    public func drawnFrame(ofPopover index: Int) -> PopoverTraceFrame {
        // Fields are read in place: a copy of the popover's state would copy its springs.
        let state: PopoverDrawState
        if popovers[index].removedAt != nil {
            state = .dismissed
        } else if drag?.popover == index, drag?.isActive == true {
            state = .dragging
        } else if popovers[index].drawn.isAnimating {
            state = .animating
        } else {
            state = .presented
        }
        return PopoverTraceFrame(origin: popovers[index].drawn.drawn, opacity: popovers[index].opacity, state: state)
    }

    public var frame: PopoverTraceFrame { drawnFrame(ofPopover: configuration.tracedIndex) }

    public var needsFrames: Bool { touches.isAnyTouchDown || Self.anyAnimates(popovers) }

    /// Whether a spring or a fade runs on any of `popovers`. Static, so that a mutating handler asking it
    /// does not copy the model (a getter on `self` would), and reading the states in place, through the
    /// array's storage: a popover's state is about a kilobyte, and a closure or a `for` over the array
    /// would copy each one.
    @inline(__always)
    private static func anyAnimates(_ popovers: [PopoverState]) -> Bool {
        popovers.withUnsafeBufferPointer { states in
            var i = 0
            while i < states.count {
                if states[i].drawn.isAnimating || states[i].fade != nil { return true }
                i += 1
            }
            return false
        }
    }

    /// Always true: a popover's outcome is decided by touches alone (a drag release or a touch outside
    /// it); the springs and fades that follow never change it.
    public var outcomeIsFinal: Bool { true }

    /// The static frame (without drag offset) of popover `index`.
    public func staticFrame(ofPopover index: Int) -> Rect {
        Rect(origin: popovers[index].staticOrigin, size: popovers[index].size)
    }

    /// The hit-test frame (`context.frame`) of popover `index`.
    public func hitTestFrame(ofPopover index: Int) -> Rect { popovers[index].frame }

    /// Whether popover `index` is still presented (not dismissed).
    public func isPresented(_ index: Int) -> Bool { popovers[index].removedAt == nil }

    /// The selected anchor of a relative popover.
    public func selectedAnchor(ofPopover index: Int) -> PopoverAnchor? { popovers[index].selectedAnchor }

    /// What became of popover `index`: the decision of its last drag release, `dismissed-tap-outside`
    /// if a touch outside dismissed it later (or without a drag), `presented` if neither happened.
    public func outcome(ofPopover index: Int) -> PopoverOutcome { popovers[index].fate ?? .presented }

    /// ``outcome(ofPopover:)`` of the traced popover.
    public var outcome: PopoverOutcome { outcome(ofPopover: configuration.tracedIndex) }

    /// ``outcome(ofPopover:)`` of every popover, in configuration order.
    public var outcomes: [PopoverOutcome] { popovers.indices.map { outcome(ofPopover: $0) } }

    // MARK: Clock

    public mutating func advance(to time: Double, tick: FrameTick?) throws(InteractionError) {
        guard time > self.time || tick != nil else { return }
        // Looked at before anything is written: in most frames of a decision nothing animates, and a write
        // through the array first checks that its storage is not shared.
        guard Self.anyAnimates(popovers) else {
            self.time = max(self.time, time)
            return
        }
        let tolerance = configuration.settleTolerance
        for i in popovers.indices {
            try popovers[i].drawn.advance(to: time, tick: tick, tolerance: tolerance)
            if let fade = popovers[i].fade {
                if fade.isFinished(at: time) {
                    popovers[i].opacity = fade.to
                    popovers[i].fade = nil
                } else {
                    popovers[i].opacity = fade.value(at: time)
                }
            }
        }
        self.time = max(self.time, time)
    }

    // MARK: Touches

    public mutating func handle(_ sample: TouchSample) throws(InteractionError) {
        try touches.admit(sample, modelTime: time)
        if sample.time > time { try advance(to: sample.time, tick: nil) }
        switch sample.phase {
        case .began:
            try touchDown(sample)
        case .moved, .stationary:
            try touchMoved(sample)
        case .ended, .cancelled:
            try touchUp(sample)
        }
    }

    private mutating func touchDown(_ sample: TouchSample) throws(InteractionError) {
        let order = presented
        var subjects = Recycling.emptied(&hitTestSubjects)
        for i in order {
            let a = popovers[i].attributes
            subjects.append(
                PopoverHitTestSubject(
                    frame: popovers[i].frame, mode: a.dismissal.mode,
                    tapOutsideIncludesOtherPopovers: a.dismissal.tapOutsideIncludesOtherPopovers,
                    blocksBackgroundTouches: a.blocksBackgroundTouches,
                    blocksBackgroundTouchesAllowedFrames: a.blocksBackgroundTouchesAllowedFrames,
                    excludedFrames: a.dismissal.excludedFrames))
        }
        let result = PopoverHitTest.touchDown(
            at: sample.location, popovers: subjects, version: configuration.libraryVersion)
        hitTestSubjects = subjects
        for action in result.actions {
            switch action {
            case let .tapOutside(k):
                record(.tapOutside, popover: order[k])
            case let .dismiss(k):
                try dismiss(order[k], reason: .tapOutside)
            }
        }
        // The drag gesture is attached to the popover (`.simultaneousGesture`), masked off when
        // rubberBandingMode is empty or popovers are not draggable (PopoverContainerView.swift:141-143).
        if drag == nil, let touched = result.touchedPopover {
            let p = order[touched]
            if configuration.popoversDraggable && !popovers[p].attributes.rubberBandingMode.isEmpty {
                // Emptied, it is the estimator the configuration makes (only its samples ever change).
                dragEstimator.reset()
                dragEstimator.addSample(time: sample.time, location: sample.location)
                drag = DragTracking(touch: sample.touch, popover: p, start: sample.location)
            }
        }
    }

    private mutating func touchMoved(_ sample: TouchSample) throws(InteractionError) {
        guard var tracking = drag, tracking.touch == sample.touch else { return }
        dragEstimator.addSample(time: sample.time, location: sample.location)
        tracking.maxDistance = max(tracking.maxDistance, tracking.start.distance(to: sample.location))
        let begins = !tracking.isActive && tracking.maxDistance >= configuration.minimumDragDistance
        if begins { tracking.isActive = true }
        drag = tracking
        if begins { record(.dragBegan, popover: tracking.popover) }
        if tracking.isActive { try dragChanged(tracking.popover, translation: sample.location - tracking.start) }
    }

    private mutating func touchUp(_ sample: TouchSample) throws(InteractionError) {
        guard var tracking = drag, tracking.touch == sample.touch else { return }
        drag = nil
        if sample.phase == .cancelled {
            if tracking.isActive { record(.dragCancelled, popover: tracking.popover) }
            return
        }
        tracking.maxDistance = max(tracking.maxDistance, tracking.start.distance(to: sample.location))
        guard tracking.maxDistance >= configuration.minimumDragDistance else { return }
        try dragEnded(
            tracking.popover, translation: sample.location - tracking.start,
            velocity: dragEstimator.velocityInPlace(at: sample.time))
    }

    // MARK: The library's handlers

    /// `onChanged` (PopoverContainerView.swift:93-120).
    private mutating func dragChanged(_ p: Int, translation: Vector) throws(InteractionError) {
        let animated = selected == nil
        if animated { selected = p }
        // Read through the array's storage: the element's subscript would copy the rule, and with it its
        // position's anchors, at every sample.
        selectedOffset = popovers.withUnsafeBufferPointer { $0[p].dragOffset.offset(for: translation) }
        popovers[p].frame.origin = popovers[p].staticOrigin + selectedOffset
        try commitDrawnValues(animated: animated)
    }

    /// `onEnded` (PopoverContainerView.swift:121-140) and `positionChanged(to:)`
    /// (Popover+Calculations.swift:77-133).
    private mutating func dragEnded(_ p: Int, translation: Vector, velocity: Vector) throws(InteractionError) {
        // The popover's state read in place: a copy of it (about a kilobyte) would retain its attributes.
        let (staticOrigin, trackedOrigin) = (popovers[p].staticOrigin, popovers[p].frame.origin)
        let decision = popovers.withUnsafeBufferPointer { states in
            states[p].attributes.releaseDecision(
                staticOrigin: staticOrigin, window: configuration.window,
                predictionTime: configuration.predictionTime,
                version: configuration.libraryVersion)
        }
        let predicted = predictedEndTranslation(
            translation: translation, velocity: velocity,
            predictionTime: configuration.predictionTime)
        let release = decision.positionChanged(to: staticOrigin + predicted, trackedOrigin: trackedOrigin)
        releases.append(
            PopoverReleaseRecord(
                time: time, popover: p, translation: translation, velocity: velocity,
                predictedEndTranslation: predicted, staticOrigin: staticOrigin,
                release: release))
        record(.released(release.outcome, translation: translation, velocity: velocity), popover: p)

        // withAnimation(.spring()) { offset ← 0; positionChanged(P); frame ← staticFrame }
        selectedOffset = .zero
        popovers[p].staticOrigin = release.staticOrigin
        popovers[p].fate = release.outcome
        switch release.outcome {
        case let .anchor(anchor):
            if popovers[p].selectedAnchor != anchor { record(.anchorChanged(anchor), popover: p) }
            popovers[p].selectedAnchor = anchor
        case .dismissedDown:
            try dismiss(p, reason: .dragDown)
        case .dismissedUp:
            try dismiss(p, reason: .dragUp)
        default:
            break
        }
        popovers[p].frame = Rect(origin: popovers[p].staticOrigin, size: popovers[p].size)
        try commitDrawnValues(animated: true)
        // selectedPopover ← nil, without animation (line 139).
        selected = nil
        try commitDrawnValues(animated: false)
    }

    /// `dismiss()` (Popover+Lifecycle.swift:85-112): removed from the model at once (no longer hit
    /// tested), faded out by the dismissal transaction, callbacks called (every call is logged).
    private mutating func dismiss(_ p: Int, reason: PopoverEvent.DismissalReason) throws(InteractionError) {
        record(.dismissed(reason), popover: p)
        guard popovers[p].removedAt == nil else { return }
        popovers[p].removedAt = time
        presented.removeAll { $0 == p }
        if reason == .tapOutside { popovers[p].fate = .dismissedTapOutside }
        let fade = popovers[p].attributes.dismissal.fade
        do {
            popovers[p].fade = try TimedAnimation(
                from: popovers[p].opacity, to: 0, start: time,
                duration: fade.duration, curve: fade.curve)
        } catch {
            throw .invalidParameter(error)
        }
        if let tracking = drag, tracking.popover == p {
            // The view and its gesture go away: no onEnded, the selection stays.
            drag = nil
            if tracking.isActive { record(.dragCancelled, popover: p) }
        }
    }

    /// Gives every view its new `.offset` value: static origin + the selected offset for the selected
    /// popover (`popoverOffset(for:)`, PopoverContainerView.swift:186-195). Views removed earlier no
    /// longer update; one removed in this very transaction still takes its last values.
    private mutating func commitDrawnValues(animated: Bool) throws(InteractionError) {
        let spring = animated && configuration.animatesDrawnPositions ? configuration.spring : nil
        for i in popovers.indices {
            if let removedAt = popovers[i].removedAt, removedAt < time { continue }
            var value = popovers[i].staticOrigin
            if selected == i { value = value + selectedOffset }
            try popovers[i].drawn.set(value, animatedWith: spring, at: time, solver: configuration.solver)
        }
    }

    private mutating func record(_ kind: PopoverEvent.Kind, popover: Int) {
        events.append(TimedEvent(time: time, event: PopoverEvent(popover: popover, kind: kind)))
    }

}
