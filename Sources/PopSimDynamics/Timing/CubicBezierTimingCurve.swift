/// A CSS/Core Animation cubic-Bézier timing curve from (0, 0) to (1, 1) with control points
/// (x₁, y₁), (x₂, y₂): progress y as a function of the fraction of the duration x. SwiftUI's
/// `.easeOut` is (0, 0, 0.58, 1) over 0.35 s (Documentation/popovers.md §5), `.easeInOut` (0.42, 0, 0.58, 1),
/// `.easeIn` (0.42, 0, 1, 1).
///
/// x(s) is inverted for the curve parameter s by safeguarded Newton iteration to full precision (x is
/// monotone because x₁, x₂ ∈ [0, 1]), then y(s) is evaluated.
public struct CubicBezierTimingCurve: Sendable, Hashable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(DynamicsError) {
        try DynamicsError.require(x1.isFinite && x1 >= 0 && x1 <= 1, .x1, x1, "in [0, 1]")
        try DynamicsError.require(x2.isFinite && x2 >= 0 && x2 <= 1, .x2, x2, "in [0, 1]")
        try DynamicsError.requireFinite(y1, .y1)
        try DynamicsError.requireFinite(y2, .y2)
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    public static let linear = try! CubicBezierTimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)
    public static let easeIn = try! CubicBezierTimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = try! CubicBezierTimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInOut = try! CubicBezierTimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// B(s) for one coordinate with inner control values p1, p2: 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
    @inline(__always)
    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    @inline(__always)
    private static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// Progress at a fraction of the duration; clamped to the end values outside [0, 1].
    public func progress(atFraction x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let s =
            findRoot(between: 0, and: 1) { s in
                (Self.bezier(s, x1, x2) - x, Self.derivative(s, x1, x2))
            } ?? x
        return Self.bezier(s, y1, y2)
    }
}

/// A value animated from one number to another over a fixed duration along a timing curve
/// (SwiftUI's non-spring animations, e.g. the `.easeOut` opacity fade of a dismissed popover).
public struct TimedAnimation: Sendable, Hashable {
    public let from: Double
    public let to: Double
    public let start: Double
    public let duration: Double
    public let curve: CubicBezierTimingCurve

    public init(from: Double, to: Double, start: Double, duration: Double, curve: CubicBezierTimingCurve)
        throws(DynamicsError)
    {
        try DynamicsError.requirePositive(duration, .duration)
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    public func value(at time: Double) -> Double {
        from + (to - from) * curve.progress(atFraction: (time - start) / duration)
    }

    public func isFinished(at time: Double) -> Bool { time >= start + duration }
}
