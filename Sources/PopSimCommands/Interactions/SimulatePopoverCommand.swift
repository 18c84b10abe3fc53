import PopSimArgumentParsing
import PopSimGeometry
import PopSimGestures
import PopSimInteractions
import PopSimSweeps

/// `popsim simulate popover`: a touch stream through the full Popovers model on the frame clock.
enum SimulatePopoverCommand: Command, SimulatedModel {
    /// decide's flags that describe the popover (translation, velocity and travel come from the stream).
    static let modelFlags: [FlagSpec] = DecidePopoverCommand.spec.flags.filter {
        !["--translation", "--velocity", "--max-travel"].contains($0.name)
    }

    static let spec = CommandSpec(
        path: ["simulate", "popover"],
        summary: "run a touch stream through the Popovers model at 60/120 Hz or ProMotion (CSV time,x,y,opacity,state)",
        flags: modelFlags + SimulateFlags.flags,
        positionals: SimulateFlags.positionals,
        discussion: SimulateFlags.discussion + """

        the popover is the one 'popsim decide popover' describes with the same flags (default: \(formatSize(PopoverDecisionProblem.defaultSize))
        centred in a \(formatSize(PopoverWindow.iPhone.size)) window); the finger must touch inside it to drag it. Trace columns: the drawn
        top-left origin x,y, opacity, and state (presented, dragging, animating, dismissed). The release
        velocity is measured from the stream by --estimator (default swiftui, SwiftUI DragGesture's
        3-sample velocity, mixed by --previous-sample-weight) and projected with --prediction-time, as decide
        does with given numbers.
        --outcome prints decide's word for the last release (dismissed-down, dismissed-up, returned, moved,
        anchor:NAME), dismissed-tap-outside if a touch outside dismissed it, or presented if nothing did.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        try SimulateRunner.run(Self.self, arguments, context)
    }

    static func simulate(_ arguments: ParsedArguments, clock: FrameClock, solver: SpringSolver,
                         estimator: VelocityEstimatorKind?, nextSample: () throws -> TouchSample?,
                         drawn: (Double, PopoverTraceFrame) throws -> Void) throws -> (outcome: String, events: [TimedEvent<PopoverEvent>]) {
        let configuration = try configuration(from: arguments, solver: solver, estimator: estimator)
        let (outcome, events) = try PopoverSimulation.run(configuration, clock: clock, nextSample: nextSample, drawn: drawn,
                                                          failure: { $0 as any Error })
        return (outcome.word, events)
    }

    /// The drag note, when a drag on the popover was released.
    static func note(_ arguments: ParsedArguments, events: [TimedEvent<PopoverEvent>]) throws -> String? {
        let released = events.contains { if case .released = $0.event.kind { return true } else { return false } }
        return released ? try PopoverDecisionProblem(arguments: arguments).dragNote : nil
    }

    /// The model configuration for decide-style flags.
    static func configuration(from arguments: ParsedArguments, solver: SpringSolver = .analytic,
                              estimator: VelocityEstimatorKind? = nil) throws -> PopoverModelConfiguration {
        let problem = try PopoverDecisionProblem(arguments: arguments)
        if let estimator, estimator != .swiftui, arguments.has("--previous-sample-weight") {
            throw UsageError("--previous-sample-weight is the swiftui estimator's mix; --estimator \(estimator.rawValue) does not use it")
        }
        return problem.modelConfiguration(solver: solver, estimator: estimator ?? PopoverDecisionProblem.modelEstimator)
    }
}
