import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import PopSimInteractions
import PopSimParameters
import PopSimTextIO

/// `popsim fit spring|rubber-band|prediction`: models fitted to a recording, reported as `key=value`.
enum FitCommands {
    static let weights = ParameterDescription(
        name: "weights", syntax: .text, placeholder: "COLUMN",
        summary: "weight each row by this column of TRACE (≥ 0; relative, e.g. 1/σ²; 0 leaves a row out)",
        textValues: "a column of TRACE's header")

    /// The column of TRACE that holds the position.
    static let column = ParameterDescription(
        name: "column", syntax: .text, placeholder: "NAME",
        summary: "fit this column of TRACE (e.g. content_y of a 'popsim simulate popup' trace)",
        defaultText: "position",
        textValues: "a column of TRACE's header"
    )

    /// The largest time `--from-time` accepts, s: as far as any value a fit reads (±1e12).
    static let timeLimit = 1e12

    static let fromTime = ParameterDescription(
        name: "from_time", syntax: .number(.closed(-timeLimit, timeLimit), placeholder: "T"),
        summary:
            "fit only the rows at or after time T (e.g. the release in a simulate trace); "
            + "the model's t₀ is the first of them",
        defaultText: "the first row")

    static let spring = Command(
        ["fit", "spring"],
        summary:
            "fit a damped spring to a recorded trajectory (CSV time,position): parameters, "
            + "standard errors, nearest preset",
        parameters: SpringFitOptions.parameters.descriptions.prefix(1) + [column, fromTime, weights]
            + SpringFitOptions.parameters.descriptions.dropFirst() + [CommandLineParameters.residuals],
        positionals: [
            PositionalDescription(
                "TRACE",
                "CSV with columns time and position, or \(column.flag)'s "
                    + "(others ignored, '#' lines skipped); '-' reads standard input", optional: false)
        ],
        discussion: FitDiscussion.spring
    ) { invocation, context in
        let options = try SpringFitOptions.parameters.applying(
            invocation.assignments(for: SpringFitOptions.parameters), to: SpringFitOptions())
        try options.validate()
        let positionColumn = invocation.text(column) ?? "position"
        guard !positionColumn.isEmpty else {
            throw ParameterError.invalidValue(positionColumn, for: column, "give a column name")
        }
        var columns = ["time", positionColumn]
        if let column = invocation.text(weights) { columns.append(column) }
        let start = invocation.number(fromTime)
        try FitInput.run(invocation, context) { path, residuals in
            let data = try FitInput.read(path, columns: columns, fromTime: start)
            if let start, data[0].isEmpty {
                throw CommandFailure(
                    .dataError,
                    "no row of the trace is at or after \(fromTime.flag) "
                        + "\(formatNumber(start)): give a time the trace reaches"
                )
            }
            let result = try SpringFit.fit(
                times: data[0], positions: data[1], weights: columns.count == 3 ? data[2] : nil, options: options)
            if case let .dampingRatioBound(bound)? = result.limit, let tau = result.timeConstant {
                context.note(
                    "note: the fit is best past damping ratio \(formatNumber(bound)) "
                        + "(\(SpringFitOptions.maximumDampingRatioParameter.flag)), where it stopped: "
                        + "the trace is a first-order approach to \(formatNumber(result.to)) "
                        + "with time constant \(formatNumber(tau)) s")
            }
            let report = FitInput.lines(try keyValues(result))
            try FitInput.writeResiduals(
                residuals, report: report, header: "time,position,fitted,residual", rows: result.points,
                row: { [data[0][$0], data[1][$0], data[1][$0] - result.residuals[$0], result.residuals[$0]] })
            return report
        }
    }

    static func keyValues(_ result: SpringFitResult) throws -> [(String, String)] {
        let spring = result.spring
        let errors = result.standardErrors
        let nearest = spring.nearestPreset
        var pairs: [(String, String)] = [
            ("mass", formatNumber(spring.mass)),
            ("stiffness", formatNumber(spring.stiffness)), ("stiffness_stderr", formatNumber(errors.stiffness)),
            ("damping", formatNumber(spring.damping)), ("damping_stderr", formatNumber(errors.damping)),
            ("damping_ratio", formatNumber(spring.dampingRatio)),
            ("damping_ratio_stderr", formatNumber(errors.dampingRatio)),
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
        if case .dampingRatioBound? = result.limit, let tau = result.timeConstant {
            pairs += [
                ("limit", "damping_ratio_bound"), ("time_constant", formatNumber(tau)),
                ("time_constant_stderr", formatNumber(result.timeConstantStandardError)),
            ]
        }
        return pairs
    }

    /// The largest view dimension accepted, in points.
    static let dimensionLimit = 1e6

    static let dimension = ParameterDescription(
        name: "dimension", syntax: .number(.above(0, through: dimensionLimit), placeholder: "D"),
        summary: "hold the hyperbolic family's d at D points (the view's or container's size)", defaultText: "fitted")

    static let rubberBand = Command(
        ["fit", "rubber-band"],
        summary: "fit the rubber-band families to a recorded over-drag (CSV finger,offset), best first",
        parameters: [
            dimension, SpringFitOptions.maximumIterationsParameter.description, CommandLineParameters.residuals,
        ],
        positionals: [
            PositionalDescription(
                "TRACE", "CSV with columns finger,offset (others ignored, '#' lines skipped); '-' reads standard input",
                optional: false)
        ],
        discussion: FitDiscussion.rubberBand
    ) { invocation, context in
        var settings = FitSettings()
        if let iterations = invocation.integer(SpringFitOptions.maximumIterationsParameter.description) {
            settings.maximumIterations = iterations
        }
        try FitInput.run(invocation, context) { path, residuals in
            let data = try FitInput.read(path, columns: ["finger", "offset"])
            let results = try RubberBandFit.fit(
                pulls: data[0], offsets: data[1], dimension: invocation.number(dimension), settings: settings)
            let report = results.map(line).joined()
            let best = results[0]
            let ordered = RubberBandFamily.allCases.map { family in results.first { $0.family == family }! }
            try FitInput.writeResiduals(
                residuals, report: report,
                header: "finger,offset,fitted,residual," + ordered.map(\.family.rawValue).joined(separator: ","),
                rows: data[0].count,
                row: { i in
                    [data[0][i], data[1][i], data[1][i] - best.residuals[i], best.residuals[i]]
                        + ordered.map { $0.offset(forPull: data[0][i]) }
                })
            return report
        }
    }

    static func line(_ result: RubberBandFitResult) -> String {
        let (first, second) = result.family == .hyperbolic ? ("c", "d") : ("s", "k")
        return [
            ("family", result.family.rawValue),
            (first, formatNumber(result.first)), (second, formatNumber(result.second)),
            (first + "_stderr", formatNumber(result.firstStandardError)),
            (second + "_stderr", formatNumber(result.secondStandardError)),
            ("rms_residual", formatNumber(result.rmsResidual)),
            ("closest", result.closest.rawValue),
        ].map { "\($0.0)=\($0.1)" }.joined(separator: " ") + "\n"
    }

    static let predictionColumns = ["time", "x", "y", "translation_x", "translation_y", "predicted_x", "predicted_y"]

    static let apply = ParameterDescription(
        name: "apply", syntax: .toggle,
        summary:
            "print the fitted model as flags for 'decide popover' and 'simulate popover' instead of key=value lines")

    static let prediction = Command(
        ["fit", "prediction"],
        summary: "fit SwiftUI's predictedEndTranslation (horizon and velocity mix) to a DragGesture.onChanged log",
        parameters: [apply, CommandLineParameters.residuals],
        positionals: [
            PositionalDescription(
                "LOG",
                "CSV with columns " + predictionColumns.joined(separator: ",")
                    + " (one row per onChanged call; others ignored, '#' lines skipped); '-' reads standard input",
                optional: false)
        ],
        discussion: FitDiscussion.prediction
    ) { invocation, context in
        try FitInput.run(invocation, context) { path, residuals in
            let data = try FitInput.read(path, columns: predictionColumns)
            let log = data[0].indices.map { i in
                DragGestureLogRow(
                    time: data[0][i], location: Point(x: data[1][i], y: data[2][i]),
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
            if invocation.has(apply) {
                guard result.predictionTime >= 0, (0...1).contains(result.previousSampleWeight) else {
                    throw CommandFailure(
                        .dataError,
                        "the fitted model (prediction_time \(formatNumber(result.predictionTime)), "
                            + "previous_sample_weight \(formatNumber(result.previousSampleWeight))) "
                            + "is outside what PopSim's model accepts (T ≥ 0, w in [0, 1]): "
                            + "the log does not follow SwiftUI's three-sample prediction"
                    )
                }
                let words = ParameterWords.encode([
                    Assignment(PopoverParameter.predictionTime, .number(result.predictionTime)),
                    Assignment(PopoverParameter.previousSampleWeight, .number(result.previousSampleWeight)),
                ])
                output = words.joined(separator: " ") + "\n"
            } else {
                output = report
            }
            try FitInput.writeResiduals(
                residuals, report: report, header: "time,observed_x,fitted_x,residual_x,observed_y,fitted_y,residual_y",
                rows: result.rows.count,
                row: { k in
                    let row = result.rows[k]
                    return [
                        log[row.index].time, row.observed.dx, row.fitted.dx, row.observed.dx - row.fitted.dx,
                        row.observed.dy, row.fitted.dy, row.observed.dy - row.fitted.dy,
                    ]
                })
            return output
        }
    }
}
