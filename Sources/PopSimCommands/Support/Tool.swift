import PopSimArgumentParsing
import PopSimSweeps
import PopSimTextIO

import PopSimPlatform

/// The `popsim` entry point: picks the subcommand by its words, parses its flags, runs it and maps
/// errors to `error: …` lines and exit statuses.
public enum PopSimTool {
    public static let name = "popsim"
    public static var version: String { PopSimVersion.current }

    /// Every subcommand, in the order `popsim --help` lists them.
    public static var commands: [any Command.Type] { [
        SpringCommand.self,
        SpringInfoCommand.self,
        SynthTapCommand.self,
        SynthDoubleTapCommand.self,
        SynthLongPressCommand.self,
        SynthPanCommand.self,
        SynthSwipeCommand.self,
        SynthPinchCommand.self,
        VelocityCommand.self,
        VelocityRoundTripCommand.self,
        DecidePopoverCommand.self,
        DecidePopupCommand.self,
        SimulatePopoverCommand.self,
        SimulatePopupCommand.self,
        SweepPopoverCommand.self,
        SweepPopupCommand.self,
        ThresholdPopoverCommand.self,
        ThresholdPopupCommand.self,
        CheckCommand.self,
        FitSpringCommand.self,
        FitRubberBandCommand.self,
        FitPredictionCommand.self,
        DevicesCommand.self,
    ] }

    public static func main(_ arguments: [String]) -> Int32 {
        let stdout = StandardOutputSink()
        let stderr = StandardErrorSink()
        let context = CommandContext(standardOutput: stdout, standardError: stderr,
                                     standardErrorIsTerminal: Platform.isTerminal(STDERR_FILENO))
        let status = run(arguments, context)
        if stdout.readerWentAway { Platform.terminateByBrokenPipe() }
        return status.rawValue
    }

    /// Runs one command line. Everything written to standard output is flushed and checked before
    /// success is reported: output that could not be written is exit 74, never 0.
    public static func run(_ arguments: [String], _ context: CommandContext) -> ExitStatus {
        do {
            let status = try dispatch(arguments, context)
            try context.standardOutput.finish()
            return status
        } catch {
            return report(error, context)
        }
    }

    private static func dispatch(_ arguments: [String], _ context: CommandContext) throws -> ExitStatus {
        if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            try context.standardOutput.write(overview())
            return arguments.isEmpty ? .usage : .success
        }
        if arguments == ["--version"] {
            try context.standardOutput.write("\(name) \(version)\n")
            return .success
        }
        if arguments.count == 2, ["--help", "-h"].contains(arguments[1]), let help = groupHelp(arguments[0]) {
            try context.standardOutput.write(help)
            return .success
        }
        guard let (command, rest) = resolve(arguments) else { throw unknownCommand(arguments) }
        switch try ArgumentParser.parse(rest, for: command.spec, toolName: name) {
        case .help:
            try context.standardOutput.write(command.spec.helpText(toolName: name))
        case let .arguments(parsed):
            try command.run(parsed, context)
        }
        return .success
    }

    /// The command whose path is the longest prefix of the arguments.
    static func resolve(_ arguments: [String]) -> (any Command.Type, [String])? {
        let matches = commands.filter { Array(arguments.prefix($0.spec.path.count)) == $0.spec.path }
        guard let best = matches.max(by: { $0.spec.path.count < $1.spec.path.count }) else { return nil }
        return (best, Array(arguments.dropFirst(best.spec.path.count)))
    }

    /// The subcommands of a group word (`synth`, `decide`, `simulate`, `sweep`), for `popsim WORD --help`;
    /// nil when the word is not a group.
    static func groupHelp(_ word: String) -> String? {
        let members = commands.filter { $0.spec.path.count > 1 && $0.spec.path.first == word }
        guard !members.isEmpty else { return nil }
        let labels = members.map { $0.spec.path.dropFirst().joined(separator: " ") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        var lines = ["usage: \(name) \(word) <subcommand> [flags]      \(name) \(word) <subcommand> --help", "", "subcommands:"]
        for (label, command) in zip(labels, members) {
            lines.append("  " + label + String(repeating: " ", count: width - label.count) + command.spec.summary)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func unknownCommand(_ arguments: [String]) -> UsageError {
        let word = arguments[0]
        let groups = commands.filter { $0.spec.path.first == word }
        if !groups.isEmpty {
            let choices = groups.map { $0.spec.path.dropFirst().joined(separator: " ") }.joined(separator: ", ")
            let given = arguments.count > 1 ? "unknown '\(word) \(DiagnosticText.excerpt(arguments[1]))'" : "'\(word)' needs a subcommand"
            return UsageError("\(given): expected one of \(choices); see '\(name) \(DiagnosticText.excerpt(word)) --help'")
        }
        return UsageError("unknown command '\(DiagnosticText.excerpt(word))'; see '\(name) --help'")
    }

    /// One `error:` line on standard error (control characters in it escaped, so input quoted in a
    /// message cannot start a line of its own) and the error's status. A write to a reader that went
    /// away prints nothing: ``main(_:)`` ends by SIGPIPE.
    static func report(_ error: Error, _ context: CommandContext) -> ExitStatus {
        let status = (error as? ExitStatusProviding)?.exitStatus ?? .solverFailure
        // A reader that left standard output ends the run quietly (main exits as SIGPIPE would); a
        // broken pipe on any other output (an --output FIFO) is an error like any other.
        if let output = error as? OutputError, output.isBrokenPipe,
           (context.standardOutput as? StandardOutputSink)?.readerWentAway == true {
            return status
        }
        try? context.standardError.write("error: \(DiagnosticText.escapingControlCharacters(String(describing: error)))\n")
        return status
    }

    static func overview() -> String {
        var lines = [
            "popsim: headless physics of gesture-driven iOS UI (springs, touch streams, Popovers and",
            "LNPopupController interaction models) as CSV traces.",
            "",
            "usage: popsim <command> [flags]      popsim <command> --help",
            "",
            "commands:",
        ]
        let labels = commands.map { $0.spec.path.joined(separator: " ") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, command) in zip(labels, commands) {
            lines.append("  " + label + String(repeating: " ", count: width - label.count) + command.spec.summary)
        }
        lines += [
            "",
            "exit status: 0 ok, 1 check found differences, 2 usage or invalid value, 65 malformed input data,",
            "70 solver failure, 74 file could not be read or written. An --output file is replaced atomically",
            "(a device or pipe is written directly). Limits and flag ranges: Documentation/reliability.md.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

