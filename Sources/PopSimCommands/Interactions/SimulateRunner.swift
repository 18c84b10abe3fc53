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

    /// A one-line note for stderr about the run (e.g. a drag that could not dismiss), or nil.
    static func note(_ arguments: ParsedArguments, trace: Trace<Frame, Event>) throws -> String?
}

extension SimulatedModel {
    static func note(_ arguments: ParsedArguments, trace: Trace<Frame, Event>) throws -> String? { nil }
}

/// The flags every `popsim simulate <model>` shares.
enum SimulateFlags {
    static let flags: [FlagSpec] = [
        .option("--rate", "60|120|promotion", "display frame rate (default 120, or the --device's display); promotion draws at 120 Hz while touching or animating and 10 Hz when idle"),
        .option("--seconds", "T", "trace exactly T seconds (default: until everything has settled)"),
        .option("--estimator", "NAME", "release-velocity estimator: " + VelocityEstimatorKind.allCases.map(\.rawValue).joined(separator: ", ")),
        .option("--solver", "NAME", "springs: analytic (default: closed form + exact propagator) or a GSL stepper (" +
                ODEStepper.allCases.map(\.rawValue).joined(separator: ", ") + ")"),
        .option("--synth", "'KIND FLAGS'", "synthesise the stream (the flags of popsim synth KIND), scanned at --rate, or with the --device's digitiser, unless they give --rate or --device; e.g. --synth 'swipe --from 200,300 --to 200,800 --release-velocity 1500'"),
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
        let stream = try loadStream(arguments, rate: arguments.has("--rate") || device == nil ? rate : nil, device: device)
        let clock = FrameClock(rate: rate, duration: duration)
        let trace: Trace<Model.Frame, Model.Event>, outcome: String
        do {
            (trace, outcome) = try Model.simulate(arguments, stream: stream, clock: clock, solver: solver, estimator: estimator)
        } catch InteractionError.solver(.solver(let error)) {
            // simulate has no tolerance flags: the remedy is another solver.
            throw CommandFailure(.solverFailure, "\(error.summary): the \(solverText) spring integrator failed; use --solver analytic (exact) or another stepper")
        }
        if let note = try Model.note(arguments, trace: trace) { try context.standardError.write(note + "\n") }
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
    static func loadStream(_ arguments: ParsedArguments, rate: FrameRate? = nil, device: DevicePreset? = nil) throws -> TouchStream {
        if let synth = arguments.string("--synth") {
            guard arguments.positionals.isEmpty else {
                throw UsageError("give either --synth or a STREAM file, not both")
            }
            return try synthesise(synth, rate: rate, device: device)
        }
        let path = arguments.positionals.first ?? "-"
        return try TouchStreamReader.read(path: path)
    }

    /// `--synth 'KIND FLAGS'`: the flags of `popsim synth KIND`, read by that command and built through
    /// the gesture library. Unless the synth flags give `--rate` or `--device`, the digitiser is the
    /// simulation's `--device`'s, and scans at `rate` (the simulation's, 120 Hz for ProMotion) when one
    /// is given.
    static func synthesise(_ synth: String, rate: FrameRate?, device: DevicePreset?) throws -> TouchStream {
        func invalid(_ message: String) -> UsageError { UsageError("--synth '\(synth)': \(message)") }
        let words: [String]
        do { words = try ShellWords.split(synth) } catch { throw invalid("\(error)") }
        let kinds = PopSimTool.commands.compactMap { $0 as? any SynthesisCommand.Type }
        guard let kind = words.first else {
            throw UsageError("--synth needs a gesture, e.g. --synth 'swipe --from 0,0 --to 0,300 --release-velocity 1500'")
        }
        guard let command = kinds.first(where: { $0.spec.path == ["synth", kind] }) else {
            throw invalid("unknown gesture '\(kind)'; expected one of \(kinds.map { $0.spec.path[1] }.joined(separator: ", "))")
        }
        let outcome: ArgumentParser.Outcome
        do { outcome = try ArgumentParser.parse(Array(words.dropFirst()), for: command.spec) } catch { throw invalid(error.message) }
        guard case var .arguments(parsed) = outcome else { throw invalid("--help is not allowed inside --synth; see 'popsim synth \(kind) --help'") }
        if parsed.has("--output") { throw invalid("--output is not allowed inside --synth") }
        if !parsed.has("--rate") && !parsed.has("--device") {
            var values = parsed.values
            if let device { values["--device"] = device.name }
            if let rate { values["--rate"] = formatNumber(rate.vsyncRate) }
            parsed = ParsedArguments(values: values, switches: parsed.switches, positionals: parsed.positionals)
        }
        do { return try command.stream(parsed) } catch let error as UsageError { throw invalid(error.message) }
    }
}
