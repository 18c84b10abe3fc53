import PopSimParameters
import PopSimTextIO

/// The parameters that configure one library's sheet as its app does: FloatingPanel's layout anchors and
/// behaviour, PanModal's presentable. Each is declared once here; the messages and help prose refer to
/// them by these handles.
extension SheetParameter {
    /// `--anchors STATE=SPEC,…`: FloatingPanel's `anchors`.
    public static let anchors = textParameter(
        "anchors", \.anchors, placeholder: "STATE=SPEC,…",
        summary:
            "FloatingPanel: the layout's anchors as the app writes them, placed in the window as "
            + "LayoutAdapter places them (rounded to the pixel grid)",
        default: "FloatingPanelBottomLayout's, " + FloatingPanelAnchoredLayout.bottomLayout.anchorsText,
        values: "STATE=SPEC separated by commas, STATE full, half, tip or hidden, SPEC "
            + FloatingPanelAnchor.specSyntax,
        parse: FloatingPanelAnchoredLayout.anchors(text:),
        format: { FloatingPanelAnchoredLayout(anchors: $0).anchorsText })

    /// `--content-height H`: the surface's intrinsic height, for intrinsic anchors and heights.
    public static let contentHeight = Parameter<Problem>.optionalNumber(
        "content_height", \.contentHeight, .nonNegativeLength, placeholder: "H",
        "the sheet's intrinsic content height in pt, which FloatingPanel's intrinsic-absolute and "
            + "intrinsic-fractional anchors and PanModal's intrinsic height read",
        or: 0)

    /// `--short-form HEIGHT`.
    public static let shortForm = formParameter(
        "short_form", \.panModal.shortFormHeight, "PanModal: shortFormHeight", default: "the long form's height")

    /// `--long-form HEIGHT`.
    public static let longForm = formParameter(
        "long_form", \.panModal.longFormHeight, "PanModal: longFormHeight",
        default: "max, or content:H with a scroll view's content H")

    /// `--top-offset PT`.
    public static let topOffset = Parameter<Problem>.optionalNumber(
        "top_offset", \.panModal.topOffset, .nonNegativeLength, placeholder: "PT",
        "PanModal: topOffset, the highest a long form may lie (also for --detents), pt from the window's top",
        default: "the top safe-area inset + \(compact(PanModalLayout.topOffsetBelowSafeArea))")

    /// `--project-momentum-to STATE,…` (`--project-momentum`: every state).
    public static let projectMomentumTo = choiceSet(
        "project_momentum_to", \.floatingPanel.projectsMomentum, placeholder: "STATE,…",
        "FloatingPanel: the states shouldProjectMomentum(_:to:) is true for: a flick whose projection ends "
            + "beyond one of them may skip the stops before it")

    public static let rubberBand = choiceSet(
        "rubber_band", \.floatingPanel.allowsRubberBanding, placeholder: "EDGE,…",
        "FloatingPanel: the edges allowsRubberBanding(for:) is true for (top, bottom): a drag past the "
            + "outermost stop there resists, (1 − 1/(0.55·x/H + 1))·H")

    public static let removalThreshold = Parameter<Problem>.number(
        "removal_threshold", \.floatingPanel.removalInteractionVelocityThreshold, .nonNegative, placeholder: "V",
        "FloatingPanel: removalInteractionVelocityThreshold, the release velocity ÷ the distance to hidden "
            + "(per second) at which \(removal.flag) removes the panel",
        default: compact(FloatingPanelBehavior.default.removalInteractionVelocityThreshold))

    public static let springDecelerationRate = Parameter<Problem>.number(
        "spring_deceleration_rate", \.floatingPanel.springDecelerationRate,
        NumberRange(lower: 0, includesLower: false, upper: 1, includesUpper: false), placeholder: "R",
        "FloatingPanel: springDecelerationRate, the attraction's damping ratio ln(R)/(−2π·0.001/T) "
            + "after a release faster than 300 pt/s",
        default: compact(FloatingPanelBehavior.default.springDecelerationRate))

    public static let springResponseTime = Parameter<Problem>.number(
        "spring_response_time", \.floatingPanel.springResponseTime, NumberRange.above(0, through: 1e3),
        placeholder: "T", "FloatingPanel: springResponseTime, the attraction spring's period (ω = 2π/T), s",
        default: compact(FloatingPanelBehavior.default.springResponseTime))

    public static let noAnchorToLongForm = Parameter<Problem>.toggle(
        "no_anchor_to_long_form", \.panModal.anchorModalToLongForm, setting: false,
        "PanModal: anchorModalToLongForm = false (the drag stops at topOffset, above the long form at half "
            + "the finger's speed)")

    public static let springDamping = Parameter<Problem>.number(
        "spring_damping", \.panModal.behavior.springDamping, NumberRange.above(0, through: 1e3), placeholder: "Z",
        "PanModal: springDamping, the damping ratio of every snap and the dismissal",
        default: compact(PanModalBehavior.default.springDamping))

    public static let transitionDuration = Parameter<Problem>.number(
        "transition_duration", \.panModal.behavior.transitionDuration, NumberRange.above(0, through: 1e3),
        placeholder: "T", "PanModal: transitionDuration of every snap and the dismissal, s",
        default: compact(PanModalBehavior.default.transitionDuration))

    public static let noTapToDismiss = Parameter<Problem>.toggle(
        "no_tap_to_dismiss", \.panModal.behavior.allowsTapToDismiss, setting: false,
        "PanModal: allowsTapToDismiss = false (a tap on the dimmed background does nothing)")

    public static let extendedPanScrolling = Parameter<Problem>(
        ParameterDescription(
            name: "extended_pan_scrolling", syntax: .toggle,
            summary:
                "PanModal: allowsExtendedPanScrolling = true (the modal anchors over its scroll view even when "
                + "the content does not scroll)"),
        read: { $0.panModal.behavior.allowsExtendedPanScrolling == true ? .on : nil },
        assign: { (problem: inout Problem, _: ParameterValue) throws(ParameterError) in
            problem.panModal.behavior.allowsExtendedPanScrolling = true
        })

    /// FloatingPanel's behaviour (`FloatingPanelBehavior`, `isRemovalInteractionEnabled`), each default
    /// `FloatingPanelDefaultBehavior`'s (scenee/FloatingPanel@7efcc76 Sources/Behavior.swift:61-85).
    public static let floatingPanel: [Parameter<Problem>] = [
        projectMomentum, projectMomentumTo, projectionRate, redirectionalProgress, removal, removalThreshold,
        springDecelerationRate, springResponseTime, rubberBand,
    ]

    /// PanModal's presentable (`PanModalPresentable`), each default the library's
    /// (slackhq/PanModal@b012aec PanModal/Presentable/PanModalPresentable+Defaults.swift).
    public static let panModal: [Parameter<Problem>] = [
        noDragToDismiss, shortForm, longForm, topOffset, noAnchorToLongForm, springDamping, transitionDuration,
        noTapToDismiss, extendedPanScrolling,
    ]

    /// A set of an enumeration's cases at `path`, written as their raw values separated by commas.
    static func choiceSet<Choice: RawRepresentable & CaseIterable & Hashable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Problem, Set<Choice>> & Sendable, placeholder: String,
        _ summary: String
    ) -> Parameter<Problem> where Choice.RawValue == String {
        Parameter(
            ParameterDescription(
                name: name,
                syntax: .list(
                    .choice(Choice.allCases.map(\.rawValue)), separator: ",", maximumCount: Choice.allCases.count),
                placeholder: placeholder, summary: summary, defaultText: "none"),
            read: { problem in
                let chosen = Choice.allCases.filter(problem[keyPath: path].contains)
                return chosen.isEmpty ? nil : .list(chosen.map { .word($0.rawValue) })
            },
            assign: { (problem: inout Problem, value: ParameterValue) throws(ParameterError) in
                guard case let .list(items) = value else { return }
                problem[keyPath: path] = Set(
                    items.compactMap { item in
                        if case let .word(word) = item { return Choice(rawValue: word) }
                        return nil
                    })
            })
    }

    /// Every library-specific parameter, in the order of their bits in
    /// ``SheetDecisionProblem/libraryParametersGiven``.
    public static let libraryParameters: [Parameter<Problem>] = floatingPanel + panModal + [anchors, attached]

    /// The bit of `parameter` in ``SheetDecisionProblem/libraryParametersGiven``, or nil for a parameter
    /// that is not library-specific.
    static func libraryParameterBit(_ parameter: Parameter<Problem>) -> UInt64? {
        libraryParameters.firstIndex { $0.name == parameter.name }.map { 1 << UInt64($0) }
    }

    /// Each library's parameters, which the other library refuses.
    static func libraryOnly(_ parameters: [Parameter<Problem>]) -> ParameterList<Problem> {
        ParameterList(
            parameters.map { parameter in
                let bit = libraryParameterBit(parameter) ?? 0
                return parameter.followed(by: { $0.libraryParametersGiven |= bit })
            })
    }

    /// A PanModal height at `path` as `max`, `content:300`, ….
    static func formParameter(
        _ name: String, _ path: WritableKeyPath<Problem, PanModalHeight?> & Sendable, _ summary: String,
        default defaultText: String
    ) -> Parameter<Problem> {
        textParameter(
            name, path, placeholder: "HEIGHT", summary: summary + ", placed as its layout helpers place it",
            default: defaultText,
            values: PanModalHeight.specSyntax + ", PT ≥ 0; intrinsic reads \(contentHeight.flag)",
            parse: PanModalHeight.init(spec:), format: \.spec)
    }

    /// An optional value at `path` written as text: `parse` reads it (its refusal follows the flag's name),
    /// `format` writes it back.
    static func textParameter<Value: Sendable>(
        _ name: String, _ path: WritableKeyPath<Problem, Value?> & Sendable, placeholder: String,
        summary: String, default defaultText: String, values: String,
        parse: @escaping @Sendable (String) throws(SheetConfigurationTextError) -> Value,
        format: @escaping @Sendable (Value) -> String
    ) -> Parameter<Problem> {
        let description = ParameterDescription(
            name: name, syntax: .text, placeholder: placeholder, summary: summary, defaultText: defaultText,
            textValues: values)
        return Parameter(
            description,
            read: { problem in problem[keyPath: path].map { .text(format($0)) } },
            assign: { (problem: inout Problem, value: ParameterValue) throws(ParameterError) in
                guard case let .text(text) = value else { return }
                do throws(SheetConfigurationTextError) { problem[keyPath: path] = try parse(text) } catch {
                    throw .invalidValue(text, for: description, error.reason)
                }
            })
    }

}

extension SheetDecisionProblem {
    /// Refuses what does not go together: the other library's parameters, two parameters that place the
    /// same stops, and `--project-momentum` with `--project-momentum-to`.
    func validateLibraryParameters() throws(ParameterError) {
        let (others, owner) =
            library == .floatingPanel
            ? (SheetParameter.panModal, SheetLibrary.panModal)
            : (SheetParameter.floatingPanel + [SheetParameter.anchors, SheetParameter.attached], .floatingPanel)
        if let given = others.first(where: given) {
            throw ParameterError(
                "\(given.flag) configures \(owner.repository), not \(SheetParameter.library.flag) \(library); drop it "
                    + "or use \(SheetParameter.library.flag) \(owner)")
        }
        if detents != nil {
            let placing =
                library == .floatingPanel
                ? [SheetParameter.anchors] : [SheetParameter.shortForm, SheetParameter.longForm]
            if let given = placing.first(where: given) {
                throw ParameterError(
                    "\(given.flag) and \(SheetParameter.detents.flag) both place the stops; give one of them")
            }
        }
        if given(SheetParameter.projectMomentum), given(SheetParameter.projectMomentumTo) {
            throw ParameterError(
                "\(SheetParameter.projectMomentum.flag) (every state) and \(SheetParameter.projectMomentumTo.flag) "
                    + "(some) both set shouldProjectMomentum; give one of them")
        }
    }
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
