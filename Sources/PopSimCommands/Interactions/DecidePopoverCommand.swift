import PopSimArgumentParsing
import PopSimGeometry
import PopSimGestures
import PopSimInteractions
import PopSimSweeps
import PopSimTextIO

/// `popsim decide popover`: the release decision of a dragged aheze/Popovers popover, one word.
enum DecidePopoverCommand: Command {
    static let spec = CommandSpec(
        path: ["decide", "popover"],
        summary: "the release decision of a dragged Popovers popover: dismissed-down, dismissed-up, returned, moved or anchor:NAME",
        flags: [
            .option("--window", "WxH", "window size in pt (default \(formatSize(PopoverWindow.iPhone.size))); the dismissal lines are fractions of H"),
            .option("--mode", "LIST", "dismissal mode: comma-separated tap-outside, drag-down, drag-up, or none (default tap-outside)"),
            .option("--proximity", "P", "dragDismissalProximity in [0, 1] (default \(PopoverAttributes.Dismissal.defaultDragDismissalProximity))"),
            .option("--origin", "X,Y", "the popover's static top-left origin (default: centred in the window, or the first anchor's origin with --anchors)"),
            .option("--size", "WxH", "popover size in pt (default \(formatSize(PopoverDecisionProblem.defaultSize))), capped at the window minus the \(helpNumber(PopoverAttributes.defaultScreenEdgePadding.top)) pt screen-edge padding on each side, as SwiftUI proposes"),
            .option("--translation", "X,Y", "raw finger translation at release, pt (default 0,0)"),
            .option("--velocity", "VX,VY", "release velocity, pt/s (default 0,0)"),
            .option("--prediction-time", "S", "SwiftUI's prediction horizon: predicted = translation + S·velocity (default \(swiftUIPredictionTime))"),
            .option("--previous-sample-weight", "W", "SwiftUI's velocity mix W·previous + (1 − W)·last segment, in [0, 1] (default \(SwiftUIVelocitySampler.defaultPreviousSampleWeight)); used where the velocity is measured (simulate, sweep --pipeline)"),
            .option("--anchors", "LIST", "picture-in-picture: relative anchors, comma-separated from " + PopoverAnchor.names + "; needs --container"),
            .option("--container", "X,Y,W,H", "the relative container (the source frame after its inset), with --anchors"),
            .switch("--change-location-on-dismiss", "changeLocationOnDismiss: the popover stays where it is let go"),
            .switch("--no-off-screen", "dragMovesPopoverOffScreen = false (only changes the target, not the word)"),
        ],
        discussion: """
        aheze/Popovers (Documentation/popovers.md; Sources/Popover+Calculations.swift:77-133 at 576b4d3). With P = origin + translation
        + S·velocity (the projected top-left origin) and H the window height, the first match wins:
          drag-down in the mode and P.y ≥ H − H·proximity     dismissed-down
          drag-up in the mode and P.y ≤ H·proximity             dismissed-up
          --change-location-on-dismiss                           moved
          --anchors                                              anchor:NAME (nearest top-left origin, ties to the first)
          otherwise                                              returned
        The bounds are inclusive and the drag direction is ignored. Prints exactly one line.

        default origin: .absolute(center → center) on the window bounds, i.e. ((W − w)/2, (H − h)/2) clamped to
        the \(helpNumber(PopoverAttributes.defaultScreenEdgePadding.top)) pt screen-edge padding; with --anchors, the origin of the first anchor in the container.
        exit status: 0 ok, 2 usage or invalid value.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let problem = try PopoverDecisionProblem(arguments: arguments)
        if problem.translationX != 0 || problem.translationY != 0 || problem.velocityX != 0 || problem.velocityY != 0,
           let note = problem.dragNote {
            try context.standardError.write(note + "\n")
        }
        try context.standardOutput.write(problem.outcome() + "\n")
    }
}

extension PopoverDecisionProblem {
    /// The one line `decide`, `sweep` and `simulate popover` print on stderr when a drag was given but
    /// the dismissal mode has neither drag-down nor drag-up (the library's default is tap-outside), so
    /// the drag cannot dismiss the popover and it returns; nil when the mode has one, or when the drag
    /// does something else (picture-in-picture anchors, changeLocationOnDismiss).
    var dragNote: String? {
        guard !mode.contains(.dragDown) && !mode.contains(.dragUp), anchors == nil, !changeLocationOnDismiss else { return nil }
        return "note: --mode is \(mode) (no drag-down or drag-up), so a drag cannot dismiss this popover; add drag-down or drag-up to --mode to dismiss by dragging"
    }
}

/// The `decide popover` flags, read into the library's problem value.
extension PopoverDecisionProblem {
    init(arguments: ParsedArguments) throws {
        self.init()
        if let (w, h) = try arguments.dimensions("--window") { (windowWidth, windowHeight) = (w, h) }
        if let text = arguments.string("--mode") {
            switch DismissalMode.parse(text) {
            case let .success(parsed): mode = parsed
            case let .failure(error): throw UsageError("invalid value '\(text)' for --mode: unknown or misplaced '\(error.word)'; \(error.reason)")
            }
        }
        proximity = try arguments.double("--proximity", default: proximity)
        guard proximity >= 0 && proximity <= 1 else {
            throw UsageError("invalid value '\(arguments.string("--proximity")!)' for --proximity: it must be in [0, 1]")
        }
        if let (x, y) = try arguments.pair("--origin") { (originX, originY, originGiven) = (x, y, true) }
        if let (w, h) = try arguments.dimensions("--size") { (width, height) = (w, h) }
        (translationX, translationY) = try arguments.pair("--translation", default: (0, 0))
        (velocityX, velocityY) = try arguments.pair("--velocity", default: (0, 0))
        predictionTime = try arguments.nonNegativeDouble("--prediction-time", default: predictionTime)
        previousSampleWeight = try arguments.double("--previous-sample-weight", default: previousSampleWeight)
        guard previousSampleWeight >= 0 && previousSampleWeight <= 1 else {
            throw UsageError("invalid value '\(arguments.string("--previous-sample-weight")!)' for --previous-sample-weight: it must be in [0, 1]")
        }
        changeLocationOnDismiss = arguments.isSet("--change-location-on-dismiss")
        dragMovesPopoverOffScreen = !arguments.isSet("--no-off-screen")

        switch (arguments.list("--anchors"), arguments.string("--container")) {
        case (nil, nil):
            break
        case (.some, nil):
            throw UsageError("--anchors needs --container X,Y,W,H: the frame the anchors are placed in")
        case (nil, .some):
            throw UsageError("--container is only used with --anchors: give the picture-in-picture anchors too")
        case let (names?, container?):
            anchors = try names.map { name in
                guard let anchor = PopoverAnchor(rawValue: name) else {
                    throw UsageError("invalid value '\(arguments.string("--anchors")!)' for --anchors: unknown anchor '\(name)'; expected a comma-separated list of \(PopoverAnchor.names)")
                }
                return anchor
            }
            let parts = container.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4 else {
                throw UsageError("invalid value '\(container)' for --container: expected X,Y,W,H (four numbers)")
            }
            let numbers = try parts.map { try ParsedArguments.number($0, flag: "--container") }
            (containerX, containerY, containerWidth, containerHeight) = (numbers[0], numbers[1], numbers[2], numbers[3])
            guard containerWidth > 0, containerHeight > 0 else {
                throw UsageError("invalid value '\(container)' for --container: width and height must be > 0")
            }
        }
    }
}

/// Sweeps over the decide flags (`popsim sweep popover`): every numeric flag may become an axis.
extension PopoverDecisionProblem: SweepableDecision {
    /// The drag note, when some grid point has a drag (a nonzero translation or velocity).
    static func note(for table: DecisionTable<PopoverDecisionProblem>) -> String? {
        let dragColumns: Set = ["translation_x", "translation_y", "velocity_x", "velocity_y"]
        let base = table.base
        let dragged = base.translationX != 0 || base.translationY != 0 || base.velocityX != 0 || base.velocityY != 0
            || table.grid.axes.contains { dragColumns.contains($0.column) && ($0.start != 0 || $0.end != 0) }
        return dragged ? base.dragNote : nil
    }

    static var decideSpec: CommandSpec { DecidePopoverCommand.spec }

    static let numericFlags: [NumericFlag] = [
        .dimensions("--window"),
        .scalar("--proximity"),
        .pair("--origin"),
        .dimensions("--size"),
        .pair("--translation"),
        .pair("--velocity"),
        .scalar("--prediction-time"),
        .scalar("--previous-sample-weight"),
        .rectangle("--container"),
    ]
}
