/// An axis-aligned rectangle with CoreGraphics semantics: origin is the top-left corner,
/// `contains` includes the min edges and excludes the max edges (`CGRect.contains`).
public struct Rect: Sendable, Hashable, Codable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// `CGRect.contains(_:)`: min edges inside, max edges outside; an empty rectangle contains nothing.
    public func contains(_ point: Point) -> Bool {
        guard size.width > 0, size.height > 0 else { return false }
        return point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// UIKit `inset(by:)`: positive insets shrink, negative insets grow.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.left,
            y: origin.y + insets.top,
            width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom)
    }

    public func offsetBy(_ v: Vector) -> Rect { Rect(origin: origin + v, size: size) }
}
