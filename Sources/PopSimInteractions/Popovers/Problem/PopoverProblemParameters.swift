import PopSimGeometry
import PopSimGestures
import PopSimParameters
import PopSimTextIO

extension PopoverDecisionProblem {
    /// `decide popover`'s parameters; `sweep` and `threshold` add axes over the numeric ones, `simulate`
    /// takes all but the release (translation, velocity, travel), which its stream provides.
    public static let parameters = ParameterList<PopoverDecisionProblem>([
        .choice(
            "library_version", \.libraryVersion,
            "aheze/Popovers rules: \(PopoversVersion.v1_3_2.rawValue) "
                + "(the latest release, \(PopoversVersion.v1_3_2.commit)) or main (\(PopoversVersion.main.commit))",
            default: PopoversVersion.default.rawValue),
        .device(
            \.device,
            "device preset (see 'popsim devices'): its window and safe area; explicit flags override its parts",
            place: { problem, device in problem.place(on: device) }),
        .numbers(
            "window", [\.windowWidth, \.windowHeight], shape: .size, [.length],
            "window size in pt, or the device's; the dismissal lines are fractions of H",
            default: "\(compact(PopoverWindow.iPhone.size.width))x\(compact(PopoverWindow.iPhone.size.height))"),
        .numbers(
            "safe_area", [\.safeAreaTop, \.safeAreaLeft, \.safeAreaBottom, \.safeAreaRight], shape: .insets,
            [.nonNegativeLength], "the window's safe-area insets in pt, or the device's portrait insets",
            default: "0,0,0,0"),
        Parameter(
            ParameterDescription(
                name: "mode", syntax: .text, placeholder: "LIST",
                summary: "dismissal mode: comma-separated tap-outside, drag-down, drag-up, or none",
                defaultText: DismissalMode.tapOutside.description,
                textValues:
                    "none, or any of \(DismissalMode.namedOptions.map(\.name).joined(separator: ", ")), "
                    + "comma-separated, each once"),
            read: { problem in .text(problem.mode.description) },
            assign: { (problem: inout PopoverDecisionProblem, value: ParameterValue) throws(ParameterError) in
                guard case let .text(text) = value else { return }
                switch DismissalMode.parse(text) {
                case let .success(mode): problem.mode = mode
                case let .failure(error):
                    throw .invalidValue(
                        text, for: "mode",
                        "unknown or misplaced '\(DiagnosticText.excerpt(error.word))'; \(error.reason)")
                }
            }),
        .number(
            "proximity", \.proximity, .unitInterval, placeholder: "P", "dragDismissalProximity",
            default: compact(PopoverAttributes.Dismissal.defaultDragDismissalProximity)),
        .numbers(
            "origin", [\.originX, \.originY], shape: .point(), [.coordinate],
            "the popover's static top-left origin",
            default: "centred in the window, or the first anchor's origin with --anchors",
            then: { $0.originGiven = true }),
        .numbers(
            "size", [\.width, \.height], shape: .size, [.length],
            "popover size in pt, capped at the window "
                + "minus the \(compact(PopoverAttributes.defaultScreenEdgePadding.top)) pt screen-edge padding "
                + "on each side, as SwiftUI proposes",
            default: "\(compact(defaultSize.width))x\(compact(defaultSize.height))"),
        .toggle("fixed_size", \.fixedSize, ".fixedSize() content: the size is not capped to the proposal"),
        .numbers(
            "translation", [\.translationX, \.translationY], shape: .point(), [.coordinate],
            "raw finger translation at release, pt", default: "0,0"),
        .numbers(
            "velocity", [\.velocityX, \.velocityY], shape: .point("VX", "VY"), [.velocity],
            "release velocity, pt/s", default: "0,0"),
        .numbers(
            "max_travel", [\.maximumTravel], shape: .scalar("D"), [.nonNegativeLength],
            "the farthest the finger got from touch-down, pt; "
                + "under \(compact(PopoverDecisionProblem().minimumDragDistance)) pt there was no drag",
            default: "the translation's length", then: { $0.maximumTravelGiven = true }),
        .number(
            "prediction_time", \.predictionTime, .nonNegativeDuration, placeholder: "S",
            "SwiftUI's prediction horizon: predicted = translation + S·velocity",
            default: compact(swiftUIPredictionTime)),
        .number(
            "previous_sample_weight", \.previousSampleWeight, .unitInterval, placeholder: "W",
            "SwiftUI's velocity mix W·previous + (1 − W)·last segment; "
                + "used where the velocity is measured (simulate, sweep --pipeline)",
            default: compact(SwiftUIVelocitySampler.defaultPreviousSampleWeight)),
        Parameter(
            ParameterDescription(
                name: "anchors",
                syntax: .list(
                    .choice(PopoverAnchor.allCases.map(\.rawValue)), separator: ",",
                    maximumCount: PopoverAnchor.allCases.count * 4),
                placeholder: "LIST",
                summary:
                    "picture-in-picture: relative anchors, "
                    + "comma-separated from \(PopoverAnchor.names); needs --container"
            ),
            read: { problem in problem.anchors.map { .list($0.map { .word($0.rawValue) }) } },
            assign: { (problem: inout PopoverDecisionProblem, value: ParameterValue) throws(ParameterError) in
                guard case let .list(items) = value else { return }
                problem.anchors = items.compactMap { item in
                    if case let .word(word) = item { return PopoverAnchor(rawValue: word) }
                    return nil
                }
            }),
        Parameter(
            ParameterDescription(
                name: "container",
                syntax: .numbers(
                    .rectangle, ranges: [.coordinate, .coordinate, .length, .length],
                    words: PopoverContainerDefault.allCases.map(\.rawValue)),
                summary:
                    "the relative container (the source frame after its inset), with --anchors; present or selection: "
                    + "the default of .popover(present:) or .popover(selection:tag:)"
            ),
            components: [\.containerX, \.containerY, \.containerWidth, \.containerHeight],
            read: { problem in
                if let word = problem.containerDefault { return .word(word.rawValue) }
                return problem.hasContainer
                    ? .numbers([
                        problem.containerX, problem.containerY, problem.containerWidth, problem.containerHeight,
                    ]) : nil
            },
            assign: { (problem: inout PopoverDecisionProblem, value: ParameterValue) throws(ParameterError) in
                if case let .word(word) = value {
                    problem.containerDefault = PopoverContainerDefault(rawValue: word)
                } else if let numbers = value.plainNumbers, numbers.count == 4 {
                    (problem.containerX, problem.containerY, problem.containerWidth, problem.containerHeight) = (
                        numbers[0], numbers[1], numbers[2], numbers[3]
                    )
                }
            }),
        .toggle(
            "change_location_on_dismiss", \.changeLocationOnDismiss,
            "changeLocationOnDismiss (main only): the popover stays where it is let go"),
        .toggle(
            "no_off_screen", \.dragMovesPopoverOffScreen, setting: false,
            "dragMovesPopoverOffScreen = false (only changes the target, not the word)"),
    ])

    /// Whether a container is set: a modifier's default, or a frame (a frame's size must be > 0, which
    /// its range checks).
    public var hasContainer: Bool {
        containerDefault != nil || containerWidth != 0 || containerHeight != 0 || containerX != 0 || containerY != 0
    }

    /// Checks every number against its parameter's range and the relations between parameters.
    public func validate() throws(ParameterError) {
        let containerUsed = anchors != nil && containerDefault == nil
        try validateRanges(skipping: containerUsed ? [] : ["container"])
        guard safeAreaLeft + safeAreaRight < windowWidth, safeAreaTop + safeAreaBottom < windowHeight else {
            let insets = [safeAreaTop, safeAreaLeft, safeAreaBottom, safeAreaRight].map(compact).joined(separator: ",")
            throw .invalidValue(
                insets, for: "safe_area",
                "the insets leave no safe area in the \(compact(windowWidth))x\(compact(windowHeight)) window")
        }
        if changeLocationOnDismiss && !libraryVersion.has(.changeLocationOnDismiss) {
            throw ParameterError(
                "--change-location-on-dismiss: aheze/Popovers \(libraryVersion) has no changeLocationOnDismiss; "
                    + "it exists on \(PopoversVersion.main): add --library-version \(PopoversVersion.main.rawValue)"
            )
        }
        if anchors != nil && !hasContainer {
            throw ParameterError(
                "--anchors needs --container X,Y,W,H, present or selection: the frame the anchors are placed in")
        }
        if anchors == nil && hasContainer {
            throw ParameterError("--container is only used with --anchors: give the picture-in-picture anchors too")
        }
    }
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
