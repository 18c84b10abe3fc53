/// A running spring animation toward a target that can be changed while it runs. Retargeting keeps
/// position and velocity continuous, which is SwiftUI's behaviour when a spring animation is
/// interrupted by another change of the same value (Documentation/popovers.md §5: "a spring retargeted while it runs
/// keeps its velocity").
///
/// Evaluation is in closed form from the last retargeting instant, so sampling it at any rate gives
/// the same curve (frame-rate independence is exact, not approximate).
public struct SpringAnimation: Sendable {
    public let spring: Spring
    public private(set) var target: Double
    /// When the current segment began, and its state then (relative to `target`).
    public private(set) var segmentStart: Double
    public private(set) var segmentInitial: SpringState
    @usableFromInline let coefficients: SpringCoefficients

    /// Starts at `position` with `velocity` at time `start`, heading for `target`.
    public init(spring: Spring, from position: Double, to target: Double, velocity: Double = 0, at start: Double = 0) {
        self.spring = spring
        self.target = target
        self.segmentStart = start
        self.segmentInitial = SpringState(displacement: position - target, velocity: velocity)
        self.coefficients = spring.coefficients
    }

    @inlinable
    public func state(at time: Double) -> SpringState {
        let (x, v) = coefficients.state(
            from: segmentInitial.displacement, segmentInitial.velocity,
            after: time - segmentStart)
        return SpringState(displacement: x, velocity: v)
    }

    @inlinable
    public func position(at time: Double) -> Double { target + state(at: time).displacement }

    @inlinable
    public func velocity(at time: Double) -> Double { state(at: time).velocity }

    /// Changes the target at `time`; the drawn position and velocity do not jump.
    public mutating func retarget(to newTarget: Double, at time: Double) {
        let now = state(at: time)
        segmentInitial = SpringState(displacement: now.displacement + target - newTarget, velocity: now.velocity)
        segmentStart = time
        target = newTarget
    }

    /// True once both the distance to the target and the speed are within `tolerance`. The tolerance is
    /// given, not carried: a crowd of animations stays as small as their springs.
    public func isDone(at time: Double, within tolerance: Tolerance = .default) -> Bool {
        let s = state(at: time)
        return tolerance.isAtRest(displacement: s.displacement, velocity: s.velocity)
    }
}
