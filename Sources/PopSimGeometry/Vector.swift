/// A displacement or rate in points (translation in pt, velocity in pt/s).
public struct Vector: Sendable, Hashable, Codable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = Vector(dx: 0, dy: 0)

    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy) }
    public static func - (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy) }
    public static func * (lhs: Double, rhs: Vector) -> Vector { Vector(dx: lhs * rhs.dx, dy: lhs * rhs.dy) }
    public static func * (lhs: Vector, rhs: Double) -> Vector { Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs) }
    public static func / (lhs: Vector, rhs: Double) -> Vector { Vector(dx: lhs.dx / rhs, dy: lhs.dy / rhs) }
    public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }
}
