import PopSimGeometry
import PopSimGestures
import PopSimParameters
import PopSimTextIO

/// How a pipeline sweep turns each grid point into a real touch stream: the gesture (a
/// ``GestureRequest`` of kind `release`, what `popsim synth release` writes:
/// ``GestureScript/release(from:translation:releaseVelocity:moveDuration:rampDuration:profile:liftOff:touch:)``,
/// drag by the point's translation, let go at its velocity, with a lift-off tail), the digitiser (scan
/// rate = display rate, Gaussian noise), the model's estimator, and a seed derived from the grid index,
/// never from the thread, so results are the same for any number of jobs and shards.
public struct PipelineSettings: Sendable {
    /// The digitiser scan rate and display frame rate chosen, Hz; nil: ``defaultRate``, or on a device
    /// (``DevicePreset``) its touch-scan rate, display rate and pixel grid.
    public var rate: Double?
    /// nil: the model's own estimator.
    public var estimator: VelocityEstimatorKind?
    /// Gaussian finger position noise per axis, pt.
    public var noise = 0.0
    /// The finger's hand: ``defaultProfile`` unless chosen.
    public var profileName = defaultProfile
    /// The sweep's seed; point i uses ``seed(forPoint:)``.
    public var seed: UInt64 = 0
    /// Stop each simulation once its outcome can no longer change (after the release decision and
    /// anything it set going that could still change it; ``FrameClock/runUntilOutcomeIsFinal(_:stream:)``)
    /// instead of running until everything has settled. The outcomes are the same; false exists to
    /// prove that and to measure the difference.
    public var stopsAtFinalOutcome = true
    /// K independently seeded realisations per grid point (``seed(forPoint:trial:)``), counted per
    /// outcome; nil runs one realisation with the point's own seed.
    public var trials: Int?
    /// Frames at listed instants, dropped or jittered (seeded with each realisation's seed), or a rate
    /// that steps down.
    public var timing = FrameTiming()

    public init(
        rate: Double? = defaultRate, estimator: VelocityEstimatorKind? = nil, noise: Double = 0,
        profileName: MotionProfile.Name = defaultProfile, seed: UInt64 = 0, stopsAtFinalOutcome: Bool = true,
        trials: Int? = nil
    ) {
        self.rate = rate
        self.estimator = estimator
        self.noise = noise
        self.profileName = profileName
        self.seed = seed
        self.stopsAtFinalOutcome = stopsAtFinalOutcome
        self.trials = trials
    }

    /// The settings before any parameter: 120 Hz unless a device says otherwise.
    public init() {
        self.init(rate: nil)
    }

    /// The rate without a choice or a device, Hz.
    public static let defaultRate = 120.0

    /// The rate a problem without a device runs at: the chosen one, or ``defaultRate``.
    public var fixedRate: Double { rate ?? Self.defaultRate }

    public var profile: MotionProfile { profileName.profile }

    /// The pipeline's hand unless `--profile` says otherwise: a release's (``GestureRequest/Kind/defaultProfile``),
    /// the human one.
    public static let defaultProfile = GestureRequest.Kind.release.defaultProfile

    /// The hand of a pipeline recorded without a profile: goldens written before 0.4.0 record none, and
    /// their pipelines drew the min-jerk drag, so they keep that meaning. Every golden written since
    /// records its profile.
    public static let unrecordedProfile = MotionProfile.Name.minimumJerk

    /// The most realisations per grid point: a bound on the loop, far above what a probability needs.
    public static let maximumTrials = 1_000_000

    /// The pipeline's parameters (`--pipeline` itself is the sweep's).
    public static let parameters =
        ParameterList<PipelineSettings>([
            PipelineParameter.rate, PipelineParameter.estimator, PipelineParameter.noise, PipelineParameter.seed,
            PipelineParameter.profile, PipelineParameter.trials,
        ]) + FrameTiming.parameters.lifted(\PipelineSettings.timing)

    /// The clock realisation `seed` on `device` draws with.
    public func clock(on device: DevicePreset?, seed: UInt64) -> FrameClock {
        let clock = FrameClock(rate: frameRate(on: device))
        guard !timing.isRegular else { return clock }
        return (try? timing.apply(to: clock, seed: seed)) ?? clock
    }

    /// Checks the frame-times file and the timing, once, before a sweep; with `folder`, the file is one
    /// a golden table records (``FrameTiming/load(limit:confinedTo:fix:digesting:)``).
    public mutating func prepareTiming(
        confinedTo folder: ConfinedFolder? = nil, fix: String = "", digesting: Bool = false
    )
        throws
    {
        _ = try timing.apply(to: FrameClock(rate: .fixed(hertz: fixedRate)), seed: seed)
        try timing.load(
            limit: FrameClock(rate: .oneTwenty).maximumFrames, confinedTo: folder, fix: fix, digesting: digesting)
        _ = try timing.apply(to: FrameClock(rate: .fixed(hertz: fixedRate)), seed: seed)
    }

    public var digitiser: Digitiser { Digitiser(sampleRate: fixedRate, positionNoise: noise) }

    /// The digitiser for a problem on `device`: the device's (with this noise) unless the rate was chosen.
    public func digitiser(on device: DevicePreset?) -> Digitiser {
        guard let device, rate == nil else { return digitiser }
        var digitiser = device.digitiser
        digitiser.positionNoise = noise
        return digitiser
    }

    /// The display for a problem on `device`: the device's unless the rate was chosen.
    public func frameRate(on device: DevicePreset?) -> FrameRate {
        guard let device, rate == nil else { return .fixed(hertz: fixedRate) }
        return FrameRate(device: device)
    }

    /// The gesture of one grid point as a public synthesis (`popsim synth release`): touch down at
    /// `start`, drag by `translation`, let go at `velocity`, scanned with the device's digitiser (unless
    /// the rate was chosen) or at ``rate``, with ``noise`` and `seed`. Its ``GestureRequest/words``
    /// replay the point's stream exactly.
    public func gesture(
        from start: Point, translation: Vector, velocity: Vector, seed: UInt64,
        device: DevicePreset? = nil
    ) -> GestureRequest {
        var request = GestureRequest(kind: .release)
        setGesture(&request, from: start, translation: translation, velocity: velocity, seed: seed, device: device)
        return request
    }

    /// Writes into `request`, a release request new or written by this function before, every field
    /// ``gesture(from:translation:velocity:seed:device:)`` gives one: the same request, rewritten in place
    /// (a pipeline keeps one from decision to decision instead of building and copying a new one).
    func setGesture(
        _ request: inout GestureRequest, from start: Point, translation: Vector, velocity: Vector, seed: UInt64,
        device: DevicePreset?
    ) {
        request.from = start
        request.translation = translation
        request.velocity = velocity
        request.profile = profileName
        if let device, rate == nil {
            request.device = device
            request.rate = nil
        } else {
            request.rate = fixedRate
            request.device = nil
        }
        request.noise = noise
        request.seed = seed
    }

    /// The stream of one grid point: ``gesture(from:translation:velocity:seed:device:)`` digitised whole.
    public func touchStream(
        from start: Point, translation: Vector, velocity: Vector, seed: UInt64,
        device: DevicePreset? = nil
    ) throws -> TouchStream {
        let request = gesture(from: start, translation: translation, velocity: velocity, seed: seed, device: device)
        return try request.script().touchStream(digitiser: request.digitiser, seed: seed)
    }

    /// Grid point `index`'s own seed: output index + 1 of SplitMix64 seeded with the sweep's seed
    /// (its state advances by a constant, so any output is reached without computing those before it).
    public func seed(forPoint index: Int) -> UInt64 { Self.output(index, ofSplitMix64SeededWith: seed) }

    /// The seed of realisation `trial` of grid point `index` (`--trials`): trial 0 is the point's own
    /// seed (so one trial is the single-seed sweep), trial t ≥ 1 output t of SplitMix64 seeded with it.
    /// It depends on the sweep's seed, the grid index and the trial alone, never on jobs or shards.
    public func seed(forPoint index: Int, trial: Int) -> UInt64 {
        let pointSeed = seed(forPoint: index)
        guard trial > 0 else { return pointSeed }
        return Self.output(trial - 1, ofSplitMix64SeededWith: pointSeed)
    }

    /// Output n + 1 of SplitMix64 seeded with `seed`, reached in one step: its state advances by the
    /// golden-ratio increment per output.
    private static func output(_ n: Int, ofSplitMix64SeededWith seed: UInt64) -> UInt64 {
        var generator = SplitMix64(state: seed &+ UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15)
        return generator.next()
    }

    /// One line for the sweep's summary: rate (each of `rates` when the sweep lists several, and any
    /// irregular frames), estimator, noise, profile, seed.
    public func summary(modelEstimator: VelocityEstimatorKind, onDevice: Bool, rates: [Double]? = nil) -> String {
        func text(_ rate: Double) -> String {
            rate == rate.rounded() && abs(rate) < 1e15 ? String(Int(rate)) : String(rate)
        }
        var rateText = rates.map { $0.map(text).joined(separator: ", ") } ?? text(fixedRate)
        if rates == nil && rate == nil && onDevice { rateText += " (or the device's)" }
        let estimatorText = estimator?.rawValue ?? "\(modelEstimator.rawValue) (the model's own)"
        let frames = timing.summary.map { ", " + $0 } ?? ""
        return "\(rateText) Hz\(frames), estimator \(estimatorText), noise \(noise) pt, \(profileName.rawValue), "
            + "seed \(seed)"
    }
}

/// The pipeline's parameters, declared once: every family's `sweep` and `threshold` take them after
/// `--pipeline`.
public enum PipelineParameter {
    /// `--rate HZ`: categorical, so a sweep may list several (a `rate` column).
    public static let rate = Parameter<PipelineSettings>.optionalNumber(
        "rate", \.rate, .rate, placeholder: "HZ",
        "pipeline: digitiser scan rate and display frame rate, a fixed rate in Hz such as 60 or 120",
        default: "120, or each \(ScreenParameter.device.flag)'s touch-scan and display rates; "
            + "ProMotion's adaptive rate is simulate's \(SimulationParameter.rate.flag) promotion"
    ).categorical(
        hint: "a pipeline draws at a fixed rate in Hz such as 60 or 120 "
            + "(ProMotion's adaptive rate is for 'popsim simulate \(SimulationParameter.rate.flag) promotion')")

    public static let estimator = Parameter<PipelineSettings>.estimator(
        \.estimator, "pipeline: release-velocity estimator", default: "the model's own")

    public static let noise = Parameter<PipelineSettings>.number(
        "noise", \.noise, .nonNegative, placeholder: "SIGMA", "pipeline: Gaussian finger position noise per axis, pt",
        default: "0")

    public static let seed = Parameter<PipelineSettings>.seed(
        "seed", \.seed, "pipeline: random seed; point i uses a seed derived from it and i")

    public static let profile = Parameter<PipelineSettings>.profile(
        \.profileName,
        "pipeline: the finger's motion profile; human: each realisation's release drawn "
            + "from the model fitted to recorded flings (Documentation/gestures.md §8); min-jerk: "
            + "a movement to rest, a ramp into the velocity and a lift-off tail (popsim 0.3.0's drag)",
        default: PipelineSettings.defaultProfile)

    /// `--trials K`.
    public static let trials = Parameter<PipelineSettings>(
        ParameterDescription(
            name: "trials", syntax: .integer(1...PipelineSettings.maximumTrials), placeholder: "K",
            summary:
                "pipeline: K independently seeded realisations per grid point (seeds from \(seed.flag), "
                + "the grid index and the trial); adds a p_<outcome> column per outcome"
        ),
        read: { settings in settings.trials.map(ParameterValue.integer) },
        assign: { (settings: inout PipelineSettings, value: ParameterValue) throws(ParameterError) in
            if case let .integer(trials) = value { settings.trials = trials }
        })
}
