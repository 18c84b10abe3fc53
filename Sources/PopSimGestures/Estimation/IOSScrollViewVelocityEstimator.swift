import PopSimGeometry

/// Flutter's `IOSScrollViewFlingVelocityTracker` (flutter/flutter `velocity_tracker.dart`;
/// Documentation/gestures.md §5): the public approximation of the velocity a UIScrollView reports when
/// the finger lifts, used by Flutter on iOS.
///
/// With s₀ the velocity of the newest pair of samples, s₁ the pair before, s₂ the one before that:
/// v = 0.6·s₂ + 0.35·s₁ + 0.05·s₀ — the oldest segment dominates, because fingers decelerate while
/// lifting and iOS reports the lagged velocity. A missing segment (fewer than 4 samples) counts as zero,
/// as in Flutter (its ring slots are null), so short strokes read low. Each segment is
/// Δp·1000 / (Δt_µs / 1000), Flutter's expression, with Δt in whole microseconds; a pair with Δt ≤ 0
/// gives zero. The 40 ms stop rule is ``LeastSquaresVelocityEstimator``'s.
public struct IOSScrollViewVelocityEstimator: VelocityEstimator {
    /// Weights of the newest, previous and oldest segment.
    public struct Weights: Sendable, Hashable {
        public var newest: Double
        public var previous: Double
        public var oldest: Double

        public init(newest: Double, previous: Double, oldest: Double) {
            self.newest = newest
            self.previous = previous
            self.oldest = oldest
        }

        /// `IOSScrollViewFlingVelocityTracker`: 0.05, 0.35, 0.6.
        public static let iOS = Weights(newest: 0.05, previous: 0.35, oldest: 0.6)
        /// `MacOSScrollViewFlingVelocityTracker`: 0.2, 0.65, 0.15.
        public static let macOS = Weights(newest: 0.2, previous: 0.65, oldest: 0.15)
    }

    public var weights: Weights
    /// Flutter `_assumePointerMoveStoppedMilliseconds`.
    public var assumePointerMoveStoppedMilliseconds: Int = 40

    private var ring = SampleRing()

    public init(weights: Weights = .iOS) {
        self.weights = weights
    }

    public mutating func addSample(time: Double, location: Point) {
        ring.append(time: time, location: location)
    }

    public mutating func reset() {
        ring.removeAll()
    }

    public func velocity(at time: Double) -> Vector {
        let (weights, stopped) = (self.weights, assumePointerMoveStoppedMilliseconds)
        return ring.withEntries { Self.velocity(of: $0, at: time, weights: weights, stopped: stopped) }
    }

    /// ``velocity(at:)`` read where the estimator is stored, without copying its ring first.
    mutating func velocityInPlace(at time: Double) -> Vector {
        let (weights, stopped) = (self.weights, assumePointerMoveStoppedMilliseconds)
        return ring.withEntriesInPlace { Self.velocity(of: $0, at: time, weights: weights, stopped: stopped) }
    }

    private static func velocity(
        of entries: SampleRing.EntriesFromNewest, at time: Double, weights: Weights, stopped: Int
    ) -> Vector {
        guard entries.count > 0 else { return .zero }
        if let now = PlatformClock.microseconds(time), (now - entries[0].time) / 1000 > Int64(stopped) {
            return .zero
        }
        // Flutter: _previousVelocityAt(-2) * 0.6 + _previousVelocityAt(-1) * 0.35 + _previousVelocityAt(0) * 0.05.
        return segmentVelocity(entries, 2) * weights.oldest + segmentVelocity(entries, 1) * weights.previous
            + segmentVelocity(entries, 0) * weights.newest
    }

    /// Velocity between the samples `age` and `age + 1` places before the newest (Flutter's
    /// `_previousVelocityAt(-age)`), zero when a sample is missing or Δt ≤ 0.
    private static func segmentVelocity(_ entries: SampleRing.EntriesFromNewest, _ age: Int) -> Vector {
        guard age + 1 < entries.count else { return .zero }
        let end = entries[age]
        let start = entries[age + 1]
        let dt = end.time - start.time
        guard dt > 0 else { return .zero }
        let milliseconds = Double(dt) / 1000
        return Vector(
            dx: (end.location.x - start.location.x) * 1000 / milliseconds,
            dy: (end.location.y - start.location.y) * 1000 / milliseconds)
    }
}
