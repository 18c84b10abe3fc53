import PopSimDynamics
import PopSimGeometry
import PopSimGestures

/// LNPopupController 4.5.6.1's popup interaction as a state machine on the frame clock
/// (Documentation/lnpopupcontroller.md): the pan handler of every style (PopupPanHandler.swift), the tap and
/// close button, the queued open/close/present/dismiss animations, and the 120 Hz display-link hint.
///
/// States, as in the source: the *public* state (hidden, closed, open) changes only when an animation
/// completes; the *internal* state is additionally "transitioning" while a pan displaces the popup or an
/// animator runs; the *target* state is what the running or last transition goes to. The trace shows
/// the content's top edge, the progress, the bar content's alpha and the state (`dragging` while a pan
/// displaces the popup, `transitioning` while an animator runs).
///
/// Touches map onto the model as ``PopupConfiguration`` describes; the pan handler is a line-by-line
/// model of `_popupBarPresentationByUserPanGestureHandler:` (LNPopupController.mm:909-1269).
public struct PopupModel: InteractionModel {
    public typealias Frame = PopupFrame
    public typealias Event = PopupEvent

    /// The source's internal state order (BarHidden 0, BarPresented 1, Transitioning 2, Open 3); the
    /// handler compares with `>`.
    enum InternalState: Int, Comparable {
        case hidden = 0
        case closed = 1
        case transitioning = 2
        case open = 3

        static func < (a: InternalState, b: InternalState) -> Bool { a.rawValue < b.rawValue }

        init(_ state: PopupPresentationState) {
            switch state {
            case .barHidden: self = .hidden
            case .closed: self = .closed
            case .open: self = .open
            }
        }
    }

    /// A pan displacing the popup (`_dismissGestureStarted` and what the start cached).
    struct Dismiss {
        /// S0, `_stateBeforeDismissStarted`.
        let start: PopupPresentationState
        let displacement: PopupDisplacement
        /// The bar centre set by the last change.
        var centre: Double
        /// `_dismissScrollViewStartingContentOffset` when a scroll view's pan started it.
        let scrollPin: Double?
    }

    public let configuration: PopupConfiguration
    let springs: PopupSprings
    let rubberBand: SnapRubberBand
    /// c, clamped.
    let snapPercent: Double
    let requests: [PopupRequest]

    public private(set) var publicState = PopupPresentationState.closed
    var internalState = InternalState.closed
    var targetState = InternalState.closed

    /// The content's top edge (Y_c closed, 0 open).
    public internal(set) var contentTop = 0.0
    /// The bar content's alpha.
    public internal(set) var barAlpha = 0.0
    /// The bar's presented fraction of its height: 1 presented, 0 hidden (animated by present/dismiss).
    public internal(set) var barVisibility = 0.0

    public internal(set) var transition: PopupTransition? {
        didSet { isTransitioning = transition != nil }
    }
    /// Whether ``transition`` runs, kept beside it: the frame loop asks at every frame and sample (through
    /// ``needsFrames``, ``hasPendingWork`` and ``advance(to:tick:)``), and reading the optional
    /// transition's tag takes an outlined call.
    private(set) var isTransitioning = false
    public internal(set) var queue: PopupOperationQueue
    /// When the scheduled snap open fires (the `dispatch_after`).
    public internal(set) var snapOpenTime: Double?
    /// `_gesturesIgnored`.
    public internal(set) var gesturesIgnored = false
    /// `_dismissalOverride`, set by a bar dismiss.
    var dismissalOverride = false
    /// Whether the 120 Hz display link (`_displayLinkFor120Hz`) exists.
    public internal(set) var displayLinkActive = false
    var dismiss: Dismiss?
    typealias Touch = FollowedTouch<PopupTouchRegion, PopupPanKind, PopupTouchDetails>
    var touch: Touch?
    var estimator: AnyVelocityEstimator
    /// The scroll view's content offset y.
    public internal(set) var scrollOffsetY = 0.0
    /// The content's deceleration after a pan the scroll view kept (Documentation/arbitration.md §5).
    var scrollRelease: ScrollViewRelease?
    /// Who the finger moves now: the popup (`sheet`), the scroll view's content, or none.
    public internal(set) var owner = TouchOwner.none
    var nextRequest = 0
    public private(set) var time = 0.0
    public internal(set) var events: [TimedEvent<PopupEvent>] = []

    public init(configuration: PopupConfiguration) throws(InteractionError) {
        try configuration.validate()
        let springs: PopupSprings
        let rubberBand: SnapRubberBand
        do {
            springs = try PopupSprings(timing: configuration.timing, mapping: configuration.springMapping)
            rubberBand = try SnapRubberBand(
                snapPercent: configuration.effectiveSnapPercent, dimension: configuration.geometry.containerHeight)
        } catch {
            throw .invalidParameter(error)
        }
        self.configuration = configuration
        self.springs = springs
        snapPercent = configuration.effectiveSnapPercent
        self.rubberBand = rubberBand
        requests = configuration.requests.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
        queue = PopupOperationQueue()
        events.reserveCapacity(32)
        estimator = configuration.velocityEstimator.makeEstimator()
        startRun()
    }

    public mutating func restart() {
        startRun()
    }

    /// Sets every field of the run's state to where a run starts, in the storage the fields hold (a
    /// restarted model appends to its queue and event log of the run before, emptied). The one place a
    /// run's start is written: a field added to the model is set here.
    private mutating func startRun() {
        let geometry = configuration.geometry
        publicState = configuration.initialState
        internalState = InternalState(configuration.initialState)
        targetState = internalState
        contentTop = geometry.restingContentTop(open: configuration.initialState == .open)
        barAlpha = PopupGeometry.barContentAlpha(progress: geometry.progress(contentTop: contentTop))
        barVisibility = configuration.initialState == .barHidden ? 0 : 1
        transition = nil
        queue.restart()
        snapOpenTime = nil
        gesturesIgnored = false
        dismissalOverride = configuration.initialState == .barHidden
        displayLinkActive = false
        dismiss = nil
        touch = nil
        // Emptied, it is the estimator the configuration makes (only its samples ever change).
        estimator.reset()
        scrollOffsetY = configuration.scrollView?.contentOffset.y ?? 0
        scrollRelease = nil
        owner = .none
        nextRequest = 0
        time = 0
        events.removeAll(keepingCapacity: true)
    }

    // MARK: InteractionModel

    public var frame: PopupFrame {
        let state: PopupFrame.State
        if dismiss != nil {
            state = .dragging
        } else if isTransitioning {
            state = .transitioning
        } else {
            switch publicState {
            case .barHidden: state = .hidden
            case .closed: state = .closed
            case .open: state = .open
            }
        }
        return PopupFrame(
            contentY: contentTop, progress: configuration.geometry.progress(contentTop: contentTop),
            barAlpha: barAlpha, contentOffset: scrollOffsetY, owner: owner, state: state)
    }

    /// A finger down or an animation running. The display-link hint is not part of it: LNPopupController's link is a
    /// no-op that only raises the refresh rate (``preferredFrameRate``), and it can outlive every animation (see
    /// ``run(_:at:)``).
    public var needsFrames: Bool {
        touch != nil || isTransitioning || scrollRelease != nil
    }

    /// A scheduled snap open, a queued operation or a programmatic request still to come keeps the run
    /// going without forcing a ProMotion display to draw at its full rate while it waits.
    public var hasPendingWork: Bool {
        needsFrames || snapOpenTime != nil || !queue.isEmpty || nextRequest < requests.count
    }

    /// ``outcome`` already names where a running animation or a scheduled snap open is heading; it can
    /// still change while an operation waits in the queue or a programmatic request is to come, while
    /// the snap-open timer has not yet fired (an animation running then may complete first and report
    /// its own target), or while a close is to be followed by a bar dismiss.
    public var outcomeIsFinal: Bool {
        queue.isEmpty && nextRequest == requests.count && snapOpenTime == nil
            && !(isTransitioning && transition!.thenDismissBar)
    }

    /// The display-link hint of §9: while LNPopupController's no-op `CADisplayLink` exists it asks for
    /// `UIScreen.maximumFramesPerSecond` (LNPopupController.mm:2619-2639).
    public var preferredFrameRate: Double? { displayLinkActive ? configuration.maximumFramesPerSecond : nil }

    /// The state the popup is in, or heading to when something is still running: the running
    /// animation's target, else open when a snap open is scheduled, else the public state.
    public var outcome: PopupPresentationState {
        if let transition { return transition.kind.target }
        if snapOpenTime != nil { return .open }
        return publicState
    }

    /// Most calls, a drag's samples and frames among them, find nothing running or scheduled: only the clock
    /// moves. Inlined into the conformance the frame clock calls, so that call is the whole of such a step.
    @inline(__always)
    public mutating func advance(to newTime: Double, tick: FrameTick?) throws(InteractionError) {
        guard newTime.isFinite, newTime >= time else { throw Self.timeOrderError(newTime, modelTime: time) }
        guard hasScheduledOrRunningWork else {
            time = newTime
            return
        }
        try advanceScheduledAndRunningWork(to: newTime, tick: tick)
    }

    @inline(never)
    private static func timeOrderError(_ newTime: Double, modelTime time: Double) -> InteractionError {
        .invalidStream(
            "time \(newTime) s comes before the model's time \(time) s: samples and frames must be in time order")
    }

    /// Whether ``advance(to:tick:)`` has anything to do besides moving the clock: an animation, the snap-open
    /// timer or the scroll view's deceleration runs, or a programmatic request waits for no finger.
    private var hasScheduledOrRunningWork: Bool {
        isTransitioning || snapOpenTime != nil || scrollRelease != nil
            || (touch == nil && nextRequest < requests.count)
    }

    /// ``advance(to:tick:)`` with something running or scheduled: what falls due up to `newTime` happens in
    /// time order, then the running animations move to it.
    private mutating func advanceScheduledAndRunningWork(to newTime: Double, tick: FrameTick?)
        throws(InteractionError)
    {
        while true {
            let completion = transition?.end
            let timer = snapOpenTime
            // A request waits while a finger is down (a modelling choice: the source could start an
            // animation under a displacing finger) and then runs at once.
            let request = touch == nil && nextRequest < requests.count ? max(requests[nextRequest].time, time) : nil
            // Ties: a completion first (it may start the next animation), then the timer, then requests.
            if let completion, completion <= newTime, completion <= (timer ?? .infinity),
                completion <= (request ?? .infinity)
            {
                try completeTransition(at: completion)
            } else if let timer, timer <= newTime, timer <= (request ?? .infinity) {
                snapOpenTime = nil
                time = max(time, timer)
                try enqueue(.open(resetsState: false, clearsGestureLock: true), at: timer)
            } else if let request, request <= newTime {
                let action = requests[nextRequest].action
                nextRequest += 1
                time = max(time, request)
                try perform(action, at: request)
            } else {
                break
            }
        }
        if var release = scrollRelease {
            scrollOffsetY = release.advance(to: newTime)
            scrollRelease = release.isFinished ? nil : release
            if release.isFinished { emit(.contentStopped(offset: scrollOffsetY), at: newTime) }
        }
        if isTransitioning {
            try transition!.advance(to: newTime, tick: tick)
            contentTop = transition!.contentTop
            barAlpha = transition!.barAlpha
            barVisibility = transition!.barVisibility
        }
        time = newTime
    }

    mutating func emit(_ event: PopupEvent, at time: Double) {
        events.append(TimedEvent(time: time, event: event))
    }

    /// The finger now moves `owner` by `rule`, named in the event log when a scroll view takes part.
    mutating func take(_ owner: TouchOwner, by rule: SheetArbitrationRule, at time: Double) {
        guard owner != self.owner else { return }
        self.owner = owner
        if configuration.scrollView != nil { emit(.handoff(owner, rule: rule), at: time) }
    }

    // MARK: Display link (§9)

    mutating func startDisplayLink(at time: Double) {
        guard !displayLinkActive else { return }
        displayLinkActive = true
        emit(.displayLinkStarted(framesPerSecond: configuration.maximumFramesPerSecond), at: time)
    }

    mutating func stopDisplayLink(at time: Double) {
        guard displayLinkActive else { return }
        displayLinkActive = false
        emit(.displayLinkStopped, at: time)
    }

    // MARK: Programmatic calls

    mutating func perform(_ action: PopupRequest.Action, at time: Double) throws(InteractionError) {
        let operation: PopupOperation
        switch action {
        case .open: operation = .open(resetsState: false, clearsGestureLock: false)
        case .close: operation = .close(triggeredByGesture: false, clearsGestureLock: false)
        case .presentBar: operation = .presentBar
        case .dismissBar: operation = .dismissBar
        }
        emit(.requested(operation), at: time)
        try enqueue(operation, at: time)
    }

    // MARK: Event queue (LNPopupController.mm:1609-1651)

    /// `_enqueueEvent:` then `_resumeEventQueue`.
    mutating func enqueue(_ operation: PopupOperation, at time: Double) throws(InteractionError) {
        for replaced in queue.enqueue(operation) { emit(.coalesced(replaced), at: time) }
        if isTransitioning { emit(.queued(operation), at: time) }
        try resumeQueue(at: time)
    }

    /// `_resumeEventQueue`: runs the first waiting operation when no animator runs.
    mutating func resumeQueue(at time: Double) throws(InteractionError) {
        guard !isTransitioning, let operation = queue.dequeue() else { return }
        try run(operation, at: time)
    }

    mutating func run(_ operation: PopupOperation, at time: Double) throws(InteractionError) {
        switch operation {
        case let .open(resetsState, clearsGestureLock):
            // openPopupAnimated:…trollState: and _openPopupAnimated: (LNPopupController.mm:886-907). The
            // display link starts even when the popup is already open; nothing then ends it until the
            // next animation completes (a quirk of the source, kept).
            if resetsState {
                internalState = .transitioning
                targetState = .transitioning
            }
            startDisplayLink(at: time)
            if targetState != .open {
                try startTransition(.open, at: time, clearsGestureLock: clearsGestureLock)
            } else if clearsGestureLock {
                gesturesIgnored = false
            }
        case let .close(gesture, clearsGestureLock):
            if targetState != .closed {
                try startTransition(.close(triggeredByGesture: gesture), at: time, clearsGestureLock: clearsGestureLock)
            } else if clearsGestureLock {
                gesturesIgnored = false
            }
        case .presentBar:
            startDisplayLink(at: time)
            if targetState == .hidden {
                dismissalOverride = false
                try startTransition(.presentBar, at: time)
            } else {
                stopDisplayLink(at: time)
                try resumeQueue(at: time)
            }
        case .dismissBar:
            startDisplayLink(at: time)
            guard !dismissalOverride, internalState != .hidden else { return }
            dismissalOverride = true
            if targetState != .closed {
                // Dismissing while open: a full close first, then the bar (LNPopupController.mm:2359-2366).
                try startTransition(.close(triggeredByGesture: false), at: time, thenDismissBar: true)
            } else {
                try startTransition(.dismissBar, at: time)
            }
        }
    }

    // MARK: Transitions (`_transitionToState:`, LNPopupController.mm:547-847)

    mutating func startTransition(
        _ kind: PopupTransition.Kind, at time: Double, clearsGestureLock: Bool = false,
        thenDismissBar: Bool = false
    ) throws(InteractionError) {
        let geometry = configuration.geometry
        let timing = configuration.timing
        let spring: Spring
        let duration: Double
        let to: (contentTop: Double, barAlpha: Double, barVisibility: Double)
        switch kind {
        case .open:
            guard internalState != .open else { return }
            startDisplayLink(at: time)
            spring = springs.open
            duration = timing.popupDuration
            to = (geometry.restingContentTop(open: true), PopupGeometry.barContentAlpha(progress: 1), barVisibility)
            emit(.openStarted, at: time)
        case let .close(gesture):
            guard internalState != .closed else { return }
            startDisplayLink(at: time)
            spring = gesture ? springs.gestureClose : springs.close
            duration = timing.popupDuration
            to = (geometry.restingContentTop(open: false), PopupGeometry.barContentAlpha(progress: 0), barVisibility)
            emit(.closeStarted(triggeredByGesture: gesture), at: time)
        case .presentBar:
            spring = springs.bar
            duration = timing.barDuration
            to = (contentTop, barAlpha, 1)
            emit(.barPresentStarted, at: time)
        case .dismissBar:
            spring = springs.bar
            duration = timing.barDuration
            to = (contentTop, barAlpha, 0)
            emit(.barDismissStarted, at: time)
        }
        targetState = InternalState(kind.target)
        internalState = .transitioning
        transition = try PopupTransition(
            kind: kind, spring: spring, start: time, duration: duration,
            solver: configuration.solver,
            from: (contentTop, barAlpha, barVisibility), to: to,
            clearsGestureLock: clearsGestureLock, thenDismissBar: thenDismissBar)
    }

    /// The animator's completion: final values, the published state, the display link's end, the
    /// gesture lock, and the queue's resumption.
    mutating func completeTransition(at time: Double) throws(InteractionError) {
        guard var finished = transition else { return }
        self.time = max(self.time, time)
        finished.finish()
        contentTop = finished.contentTop
        barAlpha = finished.barAlpha
        barVisibility = finished.barVisibility
        transition = nil
        let state = finished.kind.target
        internalState = InternalState(state)
        publicState = state
        switch finished.kind {
        case .open:
            emit(.opened, at: time)
            recogniserLeft(.bar, at: time)  // the pan moves onto the content (LNPopupController.mm:741-742)
        case .close:
            emit(.closed, at: time)
            recogniserLeft(.content, at: time)  // and back onto the bar (l.705-706)
        case .presentBar: emit(.barPresented, at: time)
        case .dismissBar: emit(.barDismissed, at: time)
        }
        stopDisplayLink(at: time)
        if finished.clearsGestureLock { gesturesIgnored = false }
        if finished.thenDismissBar {
            internalState = .transitioning
            try startTransition(.dismissBar, at: time)
        }
        try resumeQueue(at: time)
    }
}
