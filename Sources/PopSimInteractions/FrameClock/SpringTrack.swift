import PopSimDynamics
import PopSimGeometry

/// How the frame clock evaluates springs.
public enum SpringSolver: Sendable, Hashable {
    /// The exact solution: the closed form at event times and the exact propagator e^(Ah) across
    /// consecutive frames of a constant interval (four multiply-adds a frame).
    case analytic
    /// Numerical integration with a GSL stepper, landing exactly on every evaluated time.
    case integrated(ODEStepper, ODETolerance)

    /// Parses `analytic` or a GSL stepper name (with the default tolerance).
    public init?(parsing text: String, tolerance: ODETolerance = ODETolerance()) {
        if text == "analytic" {
            self = .analytic
            return
        }
        guard let stepper = ODEStepper(rawValue: text) else { return nil }
        self = .integrated(stepper, tolerance)
    }

    /// Every name ``init(parsing:tolerance:)`` reads: `analytic`, then the GSL steppers.
    public static var names: [String] { ["analytic"] + ODEStepper.allCases.map(\.rawValue) }

    public var name: String {
        switch self {
        case .analytic: return "analytic"
        case let .integrated(stepper, _): return stepper.rawValue
        }
    }
}

/// One spring animation of a scalar (a popup's content offset, an opacity), as the frame clock drives
/// it: started at an event time from a position and velocity toward a target, retargetable with
/// position and velocity kept, evaluated at non-decreasing times.
///
/// With ``SpringSolver/analytic`` it uses the closed form at arbitrary times and the exact propagator
/// across consecutive drawn frames of the same interval on one vsync grid (``FrameTick/isOnVsyncGrid``),
/// so a 60 Hz and a 120 Hz run agree at their shared instants to rounding. Where the interval changes
/// (a dropped frame, a jittered or listed frame time, a rate step) it evaluates the closed form at the
/// frame's time, so the spring steps exactly by the time that really elapsed. With
/// ``SpringSolver/integrated(_:_:)`` a GSL integrator owned by this track is stepped to every evaluated
/// time (a reference type inside: copies share it).
public struct SpringTrack {
    public let spring: Spring
    public private(set) var target: Double
    private var segmentStart: Double
    private var segmentInitial: SpringState
    private var current: SpringState
    private var currentTime: Double
    private var lastTick: FrameTick?
    private var propagator: SpringPropagator?
    private var propagatorSteps = 0
    /// The vsync interval the propagator's steps are counted in.
    private var propagatorVsyncInterval = 0.0
    private let integrator: ODEIntegrator<SpringODESystem>?
    /// Whether ``current`` is the closed form at ``currentTime``: evaluating it again there (a touch
    /// sample and the frame drawn at the same instant) would give the same bits, so it is kept.
    private var currentIsClosedForm = false

    public init(
        spring: Spring, from position: Double, to target: Double, velocity: Double = 0, at start: Double,
        solver: SpringSolver = .analytic
    ) throws(InteractionError) {
        self.spring = spring
        self.target = target
        segmentStart = start
        segmentInitial = SpringState(displacement: position - target, velocity: velocity)
        current = segmentInitial
        currentTime = start
        switch solver {
        case .analytic:
            integrator = nil
        case let .integrated(stepper, tolerance):
            do {
                integrator = try ODEIntegrator(
                    system: try SpringODESystem(spring: spring), stepper: stepper,
                    initialState: [segmentInitial.displacement, segmentInitial.velocity],
                    startTime: start, tolerance: tolerance)
            } catch let error as ODEError {
                throw .solver(error)
            } catch {
                throw .solver(.invalid(error as! DynamicsError))
            }
        }
    }

    /// Position at the last evaluated time.
    public var position: Double { target + current.displacement }
    /// Velocity at the last evaluated time.
    public var velocity: Double { current.velocity }

    /// Advances to `time` (not earlier than the last evaluation) and returns the position.
    @discardableResult
    public mutating func advance(to time: Double, tick: FrameTick? = nil) throws(InteractionError) -> Double {
        if let integrator {
            do { try integrator.advance(to: max(time, integrator.time)) } catch { throw .solver(error) }
            current = SpringState(displacement: integrator[0], velocity: integrator[1])
        } else if let tick, let lastTick, let propagator, tick.isOnVsyncGrid,
            tick.index - lastTick.index == tick.vsyncsSincePrevious, tick.vsyncsSincePrevious == propagatorSteps,
            tick.vsyncInterval == propagatorVsyncInterval, currentTime == lastTick.time
        {
            current = propagator.advanced(current)
            currentIsClosedForm = false
        } else if !(currentIsClosedForm && time == currentTime) {
            current = spring.state(after: time - segmentStart, from: segmentInitial)
            currentIsClosedForm = true
        }
        currentTime = time
        if let tick {
            lastTick = tick
            if tick.isOnVsyncGrid,
                propagator == nil || propagatorSteps != tick.vsyncsSincePrevious
                    || propagatorVsyncInterval != tick.vsyncInterval
            {
                propagatorSteps = tick.vsyncsSincePrevious
                propagatorVsyncInterval = tick.vsyncInterval
                propagator = try? SpringPropagator(
                    spring: spring,
                    interval: Double(propagatorSteps) * tick.vsyncInterval)
            }
        }
        return position
    }

    /// Moves the target at `time` keeping position and velocity (SwiftUI retargeting).
    public mutating func retarget(to newTarget: Double, at time: Double) throws(InteractionError) {
        try advance(to: time)
        segmentInitial = SpringState(
            displacement: current.displacement + target - newTarget, velocity: current.velocity)
        segmentStart = time
        current = segmentInitial
        currentIsClosedForm = false
        target = newTarget
        lastTick = nil
        if let integrator {
            do {
                try integrator.reset(time: time, state: [segmentInitial.displacement, segmentInitial.velocity])
            } catch { throw .solver(error) }
        }
    }

    /// Whether the spring, at the time it was last advanced to, is done: within `tolerance` of its target
    /// in distance and speed. The model that runs the track holds the tolerance (its configuration's);
    /// a closed form, evaluated at any time, carries its own (``SpringAnimation/isDone(at:)``).
    public func isDone(within tolerance: Tolerance) -> Bool {
        tolerance.isAtRest(displacement: current.displacement, velocity: current.velocity)
    }
}

/// A spring animation of a point: two ``SpringTrack``s with the same spring (SwiftUI animates a
/// `CGPoint` offset per component).
public struct PointSpringTrack {
    public private(set) var x: SpringTrack
    public private(set) var y: SpringTrack

    public init(
        spring: Spring, from position: Point, to target: Point, velocity: Vector = .zero, at start: Double,
        solver: SpringSolver = .analytic
    ) throws(InteractionError) {
        x = try SpringTrack(
            spring: spring, from: position.x, to: target.x, velocity: velocity.dx, at: start, solver: solver)
        y = try SpringTrack(
            spring: spring, from: position.y, to: target.y, velocity: velocity.dy, at: start, solver: solver)
    }

    public var position: Point { Point(x: x.position, y: y.position) }
    public var velocity: Vector { Vector(dx: x.velocity, dy: y.velocity) }
    public var target: Point { Point(x: x.target, y: y.target) }

    @discardableResult
    public mutating func advance(to time: Double, tick: FrameTick? = nil) throws(InteractionError) -> Point {
        try x.advance(to: time, tick: tick)
        try y.advance(to: time, tick: tick)
        return position
    }

    public mutating func retarget(to newTarget: Point, at time: Double) throws(InteractionError) {
        try x.retarget(to: newTarget.x, at: time)
        try y.retarget(to: newTarget.y, at: time)
    }

    /// Whether both axes are done within `tolerance`.
    public func isDone(within tolerance: Tolerance) -> Bool {
        x.isDone(within: tolerance) && y.isDone(within: tolerance)
    }
}
