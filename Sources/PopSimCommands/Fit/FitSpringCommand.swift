import PopSimArgumentParsing
import PopSimDynamics
import PopSimTextIO

/// `popsim fit spring`: the damped spring behind a recorded trajectory, in every parameterisation.
enum FitSpringCommand: Command {
    /// Bounds on held positions and velocities: far beyond any screen, and far from overflow.
    static let positionLimit = 1e12
    /// Bound on a held delay, seconds.
    static let delayLimit = 1e6

    static let spec = CommandSpec(
        path: ["fit", "spring"],
        summary: "fit a damped spring to a recorded trajectory (CSV time,position): parameters, standard errors, nearest preset",
        flags: [
            .option("--free", "LIST", "also solve for any of from,to,velocity,delay (comma-separated; default: none)"),
            .option("--weights", "COLUMN", "weight each row by this column of TRACE (≥ 0; relative, e.g. 1/σ²; 0 leaves a row out)"),
            .option("--from", "X", "hold the start at X (default: the first position)"),
            .option("--to", "X", "hold the target at X (default: the last position)"),
            .option("--velocity", "V", "hold the initial velocity at V, position units per second (default 0)"),
            .option("--delay", "S", "hold the start delay at S seconds after the first time (default 0)"),
            FitInput.maximumIterationsFlag,
            FitInput.residualsFlag,
        ],
        positionals: [PositionalSpec("TRACE", "CSV with columns time,position (others ignored, '#' lines skipped); '-' reads standard input", optional: false)],
        discussion: """
        model: x(t) = to + e^(−λτ)[x₀·C(τ) + (v₀ + λx₀)·S(τ)] with τ = t − t₀ − delay, x₀ = from − to and
        v₀ the initial velocity (the closed form of 'popsim spring', every damping ratio); x = from before the
        start. t₀ is the first row's time. Unit mass: a trajectory determines k/m and c/m only.
        unknowns: the spring always; with --free, also any of (held otherwise at the value shown)
          from      the first position, or --from       when free, the model being linear in from, to and
          to        the last position, or --to          velocity, they start from their least-squares values
          velocity  0, or --velocity                    at the start point
          delay     0, or --delay                       starts from the last row before the position first
                                                        moves 2 % of its range, or up to 8 frames earlier
        start: a scan of 20 responses × 11 damping ratios (× 5 delays when free), the best three refined;
        then GSL's trust-region Levenberg–Marquardt with geodesic acceleration (gsl_multifit_nlinear) fits
        every row with the analytic Jacobian. Hold what you know; free the start and target of a noisy
        recording, and the target of one that stops before the motion settles; do not free both velocity
        and delay of a motion that starts from rest. Documentation/fitting.md has the details.
        output keys (key=value): mass, stiffness, damping, damping_ratio, response, duration, bounce,
        settling_time (as 'popsim spring-info'), each with <key>_stderr except mass and settling_time; from,
        to, velocity, delay, with <key>_stderr when free; rms_residual (√(Σw·r²/Σw)), iterations, points,
        nearest_preset (a --preset name: the smallest RMS difference of unit step responses) and
        nearest_preset_distance (that difference, a fraction of the travel). Standard errors scale the
        covariance by the residual variance (weights are relative) and carry it to each quantity to first order.
        exit status: 0 ok; 2 usage; 65 malformed data or a trace that cannot determine the spring (fewer than
        5 rows, constant position, a free quantity with no effect); 70 no convergence; 74 unreadable file.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let options = try options(arguments)
        let residualsPath = try FitInput.residualsPath(arguments)
        var columns = ["time", "position"]
        if let weights = arguments.string("--weights") { columns.append(weights) }
        let data = try FitInput.read(FitInput.path(arguments), columns: columns)
        let weights = columns.count == 3 ? data[2] : nil
        let result = try SpringFit.fit(times: data[0], positions: data[1], weights: weights, options: options)
        let report = FitInput.lines(try keyValues(result))
        try FitInput.writeResiduals(residualsPath, report: report, header: "time,position,fitted,residual", rows: result.points,
                                    row: { [data[0][$0], data[1][$0], data[1][$0] - result.residuals[$0], result.residuals[$0]] },
                                    context)
        try context.withOutput(path: nil) { out in try out.write(report) }
    }

    static func options(_ arguments: ParsedArguments) throws -> SpringFitOptions {
        var options = SpringFitOptions(settings: try FitInput.settings(arguments))
        if let words = arguments.list("--free") {
            let names = SpringFitUnknowns.ordered.map(\.name)
            for word in words {
                guard let entry = SpringFitUnknowns.ordered.first(where: { $0.name == word }) else {
                    throw UsageError("invalid value '\(arguments.string("--free")!)' for --free: unknown '\(word)'; expected a comma-separated list of \(names.joined(separator: ", "))")
                }
                guard !options.unknowns.contains(entry.unknown) else {
                    throw UsageError("invalid value '\(arguments.string("--free")!)' for --free: '\(word)' is listed twice")
                }
                options.unknowns.insert(entry.unknown)
            }
        }
        for entry in SpringFitUnknowns.ordered where options.unknowns.contains(entry.unknown) && arguments.has("--" + entry.name) {
            throw UsageError("--\(entry.name) holds the \(entry.name) fixed, and --free \(entry.name) solves for it: give one of them")
        }
        let positions = -positionLimit...positionLimit
        options.from = try FitInput.number(arguments, "--from", in: positions)
        options.to = try FitInput.number(arguments, "--to", in: positions)
        options.velocity = try FitInput.number(arguments, "--velocity", in: positions) ?? 0
        options.delay = try FitInput.number(arguments, "--delay", in: -delayLimit...delayLimit) ?? 0
        return options
    }

    static func keyValues(_ result: SpringFitResult) throws -> [(String, String)] {
        let spring = result.spring, errors = result.standardErrors
        let nearest = spring.nearestPreset
        var pairs: [(String, String)] = [
            ("mass", formatNumber(spring.mass)),
            ("stiffness", formatNumber(spring.stiffness)), ("stiffness_stderr", formatNumber(errors.stiffness)),
            ("damping", formatNumber(spring.damping)), ("damping_stderr", formatNumber(errors.damping)),
            ("damping_ratio", formatNumber(spring.dampingRatio)), ("damping_ratio_stderr", formatNumber(errors.dampingRatio)),
            ("response", formatNumber(spring.response)), ("response_stderr", formatNumber(errors.response)),
            ("duration", formatNumber(spring.duration)), ("duration_stderr", formatNumber(errors.response)),
            ("bounce", formatNumber(spring.bounce)), ("bounce_stderr", formatNumber(errors.bounce)),
            ("settling_time", formatNumber(try spring.settlingTime())),
        ]
        let motion: [(String, Double, Double?)] = [
            ("from", result.from, errors.from), ("to", result.to, errors.to),
            ("velocity", result.velocity, errors.velocity), ("delay", result.delay, errors.delay),
        ]
        for (key, value, error) in motion {
            pairs.append((key, formatNumber(value)))
            if let error { pairs.append((key + "_stderr", formatNumber(error))) }
        }
        pairs += [
            ("rms_residual", formatNumber(result.rmsResidual)),
            ("iterations", String(result.iterations)),
            ("points", String(result.points)),
            ("nearest_preset", nearest.preset.rawValue),
            ("nearest_preset_distance", formatNumber(nearest.distance)),
        ]
        return pairs
    }
}
