import PopSimGeometry
import PopSimGestures
import PopSimParameters
import PopSimTextIO

extension PopoverDecisionProblem {
    /// `decide popover`'s parameters; `sweep` and `threshold` add axes over the numeric ones, `simulate`
    /// takes all but the release (translation, velocity, travel), which its stream provides.
    public static let parameters: ParameterList<PopoverDecisionProblem> =
        [PopoverParameter.libraryVersion] + screenParameters
        + [
            PopoverParameter.mode, PopoverParameter.proximity, PopoverParameter.origin, PopoverParameter.size,
            PopoverParameter.fixedSize,
        ] + releaseParameters
        + [
            PopoverParameter.predictionTime, PopoverParameter.previousSampleWeight, PopoverParameter.anchors,
            PopoverParameter.container, PopoverParameter.changeLocationOnDismiss, PopoverParameter.noOffScreen,
        ]

    /// The window: `--device`, `--window` and `--safe-area`.
    static let screenParameters = ParameterList(
        ScreenParameter.parameters(
            at: \PopoverDecisionProblem.screen, of: Screen.defaultPhoneWindow, device: "its window and safe area",
            window: "the dismissal lines are fractions of H"))

    /// The release and how far the finger got: a touch stream gives them instead.
    public static let releaseParameters: ParameterList<PopoverDecisionProblem> = [
        ReleaseParameter.translation.lifted(\PopoverDecisionProblem.release).described(
            "raw finger translation at release, pt"),
        ReleaseParameter.velocity.lifted(\PopoverDecisionProblem.release).described("release velocity, pt/s"),
        PopoverParameter.maximumTravel,
    ]

    /// Checks every number against its parameter's range and the relations between parameters.
    public func validate() throws(ParameterError) {
        let containerUsed = anchors != nil && containerDefault == nil
        try validateRanges(skipping: containerUsed ? [] : [PopoverParameter.container])
        try screen.validateSafeArea(blaming: .insets)
        if changeLocationOnDismiss && !libraryVersion.has(.changeLocationOnDismiss) {
            throw ParameterError(
                "\(PopoverParameter.changeLocationOnDismiss.flag): aheze/Popovers \(libraryVersion) has no "
                    + "changeLocationOnDismiss; it exists on \(PopoversVersion.main): add "
                    + "\(PopoverParameter.libraryVersion.flag) \(PopoversVersion.main.rawValue)")
        }
        if anchors != nil && !hasContainer {
            throw ParameterError(
                "\(PopoverParameter.anchors.flag) needs \(PopoverParameter.container.flag) X,Y,W,H, present or "
                    + "selection: the frame the anchors are placed in")
        }
        if anchors == nil && hasContainer {
            throw ParameterError(
                "\(PopoverParameter.container.flag) is only used with \(PopoverParameter.anchors.flag): give the "
                    + "picture-in-picture anchors too")
        }
    }
}

/// The popover's own parameters, declared once (the window and the release are every family's:
/// ``ScreenParameter``, ``ReleaseParameter``).
public enum PopoverParameter {
    public typealias Problem = PopoverDecisionProblem

    /// `--library-version VERSION`.
    public static let libraryVersion = Parameter<Problem>.libraryVersion(
        \.libraryVersion,
        "aheze/Popovers rules: \(PopoversVersion.v1_3_2.rawValue) "
            + "(the latest release, \(PopoversVersion.v1_3_2.commit)) or main (\(PopoversVersion.main.commit))",
        default: PopoversVersion.default.rawValue, placeholder: nil)

    /// `--mode LIST`.
    public static let mode = Parameter<Problem>(
        modeDescription,
        read: { problem in .text(problem.mode.description) },
        assign: { (problem: inout Problem, value: ParameterValue) throws(ParameterError) in
            guard case let .text(text) = value else { return }
            switch DismissalMode.parse(text) {
            case let .success(mode): problem.mode = mode
            case let .failure(error):
                throw .invalidValue(
                    text, for: modeDescription,
                    "unknown or misplaced '\(DiagnosticText.excerpt(error.word))'; \(error.reason)")
            }
        })

    private static let modeDescription = ParameterDescription(
        name: "mode", syntax: .text, placeholder: "LIST",
        summary: "dismissal mode: comma-separated tap-outside, drag-down, drag-up, or none",
        defaultText: DismissalMode.tapOutside.description,
        textValues:
            "none, or any of \(DismissalMode.namedOptions.map(\.name).joined(separator: ", ")), "
            + "comma-separated, each once")

    public static let proximity = Parameter<Problem>.number(
        "proximity", \.proximity, .unitInterval, placeholder: "P", "dragDismissalProximity",
        default: compact(PopoverAttributes.Dismissal.defaultDragDismissalProximity))

    /// `--origin X,Y` (nil until given).
    public static let origin = Parameter<Problem>.optionalNumbers(
        "origin", \.origin, [\.x, \.y], or: Point(x: 0, y: 0), shape: .point(), [.coordinate],
        "the popover's static top-left origin",
        default: "centred in the window, or the first anchor's origin with \(anchors.flag)")

    public static let size = Parameter<Problem>.numbers(
        "size", [\.size.width, \.size.height], shape: .size, [.length],
        "popover size in pt, capped at the window "
            + "minus the \(compact(PopoverAttributes.defaultScreenEdgePadding.top)) pt screen-edge padding "
            + "on each side, as SwiftUI proposes",
        default: "\(compact(Problem.defaultSize.width))x\(compact(Problem.defaultSize.height))")

    public static let fixedSize = Parameter<Problem>.toggle(
        "fixed_size", \.fixedSize, ".fixedSize() content: the size is not capped to the proposal")

    /// `--max-travel D` (nil until given: the translation's length).
    public static let maximumTravel = Parameter<Problem>.optionalNumbers(
        "max_travel", \.maximumTravel, [\.self], or: 0, shape: .scalar("D"), [.nonNegativeLength],
        "the farthest the finger got from touch-down, pt; "
            + "under \(compact(Problem().minimumDragDistance)) pt there was no drag",
        default: "the translation's length")

    public static let predictionTime = Parameter<Problem>.number(
        "prediction_time", \.predictionTime, .nonNegativeDuration, placeholder: "S",
        "SwiftUI's prediction horizon: predicted = translation + S·velocity", default: compact(swiftUIPredictionTime))

    /// `--previous-sample-weight W` (nil until given: SwiftUI's).
    public static let previousSampleWeight = Parameter<Problem>.optionalNumber(
        "previous_sample_weight", \.previousSampleWeight, .unitInterval, placeholder: "W",
        "SwiftUI's velocity mix W·previous + (1 − W)·last segment; "
            + "used where the velocity is measured (simulate, sweep --pipeline)",
        default: compact(SwiftUIVelocitySampler.defaultPreviousSampleWeight),
        or: SwiftUIVelocitySampler.defaultPreviousSampleWeight)

    /// `--anchors LIST`.
    public static let anchors = Parameter<Problem>(
        ParameterDescription(
            name: "anchors",
            syntax: .list(
                .choice(PopoverAnchor.allCases.map(\.rawValue)), separator: ",",
                maximumCount: PopoverAnchor.allCases.count * 4),
            placeholder: "LIST",
            summary:
                "picture-in-picture: relative anchors, comma-separated from \(PopoverAnchor.names); needs "
                + ParameterDescription.flag(for: "container")),
        read: { problem in problem.anchors.map { .list($0.map { .word($0.rawValue) }) } },
        assign: { (problem: inout Problem, value: ParameterValue) throws(ParameterError) in
            guard case let .list(items) = value else { return }
            problem.anchors = items.compactMap { item in
                if case let .word(word) = item { return PopoverAnchor(rawValue: word) }
                return nil
            }
        })

    /// `--container X,Y,W,H|present|selection`.
    public static let container = Parameter<Problem>(
        ParameterDescription(
            name: "container",
            syntax: .numbers(
                .rectangle, ranges: [.coordinate, .coordinate, .length, .length],
                words: PopoverContainerDefault.allCases.map(\.rawValue)),
            summary:
                "the relative container (the source frame after its inset), with \(anchors.flag); present or "
                + "selection: the default of .popover(present:) or .popover(selection:tag:)"
        ),
        components: [\Rect.origin.x, \.origin.y, \.size.width, \.size.height].map {
            Parameter<Problem>.given(\.containerFrame, or: Rect(x: 0, y: 0, width: 0, height: 0), $0)
        },
        read: { problem in
            if let word = problem.containerDefault { return .word(word.rawValue) }
            return problem.containerFrame.map { .numbers([$0.minX, $0.minY, $0.width, $0.height]) }
        },
        assign: { (problem: inout Problem, value: ParameterValue) throws(ParameterError) in
            if case let .word(word) = value {
                problem.containerDefault = PopoverContainerDefault(rawValue: word)
            } else if let n = value.plainNumbers, n.count == 4 {
                problem.containerFrame = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
            }
        })

    public static let changeLocationOnDismiss = Parameter<Problem>.toggle(
        "change_location_on_dismiss", \.changeLocationOnDismiss,
        "changeLocationOnDismiss (main only): the popover stays where it is let go")

    public static let noOffScreen = Parameter<Problem>.toggle(
        "no_off_screen", \.dragMovesPopoverOffScreen, setting: false,
        "dragMovesPopoverOffScreen = false (only changes the target, not the word)")
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
