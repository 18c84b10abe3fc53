/// A location in points, in a top-left-origin coordinate space (UIKit's convention: y grows downward).
public struct Point: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// The displacement that takes `other` to `self`.
    public static func - (lhs: Point, rhs: Point) -> Vector { Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y) }
    public static func + (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy) }
    public static func - (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy) }

    /// Squared Euclidean distance; what nearest-anchor searches compare (no square root, exact ties).
    public func squaredDistance(to other: Point) -> Double {
        let d = self - other
        return d.dx * d.dx + d.dy * d.dy
    }

    public func distance(to other: Point) -> Double { squaredDistance(to: other).squareRoot() }
}
