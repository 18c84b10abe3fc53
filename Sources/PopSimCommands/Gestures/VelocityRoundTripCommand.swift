import PopSimArgumentParsing
import PopSimGestures
import PopSimTextIO

/// `popsim velocity-roundtrip`: requested vs measured release velocity per estimator, rate and noise.
enum VelocityRoundTripCommand: Command {
    enum Format: String, CaseIterable { case csv, markdown }

    static let spec = CommandSpec(
        path: ["velocity-roundtrip"],
        summary: "synthesise swipes and report what each estimator measures ÷ the requested release velocity",
        flags: [
            .option("--release-velocity", "V", "requested release velocity, pt/s (default 1500)"),
            .option("--distance", "D", "swipe length, pt (default 300)"),
            .option("--seconds", "T", "swipe duration (default: release in the middle of the profile)"),
            SynthFlags.profileFlag,
            .option("--lift-off", "T", "lift-off deceleration, s (default \(formatNumber(LiftOff.default.seconds)))"),
            .option("--lift-off-ratio", "R", "speed at lift-off ÷ release velocity (default \(formatNumber(LiftOff.default.speedRatio)))"),
            .option("--rates", "HZ,…", "digitiser rates (default 60,120,240)"),
            .option("--noise-levels", "SIGMA,…", "position noise levels, pt (default 0,0.5,1)"),
            .option("--time-jitter", "SIGMA", "timestamp noise in every condition, s (default 0)"),
            .option("--scale", "S", "quantise to 1/S pt in every condition (default: none)"),
            .option("--trials", "N", "swipes per condition, random direction and phase (default 64)"),
            .option("--seed", "N", "seed (default 0)"),
            .option("--format", "NAME", "csv (default) or markdown"),
            .option("--output", "FILE", "write to FILE atomically (default: standard output)"),
        ],
        discussion: """
        csv columns: estimator,rate,noise,trials,mean_ratio,sd_ratio,min_ratio,max_ratio, where ratio = measured
        velocity along the swipe ÷ requested. markdown: one row per rate and noise, 'mean ± sd' per estimator.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        var check = ReleaseVelocityRoundTrip()
        check.requestedVelocity = try arguments.positiveDouble("--release-velocity", default: check.requestedVelocity)
        check.distance = try arguments.positiveDouble("--distance", default: check.distance)
        check.duration = try arguments.positiveDouble("--seconds")
        check.profile = try SynthFlags.profile(from: arguments)
        check.liftOff = LiftOff(seconds: try arguments.nonNegativeDouble("--lift-off", default: LiftOff.default.seconds),
                                speedRatio: try arguments.nonNegativeDouble("--lift-off-ratio", default: LiftOff.default.speedRatio))
        check.timestampJitter = try arguments.nonNegativeDouble("--time-jitter", default: 0)
        check.scale = try arguments.positiveDouble("--scale")
        let trials = try arguments.integer("--trials", default: check.trials)
        guard trials >= 1, trials <= 100_000 else {
            throw UsageError("invalid value '\(trials)' for --trials: it must be from 1 to 100000")
        }
        check.trials = trials
        check.seed = try SynthFlags.seed(from: arguments)
        let rates = try numbers("--rates", arguments, default: [60, 120, 240], positive: true)
        let noiseLevels = try numbers("--noise-levels", arguments, default: [0, 0.5, 1], positive: false)
        let format = try arguments.choice("--format", default: Format.csv)

        let results: [ReleaseVelocityRoundTrip.Result]
        do {
            results = try check.run(rates: rates, noiseLevels: noiseLevels)
        } catch {
            throw SynthFlags.usageError(for: error, arguments, flagNames: [
                "releaseVelocity": "--release-velocity", "duration": "--seconds", "liftOff.seconds": "--lift-off",
                "liftOff.speedRatio": "--lift-off-ratio", "sampleRate": "--rates", "positionNoise": "--noise-levels",
            ])
        }
        try context.withOutput(path: arguments.string("--output")) { out in
            switch format {
            case .markdown:
                try out.write(ReleaseVelocityRoundTrip.markdownTable(results))
            case .csv:
                try out.write("estimator,rate,noise,trials,mean_ratio,sd_ratio,min_ratio,max_ratio\n")
                for r in results {
                    try out.write([r.kind.rawValue, formatNumber(r.sampleRate), formatNumber(r.positionNoise), String(r.trials),
                                   formatNumber(r.meanRatio), formatNumber(r.standardDeviation),
                                   formatNumber(r.minimumRatio), formatNumber(r.maximumRatio)].joined(separator: ",") + "\n")
                }
            }
        }
    }

    private static func numbers(_ flag: String, _ arguments: ParsedArguments, default defaultValue: [Double], positive: Bool) throws -> [Double] {
        guard let items = arguments.list(flag) else { return defaultValue }
        var values: [Double] = []
        for item in items {
            let value = try ParsedArguments.number(item, flag: flag)
            guard positive ? value > 0 : value >= 0 else {
                throw UsageError("invalid value '\(item)' for \(flag): every value must be \(positive ? "> 0" : "≥ 0")")
            }
            values.append(value)
        }
        return values
    }
}
