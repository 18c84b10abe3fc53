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
            .option("--window", "WxH", "window size in pt (default \(formatSize(PopoverWindow.iPhone.size)), or the device's); the dismissal lines are fractions of H"),
            .option("--safe-area", "T,L,B,R", "the window's safe-area insets in pt (default 0,0,0,0, or the device's portrait insets)"),
            .option("--mode", "LIST", "dismissal mode: comma-separated tap-outside, drag-down, drag-up, or none (default tap-outside)"),
            .option("--proximity", "P", "dragDismissalProximity in [0, 1] (default \(PopoverAttributes.Dismissal.defaultDragDismissalProximity))"),
            .option("--origin", "X,Y", "the popover's static top-left origin (default: centred in the window, or the first anchor's origin with --anchors)"),
            .option("--size", "WxH", "popover size in pt (default \(formatSize(PopoverDecisionProblem.defaultSize))), capped at the window minus 2 × 16 pt as SwiftUI proposes"),
            .switch("--fixed-size", ".fixedSize() content: the size is not capped to the proposal"),
            .option("--translation", "X,Y", "raw finger translation at release, pt (default 0,0)"),
            .option("--velocity", "VX,VY", "release velocity, pt/s (default 0,0)"),
            .option("--max-travel", "D", "the farthest the finger got from touch-down, pt (default: the translation's length); under 2 pt there was no drag"),
            .option("--prediction-time", "S", "SwiftUI's prediction horizon: predicted = translation + S·velocity (default \(swiftUIPredictionTime))"),
            .option("--previous-sample-weight", "W", "SwiftUI's velocity mix W·previous + (1 − W)·last segment, in [0, 1] (default \(SwiftUIVelocitySampler.defaultPreviousSampleWeight)); used where the velocity is measured (simulate, sweep --pipeline)"),
            .option("--anchors", "LIST", "picture-in-picture: relative anchors, comma-separated from " + PopoverAnchor.names + "; needs --container"),
            .option("--container", "X,Y,W,H|present|selection", "the relative container (the source frame after its inset), with --anchors; present or selection: the default of .popover(present:) or .popover(selection:tag:)"),
            .switch("--change-location-on-dismiss", "changeLocationOnDismiss (main only): the popover stays where it is let go"),
            .switch("--no-off-screen", "dragMovesPopoverOffScreen = false (only changes the target, not the word)"),
        ],
        discussion: """
        aheze/Popovers 1.3.2 (de44c4d Sources/Popover.swift:543-593) or main (576b4d3
        Sources/Popover+Calculations.swift:77-133). First the drag must exist: if the finger never got
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
        16 pt padding at the top and left and to the safe area minus 16 pt at the bottom and right; with
        --anchors, the origin of the first anchor in the container. --container present is the safe-area
        frame (both versions); selection is the safe-area frame in 1.3.2 and the window bounds on main.
        The differences between the versions: Documentation/popovers-versions.md.
        exit status: 0 ok, 2 usage or invalid value (also a flag the chosen version does not have).
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let problem = try PopoverDecisionProblem(arguments: arguments)
        try context.standardOutput.write(problem.outcome() + "\n")
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
            throw UsageError("invalid value '\(arguments.string("--safe-area") ?? arguments.string("--device") ?? "")' for --safe-area: the insets leave no safe area in the \(formatNumber(windowWidth))x\(formatNumber(windowHeight)) window")
        }
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
        fixedSize = arguments.isSet("--fixed-size")
        (translationX, translationY) = try arguments.pair("--translation", default: (0, 0))
        (velocityX, velocityY) = try arguments.pair("--velocity", default: (0, 0))
        if let travel = try arguments.nonNegativeDouble("--max-travel") { (maximumTravel, maximumTravelGiven) = (travel, true) }
        predictionTime = try arguments.nonNegativeDouble("--prediction-time", default: predictionTime)
        previousSampleWeight = try arguments.double("--previous-sample-weight", default: previousSampleWeight)
        guard previousSampleWeight >= 0 && previousSampleWeight <= 1 else {
            throw UsageError("invalid value '\(arguments.string("--previous-sample-weight")!)' for --previous-sample-weight: it must be in [0, 1]")
        }
        changeLocationOnDismiss = arguments.isSet("--change-location-on-dismiss")
        if changeLocationOnDismiss && !libraryVersion.has(.changeLocationOnDismiss) {
            throw UsageError("--change-location-on-dismiss: aheze/Popovers \(libraryVersion) has no changeLocationOnDismiss; it exists on main (576b4d3): add --library-version main")
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
                    throw UsageError("invalid value '\(arguments.string("--anchors")!)' for --anchors: unknown anchor '\(name)'; expected a comma-separated list of \(PopoverAnchor.names)")
                }
                return anchor
            }
            if let word = PopoverContainerDefault(rawValue: container) {
                containerDefault = word
                return
            }
            let parts = container.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4 else {
                throw UsageError("invalid value '\(container)' for --container: expected X,Y,W,H (four numbers), present or selection")
            }
            let numbers = try parts.map { try ParsedArguments.number($0, flag: "--container") }
            (containerX, containerY, containerWidth, containerHeight) = (numbers[0], numbers[1], numbers[2], numbers[3])
            guard containerWidth > 0, containerHeight > 0 else {
                throw UsageError("invalid value '\(container)' for --container: width and height must be > 0")
            }
        }
    }

    /// `T,L,B,R` insets, each ≥ 0.
    static func insets(_ arguments: ParsedArguments, _ flag: String) throws -> (Double, Double, Double, Double)? {
        guard let text = arguments.string(flag) else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 else { throw UsageError("invalid value '\(text)' for \(flag): expected T,L,B,R (four numbers, pt)") }
        let numbers = try parts.map { try ParsedArguments.number($0, flag: flag) }
        guard numbers.allSatisfy({ $0 >= 0 }) else { throw UsageError("invalid value '\(text)' for \(flag): insets must be ≥ 0") }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }
}

/// Sweeps over the decide flags (`popsim sweep popover`): every numeric flag may become an axis.
extension PopoverDecisionProblem: SweepableDecision {
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
