import PopSimInteractions
import PopSimParameters
import PopSimTextIO

/// `popsim simulate <family>`: a touch stream through the family's full model on the frame clock, one
/// trace row written as each frame is drawn, so memory stays bounded however long the run.
enum SimulateCommand {
    static func command(_ family: any ModelFamily.Type) -> Command { command(for: family) }

    static let discussion = """
        the stream comes from STREAM, standard input, or --synth (the flags of 'popsim synth KIND').
        Frames lie on the vsync grid (frame k at k/rate); touch samples are delivered in time order before
        the frame at the same instant; one row per drawn frame until everything has settled.
        """

    private static func command<Family: ModelFamily>(for family: Family.Type) -> Command {
        typealias Scene = Family.Scene
        let options = [
            CommandLineParameters.synth, CommandLineParameters.output, CommandLineParameters.events,
            CommandLineParameters.outcome,
        ]
        return Command(
            ["simulate", Family.name], summary: Family.simulateSummary,
            parameters: Scene.parameters.descriptions + SimulationSettings.parameters.descriptions + options,
            positionals: [CommandLineParameters.stream],
            discussion: discussion + "\n" + Family.simulateDiscussion
        ) { invocation, context in
            let settings = try SimulationSettings.parameters.applying(
                invocation.assignments(for: SimulationSettings.parameters),
                to: SimulationSettings())
            let scene = try Scene.make(invocation.assignments(for: Scene.parameters), settings: settings)
            let traced = !invocation.has(CommandLineParameters.outcome)
            if !traced && invocation.has(CommandLineParameters.events) {
                throw ParameterError(
                    "\(CommandLineParameters.outcome.flag) prints only the outcome line; it cannot be combined with "
                        + CommandLineParameters.events.flag)
            }
            if let device = scene.device, let rate = settings.rate, let note = device.note(drawingAt: rate) {
                context.note(note)
            }
            let stream = invocation.has(CommandLineParameters.synth) ? [] : [invocation.positionals.first ?? "-"]
            if settings.timing.frameTimesPath == "-", stream == ["-"] {
                let given = invocation.positionals.isEmpty ? "no \(CommandLineParameters.stream.name) given" : "'-'"
                throw ParameterError(
                    "\(FrameTimingParameter.frameTimes.flag) - and the touch stream "
                        + "(\(CommandLineParameters.stream.name), \(given)) both read standard input: "
                        + "give one of them as a file, or the gesture with \(CommandLineParameters.synth.flag)")
            }
            let clock = try settings.clock(on: scene.device)
            let inputs = stream + (settings.timing.frameTimesPath.map { [$0] } ?? [])
            try context.produce(reading: inputs, output: invocation.text(CommandLineParameters.output)) { out, _ in
                let nextSample = try SampleSource.open(
                    invocation, clock: clock, settings: settings, device: scene.device)
                typealias Rows = Trace<Scene.Frame, Scene.Event>
                // The header goes out with the first frame, so a model that cannot be built prints nothing.
                var headerWritten = false
                let outcome: Scene.Outcome
                let events: [TimedEvent<Scene.Event>]
                do {
                    (outcome, events) = try scene.run(
                        clock: clock, settings: settings, nextSample: nextSample,
                        drawn: { time, frame in
                            guard traced else { return }
                            if !headerWritten {
                                try out.write(Rows.header + "\n")
                                headerWritten = true
                            }
                            try out.write(Rows.line(time: time, frame: frame) + "\n")
                        }, failure: { $0 as any Error })
                } catch InteractionError.solver(.solver(let error)) {
                    // simulate has no tolerance flags: the remedy is another solver.
                    throw CommandFailure(
                        .solverFailure,
                        "\(error.summary): the \(settings.solver.name) spring integrator failed; "
                            + "use \(SimulationParameter.solver.flag) analytic (exact) or another stepper"
                    )
                }
                if !traced {
                    try out.write(outcome.word + "\n")
                } else if invocation.has(CommandLineParameters.events) {
                    try out.write("\n")
                    try Rows.writeEvents(events, to: out)
                }
                if let note = scene.note(events: events) { context.note(note) }
                return []
            }
        }
    }
}
