import PopSimGeometry

/// Two springs with the same parameters moving a point in the plane, each axis independent
/// (SwiftUI animates `CGPoint`/`CGSize` offsets this way). Retargeting keeps the position and velocity
/// vectors continuous.
public struct SpringAnimation2D: Sendable {
    public private(set) var x: SpringAnimation
    public private(set) var y: SpringAnimation

    public init(spring: Spring, from position: Point, to target: Point, velocity: Vector = .zero, at start: Double = 0)
    {
        x = SpringAnimation(spring: spring, from: position.x, to: target.x, velocity: velocity.dx, at: start)
        y = SpringAnimation(spring: spring, from: position.y, to: target.y, velocity: velocity.dy, at: start)
    }

    public var spring: Spring { x.spring }
    public var target: Point { Point(x: x.target, y: y.target) }

    public func position(at time: Double) -> Point { Point(x: x.position(at: time), y: y.position(at: time)) }

    public func velocity(at time: Double) -> Vector { Vector(dx: x.velocity(at: time), dy: y.velocity(at: time)) }

    public mutating func retarget(to newTarget: Point, at time: Double) {
        x.retarget(to: newTarget.x, at: time)
        y.retarget(to: newTarget.y, at: time)
    }

    /// True once both axes are within `tolerance` of rest.
    public func isDone(at time: Double, within tolerance: Tolerance = .default) -> Bool {
        x.isDone(at: time, within: tolerance) && y.isDone(at: time, within: tolerance)
    }
}
