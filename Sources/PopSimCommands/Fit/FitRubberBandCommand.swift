import PopSimArgumentParsing
import PopSimDynamics
import PopSimTextIO

/// `popsim fit rubber-band`: which rubber-band law a recorded over-drag follows.
enum FitRubberBandCommand: Command {
    /// The largest view dimension accepted, in points.
    static let dimensionLimit = 1e6

    static let spec = CommandSpec(
        path: ["fit", "rubber-band"],
        summary: "fit the rubber-band families to a recorded over-drag (CSV finger,offset), best first",
        flags: [
            .option("--dimension", "D", "hold the hyperbolic family's d at D points (the view's or container's size; default: fitted)"),
            FitInput.maximumIterationsFlag,
            FitInput.residualsFlag,
        ],
        positionals: [PositionalSpec("TRACE", "CSV with columns finger,offset (others ignored, '#' lines skipped); '-' reads standard input", optional: false)],
        discussion: """
        finger is the finger's translation past the limit, offset the view's displayed offset (points). Families:
          hyperbolic  sgn(x)·|x|·c·d/(d + c·|x|)   UIScrollView (c = 0.55, d the view's length) and
                                                  LNPopupController's snap band (c = snap percent 0.32, d the container height)
          power       sgn(x)·s·|x|^k              aheze/Popovers (s = 1, k = 0.7)
        each fitted by GSL's gsl_multifit_nlinear (trust-region Levenberg–Marquardt, geodesic acceleration,
        analytic Jacobian) in (ln, ln) of its parameters from a linearised start.
        output: one line per family, smallest rms_residual first:
          family=hyperbolic c=… d=… c_stderr=… d_stderr=… rms_residual=… closest=uiscrollview|lnpopupcontroller-snap
          family=power s=… k=… s_stderr=… k_stderr=… rms_residual=… closest=popovers
        closest names the known configuration of the family nearest in c (hyperbolic; d is the view's own size)
        or the power law's one configuration. With --dimension, d_stderr is 0.
        exit status: 0 ok; 2 usage; 65 malformed data or fewer than 5 rows, no over-drag, a flat offset;
        70 no convergence; 74 unreadable file.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let settings = try FitInput.settings(arguments)
        let dimension = try FitInput.number(arguments, "--dimension", in: 0...dimensionLimit)
        if dimension == 0 {
            throw UsageError("invalid value '\(arguments.string("--dimension")!)' for --dimension: it must be in (0, \(formatNumber(dimensionLimit))]")
        }
        let residualsPath = try FitInput.residualsPath(arguments)
        let data = try FitInput.read(FitInput.path(arguments), columns: ["finger", "offset"])
        let results = try RubberBandFit.fit(pulls: data[0], offsets: data[1], dimension: dimension, settings: settings)
        let report = results.map(line).joined()
        let best = results[0]
        let ordered = RubberBandFamily.allCases.map { family in results.first { $0.family == family }! }
        try FitInput.writeResiduals(
            residualsPath, report: report,
            header: "finger,offset,fitted,residual," + ordered.map(\.family.rawValue).joined(separator: ","),
            rows: data[0].count,
            row: { i in [data[0][i], data[1][i], data[1][i] - best.residuals[i], best.residuals[i]] + ordered.map { $0.offset(forPull: data[0][i]) } },
            context)
        try context.withOutput(path: nil) { out in try out.write(report) }
    }

    static func line(_ result: RubberBandFitResult) -> String {
        let (first, second) = result.family == .hyperbolic ? ("c", "d") : ("s", "k")
        return [
            ("family", result.family.rawValue),
            (first, formatNumber(result.first)), (second, formatNumber(result.second)),
            (first + "_stderr", formatNumber(result.firstStandardError)), (second + "_stderr", formatNumber(result.secondStandardError)),
            ("rms_residual", formatNumber(result.rmsResidual)),
            ("closest", result.closest.rawValue),
        ].map { "\($0.0)=\($0.1)" }.joined(separator: " ") + "\n"
    }
}
