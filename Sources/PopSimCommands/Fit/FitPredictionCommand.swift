import PopSimArgumentParsing
import PopSimGeometry
import PopSimGestures
import PopSimTextIO

/// `popsim fit prediction`: SwiftUI's prediction horizon and velocity mix, from a device log.
enum FitPredictionCommand: Command {
    static let columns = ["time", "x", "y", "translation_x", "translation_y", "predicted_x", "predicted_y"]

    static let spec = CommandSpec(
        path: ["fit", "prediction"],
        summary: "fit SwiftUI's predictedEndTranslation (horizon and velocity mix) to a DragGesture.onChanged log",
        flags: [
            .switch("--apply", "print the fitted model as flags for 'decide popover' and 'simulate popover' instead of key=value lines"),
            FitInput.residualsFlag,
        ],
        positionals: [PositionalSpec("LOG", "CSV with columns " + columns.joined(separator: ",") + " (one row per onChanged call; others ignored, '#' lines skipped); '-' reads standard input", optional: false)],
        discussion: """
        model (PopSim's, after OpenSwiftUI's VelocitySampler): predicted − translation = T·(w·v21 + (1 − w)·v32),
        v21 and v32 the velocities of the previous and last segments between the last three rows (default
        T = 0.25 s, w = 0.75). Linear in T·w and T·(1 − w), so solved by linear least squares over the x and y
        equations of every row; no iteration. A drag starts where x,y − translation (SwiftUI's startLocation)
        changes; its first two rows are skipped (SwiftUI's sampler may hold samples the log does not show).
        Documentation/fitting.md gives the SwiftUI code that writes the log.
        output keys (key=value): prediction_time, prediction_time_stderr, previous_sample_weight,
        previous_sample_weight_stderr, last_sample_weight (1 − w), last_sample_weight_stderr, rms_residual (pt),
        points (rows used).
        --apply prints one line, '--prediction-time T --previous-sample-weight W', for
        'popsim decide popover', 'simulate popover' and 'sweep popover' (e.g. popsim simulate popover
        $(popsim fit prediction log.csv --apply) ...); it fails with 65 when T < 0 or W is outside [0, 1].
        exit status: 0 ok; 2 usage; 65 malformed data or a log that cannot determine T and w (fewer than 5
        usable rows, velocities that never change); 74 unreadable file.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let residualsPath = try FitInput.residualsPath(arguments)
        let data = try FitInput.read(FitInput.path(arguments), columns: columns)
        let log = data[0].indices.map { i in
            DragGestureLogRow(time: data[0][i], location: Point(x: data[1][i], y: data[2][i]),
                              translation: Vector(dx: data[3][i], dy: data[4][i]),
                              predictedEndTranslation: Vector(dx: data[5][i], dy: data[6][i]))
        }
        let result = try PredictionFit.fit(log)
        let report = FitInput.lines([
            ("prediction_time", formatNumber(result.predictionTime)),
            ("prediction_time_stderr", formatNumber(result.predictionTimeStandardError)),
            ("previous_sample_weight", formatNumber(result.previousSampleWeight)),
            ("previous_sample_weight_stderr", formatNumber(result.previousSampleWeightStandardError)),
            ("last_sample_weight", formatNumber(1 - result.previousSampleWeight)),
            ("last_sample_weight_stderr", formatNumber(result.previousSampleWeightStandardError)),
            ("rms_residual", formatNumber(result.rmsResidual)),
            ("points", String(result.points)),
        ])
        let output: String
        if arguments.isSet("--apply") {
            guard result.predictionTime >= 0, (0...1).contains(result.previousSampleWeight) else {
                throw CommandFailure(.dataError, "the fitted model (prediction_time \(formatNumber(result.predictionTime)), previous_sample_weight \(formatNumber(result.previousSampleWeight))) is outside what PopSim's model accepts (T ≥ 0, w in [0, 1]): the log does not follow SwiftUI's three-sample prediction")
            }
            output = "--prediction-time \(formatNumber(result.predictionTime)) --previous-sample-weight \(formatNumber(result.previousSampleWeight))\n"
        } else {
            output = report
        }
        try FitInput.writeResiduals(
            residualsPath, report: report, header: "time,observed_x,fitted_x,residual_x,observed_y,fitted_y,residual_y",
            rows: result.rows.count,
            row: { k in
                let row = result.rows[k]
                return [log[row.index].time, row.observed.dx, row.fitted.dx, row.observed.dx - row.fitted.dx,
                        row.observed.dy, row.fitted.dy, row.observed.dy - row.fitted.dy]
            }, context)
        try context.withOutput(path: nil) { out in try out.write(output) }
    }
}
