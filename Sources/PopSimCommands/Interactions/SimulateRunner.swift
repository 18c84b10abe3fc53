import PopSimArgumentParsing
import PopSimDynamics
import PopSimGestures
import PopSimInteractions
import PopSimTextIO

/// A model that `popsim simulate <model>` can run: its own flags, and how to build and run it.
protocol SimulatedModel {
    associatedtype Frame: TraceRow
    associatedtype Event: Sendable & CustomStringConvertible

    /// The model's flags (the rest come from ``SimulateFlags``).
    static var modelFlags: [FlagSpec] { get }

    /// Runs the stream through the model on the clock. `estimator` is nil when `--estimator` is not
    /// given (the model's documented default applies).
    static func simulate(_ arguments: ParsedArguments, stream: TouchStream, clock: FrameClock,
                         solver: SpringSolver, estimator: VelocityEstimatorKind?) throws
        -> (trace: Trace<Frame, Event>, outcome: String)
}

/// The flags every `popsim simulate <model>` shares.
enum SimulateFlags {
    static let flags: [FlagSpec] = [
        .option("--rate", "60|120|promotion", "display frame rate (default 120, or the --device's display); promotion draws at 120 Hz while touching or animating and 10 Hz when idle"),
        .option("--seconds", "T", "trace exactly T seconds (default: until everything has settled)"),
        .option("--estimator", "NAME", "release-velocity estimator: " + VelocityEstimatorKind.allCases.map(\.rawValue).joined(separator: ", ")),
        .option("--solver", "NAME", "springs: analytic (default: closed form + exact propagator) or a GSL stepper (" +
                ODEStepper.allCases.map(\.rawValue).joined(separator: ", ") + ")"),
        .option("--synth", "'KIND FLAGS'", "synthesise the stream instead of reading one, e.g. --synth 'swipe --from 200,300 --to 200,800 --release-velocity 1500' (with the --device's digitiser unless it names its own)"),
        .option("--output", "FILE", "write the trace to FILE atomically (default: standard output)"),
        .switch("--events", "append the event log (a blank line, then time,event rows) after the trace"),
        .switch("--outcome", "print only the final outcome line"),
    ]

    static let positionals = [PositionalSpec("STREAM", "touch-stream CSV (time,phase,x,y[,touch]); '-' or nothing reads standard input")]

    static let discussion = """
    the stream comes from STREAM, standard input, or --synth (the flags of 'popsim synth KIND').
    Frames lie on the vsync grid (frame k at k/rate); touch samples are delivered in time order before
    the frame at the same instant; one row per drawn frame until everything has settled.
    """
}

/// Runs `popsim simulate <model>`.
enum SimulateRunner {
    static func run<Model: SimulatedModel>(_ model: Model.Type, _ arguments: ParsedArguments, _ context: CommandContext) throws {
        let device = try DeviceFlags.device(arguments)
        let rate: FrameRate
        if let rateText = arguments.string("--rate") {
            guard let parsed = FrameRate(parsing: rateText) else {
                throw UsageError("invalid value '\(rateText)' for --rate: expected 60, 120, another positive rate in Hz, or promotion")
            }
            rate = parsed
        } else {
            rate = device.map(FrameRate.init(device:)) ?? .oneTwenty
        }
        let duration = try arguments.positiveDouble("--seconds")
        let estimator = try arguments.choice("--estimator", as: VelocityEstimatorKind.self)
        let solverText = arguments.string("--solver", default: "analytic")
        guard let solver = SpringSolver(parsing: solverText) else {
            let names = (["analytic"] + ODEStepper.allCases.map(\.rawValue)).joined(separator: ", ")
            throw UsageError("invalid value '\(solverText)' for --solver: expected one of \(names)")
        }
        if arguments.isSet("--outcome") && arguments.isSet("--events") {
            throw UsageError("--outcome prints only the outcome line; it cannot be combined with --events")
        }
        let stream = try loadStream(arguments, device: device)
        let clock = FrameClock(rate: rate, duration: duration)
        let (trace, outcome) = try Model.simulate(arguments, stream: stream, clock: clock, solver: solver, estimator: estimator)
        try context.withOutput(path: arguments.string("--output")) { out in
            if arguments.isSet("--outcome") {
                try out.write(outcome + "\n")
                return
            }
            try trace.write(to: out)
            if arguments.isSet("--events") {
                try out.write("\n")
                try trace.writeEvents(to: out)
            }
        }
    }

    /// The stream from `--synth`, a file, or standard input.
    static func loadStream(_ arguments: ParsedArguments, device: DevicePreset? = nil) throws -> TouchStream {
        if let synth = arguments.string("--synth") {
            guard arguments.positionals.isEmpty else {
                throw UsageError("give either --synth or a STREAM file, not both")
            }
            var words = try ShellWords.split(synth)
            if let device, !words.contains("--device"), !words.isEmpty { words += ["--device", device.name] }
            guard !words.isEmpty else { throw UsageError("--synth needs a gesture, e.g. --synth 'swipe --from 0,0 --to 0,300'") }
            if words.contains("--output") { throw UsageError("--synth '\(synth)': --output is not allowed inside --synth") }
            let output = StringSink(), errors = StringSink()
            let status = PopSimTool.run(["synth"] + words, CommandContext(standardOutput: output, standardError: errors,
                                                                             standardErrorIsTerminal: false))
            guard status == .success else {
                let message = errors.text.split(separator: "\n").first.map { String($0.dropFirst("error: ".count)) } ?? "failed"
                throw CommandFailure(status, "--synth '\(synth)': \(message)")
            }
            return try TouchStream(csv: output.text, source: "--synth")
        }
        let path = arguments.positionals.first ?? "-"
        return try TouchStreamReader.read(path: path)
    }
}
