import PopSimArgumentParsing
import PopSimSweeps

/// `popsim threshold popover`: where the Popovers release decision changes along one decide flag
/// component, for every point of a grid of the others.
enum ThresholdPopoverCommand: Command {
    static let spec = CommandSpec(
        path: ["threshold", "popover"],
        summary: "where the Popovers release decision changes along one decide flag component (A:B), per grid point",
        flags: SweepFlags.sweepable(DecidePopoverCommand.spec.flags, intervals: true) + ThresholdFlags.flags,
        discussion: ThresholdFlags.discussion + """

        example: how fast must a 120 pt drag down be to dismiss, at 60 and at 120 Hz?
          popsim threshold popover --mode drag-down --translation 0,120 --velocity 0,0:3000
          popsim threshold popover --mode drag-down --translation 0,120 --velocity 0,0:3000 --pipeline --rate 60 --noise 0.3 --trials 50
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        try ThresholdRunner.run(PopoverDecisionProblem.self, arguments, context)
    }
}
