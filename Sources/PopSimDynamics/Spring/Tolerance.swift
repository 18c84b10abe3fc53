/// How close to rest counts as done: Flutter's `Tolerance` (physics/tolerance.dart), default 1e-3 for
/// distance, time and velocity. "Done" is the one word for it: a closed form carries its tolerance and
/// answers `isDone(at:)`, as Flutter's `Simulation.isDone(time)` does (``SpringSimulation``,
/// ``SpringAnimation``); a spring the frame clock steps is done `isDone(within:)` the tolerance its model
/// holds, at the time it was last advanced to. Done means within ``distance`` of the target and below
/// ``velocity`` in speed (``isAtRest(displacement:velocity:)``).
public struct Tolerance: Sendable, Hashable {
    public var distance: Double
    public var time: Double
    public var velocity: Double

    public init(distance: Double = 1e-3, time: Double = 1e-3, velocity: Double = 1e-3) {
        self.distance = distance
        self.time = time
        self.velocity = velocity
    }

    public static let `default` = Tolerance()

    /// Whether a spring `displacement` from its target moving at `velocity` is at rest.
    @inlinable
    public func isAtRest(displacement: Double, velocity: Double) -> Bool {
        abs(displacement) <= distance && abs(velocity) <= self.velocity
    }
}
