import PopSimArgumentParsing
import PopSimGestures
import PopSimInteractions
import PopSimSweeps
import PopSimTextIO

/// `popsim simulate popup`: a touch stream through the full LNPopupController model on the frame clock.
enum SimulatePopupCommand: Command, SimulatedModel {
    /// decide's flags that describe the popup (translation and velocity come from the stream; --from
    /// has a default here), and the bar style.
    static let modelFlags: [FlagSpec] = DecidePopupCommand.spec.flags.map { flag in
        flag.name == "--from" ? .option("--from", "STATE", "the popup's state when the stream starts: closed (default) or open") : flag
    }.filter { !["--translation", "--velocity"].contains($0.name) } + [
        .option("--bar-style", "NAME", "bar height: " + PopupBarStyle.allCases.map { "\($0.rawValue) (\(helpNumber($0.height)) pt)" }
                .joined(separator: ", ") + "; default floating-compact"),
    ]

    static let spec = CommandSpec(
        path: ["simulate", "popup"],
        summary: "run a touch stream through the LNPopupController model (CSV time,content_y,progress,bar_alpha,state)",
        flags: modelFlags + SimulateFlags.flags,
        positionals: SimulateFlags.positionals,
        discussion: SimulateFlags.discussion + """

        touches that begin on the closed bar (its frame on the dock, \(helpNumber(PopupGeometry.defaultContainerWidth)) pt wide) drive the bar: an
        upward-dominant pan opens (snap: after 0.15 s; drag: following the finger), a tap opens at once.
        While open, a pan on the content closes (snap: once the travel exceeds c·d; drag: by the release
        rule), and the close button (\(helpNumber(PopupConfiguration.closeButtonSide)) × \(helpNumber(PopupConfiguration.closeButtonSide)) pt centred at the top, below a \(helpNumber(DefaultPhoneScreen.topSafeAreaInset)) pt safe area) closes.
        Pans start \(helpNumber(PopupTouchRecognition.default.panHysteresis)) pt from touch-down. The release velocity is measured by --estimator (default ios,
        Flutter's iOS 3-segment tracker, the public proxy for UIPanGestureRecognizer.velocity(in:)).
        Trace columns: content_y (the content's top edge, Y_c closed, 0 open), progress p = 1 − top/Y_c,
        bar_alpha (1 − smoothstep(p)), state (closed, dragging, transitioning, open). --outcome prints
        the settled state, open or closed, as 'decide popup' does.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        try SimulateRunner.run(Self.self, arguments, context)
    }

    static func simulate(_ arguments: ParsedArguments, stream: TouchStream, clock: FrameClock,
                         solver: SpringSolver, estimator: VelocityEstimatorKind?)
        throws -> (trace: Trace<PopupFrame, PopupEvent>, outcome: String) {
        let configuration = try configuration(from: arguments, solver: solver, estimator: estimator)
        let result = try PopupSimulation.run(configuration, stream: stream, clock: clock)
        return (result.trace, result.outcome.rawValue)
    }

    static func configuration(from arguments: ParsedArguments, solver: SpringSolver = .analytic,
                              estimator: VelocityEstimatorKind? = nil) throws -> PopupConfiguration {
        let from = try arguments.choice("--from", default: PopupDecisionProblem.From.closed)
        let barStyle = try arguments.choice("--bar-style", default: PopupBarStyle.floatingCompact)
        let problem = try PopupDecisionProblem(arguments: arguments, from: from)
        return problem.modelConfiguration(solver: solver, estimator: estimator ?? PopupDecisionProblem.modelEstimator, barStyle: barStyle)
    }
}
