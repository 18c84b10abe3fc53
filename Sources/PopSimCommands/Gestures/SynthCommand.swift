import PopSimGestures
import PopSimParameters
import PopSimTextIO

/// `popsim synth <kind>`: a gesture's samples as touch-stream CSV, written as they are digitised.
enum SynthCommand {
    static func command(_ kind: GestureRequest.Kind) -> Command {
        let parameters = GestureRequest.parameters(for: kind)
        return Command(
            ["synth", kind.rawValue], summary: kind.summary,
            parameters: parameters.descriptions + [CommandLineParameters.output],
            discussion: kind.discussion
        ) { invocation, context in
            var samples = try GestureRequest.make(kind, invocation.assignments(for: parameters)).samples()
            try context.produce(output: invocation.text(CommandLineParameters.output)) { out, _ in
                let writer = try TouchStreamWriter(sink: out)
                while let sample = samples.next() { try writer.write(sample) }
                return []
            }
        }
    }
}
