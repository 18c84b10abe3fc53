import PopSimArgumentParsing
import PopSimSweeps

/// `popsim sweep popover`: `decide popover` over a grid of its numeric flags.
enum SweepPopoverCommand: Command {
    static let spec = CommandSpec(
        path: ["sweep", "popover"],
        summary: "the Popovers release decision over a grid (any numeric decide flag component as A:B:N)",
        flags: DecidePopoverCommand.spec.flags + SweepFlags.flags,
        discussion: SweepFlags.discussion)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        try SweepRunner.run(PopoverDecisionProblem.self, modelWord: "popover", arguments, context)
    }
}
