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
        summary: "the release decision of a dragged Popovers popover: dismissed-down, dismissed-up, returned, moved, anchor:NAME or presented",
        flags: [
            .option("--library-version", "VERSION", "aheze/Popovers rules: 1.3.2 (default: the latest release, de44c4d) or main (576b4d3)"),
            DeviceFlags.flag,
            .dimensions("--window", "WxH", ValueRanges.length, "window size in pt (default \(formatSize(PopoverWindow.iPhone.size)), or the device's); the dismissal lines are fractions of H"),
            .numbers("--safe-area", "T,L,B,R", separator: ",", Array(repeating: ValueRanges.nonNegativeLength, count: 4),
                     "the window's safe-area insets in pt (default 0,0,0,0, or the device's portrait insets)"),
            .option("--mode", "LIST", "dismissal mode: comma-separated tap-outside, drag-down, drag-up, or none (default tap-outside)"),
            .number("--proximity", "P", .closed(0, 1), "dragDismissalProximity (default \(PopoverAttributes.Dismissal.defaultDragDismissalProximity))"),
            .pair("--origin", "X,Y", ValueRanges.coordinate, "the popover's static top-left origin (default: centred in the window, or the first anchor's origin with --anchors)"),
            .dimensions("--size", "WxH", ValueRanges.length, "popover size in pt (default \(formatSize(PopoverDecisionProblem.defaultSize))), capped at the window minus the \(helpNumber(PopoverAttributes.defaultScreenEdgePadding.top)) pt screen-edge padding on each side, as SwiftUI proposes"),
            .switch("--fixed-size", ".fixedSize() content: the size is not capped to the proposal"),
            .pair("--translation", "X,Y", ValueRanges.coordinate, "raw finger translation at release, pt (default 0,0)"),
            .pair("--velocity", "VX,VY", ValueRanges.velocity, "release velocity, pt/s (default 0,0)"),
            .number("--max-travel", "D", ValueRanges.nonNegativeLength, "the farthest the finger got from touch-down, pt (default: the translation's length); under 2 pt there was no drag"),
            .number("--prediction-time", "S", ValueRanges.nonNegativeDuration, "SwiftUI's prediction horizon: predicted = translation + S·velocity (default \(swiftUIPredictionTime))"),
            .number("--previous-sample-weight", "W", .closed(0, 1), "SwiftUI's velocity mix W·previous + (1 − W)·last segment (default \(SwiftUIVelocitySampler.defaultPreviousSampleWeight)); used where the velocity is measured (simulate, sweep --pipeline)"),
            .option("--anchors", "LIST", "picture-in-picture: relative anchors, comma-separated from " + PopoverAnchor.names + "; needs --container"),
            .numbers("--container", "X,Y,W,H|present|selection", separator: ",", [ValueRanges.coordinate, ValueRanges.coordinate, ValueRanges.length, ValueRanges.length],
                     or: PopoverContainerDefault.allCases.map(\.rawValue),
                     "the relative container (the source frame after its inset), with --anchors; present or selection: the default of .popover(present:) or .popover(selection:tag:)"),
            .switch("--change-location-on-dismiss", "changeLocationOnDismiss (main only): the popover stays where it is let go"),
            .switch("--no-off-screen", "dragMovesPopoverOffScreen = false (only changes the target, not the word)"),
        ],
        discussion: """
        aheze/Popovers 1.3.2 (aheze/Popovers@de44c4d Sources/Popover.swift:543-593) or main
        (aheze/Popovers@576b4d3 Sources/Popover+Calculations.swift:77-133; Documentation/popovers.md §2). First the drag must exist: if the finger never got
        2 pt from touch-down (--max-travel, default the translation's length) SwiftUI's DragGesture never
        recognised it and the answer is presented. Then, with P = origin + translation + S·velocity (the
        projected top-left origin) and H the window height, the first match wins:
          drag-down in the mode and P.y ≥ H − H·proximity     dismissed-down
          drag-up in the mode and P.y ≤ H·proximity             dismissed-up
          --change-location-on-dismiss (main)                    moved
          --anchors                                              anchor:NAME (nearest top-left origin, ties to the first)
          otherwise                                              returned
        The bounds are inclusive and the drag direction is ignored. Prints exactly one line.

        default origin: .absolute(center → center) on the window bounds, i.e. ((W − w)/2, (H − h)/2) clamped to
        \(helpNumber(PopoverAttributes.defaultScreenEdgePadding.top)) pt padding at the top and left and to the safe area minus \(helpNumber(PopoverAttributes.defaultScreenEdgePadding.bottom)) pt at the bottom and right; with
        --anchors, the origin of the first anchor in the container. --container present is the safe-area
        frame (both versions); selection is the safe-area frame in 1.3.2 and the window bounds on main.
        The differences between the versions: Documentation/popovers-versions.md.
        exit status: 0 ok, 2 usage or invalid value (also a flag the chosen version does not have).
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let problem = try PopoverDecisionProblem(arguments: arguments)
        let outcome = problem.outcome()
        // A drag happened (the finger got 2 pt from touch-down) but no mode lets a drag dismiss.
        if outcome != PopoverOutcome.presented.word, let note = problem.dragNote {
            try context.standardError.write(note + "\n")
        }
        try context.standardOutput.write(outcome + "\n")
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
        libraryVersion = try arguments.choice("--library-version", default: PopoversVersion.default)
        if let device = try DeviceFlags.device(arguments) { place(on: device) }
        if let (w, h) = try arguments.dimensions("--window") { (windowWidth, windowHeight) = (w, h) }
        if let insets = try Self.insets(arguments, "--safe-area") {
            (safeAreaTop, safeAreaLeft, safeAreaBottom, safeAreaRight) = insets
        }
        guard safeAreaLeft + safeAreaRight < windowWidth, safeAreaTop + safeAreaBottom < windowHeight else {
            throw UsageError("invalid value '\(DiagnosticText.excerpt(arguments.string("--safe-area") ?? arguments.string("--device") ?? ""))' for --safe-area: the insets leave no safe area in the \(formatNumber(windowWidth))x\(formatNumber(windowHeight)) window")
        }
        if let text = arguments.string("--mode") {
            switch DismissalMode.parse(text) {
            case let .success(parsed): mode = parsed
            case let .failure(error): throw UsageError("invalid value '\(DiagnosticText.excerpt(text))' for --mode: unknown or misplaced '\(DiagnosticText.excerpt(error.word))'; \(error.reason)")
            }
        }
        proximity = try arguments.double("--proximity", default: proximity)
        if let (x, y) = try arguments.pair("--origin") { (originX, originY, originGiven) = (x, y, true) }
        if let (w, h) = try arguments.dimensions("--size") { (width, height) = (w, h) }
        fixedSize = arguments.isSet("--fixed-size")
        (translationX, translationY) = try arguments.pair("--translation", default: (0, 0))
        (velocityX, velocityY) = try arguments.pair("--velocity", default: (0, 0))
        if let travel = try arguments.double("--max-travel") { (maximumTravel, maximumTravelGiven) = (travel, true) }
        predictionTime = try arguments.double("--prediction-time", default: predictionTime)
        previousSampleWeight = try arguments.double("--previous-sample-weight", default: previousSampleWeight)
        changeLocationOnDismiss = arguments.isSet("--change-location-on-dismiss")
        if changeLocationOnDismiss && !libraryVersion.has(.changeLocationOnDismiss) {
            throw UsageError("--change-location-on-dismiss: aheze/Popovers \(libraryVersion) has no changeLocationOnDismiss; it exists on \(PopoversVersion.main): add --library-version \(PopoversVersion.main.rawValue)")
        }
        dragMovesPopoverOffScreen = !arguments.isSet("--no-off-screen")

        switch (arguments.list("--anchors"), arguments.string("--container")) {
        case (nil, nil):
            break
        case (.some, nil):
            throw UsageError("--anchors needs --container X,Y,W,H, present or selection: the frame the anchors are placed in")
        case (nil, .some):
            throw UsageError("--container is only used with --anchors: give the picture-in-picture anchors too")
        case let (names?, container?):
            anchors = try names.map { name in
                guard let anchor = PopoverAnchor(rawValue: name) else {
                    throw UsageError("invalid value '\(DiagnosticText.excerpt(arguments.string("--anchors")!))' for --anchors: unknown anchor '\(DiagnosticText.excerpt(name))'; expected a comma-separated list of \(PopoverAnchor.names)")
                }
                return anchor
            }
            if let word = PopoverContainerDefault(rawValue: container) {
                containerDefault = word
                return
            }
            let numbers = try arguments.numbers("--container", separator: ",", expected: "X,Y,W,H") ?? []
            guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
                throw UsageError("invalid value '\(DiagnosticText.excerpt(container))' for --container: expected X,Y,W,H with W, H > 0, present or selection")
            }
            (containerX, containerY, containerWidth, containerHeight) = (numbers[0], numbers[1], numbers[2], numbers[3])
        }
    }

    /// `T,L,B,R` insets, each ≥ 0.
    static func insets(_ arguments: ParsedArguments, _ flag: String) throws -> (Double, Double, Double, Double)? {
        guard let text = arguments.string(flag) else { return nil }
        let numbers = try arguments.numbers(flag, separator: ",", expected: "T,L,B,R") ?? []
        guard numbers.count == 4, numbers.allSatisfy({ $0 >= 0 }) else {
            throw UsageError("invalid value '\(DiagnosticText.excerpt(text))' for \(flag): expected T,L,B,R (four numbers ≥ 0, pt)")
        }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
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
        NumericFlag(flag: "--safe-area", separator: ",",
                    columns: ["safe_area_top", "safe_area_left", "safe_area_bottom", "safe_area_right"]),
        .scalar("--proximity"),
        .pair("--origin"),
        .dimensions("--size"),
        .pair("--translation"),
        .pair("--velocity"),
        .scalar("--max-travel"),
        .scalar("--prediction-time"),
        .scalar("--previous-sample-weight"),
        .rectangle("--container"),
    ]
}
