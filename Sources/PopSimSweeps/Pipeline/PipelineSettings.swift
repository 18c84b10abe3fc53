import PopSimGeometry
import PopSimGestures
import PopSimInteractions

/// How a pipeline sweep turns each grid point into a real touch stream: the gesture
/// (``GestureScript/release(from:translation:releaseVelocity:moveDuration:rampDuration:profile:liftOff:touch:)``:
/// drag by the point's translation, let go at its velocity, with a lift-off tail), the digitiser (scan
/// rate = display rate, Gaussian noise), the model's estimator, and a seed derived from the grid index,
/// never from the thread, so results are the same for any number of jobs and shards.
public struct PipelineSettings: Sendable {
    /// Digitiser scan rate and display frame rate, Hz.
    public var rate: Double
    /// Whether ``rate`` was chosen. When it was not, a problem on a device (``DevicePreset``) is run
    /// with the device's touch-scan rate, display rate and pixel grid instead.
    public var rateIsExplicit: Bool
    /// nil: the model's own estimator.
    public var estimator: VelocityEstimatorKind?
    /// Gaussian finger position noise per axis, pt.
    public var noise: Double
    public var profile: MotionProfile
    /// The profile's name in summaries (`min-jerk`).
    public var profileName: String
    /// The sweep's seed; point i uses ``seed(forPoint:)``.
    public var seed: UInt64

    public init(rate: Double = 120, estimator: VelocityEstimatorKind? = nil, noise: Double = 0,
                profile: MotionProfile = .minimumJerk, profileName: String = "min-jerk", seed: UInt64 = 0,
                rateIsExplicit: Bool = true) {
        self.rate = rate
        self.rateIsExplicit = rateIsExplicit
        self.estimator = estimator
        self.noise = noise
        self.profile = profile
        self.profileName = profileName
        self.seed = seed
    }

    public var digitiser: Digitiser { Digitiser(sampleRate: rate, positionNoise: noise) }

    /// The digitiser for a problem on `device`: the device's (with this noise) unless the rate was chosen.
    public func digitiser(on device: DevicePreset?) -> Digitiser {
        guard let device, !rateIsExplicit else { return digitiser }
        var digitiser = device.digitiser
        digitiser.positionNoise = noise
        return digitiser
    }

    /// The display for a problem on `device`: the device's unless the rate was chosen.
    public func frameRate(on device: DevicePreset?) -> FrameRate {
        guard let device, !rateIsExplicit else { return .fixed(hertz: rate) }
        return FrameRate(device: device)
    }

    /// The stream of one grid point: touch down at `start`, drag by `translation`, let go at `velocity`.
    public func touchStream(from start: Point, translation: Vector, velocity: Vector, seed: UInt64,
                            device: DevicePreset? = nil) throws -> TouchStream {
        let script = try GestureScript.release(from: start, translation: translation, releaseVelocity: velocity, profile: profile)
        return try script.touchStream(digitiser: digitiser(on: device), seed: seed)
    }

    /// Grid point `index`'s own seed: output index + 1 of SplitMix64 seeded with the sweep's seed
    /// (its state advances by a constant, so any output is reached without computing those before it).
    public func seed(forPoint index: Int) -> UInt64 {
        var generator = SplitMix64(state: seed &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
        return generator.next()
    }

    /// One line for the sweep's summary: rate, estimator, noise, profile, seed.
    public func summary(modelEstimator: VelocityEstimatorKind) -> String {
        var rateText = rate == rate.rounded() && abs(rate) < 1e15 ? String(Int(rate)) : String(rate)
        if !rateIsExplicit { rateText += " (or the device's)" }
        let estimatorText = estimator?.rawValue ?? "\(modelEstimator.rawValue) (the model's own)"
        return "\(rateText) Hz, estimator \(estimatorText), noise \(noise) pt, \(profileName), seed \(seed)"
    }
}
