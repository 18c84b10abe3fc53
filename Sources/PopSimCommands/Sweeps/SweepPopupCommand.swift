import PopSimArgumentParsing
import PopSimSweeps

/// `popsim sweep popup`: `decide popup` over a grid of its numeric flags.
enum SweepPopupCommand: Command {
    static let spec = CommandSpec(
        path: ["sweep", "popup"],
        summary: "the LNPopupController release decision over a grid (any numeric decide flag component as A:B:N)",
        flags: DecidePopupCommand.spec.flags + SweepFlags.flags,
        discussion: SweepFlags.discussion)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        try SweepRunner.run(PopupDecisionProblem.self, modelWord: "popup", arguments, context)
    }
}
