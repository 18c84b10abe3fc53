/// How close to rest counts as done: Flutter's `Tolerance` (physics/tolerance.dart), default 1e-3 for
/// distance, time and velocity. "Done" is the one word for it, within ``distance`` of the target and
/// below ``velocity`` in speed (``isAtRest(displacement:velocity:)``): ``SpringSimulation`` carries its
/// tolerance and answers `isDone(at:)`, as Flutter's `Simulation.isDone(time)` does; the values that
/// come in crowds or are run by a model are told it, `isDone(at:within:)` for ``SpringAnimation`` and
/// `isDone(within:)` for a spring the frame clock steps (at the time it was last advanced to), so they
/// stay as small as their springs.
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
