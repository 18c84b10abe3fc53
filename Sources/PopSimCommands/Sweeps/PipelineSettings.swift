import PopSimArgumentParsing
import PopSimGestures
import PopSimInteractions

/// How a `--pipeline` sweep turns each grid point into a real touch stream: the gesture
/// (``GestureScript/release(from:translation:releaseVelocity:moveDuration:rampDuration:profile:liftOff:touch:)``:
/// drag by the point's translation, let go at its velocity, with a lift-off tail), the digitiser (scan
/// rate = display rate, Gaussian noise), the model's estimator, and a seed derived from the grid
/// index, never from the thread, so the output is the same for any `--jobs` and `--shard`.
struct PipelineSettings: Sendable {
    var rate: Double
    var estimator: VelocityEstimatorKind?
    var noise: Double
    var profile: MotionProfile
    var profileName: String
    var seed: UInt64

    static let flags: [FlagSpec] = [
        .switch("--pipeline", "instead of the ideal decision, synthesise a touch stream per grid point and run it through the model (adds an 'ideal' column)"),
        .number("--rate", "60|120", ValueRanges.rate, "pipeline: digitiser scan rate and display frame rate in Hz (default 120)"),
        .option("--estimator", "NAME", "pipeline: release-velocity estimator (default: the model's own)"),
        .number("--noise", "SIGMA", ValueRanges.nonNegative, "pipeline: Gaussian finger position noise per axis, pt (default 0)"),
        .seed("--seed", "pipeline: random seed (default 0); point i uses a seed derived from N and i"),
        SynthFlags.profileFlag,
    ]

    static let pipelineOnlyFlags = ["--rate", "--estimator", "--noise", "--seed", "--profile"]

    init?(arguments: ParsedArguments) throws {
        guard arguments.isSet("--pipeline") else {
            if let flag = Self.pipelineOnlyFlags.first(where: arguments.has) {
                throw UsageError("\(flag) only applies to --pipeline sweeps; add --pipeline or drop \(flag)")
            }
            return nil
        }
        rate = try arguments.double("--rate", default: 120)
        estimator = try arguments.choice("--estimator", as: VelocityEstimatorKind.self)
        noise = try arguments.double("--noise", default: 0)
        let name = try arguments.choice("--profile", default: SynthFlags.ProfileName.minJerk)
        profile = name.profile
        profileName = name.rawValue
        seed = try arguments.unsignedInteger("--seed") ?? 0
    }

    var digitiser: Digitiser { Digitiser(sampleRate: rate, positionNoise: noise) }

    /// Grid point `index`'s own seed: output index + 1 of SplitMix64 seeded with the sweep's seed
    /// (its state advances by a constant, so any output is reached without computing those before it).
    func seed(forPoint index: Int) -> UInt64 {
        var generator = SplitMix64(state: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        return generator.next()
    }

    var summary: String {
        "\(formatRate(rate)) Hz, estimator \(estimator?.rawValue ?? "model default"), noise \(noise) pt, \(profileName), seed \(seed)"
    }

    private func formatRate(_ rate: Double) -> String { rate == rate.rounded() ? String(Int(rate)) : String(rate) }
}
