import PopSimGestures
import PopSimInteractions
import PopSimParameters
import PopSimPlatform
import PopSimSweeps
import PopSimTextIO

/// The `popsim` entry point: picks the subcommand by its words, decodes its flags against the
/// parameters it lists, runs it and maps errors to `error: …` lines and exit statuses.
public enum PopSimTool {
    public static let name = "popsim"
    public static var version: String { PopSimVersion.current }

    /// Every subcommand, in the order `popsim --help` lists them: each model family's verbs come from
    /// the registry of families, each gesture's from the gesture kinds.
    public static let commands: [Command] =
        [SpringCommands.spring, SpringCommands.springInfo]
        + GestureRequest.Kind.allCases.map(SynthCommand.command)
        + [VelocityCommands.velocity, VelocityCommands.roundTrip]
        + ModelFamilies.all.map { DecideCommand.command($0) }
        + ModelFamilies.all.map { SimulateCommand.command($0) }
        + ModelFamilies.all.map { SweepCommand.command($0, .sweep) }
        + ModelFamilies.all.map { SweepCommand.command($0, .threshold) }
        + [
            CheckCommand.command, FitCommands.spring, FitCommands.rubberBand, FitCommands.prediction,
            DevicesCommand.command,
        ]

    public static func main(_ arguments: [String]) -> Int32 {
        let stdout = StandardOutputSink()
        let stderr = StandardErrorSink()
        let context = CommandContext(
            standardOutput: stdout, standardError: stderr, notes: NoteWriter(),
            standardErrorIsTerminal: Platform.isTerminal(Platform.standardError))
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

    private static func dispatch(_ given: [String], _ context: CommandContext) throws -> ExitStatus {
        let arguments = try ResponseFiles.expand(given)
        if arguments.isEmpty || arguments == [ParameterWords.helpFlag] || arguments == ["-h"] || arguments == ["help"] {
            try context.standardOutput.write(overview())
            return arguments.isEmpty ? .usage : .success
        }
        if arguments == ["--version"] {
            try context.standardOutput.write("\(name) \(version)\n")
            return .success
        }
        if arguments.count == 2, [ParameterWords.helpFlag, "-h"].contains(arguments[1]),
            let help = groupHelp(arguments[0])
        {
            try context.standardOutput.write(help)
            return .success
        }
        guard let (command, rest) = resolve(arguments) else { throw unknownCommand(arguments) }
        let decoded = try ParameterWords.decode(
            rest, parameters: command.parameters, positionals: command.positionals,
            forms: command.forms, command: "\(name) \(command.name)")
        if decoded.helpRequested {
            try context.standardOutput.write(command.helpText(toolName: name))
        } else {
            try command.run(Invocation(assignments: decoded.assignments, positionals: decoded.positionals), context)
        }
        return .success
    }

    /// The command whose path is the longest prefix of the arguments.
    static func resolve(_ arguments: [String]) -> (Command, [String])? {
        let matches = commands.filter { Array(arguments.prefix($0.path.count)) == $0.path }
        guard let best = matches.max(by: { $0.path.count < $1.path.count }) else { return nil }
        return (best, Array(arguments.dropFirst(best.path.count)))
    }

    /// The subcommands of a group word (`synth`, `decide`, `simulate`, `sweep`), for `popsim WORD --help`;
    /// nil when the word is not a group.
    static func groupHelp(_ word: String) -> String? {
        let members = commands.filter { $0.path.count > 1 && $0.path.first == word }
        guard !members.isEmpty else { return nil }
        let labels = members.map { $0.path.dropFirst().joined(separator: " ") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        var lines = [
            "usage: \(name) \(word) <subcommand> [flags]      \(name) \(word) <subcommand> \(ParameterWords.helpFlag)",
            "", "subcommands:",
        ]
        for (label, command) in zip(labels, members) {
            lines.append("  " + label.padded(to: width) + command.summary)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func unknownCommand(_ arguments: [String]) -> ParameterError {
        let word = arguments[0]
        let groups = commands.filter { $0.path.first == word }
        if !groups.isEmpty {
            let choices = groups.map { $0.path.dropFirst().joined(separator: " ") }.joined(separator: ", ")
            let given =
                arguments.count > 1
                ? "unknown '\(word) \(DiagnosticText.excerpt(arguments[1]))'" : "'\(word)' needs a subcommand"
            return ParameterError(
                "\(given): expected one of \(choices); see '\(name) \(DiagnosticText.excerpt(word)) \(ParameterWords.helpFlag)'"
            )
        }
        return ParameterError(
            "unknown command '\(DiagnosticText.excerpt(word))'; see '\(name) \(ParameterWords.helpFlag)'")
    }

    /// One `error:` line on standard error (control characters in it escaped, so input quoted in a
    /// message cannot start a line of its own) and the error's status. A write to a reader that went
    /// away prints nothing: ``main(_:)`` ends by SIGPIPE.
    static func report(_ error: Error, _ context: CommandContext) -> ExitStatus {
        let status = (error as? ExitStatusProviding)?.exitStatus ?? .solverFailure
        // A reader that left standard output ends the run quietly (main exits as SIGPIPE would); a
        // broken pipe on any other output (an --output FIFO) is an error like any other.
        if let output = error as? OutputError, output.isBrokenPipe,
            (context.standardOutput as? StandardOutputSink)?.readerWentAway == true
        {
            return status
        }
        let prefix = "error: "
        let message = DiagnosticText.escapingControlCharacters(
            String(describing: error), limit: DiagnosticText.lineLimit - prefix.utf8.count)
        try? context.standardError.write(prefix + message + "\n")
        return status
    }

    /// The overview's opening: what popsim is, with every model family from ``ModelFamilies/all`` (its
    /// library and the word that names it), wrapped at ``overviewWidth`` columns.
    static func opening() -> [String] {
        let families = ModelFamilies.all.map { "\($0.library) (\($0.name))" }
        let listed =
            families.count > 1
            ? families.dropLast().joined(separator: ", ") + " and " + families[families.count - 1]
            : families.joined()
        let text =
            "popsim: headless physics of gesture-driven iOS UI as CSV traces: springs, touch streams and "
            + "release-velocity estimators, and the interaction models of \(listed)."
        var lines: [String] = []
        for word in text.split(separator: " ") {
            if let last = lines.last, last.count + 1 + word.count <= overviewWidth {
                lines[lines.count - 1] += " " + word
            } else {
                lines.append(String(word))
            }
        }
        return lines
    }

    /// The column the overview's prose wraps at.
    static let overviewWidth = 100

    static func overview() -> String {
        var lines =
            opening() + [
                "",
                "usage: popsim <command> [flags]      popsim <command> \(ParameterWords.helpFlag)",
                "",
                "commands:",
            ]
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for command in commands {
            lines.append("  " + command.name.padded(to: width) + command.summary)
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
