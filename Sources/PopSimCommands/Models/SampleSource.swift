import PopSimGestures
import PopSimInteractions
import PopSimParameters
import PopSimTextIO

/// Where `popsim simulate` gets its touch samples: a file, standard input, or `--synth`, one sample at
/// a time.
enum SampleSource {
    /// A file or standard input is checked completely first (the CSV, and the clock's time order and
    /// frame limit), in constant memory (standard input through an anonymous spool file), so malformed
    /// data is refused before a single row is written; a synthesised stream is valid by construction.
    static func open(
        _ invocation: Invocation, clock: FrameClock, settings: SimulationSettings,
        device: DevicePreset?
    ) throws -> () throws -> TouchSample? {
        if let synth = invocation.text(CommandLineParameters.synth) {
            guard invocation.positionals.isEmpty else {
                throw ParameterError("give either \(CommandLineParameters.synth.flag) or a STREAM file, not both")
            }
            var samples = try synthesise(synth, settings: settings, device: device)
            return { samples.next() }
        }
        let path = invocation.positionals.first ?? "-"
        let first = try TouchStreamReader(path: path)
        let spool = path == "-" ? try SpoolFile() : nil
        try spool?.write(TouchStreamCSV.header + "\n")
        var check = clock.sampleCheck
        while let sample = try first.next() {
            do { try check.admit(sample) } catch {
                throw InputError(source: first.source, line: first.lineNumber, column: nil, message: error.description)
            }
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

    /// `--synth 'KIND FLAGS'`: the flags of `popsim synth KIND`, decoded into a gesture (never written:
    /// `--output` is refused). Unless they give a rate or a device, the digitiser is the simulation's
    /// device's, and scans at the simulation's display rate (120 Hz for ProMotion) when one is given.
    static func synthesise(_ synth: String, settings: SimulationSettings, device: DevicePreset?) throws
        -> SynthesisedSamples
    {
        func invalid(_ message: String) -> ParameterError {
            ParameterError("\(CommandLineParameters.synth.flag) '\(DiagnosticText.excerpt(synth))': \(message)")
        }
        let words: [String]
        do { words = try ShellWords.split(synth) } catch { throw invalid(error.message) }
        guard let word = words.first else {
            let flag = CommandLineParameters.synth.flag
            throw ParameterError(
                "\(flag) needs a gesture, e.g. \(flag) '\(CommandLineParameters.synthExample(to: 300))'")
        }
        guard let kind = GestureRequest.Kind(rawValue: word) else {
            throw invalid(
                "unknown gesture '\(DiagnosticText.excerpt(word))'; "
                    + "expected one of \(GestureRequest.Kind.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let flags = Array(words.dropFirst())
        if flags.contains(where: {
            $0 == CommandLineParameters.output.flag || $0.hasPrefix(CommandLineParameters.output.flag + "=")
        }) {
            let output = CommandLineParameters.output.flag
            throw invalid(
                "\(output) is not allowed inside \(CommandLineParameters.synth.flag): the samples go to the model; "
                    + "give simulate's own \(output) for the trace")
        }
        let parameters = GestureRequest.parameters(for: kind)
        do {
            let decoded = try ParameterWords.decode(
                flags, parameters: parameters.descriptions, command: "popsim synth \(kind.rawValue)")
            if decoded.helpRequested {
                let help = ParameterWords.helpFlag
                throw invalid(
                    "\(help) is not allowed inside \(CommandLineParameters.synth.flag); "
                        + "see 'popsim synth \(kind.rawValue) \(help)'")
            }
            var request = try GestureRequest.make(kind, decoded.assignments)
            if request.rate == nil, request.device == nil {
                request.device = device
                if settings.rate != nil || device == nil { request.rate = settings.frameRate(on: device).vsyncRate }
            }
            return try request.samples()
        } catch let error as ParameterError where !error.message.hasPrefix(CommandLineParameters.synth.flag) {
            throw invalid(error.message)
        }
    }
}
