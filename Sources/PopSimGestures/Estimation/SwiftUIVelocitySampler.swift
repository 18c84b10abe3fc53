import PopSimGeometry

/// The velocity behind SwiftUI's `DragGesture.Value.velocity` and `predictedEndTranslation`, as the
/// clean-room OpenSwiftUI reconstructs it (OpenSwiftUIProject/OpenSwiftUI, OpenSwiftUICore
/// `VelocitySampler.swift`, "audited for 6.5.4"; Documentation/popovers.md §6). Apple does not document it.
///
/// Keeps the last three samples (oldest 1, 2, newest 3). v₂₁ = (p₂ − p₁)·(1/(t₂ − t₁)) and
/// v₃₂ = (p₃ − p₂)·(1/(t₃ − t₂)); the velocity is
/// mix(v₃₂, v₂₁, 0.75) = v₃₂ + (v₂₁ − v₃₂)·0.75, i.e. 0.25·v₃₂ + 0.75·v₂₁:
/// the previous segment dominates. With two samples it is v₂₁; with one, zero. A sample less than
/// `Double.ulpOfOne` seconds after the last one replaces it; an earlier one is ignored.
///
/// There is no stop rule: `velocity(at:)` ignores its argument. Whether SwiftUI also samples the
/// touch-up location is not established; callers decide by adding it or not.
public struct SwiftUIVelocitySampler: VelocityEstimator {
    private typealias Sample = (location: Point, time: Double)

    private var sample1: Sample?
    private var sample2: Sample?
    private var sample3: Sample?
    private var lastTime: Double?
    /// OpenSwiftUI's `previousSampleWeight`.
    public var previousSampleWeight: Double = Self.defaultPreviousSampleWeight

    /// The previous segment's share, 0.75 (OpenSwiftUIProject/OpenSwiftUI@069dd80
    /// Sources/OpenSwiftUICore/Animation/Animation/Velocity/VelocitySampler.swift:22, used at line 75).
    public static let defaultPreviousSampleWeight = 0.75

    public init() {}

    /// A sampler with another mix, e.g. one fitted to a device's log (`PredictionFit`).
    public init(previousSampleWeight: Double) {
        self.previousSampleWeight = previousSampleWeight
    }

    public mutating func addSample(time: Double, location: Point) {
        guard time.isFinite, location.x.isFinite, location.y.isFinite else { return }
        if let lastTime, time < lastTime { return }
        let sample: Sample = (location, time)
        if let lastTime, time - lastTime < .ulpOfOne {
            if sample3 != nil { sample3 = sample } else if sample2 != nil { sample2 = sample } else { sample1 = sample }
        } else {
            lastTime = time
            if sample3 != nil {
                sample1 = sample2
                sample2 = sample3
                sample3 = sample
            } else if sample2 != nil {
                sample3 = sample
            } else if sample1 != nil {
                sample2 = sample
            } else {
                sample1 = sample
            }
        }
    }

    public mutating func reset() {
        sample1 = nil
        sample2 = nil
        sample3 = nil
        lastTime = nil
    }

    public func velocity(at time: Double) -> Vector {
        guard let sample1, let sample2 else { return .zero }
        guard let (velocity21, velocity32) = segmentVelocities else {
            return (sample2.location - sample1.location) * (1.0 / (sample2.time - sample1.time))
        }
        return (velocity21 - velocity32) * previousSampleWeight + velocity32
    }

    /// The two segment velocities the mix combines, (v₂₁, v₃₂) = (previous, last), once three samples are
    /// held; nil before.
    public var segmentVelocities: (previous: Vector, last: Vector)? {
        guard let sample1, let sample2, let sample3 else { return nil }
        return (
            (sample2.location - sample1.location) * (1.0 / (sample2.time - sample1.time)),
            (sample3.location - sample2.location) * (1.0 / (sample3.time - sample2.time))
        )
    }
}
