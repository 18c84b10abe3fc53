import Geometry

// TEMPORARY: stands in for the Gestures module's `VelocityEstimator` / `VelocityEstimatorKind` until the
// `gestures` branch is merged; delete this file then and use `VelocityEstimatorKind.makeEstimator()`.

/// The release-velocity estimators the popup model can use until the Gestures module lands.
public enum PopupVelocityEstimatorKind: String, Sendable, Hashable, CaseIterable {
    /// Flutter's `IOSScrollViewFlingVelocityTracker` (physics-and-gestures.md §5): the public proxy for
    /// `UIPanGestureRecognizer.velocity(in:)`.
    case ios

    func makeEstimator() -> PopupPanVelocityEstimator { PopupPanVelocityEstimator() }
}

/// v = 0.6·s₂ + 0.35·s₁ + 0.05·s₀ over the last three segments (s₀ newest; a missing segment counts as
/// zero), zero when the newest sample is more than 40 ms old. Fixed storage, no allocation.
struct PopupPanVelocityEstimator: Sendable {
    private var times = (0.0, 0.0, 0.0, 0.0)
    private var xs = (0.0, 0.0, 0.0, 0.0)
    private var ys = (0.0, 0.0, 0.0, 0.0)
    private var count = 0

    mutating func addSample(time: Double, location: Point) {
        guard time.isFinite, location.x.isFinite, location.y.isFinite else { return }
        times = (times.1, times.2, times.3, time)
        xs = (xs.1, xs.2, xs.3, location.x)
        ys = (ys.1, ys.2, ys.3, location.y)
        count = min(count + 1, 4)
    }

    mutating func reset() { self = PopupPanVelocityEstimator() }

    func velocity(at time: Double) -> Vector {
        guard count > 0, time - times.3 <= 0.040 else { return .zero }
        let t = [times.0, times.1, times.2, times.3], x = [xs.0, xs.1, xs.2, xs.3], y = [ys.0, ys.1, ys.2, ys.3]
        func segment(_ age: Int) -> Vector {
            let newer = 3 - age, older = newer - 1
            guard older >= 4 - count, t[newer] > t[older] else { return .zero }
            let dt = t[newer] - t[older]
            return Vector(dx: (x[newer] - x[older]) / dt, dy: (y[newer] - y[older]) / dt)
        }
        return segment(2) * 0.6 + segment(1) * 0.35 + segment(0) * 0.05
    }
}
