import PopSimGeometry

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
    public func makeEstimator() -> AnyVelocityEstimator { AnyVelocityEstimator(kind: self) }

    /// Where the algorithm comes from, for help texts and tables.
    public var summary: String {
        switch self {
        case .lsq2:
            return
                "Flutter VelocityTracker / Android LSQ2: "
                + "quadratic least squares over ≤ 20 samples, 100 ms horizon, 40 ms gap"
        case .impulse: return "Android impulse strategy: kinetic energy of the segments in the last 100 ms"
        case .ios:
            return
                "Flutter IOSScrollViewFlingVelocityTracker: "
                + "0.6·oldest + 0.35·middle + 0.05·newest of the last 3 segments"
        case .swiftui: return "SwiftUI DragGesture (OpenSwiftUI VelocitySampler): 0.75·previous + 0.25·last segment"
        }
    }
}

/// Any of PopSim's estimators as one value type, for code that picks the estimator at run time (the
/// `--estimator` flag). Not an existential: the estimator is stored inline and mutated in place, so
/// adding a sample costs what the concrete estimator costs, with no boxing and no allocation.
///
/// Every kind's estimator is stored and only ``kind``'s is fed and asked. Optionals would take the same
/// storage and add a tag check to every sample and a copy of the estimator to every question; a Swift enum
/// holding the one estimator could not be mutated in place, so it would copy its ring at every sample.
public struct AnyVelocityEstimator: VelocityEstimator {
    public let kind: VelocityEstimatorKind
    private var lsq2 = LeastSquaresVelocityEstimator()
    private var impulse = ImpulseVelocityEstimator()
    private var ios = IOSScrollViewVelocityEstimator()
    private var swiftui = SwiftUIVelocitySampler()

    /// A fresh estimator of `kind` with its platform's defaults.
    public init(kind: VelocityEstimatorKind) {
        self.kind = kind
    }

    public init(_ estimator: LeastSquaresVelocityEstimator) {
        kind = .lsq2
        lsq2 = estimator
    }
    public init(_ estimator: ImpulseVelocityEstimator) {
        kind = .impulse
        impulse = estimator
    }
    public init(_ estimator: IOSScrollViewVelocityEstimator) {
        kind = .ios
        ios = estimator
    }
    public init(_ estimator: SwiftUIVelocitySampler) {
        kind = .swiftui
        swiftui = estimator
    }

    public mutating func addSample(time: Double, location: Point) {
        switch kind {
        case .lsq2: lsq2.addSample(time: time, location: location)
        case .impulse: impulse.addSample(time: time, location: location)
        case .ios: ios.addSample(time: time, location: location)
        case .swiftui: swiftui.addSample(time: time, location: location)
        }
    }

    public mutating func reset() {
        switch kind {
        case .lsq2: lsq2.reset()
        case .impulse: impulse.reset()
        case .ios: ios.reset()
        case .swiftui: swiftui.reset()
        }
    }

    public func velocity(at time: Double) -> Vector {
        switch kind {
        case .lsq2: return lsq2.velocity(at: time)
        case .impulse: return impulse.velocity(at: time)
        case .ios: return ios.velocity(at: time)
        case .swiftui: return swiftui.velocity(at: time)
        }
    }

    /// ``velocity(at:)``, the same value, read where the estimator is stored: asked of an estimator a
    /// model stores, from one of the model's mutating handlers, `velocity(at:)` first copies the whole
    /// estimator (about 1.7 kB: all four kinds and their sample histories), and the iOS estimator its ring
    /// twice more.
    public mutating func velocityInPlace(at time: Double) -> Vector {
        switch kind {
        case .lsq2: return lsq2.velocity(at: time)
        case .impulse: return impulse.velocity(at: time)
        case .ios: return ios.velocityInPlace(at: time)
        case .swiftui: return swiftui.velocity(at: time)
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
        return rounded(seconds * 1_000_000)
    }

    /// Nanoseconds, rounded to nearest (Android `nsecs_t`); nil when not representable.
    static func nanoseconds(_ seconds: Double) -> Int64? {
        guard seconds.isFinite, abs(seconds) < limit else { return nil }
        return rounded(seconds * 1_000_000_000)
    }

    /// `Int64(ticks.rounded())`, halves away from zero, for |ticks| < 2⁶³, without the C library's `round`
    /// (a call at every sample where the CPU has no rounding instruction): the conversion truncates toward
    /// zero, and the fraction it drops is exact in a double.
    @inline(__always)
    static func rounded(_ ticks: Double) -> Int64 {
        let truncated = Int64(ticks)
        let fraction = ticks - Double(truncated)
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }
}
