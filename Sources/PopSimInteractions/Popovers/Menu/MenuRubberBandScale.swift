import PopSimGeometry

/// The Menu template's rubber-band scale: the menu shrinks as the finger moves away from it
/// (MenuGestureModel.swift:72-84, Menu.swift:362-374; distance in MenuModel.swift:63-78; Documentation/popovers.md
/// §7).
public struct MenuRubberBandScale: Sendable, Hashable {
    /// `scaleRange` lower bound: 30 pt (the init default replaces the property's 40, Menu.swift:59).
    public var lowerBound: Double
    /// `scaleRange` upper bound: 80 pt (Menu.swift:59).
    public var upperBound: Double
    /// `minimumScale`: 0.85 (the init default replaces the property's 0.7, Menu.swift:60).
    public var minimumScale: Double

    public init(lowerBound: Double = 30, upperBound: Double = 80, minimumScale: Double = 0.85) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.minimumScale = minimumScale
    }

    /// The finger's distance from the menu (`getDistanceFromMenu`): with d = finger − menu centre, the
    /// vertical overshoot |dy| − h/2 when |dy| ≥ h/2 and |dy| ≥ |dx|, else the horizontal |dx| − w/2
    /// (negative inside the menu).
    public static func distance(from location: Point, toMenu frame: Rect) -> Double {
        let dx = location.x - frame.midX
        let dy = location.y - frame.midY
        if abs(dy) >= frame.height / 2, abs(dy) >= abs(dx) {
            return abs(dy) - frame.height / 2
        }
        return abs(dx) - frame.width / 2
    }

    /// 1 below the range, `minimumScale` above it, and 1 − (1 − min)·(δ − lo)/(hi − lo) inside the
    /// closed range (ClosedRange.contains is inclusive, so δ = lo gives exactly 1 and δ = hi exactly min).
    public func scale(forDistance delta: Double) -> Double {
        if delta >= lowerBound && delta <= upperBound {
            let percentage = (delta - lowerBound) / (upperBound - lowerBound)
            return 1 - (1 - minimumScale) * percentage
        }
        return delta < lowerBound ? 1 : minimumScale
    }

    public func scale(at location: Point, menuFrame: Rect) -> Double {
        scale(forDistance: Self.distance(from: location, toMenu: menuFrame))
    }

}
