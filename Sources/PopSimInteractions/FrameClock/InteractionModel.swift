import PopSimDynamics
import PopSimGestures

/// A model of a UI component's interaction physics that the ``FrameClock`` drives: it receives touch
/// samples at their times, advances its timers and animations to any time, and reports what it would
/// draw. Implementations are state machines with explicit states and events.
///
/// The contract that makes traces independent of the frame rate: the drawn state at time t depends
/// only on the touch samples up to t, never on when earlier frames were drawn.
public protocol InteractionModel {
    /// One row of the trace: the drawn state.
    associatedtype Frame: TraceRow
    /// Something the model reports (drag began, dismissed, …).
    associatedtype Event: Sendable & CustomStringConvertible

    /// Delivers one touch sample. The clock has already advanced the model to the sample's time.
    mutating func handle(_ sample: TouchSample) throws(InteractionError)

    /// Advances timers and animations to `time` (never earlier than the last call). `tick` is the drawn
    /// frame when the call is for one, so constant-interval frames can use the exact propagator and a
    /// model that integrates frame by frame knows the step (``frameStep``).
    mutating func advance(to time: Double, tick: FrameTick?) throws(InteractionError)

    /// The state drawn at the last advanced time.
    var frame: Frame { get }

    /// True while a finger is down or something on screen moves: a variable-rate display draws every
    /// vsync of its active rate.
    var needsFrames: Bool { get }

    /// True while anything is still to happen (``needsFrames``, or a timer or queued request waiting):
    /// the run continues, but a ProMotion display may idle until the work starts. Defaults to
    /// ``needsFrames``.
    var hasPendingWork: Bool { get }

    /// A frame rate the model asks the display for (e.g. LNPopupController's 120 Hz display link),
    /// or nil.
    var preferredFrameRate: Double? { get }

    /// Every event so far, with its time, in order.
    var events: [TimedEvent<Event>] { get }

    /// What the model's frame-by-frame integration steps with when frames are irregular: the elapsed
    /// time (the default, and what closed forms evaluated at the frame's time amount to) or the display's
    /// nominal frame duration, as a library that integrates with `targetTimestamp − timestamp` does
    /// (``FrameTick``).
    var frameStep: FrameStep { get }

    /// True when, with no further touch sample, nothing the model still has to do (timers, animations,
    /// queued work) can change its outcome: a run that needs only the outcome may stop there
    /// (``FrameClock/runUntilOutcomeIsFinal(_:stream:)``). Defaults to `!hasPendingWork` (nothing left
    /// to do at all), which is always safe.
    var outcomeIsFinal: Bool { get }
}

extension InteractionModel {
    public var preferredFrameRate: Double? { nil }
    public var frameStep: FrameStep { .elapsed }
    public var hasPendingWork: Bool { needsFrames }
    public var outcomeIsFinal: Bool { !hasPendingWork }
}

/// An event and when it happened.
public struct TimedEvent<Event: Sendable>: Sendable {
    public let time: Double
    public let event: Event

    public init(time: Double, event: Event) {
        self.time = time
        self.event = event
    }
}

/// A value that can be written as the fields of one trace row (after the `time` column).
public protocol TraceRow: Sendable {
    /// Column names after `time`.
    static var columns: [String] { get }
    /// The row's fields in the order of ``columns``, numbers formatted with `formatNumber`.
    var fields: [String] { get }
}

/// Why an interaction could not be simulated.
public enum InteractionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The spring integrator failed (GSL error or divergence).
    case solver(ODEError)
    /// The model's parameters are invalid.
    case invalidParameter(DynamicsError)
    /// The touch stream is not one the model can follow (e.g. time going backwards).
    case invalidStream(String)
    /// The configuration uses an attribute its aheze/Popovers version does not have.
    case unavailable(PopoversFeatureUnavailable)

    public var description: String {
        switch self {
        case let .solver(error): return error.description
        case let .invalidParameter(error): return error.description
        case let .invalidStream(message): return message
        case let .unavailable(error): return error.description
        }
    }
}
