import PopSimArgumentParsing
import PopSimSweeps
import PopSimTextIO

/// Reruns the sweep a golden decision table records, in this process: what `popsim check` and
/// PopSimTesting do. The recorded command is parsed against the sweep's own flags and may only
/// describe a sweep: a command that names an output, a shard, a job count or anything but `popsim
/// sweep popover|popup` is not a golden table (a golden from someone else must not write files or run
/// anything else on the reader's machine).
public enum GoldenRerun {
    /// What a rerun produced: the table and its exact text.
    public struct Result: Sendable {
        public let table: GoldenDecisionTable
        public let text: String
    }

    /// The sweep commands a golden may record, by model word.
    static var sweeps: [String: any Command.Type] { ["popover": SweepPopoverCommand.self, "popup": SweepPopupCommand.self] }

    /// Reruns `golden`'s command on `jobs` threads (default: all cores; the result does not depend on it).
    public static func run(_ golden: GoldenDecisionTable, jobs: Int? = nil) throws -> Result {
        let (command, arguments) = try parse(golden)
        var values = arguments.values
        if let jobs { values["--jobs"] = String(jobs) }
        let rerunArguments = ParsedArguments(values: values, switches: arguments.switches.union(["--golden"]),
                                             positionals: arguments.positionals)
        let output = StringSink(), diagnostics = StringSink()
        let context = CommandContext(standardOutput: output, standardError: diagnostics, standardErrorIsTerminal: false)
        try command.run(rerunArguments, context)
        let table = try GoldenDecisionTable(text: output.text, source: "rerun of \(golden.source)")
        return Result(table: table, text: output.text)
    }

    /// The recorded command as the sweep command and its parsed flags; a malformed golden otherwise.
    static func parse(_ golden: GoldenDecisionTable) throws(GoldenTableError) -> (any Command.Type, ParsedArguments) {
        func notGolden(_ reason: String) -> GoldenTableError {
            GoldenTableError(source: golden.source, line: 1, message: "not a golden table: \(reason)")
        }
        let words: [String]
        do { words = try ShellWords.split(golden.recordedCommand) } catch { throw notGolden("the recorded command cannot be split into words: \(error)") }
        guard words.count >= 3, words[0] == "popsim", words[1] == "sweep", let command = sweeps[words[2]] else {
            throw notGolden("the recorded command must be 'popsim sweep popover …' or 'popsim sweep popup …'")
        }
        let parsed: ArgumentParser.Outcome
        do { parsed = try ArgumentParser.parse(Array(words.dropFirst(3)), for: command.spec) } catch {
            throw notGolden("the recorded command is not a valid sweep: \(error)")
        }
        guard case let .arguments(arguments) = parsed else { throw notGolden("the recorded command asks for help") }
        if let flag = SweepFlags.executionFlags.sorted().first(where: arguments.has) {
            throw notGolden("the recorded command sets \(flag); a golden records only the flags that decide (write one with 'popsim sweep … --golden')")
        }
        guard arguments.positionals.isEmpty else { throw notGolden("the recorded command has extra words: \(arguments.positionals.joined(separator: " "))") }
        return (command, arguments)
    }
}
