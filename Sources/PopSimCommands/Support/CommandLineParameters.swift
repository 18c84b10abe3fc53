import PopSimGeometry
import PopSimGestures
import PopSimInteractions
import PopSimParameters
import PopSimSweeps

/// The parameters only the command line has: where output goes and how a run is shown, never what it
/// computes. Everything else a command reads is described beside the value it sets.
enum CommandLineParameters {
    static let output = ParameterDescription(
        name: "output", syntax: .text, placeholder: "FILE",
        summary: "write to FILE atomically (a device or pipe is written directly)", defaultText: "standard output",
        textValues: "a file path (a device or pipe is written directly), or - for standard output")
    static let events = ParameterDescription(
        name: "events", syntax: .toggle,
        summary: "append the event log (a blank line, then time,event rows) after the trace")
    static let outcome = ParameterDescription(
        name: "outcome", syntax: .toggle, summary: "print only the final outcome line")
    static let synth = ParameterDescription(
        name: "synth", syntax: .text, placeholder: "'KIND FLAGS'",
        summary:
            "synthesise the stream (the flags of popsim synth KIND), scanned at \(SimulationParameter.rate.flag), "
            + "or with the \(ScreenParameter.device.flag)'s digitiser, unless they give "
            + "\(SimulationParameter.rate.flag) or \(ScreenParameter.device.flag); "
            + "e.g. \(ParameterDescription.flag(for: "synth")) '\(synthExample(from: 200, 300, to: 800))'",
        textValues:
            "one of \(GestureRequest.Kind.allCases.map(\.rawValue).joined(separator: ", ")) and its flags, "
            + "as 'popsim synth KIND' takes them (not \(output.flag))"
    )

    /// A swipe as `--synth` takes it: straight down from (x, y) to (x, `to`), let go at 1500 pt/s.
    static func synthExample(from x: Double = 0, _ y: Double = 0, to: Double) -> String {
        var swipe = GestureRequest(kind: .swipe)
        swipe.from = Point(x: x, y: y)
        swipe.to = Point(x: x, y: to)
        swipe.releaseVelocity = 1500
        return ([swipe.kind.rawValue] + swipe.words).joined(separator: " ")
    }
    static let jobs = ParameterDescription(
        name: "jobs", syntax: .integer(1...4096), summary: "worker threads; the output is identical for any N",
        defaultText: "all cores")
    static let shard = ParameterDescription(
        name: "shard", syntax: .text, placeholder: "K/N",
        summary: "compute only part K of N (K from 0); the parts' outputs concatenate to the whole",
        textValues: "K/N, whole numbers with 0 ≤ K < N ≤ \(ParameterGrid.maximumPoints)")
    static let golden = ParameterDescription(
        name: "golden", syntax: .toggle,
        summary: "start the output with a '# popsim sweep …' line recording the command, for 'popsim check'")
    static let replay = ParameterDescription(
        name: "replay", syntax: .integer(1...ParameterGrid.maximumPoints), placeholder: "ROW",
        summary:
            "instead of the table, print the commands that replay row ROW (1 = the first row under the header) "
            + "of this pipeline sweep: 'popsim synth release' with the row's seed piped into 'popsim simulate'"
    )
    static let trial = ParameterDescription(
        name: "trial", syntax: .integer(0...(PipelineSettings.maximumTrials - 1)), placeholder: "T",
        summary: "with \(replay.flag), for a sweep of K trials: replay realisation T (0 to K − 1)", defaultText: "0")
    static let update = ParameterDescription(
        name: "update", syntax: .toggle,
        summary: "rewrite the golden file with the current decisions instead of failing")
    static let residuals = ParameterDescription(
        name: "residuals", syntax: .text, placeholder: "FILE",
        summary:
            "also write the data, the fitted values and the residuals as CSV (for Scripts/plot_fit.py), atomically",
        textValues: "a file path (a device or pipe is written directly)"
    )

    /// A touch-stream file, or standard input.
    static let stream = PositionalDescription(
        "STREAM", "touch-stream CSV (time,phase,x,y[,touch]); '-' or nothing reads standard input")
}
