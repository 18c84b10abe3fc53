import PopSimArgumentParsing
import PopSimGestures
import PopSimTextIO

/// `popsim velocity`: the release velocity of every touch in a recorded or synthesised stream.
enum VelocityCommand: Command {
    static let spec = CommandSpec(
        path: ["velocity"],
        summary: "estimate the release velocity of every ended touch in a touch-stream CSV (lines vx,vy)",
        flags: [
            .option("--estimator", "NAME", "lsq2 (default), impulse, ios or swiftui"),
            .option("--output", "FILE", "write the lines to FILE atomically (default: standard output)"),
        ],
        positionals: [PositionalSpec("FILE", "touch-stream CSV (time,phase,x,y[,touch]); '-' or none reads standard input")],
        discussion: """
        output: one line vx,vy (pt/s, shortest round-trip form) per 'ended' sample, in file order, estimated from
        the samples of that touch before it (began, moved, stationary), asked at the ended sample's time so the
        40 ms stop rules apply. 'cancelled' touches print nothing. No header.
        estimators:
        """ + VelocityEstimatorKind.allCases.map { "\n  \($0.rawValue)  \($0.summary)" }.joined() + """

        exit status: 65 when the CSV is malformed (the message names the line and column), 74 when it cannot be read.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let kind = try arguments.choice("--estimator", default: VelocityEstimatorKind.lsq2)
        let reader = try TouchStreamReader(path: arguments.positionals.first ?? "-")
        var meter = ReleaseVelocityMeter(kind: kind)
        try context.withOutput(path: arguments.string("--output")) { out in
            while let sample = try reader.next() {
                if let release = meter.consume(sample) {
                    try out.write("\(formatNumber(release.velocity.dx)),\(formatNumber(release.velocity.dy))\n")
                }
            }
        }
    }
}

extension TouchStreamError: ExitStatusProviding {
    /// A file that cannot be read is an I/O error (74); anything wrong inside it is malformed data (65).
    public var exitStatus: ExitStatus {
        if case .unreadable = reason { return .ioError }
        return .dataError
    }
}

extension SynthesisError: ExitStatusProviding {
    /// Synthesis parameters come from flags: a usage error.
    public var exitStatus: ExitStatus { .usage }
}
