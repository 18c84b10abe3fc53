import PopSimArgumentParsing
import PopSimGeometry
import PopSimGestures
import PopSimInteractions
import PopSimSweeps
import PopSimTextIO

/// `popsim simulate popup`: a touch stream through the full LNPopupController model on the frame clock.
enum SimulatePopupCommand: Command, SimulatedModel {
    static let modelFlags: [FlagSpec] = DecidePopupCommand.spec.flags.filter { ["--library-version", "--device"].contains($0.name) } + [
        .option("--style", "NAME", "interaction style: " + PopupInteractionStyle.allCases.map(\.rawValue).joined(separator: ", ") +
                " (default automatic)"),
        .option("--from", "STATE", "the popup's state when the stream starts: closed (default) or open"),
    ] + DecidePopupCommand.spec.flags.filter { ["--screen-height", "--dock-top", "--snap-percent"].contains($0.name) } + [
        .option("--bar-style", "NAME", "the popup bar's style: " + PopupBarStyle.allCases.map(\.rawValue).joined(separator: ", ") +
                " (default floating, as on iOS 17 and later); its height and touch area follow LNPopupBar.mm"),
        .switch("--glass", "Liquid Glass (iOS 26, glass on): every bar floats, no +6 pt, glass margins"),
        .option("--bar-buttons", "X,Y,W,H[;…]", barButtonFrames,
                "bar button items' frames in bar coordinates: a tap on one never opens the popup"),
    ]

    /// `--bar-buttons`: up to 64 frames `X,Y,W,H` (a bar has a handful of items).
    static let barButtonFrames = FlagValue.list(
        .numbers(separator: ",", ranges: [ValueRanges.coordinate, ValueRanges.coordinate, ValueRanges.nonNegativeLength, ValueRanges.nonNegativeLength],
                 grid: nil, words: []),
        separator: ";", maximumCount: 64)

    static let spec = CommandSpec(
        path: ["simulate", "popup"],
        summary: "run a touch stream through the LNPopupController model (CSV time,content_y,progress,bar_alpha,state)",
        flags: modelFlags + SimulateFlags.flags,
        positionals: SimulateFlags.positionals,
        discussion: SimulateFlags.discussion + """

        touches that begin on the closed bar's content view drive the bar: an upward-dominant pan opens
        (snap: after 0.15 s; drag: following the finger), a tap opens at once (not on a bar button item).
        The default floating bar without glass is 64 pt tall and its content view is inset 12 pt from the
        sides and 4 pt from top and bottom, so a touch on that margin does nothing. A pan that begins while an animation
        holds the gesture lock acts from its first move after the animation ends.
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

    static func simulate(_ arguments: ParsedArguments, clock: FrameClock, solver: SpringSolver,
                         estimator: VelocityEstimatorKind?, nextSample: () throws -> TouchSample?,
                         drawn: (Double, PopupFrame) throws -> Void) throws -> (outcome: String, events: [TimedEvent<PopupEvent>]) {
        let configuration = try configuration(from: arguments, solver: solver, estimator: estimator)
        let (outcome, events) = try PopupSimulation.run(configuration, clock: clock, nextSample: nextSample, drawn: drawn,
                                                        failure: { $0 as any Error })
        return (outcome.rawValue, events)
    }

    static func configuration(from arguments: ParsedArguments, solver: SpringSolver = .analytic,
                              estimator: VelocityEstimatorKind? = nil) throws -> PopupConfiguration {
        let from = try arguments.choice("--from", default: PopupDecisionProblem.From.closed)
        var problem = try PopupDecisionProblem(arguments: arguments, from: from)
        problem.bar.style = try arguments.choice("--bar-style", default: PopupBarStyle.floating)
        problem.bar.glass = arguments.isSet("--glass")
        if let items = try arguments.numberItems("--bar-buttons", listSeparator: ";", separator: ",", expected: "X,Y,W,H") {
            problem.barButtonItemFrames = try items.map { numbers in
                guard numbers.count == 4, numbers[2] >= 0, numbers[3] >= 0 else {
                    throw UsageError("invalid value '\(DiagnosticText.excerpt(arguments.string("--bar-buttons")!))' for --bar-buttons: expected X,Y,W,H frames (width and height ≥ 0) separated by ';'")
                }
                return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
        }
        return problem.modelConfiguration(solver: solver, estimator: estimator ?? PopupDecisionProblem.modelEstimator)
    }
}
