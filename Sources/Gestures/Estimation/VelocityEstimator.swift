import Geometry

/// An incremental release-velocity estimator, as platforms run them: positions of one pointer are
/// added as they arrive, and the velocity is asked for when needed (usually at touch-up).
///
/// Conforming types are values with fixed-size storage: adding a sample never allocates, so an
/// interaction model can feed one per frame. Call ``reset()`` (or start a new value) for each touch.
public protocol VelocityEstimator: Sendable {
    /// Records the pointer at `location` (pt) at `time` (s). Non-finite samples are ignored.
    mutating func addSample(time: Double, location: Point)
    /// Forgets every sample.
    mutating func reset()
    /// The velocity (pt/s) the estimator reports if asked at `time` (s), typically the touch-up time.
    /// Estimators with a stop rule report zero when the newest sample is too old at `time`.
    func velocity(at time: Double) -> Vector
}

/// The estimators PopSim implements, by the names the `--estimator` flag accepts.
public enum VelocityEstimatorKind: String, Sendable, CaseIterable, Hashable {
    /// Flutter's `VelocityTracker` (Android, Fuchsia, Linux, Windows): least squares, degree 2.
    case lsq2
    /// Android's impulse (kinetic energy) strategy.
    case impulse
    /// Flutter's `IOSScrollViewFlingVelocityTracker`: 3-segment weighting, the public proxy for UIKit.
    case ios
    /// SwiftUI `DragGesture`'s 3-sample velocity (OpenSwiftUI's `VelocitySampler`).
    case swiftui

    /// A fresh estimator of this kind with its platform's default parameters.
    public func makeEstimator() -> AnyVelocityEstimator {
        switch self {
        case .lsq2: return .lsq2(LeastSquaresVelocityEstimator())
        case .impulse: return .impulse(ImpulseVelocityEstimator())
        case .ios: return .ios(IOSScrollViewVelocityEstimator())
        case .swiftui: return .swiftui(SwiftUIVelocitySampler())
        }
    }

    /// Where the algorithm comes from, for help texts and tables.
    public var summary: String {
        switch self {
        case .lsq2: return "Flutter VelocityTracker / Android LSQ2: quadratic least squares over ≤ 20 samples, 100 ms horizon, 40 ms gap"
        case .impulse: return "Android impulse strategy: kinetic energy of the segments in the last 100 ms"
        case .ios: return "Flutter IOSScrollViewFlingVelocityTracker: 0.6·oldest + 0.35·middle + 0.05·newest of the last 3 segments"
        case .swiftui: return "SwiftUI DragGesture (OpenSwiftUI VelocitySampler): 0.75·previous + 0.25·last segment"
        }
    }
}

/// Any of PopSim's estimators as one value type (an enum, not an existential: no boxing, no
/// allocation), for code that picks the estimator at run time.
public enum AnyVelocityEstimator: VelocityEstimator {
    case lsq2(LeastSquaresVelocityEstimator)
    case impulse(ImpulseVelocityEstimator)
    case ios(IOSScrollViewVelocityEstimator)
    case swiftui(SwiftUIVelocitySampler)

    public init(kind: VelocityEstimatorKind) { self = kind.makeEstimator() }

    public var kind: VelocityEstimatorKind {
        switch self {
        case .lsq2: return .lsq2
        case .impulse: return .impulse
        case .ios: return .ios
        case .swiftui: return .swiftui
        }
    }

    public mutating func addSample(time: Double, location: Point) {
        switch self {
        case var .lsq2(estimator): estimator.addSample(time: time, location: location); self = .lsq2(estimator)
        case var .impulse(estimator): estimator.addSample(time: time, location: location); self = .impulse(estimator)
        case var .ios(estimator): estimator.addSample(time: time, location: location); self = .ios(estimator)
        case var .swiftui(estimator): estimator.addSample(time: time, location: location); self = .swiftui(estimator)
        }
    }

    public mutating func reset() {
        self = kind.makeEstimator()
    }

    public func velocity(at time: Double) -> Vector {
        switch self {
        case let .lsq2(estimator): return estimator.velocity(at: time)
        case let .impulse(estimator): return estimator.velocity(at: time)
        case let .ios(estimator): return estimator.velocity(at: time)
        case let .swiftui(estimator): return estimator.velocity(at: time)
        }
    }
}

/// How platforms represent event time, so that PopSim's seconds become the same integers they compute
/// with: Flutter's `Duration` counts microseconds, Android's `nsecs_t` nanoseconds.
enum PlatformClock {
    /// Largest |seconds| converted (≈ 31 years in µs stays far below 2⁶³ and exact in a double).
    static let limit = 1e9

    /// Microseconds, rounded to nearest (Flutter `Duration`); nil when not representable.
    static func microseconds(_ seconds: Double) -> Int64? {
        guard seconds.isFinite, abs(seconds) < limit else { return nil }
        return Int64((seconds * 1_000_000).rounded())
    }

    /// Nanoseconds, rounded to nearest (Android `nsecs_t`); nil when not representable.
    static func nanoseconds(_ seconds: Double) -> Int64? {
        guard seconds.isFinite, abs(seconds) < limit else { return nil }
        return Int64((seconds * 1_000_000_000).rounded())
    }
}
