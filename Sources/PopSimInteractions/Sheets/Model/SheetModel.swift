import PopSimDynamics
import PopSimGeometry
import PopSimGestures

/// A sheet with stops, FloatingPanel 3.2.2 or PanModal 1.2.7, as a state machine on the frame clock
/// (Documentation/sheets.md).
///
/// What moves the sheet (``Motion``): nothing (`resting` at a stop), a pan (`dragging`), the library's
/// release animation (FloatingPanel's own integrator, `attracting`; PanModal's UIView spring,
/// `animating`), a removed or dismissed sheet's exit animation (`animating`), then nothing (`gone`).
/// Beside it the followed finger (``FollowedTouch``) goes from a possible pan to a recognised one.
///
/// The release is decided by the same pure rules `popsim decide sheet` uses
/// (``FloatingPanelReleaseRule``, ``PanModalReleaseRule``), with the sheet's edge where the drag left it
/// and the estimator's velocity.
///
/// FloatingPanel's attraction integrates one step per drawn frame with the frame's nominal length, as
/// its `CADisplayLink` does: unlike every other PopSim model, its frames depend on the frame rate (a
/// 60 Hz run and a 120 Hz run settle along different paths and at different times), because the
/// library's do.
///
/// With a scroll view inside the sheet (``SheetConfiguration/scrollView``) the model also drives its
/// content offset (``ScrollViewContent``) and decides, sample by sample, who the finger moves
/// (``owner``), by each library's rules (Documentation/arbitration.md): FloatingPanel's
/// `shouldScrollViewHandleTouch` and scroll-view handler (`FloatingPanelScrollHandler.swift`), PanModal's
/// `shouldFail` and content-offset observer (`PanModalScrollObserver.swift`).
public struct SheetModel: InteractionModel {
    public typealias Frame = SheetFrame
    public typealias Event = SheetEvent

    /// What moves the sheet.
    enum Motion {
        case resting
        case dragging
        /// FloatingPanel's `NumericSpringAnimator`, started at `start` (steps on frames after it).
        case attracting(FloatingPanelAttraction, start: Double)
        /// A time-based spring: PanModal's snap or dismissal, or a removed FloatingPanel's exit.
        case animating(SheetAnimation)
        case gone
    }

    public let configuration: SheetConfiguration
    /// PanModal's UIView spring (duration and damping through the mapping).
    let panModalSpring: Spring
    /// The removal animation's spring and duration.
    let removalSpring: Spring
    let removalDuration: Double

    /// The moving edge, pt from the window's top.
    public internal(set) var y = 0.0
    /// The library's own state: FloatingPanel's `state` (it becomes the target as soon as the attraction
    /// starts, scenee/FloatingPanel@7efcc76 Sources/Core.swift:983), PanModal's last presentation state.
    public internal(set) var stop = SheetStopName.full
    /// Where the sheet is or is heading: the stop, or dismissed/removed as soon as that is decided.
    public internal(set) var outcome = SheetOutcome.stop(.full)
    var motion: Motion = .resting
    /// The followed finger: the sheet has one pan recogniser (the scroll view's runs beside it,
    /// ``SheetTouchDetails/scrollPan``).
    typealias Touch = FollowedTouch<SheetTouchRegion, Void, SheetTouchDetails>
    var touch: Touch?
    var ledger: TouchLedger
    var estimator: AnyVelocityEstimator
    /// FloatingPanel's `interactionInProgress` with what `startInteraction` cached.
    var floatingPanelInteraction: FloatingPanelInteraction?
    public private(set) var time = 0.0
    public internal(set) var events: [TimedEvent<SheetEvent>] = []
    /// The scroll view's content, or nil without one.
    public internal(set) var content: ScrollViewContent?
    /// Who the finger moves now.
    public internal(set) var owner = TouchOwner.none
    /// What the fingers moved so far in the run.
    public internal(set) var movers = SheetMovers.none
    /// FloatingPanel's lock on the scroll view (bounces and indicator), with a scroll view.
    var scrollLock = FloatingPanelScrollLock()
    /// FloatingPanel's `initialScrollOffset`: where its handlers pin the content.
    var initialScrollOffset: Double?
    /// PanModal's `scrollViewYOffset`: where its observer holds the content.
    var trackedScrollOffset = 0.0
    /// PanModal's snap that a drag took over (``SheetEvent/snapTakenOver``): it plays on to its end on
    /// screen, added to the frame the drag moves (``panModalResidualOffset``). Boxed, so the model stays the
    /// size it was without one.
    var panModalTakenOverSnap: TakenOverSnap?
    /// What that snap still adds to the modal's frame on screen, pt.
    var panModalResidualOffset = 0.0

    public init(configuration: SheetConfiguration) throws(InteractionError) {
        try configuration.validate()
        let springs: Springs
        do {
            springs = Springs(
                panModal: try configuration.springMapping.spring(
                    duration: configuration.panModal.transitionDuration,
                    dampingRatio: configuration.panModal.springDamping),
                removal: try configuration.floatingPanelRemoval.spring(),
                removalDuration: try configuration.floatingPanelRemoval.duration())
        } catch {
            throw .invalidParameter(error)
        }
        self.configuration = configuration
        panModalSpring = springs.panModal
        removalSpring = springs.removal
        removalDuration = springs.removalDuration
        ledger = TouchLedger()
        events.reserveCapacity(16)
        estimator = configuration.velocityEstimator.makeEstimator()
        startRun()
    }

    public mutating func restart() {
        startRun()
    }

    /// The springs a configuration sets.
    private struct Springs {
        var panModal: Spring
        var removal: Spring
        var removalDuration: Double
    }

    /// Sets every field of the run's state to where a run starts, in the storage the fields hold (a
    /// restarted model appends to its touch ledger and event log of the run before, emptied). The one
    /// place a run's start is written: a field added to the model is set here.
    private mutating func startRun() {
        stop = configuration.initialStop
        y = configuration.layout.position(of: configuration.initialStop)!
        outcome = .stop(configuration.initialStop)
        motion = .resting
        touch = nil
        ledger.restart()
        // Emptied, it is the estimator the configuration makes (only its samples ever change).
        estimator.reset()
        floatingPanelInteraction = nil
        time = 0
        events.removeAll(keepingCapacity: true)
        content = nil
        owner = .none
        movers = .none
        scrollLock = FloatingPanelScrollLock()
        initialScrollOffset = nil
        trackedScrollOffset = 0
        panModalTakenOverSnap = nil
        panModalResidualOffset = 0
        if let scrollView = configuration.scrollView {
            content = scrollView.content(in: configuration.layout, displayScale: displayScale)
            trackedScrollOffset = max(scrollView.contentOffset, 0)
            if case .floatingPanel(let layout) = configuration.layout {
                // `initialScrollOffset` starts at the tracked scroll view's offset (Sources/Core.swift:31-33).
                initialScrollOffset = scrollView.contentOffset
                // Tracking a scroll view, then `show(animated:)` at the initial state (Sources/Core.swift:26-45,
                // 226-233): unlocked at a scrollable state, locked elsewhere.
                scrollLock.move(from: .hidden, to: FloatingPanelState(stop)!) { $0 == layout.mostExpandedState }
                content?.bounces = scrollLock.bounces
            }
        }
    }

    /// Pixels per point (the stop tolerance of FloatingPanel's rounding and the bounce's rest distance).
    var displayScale: Double {
        switch configuration.layout {
        case .floatingPanel(let layout): return layout.displayScale
        case .panModal: return SheetScreenDefaults.displayScale
        }
    }

    /// Where the sheet ends and, with a scroll view, what the fingers moved: `decide sheet`'s word.
    public var decision: SheetDecision { SheetDecision(outcome, movers: content == nil ? nil : movers) }

    // MARK: InteractionModel

    public var frame: SheetFrame {
        let state: SheetFrame.State
        switch motion {
        case .resting: state = .resting(stop)
        case .dragging: state = .dragging
        case .attracting: state = .settling
        case .animating(let animation):
            switch animation.completion {
            case .settle: state = .settling
            case .dismiss: state = .dismissing
            case .remove: state = .removing
            }
        case .gone: state = outcome == .removed ? .removed : .dismissed
        }
        return SheetFrame(
            y: y + panModalResidualOffset, contentOffset: content?.offset ?? 0, owner: owner, state: state,
            outcome: outcome)
    }

    /// A finger down or the sheet moving.
    public var needsFrames: Bool {
        if touch != nil || content?.isDecelerating == true { return true }
        switch motion {
        case .resting, .gone: return false
        case .dragging, .attracting, .animating: return true
        }
    }

    /// FloatingPanel's attraction steps by the display link's nominal frame duration, whatever time
    /// passed (a dropped frame slows it); PanModal's springs are Core Animation's, timed by the clock.
    public var frameStep: FrameStep { configuration.layout.library == .floatingPanel ? .nominal : .elapsed }

    /// Every release decides its outcome at once and nothing but a touch changes it afterwards: the
    /// outcome is final whenever no finger is down.
    public var outcomeIsFinal: Bool { touch == nil }

    public mutating func advance(to newTime: Double, tick: FrameTick?) throws(InteractionError) {
        guard newTime.isFinite, newTime >= time else {
            throw .invalidStream(
                "time \(newTime) s comes before the model's time \(time) s: samples and frames must be in time order")
        }
        if content?.isDecelerating == true { try advanceContent(to: newTime) }
        // The motion's payload is read only where it moves the sheet: a switch binding it copies the
        // whole motion at every frame and sample, the drag's too.
        switch motion {
        case .attracting: advanceAttraction(to: newTime, tick: tick)
        case .animating: try advanceAnimation(to: newTime, tick: tick)
        case .resting, .dragging, .gone:
            if case .playing(let snap) = panModalTakenOverSnap { try advance(snap, to: newTime, tick: tick) }
        }
        time = newTime
    }

    /// FloatingPanel's attraction at `newTime`.
    private mutating func advanceAttraction(to newTime: Double, tick: FrameTick?) {
        guard case .attracting(var attraction, let start) = motion else { return }
        // One display-link callback per drawn frame after the release, with the nominal frame length
        // (Sources/Core.swift:1450-1470): unchanged by a dropped frame (Documentation/frames.md §2).
        if let tick, tick.time > start {
            if attraction.step(interval: tick.interval(frameStep)) {
                y = attraction.target
                motion = .resting
                emit(.settled(stop), at: newTime)
                floatingPanelAttractionEnded(at: newTime)
            } else {
                y = attraction.value
                motion = .attracting(attraction, start: start)
                floatingPanelAttractionStepped(at: newTime)
            }
        }
    }

    /// A time-based spring's animation at `newTime`.
    private mutating func advanceAnimation(to newTime: Double, tick: FrameTick?) throws(InteractionError) {
        guard case .animating(var animation) = motion else { return }
        if newTime >= animation.end {
            complete(animation)
        } else {
            y = try animation.track.advance(to: newTime, tick: tick)
            motion = .animating(animation)
        }
    }

    mutating func emit(_ event: SheetEvent, at time: Double) {
        events.append(TimedEvent(time: time, event: event))
    }

    /// The finger now moves `owner`, by `rule`: recorded for the decision, and named in the event log
    /// when a scroll view takes part.
    mutating func take(_ owner: TouchOwner, by rule: SheetArbitrationRule, at time: Double) {
        guard owner != self.owner else { return }
        self.owner = owner
        movers = movers.adding(owner)
        if content != nil { emit(.handoff(owner, rule: rule), at: time) }
    }

    /// A content deceleration or bounce moved on to `time`, and what the library's observer does with it.
    mutating func advanceContent(to time: Double) throws(InteractionError) {
        guard var current = content else { return }
        let old = current.offset
        current.advance(to: time)
        content = current
        if !current.isDecelerating { emit(.contentStopped(offset: current.offset), at: time) }
        if case .panModal(let layout) = configuration.layout, current.offset != old {
            try panModalObserve(layout: layout, oldOffset: old, at: time)
        }
    }

    /// Starts a time-based animation from where the sheet is seen. A PanModal snap a drag took over ends
    /// here: `.beginFromCurrentState` (slackhq/PanModal@b012aec
    /// PanModal/Presentable/PanModalPresentable+Defaults.swift:46-48) starts the new animation from the
    /// modal's on-screen position, and it replaces the old one.
    mutating func animate(
        spring: Spring, to target: Double, velocity: Double, duration: Double,
        completion: SheetAnimation.Completion, at time: Double
    ) throws(InteractionError) {
        y += panModalResidualOffset
        panModalResidualOffset = 0
        panModalTakenOverSnap = nil
        let track = try SpringTrack(
            spring: spring, from: y, to: target, velocity: velocity, at: time, solver: configuration.solver)
        motion = .animating(SheetAnimation(track: track, target: target, end: time + duration, completion: completion))
    }

    /// The taken-over snap moved on to `time`; at its end it adds nothing more and its completion clears
    /// `isPresentedViewAnimating` (PanModalPresentationController.swift:642-649).
    mutating func advance(_ takenOver: SheetAnimation, to time: Double, tick: FrameTick?) throws(InteractionError) {
        var snap = takenOver
        if time >= snap.end {
            panModalTakenOverSnap = nil
            panModalResidualOffset = 0
        } else {
            panModalResidualOffset = try snap.track.advance(to: time, tick: tick) - snap.target
            panModalTakenOverSnap = .playing(snap)
        }
    }

    /// The animation's completion at its end time: the final position exactly, then the event.
    mutating func complete(_ animation: SheetAnimation) {
        y = animation.target
        switch animation.completion {
        case .settle(let name):
            motion = .resting
            emit(.settled(name), at: animation.end)
            stop = name
        case .dismiss:
            motion = .gone
            emit(.dismissed, at: animation.end)
        case .remove:
            motion = .gone
            emit(.removed, at: animation.end)
        }
    }
}

/// A PanModal snap a drag took over, in a box of its own (``SheetModel/panModalTakenOverSnap``).
indirect enum TakenOverSnap {
    case playing(SheetAnimation)
}

/// A time-based spring animation of the sheet's edge and what its completion does. The animator runs
/// for exactly its duration; the completion then puts the edge at the target (UIKit sets the model value
/// at once and the presentation follows the spring until the duration has passed).
struct SheetAnimation {
    enum Completion {
        case settle(SheetStopName)
        case dismiss
        case remove
    }

    var track: SpringTrack
    let target: Double
    let end: Double
    let completion: Completion
}
