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
            .number("--release-velocity", "V", ValueRanges.speed, "requested release velocity, pt/s (default 1500)"),
            .number("--distance", "D", ValueRanges.length, "swipe length, pt (default 300)"),
            .number("--seconds", "T", ValueRanges.duration, "swipe duration (default: release in the middle of the profile)"),
            SynthFlags.profileFlag,
            .number("--lift-off", "T", ValueRanges.nonNegativeDuration, "lift-off deceleration, s (default \(formatNumber(LiftOff.default.seconds)))"),
            .number("--lift-off-ratio", "R", ValueRanges.nonNegative, "speed at lift-off ÷ release velocity (default \(formatNumber(LiftOff.default.speedRatio)))"),
            .option("--rates", "HZ,…", .numberList(ValueRanges.rate, maximumCount: 64), "digitiser rates (default 60,120,240)"),
            .option("--noise-levels", "SIGMA,…", .numberList(ValueRanges.nonNegative, maximumCount: 64), "position noise levels, pt (default 0,0.5,1)"),
            .number("--time-jitter", "SIGMA", ValueRanges.nonNegative, "timestamp noise in every condition, s (default 0)"),
            .number("--scale", "S", .above(0, through: 1e6), "quantise to 1/S pt in every condition (default: none)"),
            .integer("--trials", "N", 1...100_000, "swipes per condition, random direction and phase (default 64)"),
            .seed("--seed", "seed (default 0)"),
            .option("--format", "NAME", "csv (default) or markdown"),
            .option("--output", "FILE", "write to FILE atomically (default: standard output)"),
        ],
        discussion: """
        csv columns: estimator,rate,noise,trials,mean_ratio,sd_ratio,min_ratio,max_ratio, where ratio = measured
        velocity along the swipe ÷ requested. markdown: one row per rate and noise, 'mean ± sd' per estimator.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        var check = ReleaseVelocityRoundTrip()
        check.requestedVelocity = try arguments.double("--release-velocity", default: check.requestedVelocity)
        check.distance = try arguments.double("--distance", default: check.distance)
        check.duration = try arguments.double("--seconds")
        check.profile = try SynthFlags.profile(from: arguments)
        check.liftOff = LiftOff(seconds: try arguments.double("--lift-off", default: LiftOff.default.seconds),
                                speedRatio: try arguments.double("--lift-off-ratio", default: LiftOff.default.speedRatio))
        check.timestampJitter = try arguments.double("--time-jitter", default: 0)
        check.scale = try arguments.double("--scale")
        check.trials = try arguments.integer("--trials", default: check.trials)
        check.seed = try SynthFlags.seed(from: arguments)
        let rates = try arguments.numbers("--rates", separator: ",", expected: "HZ,…") ?? [60, 120, 240]
        let noiseLevels = try arguments.numbers("--noise-levels", separator: ",", expected: "SIGMA,…") ?? [0, 0.5, 1]
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
}
