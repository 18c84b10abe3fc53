/// A spring moving from `start` toward `end` with an initial velocity, evaluated in closed form at any
/// time: the shape of Flutter's `SpringSimulation` (physics/spring_simulation.dart), with position,
/// velocity and done-ness at time t.
///
/// Velocity is the physical d(position)/dt in position units per second (Flutter's convention), not
/// SwiftUI's "velocity toward the target" nor UIKit's velocity normalised by the distance.
public struct SpringSimulation: Sendable {
    public let spring: Spring
    public let start: Double
    public let end: Double
    public let initialVelocity: Double
    public let tolerance: Tolerance
    @usableFromInline let coefficients: SpringCoefficients

    public init(
        spring: Spring, start: Double, end: Double, initialVelocity: Double = 0,
        tolerance: Tolerance = .default
    ) throws(DynamicsError) {
        try DynamicsError.requireFinite(start, .start)
        try DynamicsError.requireFinite(end, .end)
        try DynamicsError.requireFinite(initialVelocity, .initialVelocity)
        self.spring = spring
        self.start = start
        self.end = end
        self.initialVelocity = initialVelocity
        self.tolerance = tolerance
        self.coefficients = spring.coefficients
    }

    @inlinable
    public func position(at time: Double) -> Double {
        end + coefficients.state(from: start - end, initialVelocity, after: time).displacement
    }

    @inlinable
    public func velocity(at time: Double) -> Double {
        coefficients.state(from: start - end, initialVelocity, after: time).velocity
    }

    /// Position and velocity together (one evaluation of the exponential and trigonometric terms).
    @inlinable
    public func state(at time: Double) -> SpringState {
        let (x, v) = coefficients.state(from: start - end, initialVelocity, after: time)
        return SpringState(displacement: x, velocity: v)
    }

    /// Flutter's rule: done when both the distance to `end` and the speed are within ``tolerance``.
    public func isDone(at time: Double) -> Bool {
        let s = state(at: time)
        return tolerance.isAtRest(displacement: s.displacement, velocity: s.velocity)
    }
}
