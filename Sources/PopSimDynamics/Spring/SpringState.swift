/// Where a spring is relative to its target and how fast it moves: the state the exact solution,
/// the propagator and the ODE integrators all advance.
public struct SpringState: Sendable, Hashable {
    /// x − target.
    public var displacement: Double
    /// dx/dt, in position units per second.
    public var velocity: Double

    public init(displacement: Double, velocity: Double) {
        self.displacement = displacement
        self.velocity = velocity
    }

    public static let rest = SpringState(displacement: 0, velocity: 0)
}

extension Spring {
    /// The exact free response: the state after `time` seconds from `initial`, in closed form
    /// (see ``SpringCoefficients`` for the formula and why it is accurate for every damping ratio).
    /// Negative times run the solution backwards, which is exact as well.
    public func state(after time: Double, from initial: SpringState) -> SpringState {
        let (x, v) = coefficients.state(from: initial.displacement, initial.velocity, after: time)
        return SpringState(displacement: x, velocity: v)
    }
}
