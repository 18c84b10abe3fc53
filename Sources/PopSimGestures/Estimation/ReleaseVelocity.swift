import PopSimGeometry

/// The velocity an estimator reports when a touch ends.
public struct ReleaseVelocity: Sendable, Hashable {
    public var touch: Int
    /// Time of the `ended` sample (s).
    public var time: Double
    /// Where the touch ended.
    public var location: Point
    public var velocity: Vector
}

/// Feeds a touch stream, sample by sample, to one estimator per touch and reports each release:
/// `began` starts a fresh estimator, `moved` and `stationary` samples are added, and at `ended` the
/// estimator is asked for the velocity at the `ended` sample's time — from the samples before it, as
/// Flutter's recognisers do (they add down and move events, not the up event). `cancelled` discards the
/// touch without a velocity. Memory grows with the number of simultaneous touches only.
public struct ReleaseVelocityMeter: Sendable {
    public let kind: VelocityEstimatorKind
    private var estimators: [Int: AnyVelocityEstimator] = [:]

    public init(kind: VelocityEstimatorKind) {
        self.kind = kind
    }

    /// Consumes one sample; returns the release velocity if the sample is an `ended`.
    public mutating func consume(_ sample: TouchSample) -> ReleaseVelocity? {
        switch sample.phase {
        case .began:
            var estimator = kind.makeEstimator()
            estimator.addSample(time: sample.time, location: sample.location)
            estimators[sample.touch] = estimator
            return nil
        case .moved, .stationary:
            estimators[sample.touch]?.addSample(time: sample.time, location: sample.location)
            return nil
        case .ended:
            guard let estimator = estimators.removeValue(forKey: sample.touch) else { return nil }
            return ReleaseVelocity(
                touch: sample.touch, time: sample.time, location: sample.location,
                velocity: estimator.velocity(at: sample.time))
        case .cancelled:
            estimators[sample.touch] = nil
            return nil
        }
    }
}

extension TouchStream {
    /// The release velocity of every `ended` sample, in stream order (see ``ReleaseVelocityMeter``).
    public func releaseVelocities(using kind: VelocityEstimatorKind) -> [ReleaseVelocity] {
        var meter = ReleaseVelocityMeter(kind: kind)
        return samples.compactMap { meter.consume($0) }
    }

    /// The velocity `estimator` reports at the last `ended` of touch `id`, fed with that stroke's samples
    /// before it; nil if the touch never ends.
    public func releaseVelocity<Estimator: VelocityEstimator>(ofTouch id: Int, using estimator: Estimator) -> Vector? {
        var estimator = estimator
        var result: Vector?
        for sample in samples where sample.touch == id {
            switch sample.phase {
            case .began:
                estimator.reset()
                estimator.addSample(time: sample.time, location: sample.location)
            case .moved, .stationary:
                estimator.addSample(time: sample.time, location: sample.location)
            case .ended:
                result = estimator.velocity(at: sample.time)
            case .cancelled:
                result = nil
            }
        }
        return result
    }
}
