import PopSimArgumentParsing
import PopSimGestures
import PopSimSweeps

/// The `--pipeline` flags of `popsim sweep`, read into the library's ``PipelineSettings``.
enum PipelineFlags {
    static let flags: [FlagSpec] = [
        .switch("--pipeline", "instead of the ideal decision, synthesise a touch stream per grid point and run it through the model (adds an 'ideal' column)"),
        .number("--rate", "60|120", ValueRanges.rate, "pipeline: digitiser scan rate and display frame rate in Hz (default 120, or each --device's touch-scan and display rates)"),
        .option("--estimator", "NAME", "pipeline: release-velocity estimator (default: the model's own)"),
        .number("--noise", "SIGMA", ValueRanges.nonNegative, "pipeline: Gaussian finger position noise per axis, pt (default 0)"),
        .seed("--seed", "pipeline: random seed (default 0); point i uses a seed derived from N and i"),
        SynthFlags.profileFlag,
    ]

    static let pipelineOnlyFlags = ["--rate", "--estimator", "--noise", "--seed", "--profile"]
}

extension PipelineSettings {
    /// nil without `--pipeline` (and then no pipeline-only flag may be given).
    init?(arguments: ParsedArguments) throws {
        guard arguments.isSet("--pipeline") else {
            if let flag = PipelineFlags.pipelineOnlyFlags.first(where: arguments.has) {
                throw UsageError("\(flag) only applies to --pipeline sweeps; add --pipeline or drop \(flag)")
            }
            return nil
        }
        let name = try arguments.choice("--profile", default: SynthFlags.ProfileName.minJerk)
        let seed = try arguments.unsignedInteger("--seed") ?? 0
        self.init(rate: try arguments.double("--rate", default: 120),
                  estimator: try arguments.choice("--estimator", as: VelocityEstimatorKind.self),
                  noise: try arguments.double("--noise", default: 0),
                  profile: name.profile, profileName: name.rawValue, seed: seed,
                  rateIsExplicit: arguments.has("--rate") || !arguments.has("--device"))
    }
}
