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

    /// Runs the samples `nextSample` yields through the model on the clock, handing each drawn frame
    /// to `drawn`; returns the outcome word and the event log. `estimator` is nil when `--estimator`
    /// is not given (the model's documented default applies).
    static func simulate(_ arguments: ParsedArguments, clock: FrameClock, solver: SpringSolver,
                         estimator: VelocityEstimatorKind?, nextSample: () throws -> TouchSample?,
                         drawn: (Double, Frame) throws -> Void) throws -> (outcome: String, events: [TimedEvent<Event>])

    /// A one-line note for stderr about the run (e.g. a drag that could not dismiss), from its events,
    /// or nil.
    static func note(_ arguments: ParsedArguments, events: [TimedEvent<Event>]) throws -> String?
}

extension SimulatedModel {
    static func note(_ arguments: ParsedArguments, events: [TimedEvent<Event>]) throws -> String? { nil }
}

/// The flags every `popsim simulate <model>` shares.
enum SimulateFlags {
    static let flags: [FlagSpec] = [
        .option("--rate", "60|120|promotion", .numberOrWord(ValueRanges.rate, words: ["promotion"]),
                "display frame rate (default 120, or the --device's display); promotion draws at 120 Hz while touching or animating and 10 Hz when idle"),
        .number("--seconds", "T", ValueRanges.duration, "trace exactly T seconds (default: until everything has settled)"),
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

/// Runs `popsim simulate <model>`: the stream is read (or synthesised) one sample at a time and each
/// trace row written as its frame is drawn, so memory stays bounded however long the run.
enum SimulateRunner {
    static func run<Model: SimulatedModel>(_ model: Model.Type, _ arguments: ParsedArguments, _ context: CommandContext) throws {
        let device = try DeviceFlags.device(arguments)
        let rate: FrameRate
        if let rateText = arguments.string("--rate") {
            guard let parsed = FrameRate(parsing: rateText) else {
                throw UsageError("invalid value '\(DiagnosticText.excerpt(rateText))' for --rate: expected 60, 120, another positive rate in Hz, or promotion")
            }
            rate = parsed
        } else {
            rate = device.map(FrameRate.init(device:)) ?? .oneTwenty
        }
        let duration = try arguments.double("--seconds")
        let estimator = try arguments.choice("--estimator", as: VelocityEstimatorKind.self)
        let solverText = arguments.string("--solver", default: "analytic")
        guard let solver = SpringSolver(parsing: solverText) else {
            let names = (["analytic"] + ODEStepper.allCases.map(\.rawValue)).joined(separator: ", ")
            throw UsageError("invalid value '\(DiagnosticText.excerpt(solverText))' for --solver: expected one of \(names)")
        }
        if arguments.isSet("--outcome") && arguments.isSet("--events") {
            throw UsageError("--outcome prints only the outcome line; it cannot be combined with --events")
        }
        let clock = FrameClock(rate: rate, duration: duration)
        let nextSample = try sampleSource(arguments, clock: clock, synthRate: arguments.has("--rate") || device == nil ? rate : nil,
                                          device: device)
        let traced = !arguments.isSet("--outcome")
        try context.withOutput(path: arguments.string("--output")) { out in
            // The header goes out with the first frame, so a model that cannot be built prints nothing.
            var headerWritten = false
            let outcome: String, events: [TimedEvent<Model.Event>]
            do {
                (outcome, events) = try Model.simulate(arguments, clock: clock, solver: solver, estimator: estimator,
                                                       nextSample: nextSample) { time, frame in
                    guard traced else { return }
                    if !headerWritten {
                        try out.write(Trace<Model.Frame, Model.Event>.header + "\n")
                        headerWritten = true
                    }
                    try out.write(Trace<Model.Frame, Model.Event>.line(time: time, frame: frame) + "\n")
                }
            } catch InteractionError.solver(.solver(let error)) {
                // simulate has no tolerance flags: the remedy is another solver.
                throw CommandFailure(.solverFailure, "\(error.summary): the \(solverText) spring integrator failed; use --solver analytic (exact) or another stepper")
            }
            if !traced {
                try out.write(outcome + "\n")
            } else if arguments.isSet("--events") {
                try out.write("\n")
                try Trace<Model.Frame, Model.Event>.writeEvents(events, to: out)
            }
            if let note = try Model.note(arguments, events: events) { try context.standardError.write(note + "\n") }
        }
    }

    /// The stream from `--synth`, a file, or standard input, one sample at a time. A file or standard
    /// input is checked completely first (the CSV, and the clock's time order and frame limit), in
    /// constant memory (standard input through an anonymous spool file), so malformed data is refused
    /// before a single row is written; a synthesised stream is valid by construction.
    static func sampleSource(_ arguments: ParsedArguments, clock: FrameClock, synthRate: FrameRate? = nil,
                             device: DevicePreset? = nil) throws -> () throws -> TouchSample? {
        if let synth = arguments.string("--synth") {
            guard arguments.positionals.isEmpty else {
                throw UsageError("give either --synth or a STREAM file, not both")
            }
            var samples = try synthesise(synth, rate: synthRate, device: device)
            return { samples.next() }
        }
        let path = arguments.positionals.first ?? "-"
        let first = try TouchStreamReader(path: path)
        let spool = path == "-" ? try SpoolFile() : nil
        try spool?.write(TouchStreamCSV.header + "\n")
        var check = clock.sampleCheck
        while let sample = try first.next() {
            try check.admit(sample)
            try spool?.write(TouchStreamCSV.line(for: sample) + "\n")
        }
        let reader: TouchStreamReader
        if let spool {
            reader = TouchStreamReader(lines: try spool.reader(name: first.source))
        } else {
            reader = try TouchStreamReader(path: path)
        }
        return { try reader.next() }
    }

    /// `--synth 'KIND FLAGS'`: the flags of `popsim synth KIND`, read by that command and digitised as
    /// the simulation pulls them (never written: `--output` in any spelling is refused). Unless the synth
    /// flags give `--rate` or `--device`, the digitiser is the simulation's `--device`'s, and scans at
    /// `rate` (the simulation's, 120 Hz for ProMotion) when one is given.
    static func synthesise(_ synth: String, rate: FrameRate?, device: DevicePreset?) throws -> SynthesisedSamples {
        func invalid(_ message: String) -> UsageError { UsageError("--synth '\(DiagnosticText.excerpt(synth))': \(message)") }
        let words: [String]
        do { words = try ShellWords.split(synth) } catch { throw invalid(error.message) }
        let kinds = PopSimTool.commands.compactMap { $0 as? any SynthesisCommand.Type }
        guard let kind = words.first else {
            throw UsageError("--synth needs a gesture, e.g. --synth 'swipe --from 0,0 --to 0,300 --release-velocity 1500'")
        }
        guard let command = kinds.first(where: { $0.spec.path == ["synth", kind] }) else {
            throw invalid("unknown gesture '\(DiagnosticText.excerpt(kind))'; expected one of \(kinds.map { $0.spec.path[1] }.joined(separator: ", "))")
        }
        let outcome: ArgumentParser.Outcome
        do { outcome = try ArgumentParser.parse(Array(words.dropFirst()), for: command.spec) } catch { throw invalid(error.message) }
        guard case var .arguments(parsed) = outcome else { throw invalid("--help is not allowed inside --synth; see 'popsim synth \(kind) --help'") }
        if parsed.has("--output") { throw invalid("--output is not allowed inside --synth: the samples go to the model; give simulate's own --output for the trace") }
        if !parsed.has("--rate") && !parsed.has("--device") {
            var values = parsed.values
            if let device { values["--device"] = device.name }
            if let rate { values["--rate"] = formatNumber(rate.vsyncRate) }
            parsed = ParsedArguments(values: values, switches: parsed.switches, positionals: parsed.positionals)
        }
        do { return try command.samples(parsed) } catch let error as UsageError { throw invalid(error.message) }
    }
}
