import PopSimGestures
import PopSimParameters
import PopSimTextIO

/// `popsim velocity` and `popsim velocity-roundtrip`: what the release-velocity estimators measure.
enum VelocityCommands {
    static let estimator = ParameterDescription(
        name: "estimator", syntax: .choice(VelocityEstimatorKind.allCases.map(\.rawValue)),
        summary: "release-velocity estimator", defaultText: VelocityEstimatorKind.lsq2.rawValue)

    static let velocity = Command(
        ["velocity"], summary: "estimate the release velocity of every ended touch in a touch-stream CSV (lines vx,vy)",
        parameters: [estimator, CommandLineParameters.output],
        positionals: [
            PositionalDescription("FILE", "touch-stream CSV (time,phase,x,y[,touch]); '-' or none reads standard input")
        ],
        discussion: """
            output: one line vx,vy (pt/s, shortest round-trip form) per 'ended' sample, in file order, estimated from
            the samples of that touch before it (began, moved, stationary), asked at the ended sample's time so the
            40 ms stop rules apply. 'cancelled' touches print nothing. No header.
            estimators:
            """ + VelocityEstimatorKind.allCases.map { "\n  \($0.rawValue)  \($0.summary)" }.joined() + """

                exit status: 65 when the CSV is malformed (the message names the line and column), \
                74 when it cannot be read.
                """
    ) { invocation, context in
        let kind = invocation.text(estimator).flatMap(VelocityEstimatorKind.init(rawValue:)) ?? .lsq2
        let path = invocation.positionals.first ?? "-"
        var meter = ReleaseVelocityMeter(kind: kind)
        try context.produce(reading: [path], output: invocation.text(CommandLineParameters.output)) { out, _ in
            let reader = try TouchStreamReader(path: path)
            while let sample = try reader.next() {
                if let release = meter.consume(sample) {
                    try out.write("\(formatNumber(release.velocity.dx)),\(formatNumber(release.velocity.dy))\n")
                }
            }
            return []
        }
    }

    static let format = ParameterDescription(
        name: "format", syntax: .choice(["csv", "markdown"]), summary: "csv or markdown",
        defaultText: "csv")

    static let roundTrip = Command(
        ["velocity-roundtrip"],
        summary: "synthesise swipes and report what each estimator measures ÷ the requested release velocity",
        parameters: ReleaseVelocityRoundTripRequest.parameters.descriptions + [format, CommandLineParameters.output],
        discussion: """
            csv columns: estimator,rate,noise,trials,mean_ratio,sd_ratio,min_ratio,max_ratio, where ratio = measured
            velocity along the swipe ÷ requested. markdown: one row per rate and noise, 'mean ± sd' per estimator.
            """
    ) { invocation, context in
        let request = try ReleaseVelocityRoundTripRequest.parameters.applying(
            invocation.assignments(for: ReleaseVelocityRoundTripRequest.parameters),
            to: ReleaseVelocityRoundTripRequest())
        try context.produce(output: invocation.text(CommandLineParameters.output)) { out, _ in
            let results = try request.run()
            if invocation.text(format) == "markdown" {
                try out.write(ReleaseVelocityRoundTrip.markdownTable(results))
                return []
            }
            try out.write("estimator,rate,noise,trials,mean_ratio,sd_ratio,min_ratio,max_ratio\n")
            for r in results {
                try out.write(
                    [
                        r.kind.rawValue, formatNumber(r.sampleRate), formatNumber(r.positionNoise), String(r.trials),
                        formatNumber(r.meanRatio), formatNumber(r.standardDeviation),
                        formatNumber(r.minimumRatio), formatNumber(r.maximumRatio),
                    ].joined(separator: ",") + "\n")
            }
            return []
        }
    }
}
