import Geometry

// INTERIM: this file stands in for the Gestures module's `VelocityEstimatorKind` / `SwiftUIVelocitySampler`
// until the `gestures` branch is merged into main; it is then deleted and the configuration's
// `velocityEstimator` becomes a `VelocityEstimatorKind`.

/// The release-velocity estimator a popover drag uses. Only SwiftUI's sampler until Gestures lands.
public enum PopoverVelocityEstimator: String, Sendable, Hashable, CaseIterable {
    /// SwiftUI `DragGesture`'s 3-sample velocity (popovers.md §6).
    case swiftui
}

/// SwiftUI's velocity sampler as popovers.md §6 describes OpenSwiftUI's `VelocitySampler`: the last three
/// samples, v = mix(v₃₂, v₂₁, 0.75) = v₃₂ + (v₂₁ − v₃₂)·0.75; v₂₁ with two samples; zero with fewer.
/// A sample less than one ulp of 1 s after the last replaces it; an earlier one is ignored.
struct InterimSwiftUIVelocitySampler: Sendable {
    private var p1 = Point.zero, p2 = Point.zero, p3 = Point.zero
    private var t1 = 0.0, t2 = 0.0, t3 = 0.0
    private var count = 0

    mutating func reset() { count = 0 }

    mutating func addSample(time: Double, location: Point) {
        guard time.isFinite, location.x.isFinite, location.y.isFinite else { return }
        if count > 0 {
            let last = count == 1 ? t1 : (count == 2 ? t2 : t3)
            if time < last { return }
            if time - last < .ulpOfOne {
                switch count {
                case 1: (p1, t1) = (location, time)
                case 2: (p2, t2) = (location, time)
                default: (p3, t3) = (location, time)
                }
                return
            }
        }
        switch count {
        case 0: (p1, t1) = (location, time)
        case 1: (p2, t2) = (location, time)
        case 2: (p3, t3) = (location, time)
        default:
            (p1, t1) = (p2, t2)
            (p2, t2) = (p3, t3)
            (p3, t3) = (location, time)
        }
        count = min(count + 1, 3)
    }

    func velocity(at time: Double) -> Vector {
        guard count >= 2 else { return .zero }
        let v21 = (p2 - p1) * (1.0 / (t2 - t1))
        guard count == 3 else { return v21 }
        let v32 = (p3 - p2) * (1.0 / (t3 - t2))
        return (v21 - v32) * 0.75 + v32
    }
}
