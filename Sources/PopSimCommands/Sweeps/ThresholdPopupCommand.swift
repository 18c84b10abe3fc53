import PopSimArgumentParsing
import PopSimSweeps

/// `popsim threshold popup`: where the LNPopupController release decision changes along one decide
/// flag component, for every point of a grid of the others.
enum ThresholdPopupCommand: Command {
    static let spec = CommandSpec(
        path: ["threshold", "popup"],
        summary: "where the LNPopupController release decision changes along one decide flag component (A:B), per grid point",
        flags: SweepFlags.sweepable(DecidePopupCommand.spec.flags, intervals: true) + ThresholdFlags.flags,
        discussion: ThresholdFlags.discussion + """

        example: the snap-close travel for every popupSnapPercent (the boundary is c·d):
          popsim threshold popup --style snap --from open --snap-percent 0.1:0.9:9 --translation 0,0:852
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        try ThresholdRunner.run(PopupDecisionProblem.self, arguments, context)
    }
}
