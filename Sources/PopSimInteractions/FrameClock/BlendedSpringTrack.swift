import PopSimDynamics

/// A scalar spring animation whose response blends from a replaced spring's to its own
/// (``ResponseBlend``, SwiftUI's `blendDuration`): no closed form exists, so a GSL integrator owned by
/// the track is stepped to every evaluated time (rk8pd at the default tolerance unless the solver
/// names a stepper). After the blend it is the new spring; it keeps integrating.
struct BlendedSpringTrack {
    private(set) var target: Double
    private(set) var displacement: Double
    private(set) var velocity: Double
    private let integrator: ODEIntegrator<BlendedSpringODESystem>

    init(blend: ResponseBlend, from position: Double, to target: Double, velocity: Double, solver: SpringSolver)
        throws(InteractionError)
    {
        self.target = target
        displacement = position - target
        self.velocity = velocity
        let (stepper, tolerance): (ODEStepper, ODETolerance)
        switch solver {
        case .analytic: (stepper, tolerance) = (.rk8pd, ODETolerance())
        case let .integrated(named, given): (stepper, tolerance) = (named, given)
        }
        do {
            integrator = try ODEIntegrator(
                system: BlendedSpringODESystem(blend: blend), stepper: stepper,
                initialState: [displacement, velocity], startTime: blend.start, tolerance: tolerance)
        } catch {
            throw .solver(error)
        }
    }

    var position: Double { target + displacement }

    mutating func advance(to time: Double) throws(InteractionError) {
        do { try integrator.advance(to: max(time, integrator.time)) } catch { throw .solver(error) }
        displacement = integrator[0]
        velocity = integrator[1]
    }

    /// Moves the target at `time` keeping position and velocity.
    mutating func retarget(to newTarget: Double, at time: Double) throws(InteractionError) {
        try advance(to: time)
        displacement += target - newTarget
        target = newTarget
        do { try integrator.reset(time: integrator.time, state: [displacement, velocity]) } catch {
            throw .solver(error)
        }
    }

    /// Whether the spring is done: within `tolerance` of its target in distance and speed.
    func isDone(within tolerance: Tolerance) -> Bool {
        tolerance.isAtRest(displacement: displacement, velocity: velocity)
    }
}
