import PopSimGestures
import PopSimParameters
import PopSimTextIO

extension SheetDecisionProblem {
    /// `decide sheet`'s parameters; `sweep` and `threshold` add axes over the numeric ones, `simulate`
    /// takes all but the release.
    public static let parameters: ParameterList<SheetDecisionProblem> =
        [SheetParameter.library, SheetParameter.libraryVersion] + screenParameters + [SheetParameter.detents]
        + SheetParameter.libraryOnly([SheetParameter.anchors]) + [SheetParameter.contentHeight]
        + SheetParameter.libraryOnly([SheetParameter.attached]) + [SheetParameter.from] + releaseParameters
        + SheetParameter.libraryOnly(SheetParameter.floatingPanel + SheetParameter.panModal)
        + [SheetParameter.scrollContent, SheetParameter.scrollOffset]

    /// The window: `--device`, `--window` and `--safe-area`.
    static let screenParameters = ParameterList(
        ScreenParameter.parameters(
            at: \SheetDecisionProblem.placement.screen, of: Screen.defaultPhone,
            device: "its window, safe area and pixel scale"))

    /// The release: a touch stream gives it instead.
    public static let releaseParameters: ParameterList<SheetDecisionProblem> = [
        ReleaseParameter.translation.lifted(\SheetDecisionProblem.release).described(
            "the sheet's displacement at release in pt, y down: "
                + "its edge is the from-stop plus this (PanModal applies its clamp)"),
        ReleaseParameter.velocity.lifted(\SheetDecisionProblem.release).described("release velocity, pt/s, y down"),
    ]

    /// `full=77,half=439` as ``parameters`` reads and writes it.
    static func detentsText(_ stops: [SheetStop]) -> String {
        stops.map { "\($0.name)=\(compact($0.y))" }.joined(separator: ",")
    }

    /// The library's own stops in the default window to the nearest point, as `--detents` writes them
    /// (its example).
    static func exampleDetents(_ library: SheetLibrary) -> String {
        var problem = SheetDecisionProblem()
        problem.library = library
        return (try? problem.layout()).map { detentsText($0.stops.map { SheetStop(name: $0.name, y: $0.y.rounded()) }) }
            ?? library.stopNames.map { "\($0.rawValue)=Y" }.joined(separator: ",")
    }

    static func parseDetents(_ text: String, library: SheetLibrary) throws(ParameterError) -> [SheetStop] {
        var stops: [SheetStop] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else {
                let what = item.isEmpty ? "an empty stop" : "'\(DiagnosticText.excerpt(item))'"
                throw .invalidValue(
                    text, for: SheetParameter.detentsDescription,
                    "\(what) is not NAME=Y; give \(library.repository)'s stops as \(exampleDetents(library))")
            }
            guard let y = Double(parts[1].trimmingSpaces), NumberRange.coordinate.contains(y) else {
                throw .invalidValue(
                    text, for: SheetParameter.detentsDescription,
                    "the position of '\(DiagnosticText.excerpt(parts[0]))' must be "
                        + "a number in \(NumberRange.coordinate)"
                )
            }
            stops.append(SheetStop(name: String(parts[0]), y: y))
        }
        return stops
    }

    /// Checks every number, the stops against the library (names, order for the attachment,
    /// duplicates), the from-stop and the version.
    public func validate() throws(ParameterError) {
        try validateRanges()
        try screen.validateSafeArea(vertically: true)
        if let libraryVersion, libraryVersion != library.release {
            throw .invalidValue(
                libraryVersion.rawValue, for: SheetParameter.libraryVersion,
                "\(library.repository) \(library.version) (\(library.commit)) is the only release modelled")
        }
        try validateLibraryParameters()
        if detents == nil, anchors == nil, library == .floatingPanel, attachment == .top {
            throw ParameterError(
                "\(SheetParameter.detents.flag) is missing: "
                    + "FloatingPanel has no default layout for a top-attached panel; give its stops, "
                    + "e.g. \(SheetParameter.detents.flag) hidden=-100,tip=69,half=426,full=800, or its anchors with "
                    + "\(SheetParameter.anchors.flag)")
        }
        let layout: SheetLayout
        do { layout = try self.layout() } catch {
            throw layoutError(error)
        }
        guard layout.position(of: from) != nil else {
            throw .invalidValue(
                from.rawValue, for: SheetParameter.from,
                "the \(library.repository) sheet has the stops \(layout.stops.map(\.name).joined(separator: ", "))")
        }
        do {
            try floatingPanel.validate()
            try panModal.behavior.validate()
        } catch {
            throw ParameterError(error.description)
        }
        if let scrollOffset, !hasScrollView {
            throw .invalidValue(
                scrollOffset, for: SheetParameter.scrollOffset,
                "there is no scroll view to offset; give \(SheetParameter.scrollContent.flag) H too")
        }
        if let scrollView {
            do { try scrollView.validate(in: layout) } catch {
                switch error {
                case .offset:
                    throw .invalidValue(scrollView.contentOffset, for: SheetParameter.scrollOffset, error.description)
                default:
                    throw .invalidValue(scrollView.contentHeight, for: SheetParameter.scrollContent, error.description)
                }
            }
        }
    }
}

extension SheetDecisionProblem {
    /// A layout refused for what a flag other than `--detents` gave: the attachment, the window, the
    /// safe area; anything else is about the stops: the ones given, or the library's default stops in
    /// this window, blamed on what placed them.
    func layoutError(_ error: SheetLayoutError) -> ParameterError {
        let window = screen.windowText
        let insets = screen.safeAreaText
        switch error {
        case .unsupportedAttachment:
            return .invalidValue(attachment.rawValue, for: SheetParameter.attached, error.description)
        case .invalidParameter(.windowHeight, _, _), .invalidParameter(.containerHeight, _, _):
            return .invalidValue(window, for: ScreenParameter.window.description, error.description)
        case .invalidParameter(.topSafeAreaInset, _, _), .invalidParameter(.safeAreaInsets, _, _):
            return .invalidValue(insets, for: ScreenParameter.safeArea.description, error.description)
        case .missingIntrinsicHeight:
            return ParameterError(
                "\(SheetParameter.contentHeight.flag) is missing: \(error.description) with "
                    + "\(SheetParameter.contentHeight.flag) H")
        case .invalidParameter(.intrinsicHeight, let value, _):
            return .invalidValue(value, for: SheetParameter.contentHeight, error.description)
        case .invalidParameter(.topOffset, let value, _):
            return .invalidValue(value, for: SheetParameter.topOffset, error.description)
        default:
            if detents != nil {
                return .invalidValue(Self.detentsText(stops), for: SheetParameter.detents, error.description)
            }
            if let anchors, library == .floatingPanel {
                let text = FloatingPanelAnchoredLayout(anchors: anchors).anchorsText
                if case .outOfOrder(let name, let y, let neighbour, let neighbourY, let relation, let reason) = error {
                    return .invalidValue(
                        text, for: SheetParameter.anchors,
                        "\(name) is placed at \(compact(y)), not strictly \(relation) \(neighbour) at "
                            + "\(compact(neighbourY)) (\(reason)); change their anchors")
                }
                return .invalidValue(text, for: SheetParameter.anchors, error.description)
            }
            if library == .panModal,
                let form = [SheetParameter.shortForm, SheetParameter.longForm, SheetParameter.topOffset].first(where: {
                    given($0)
                })
            {
                return .invalidValue(
                    form.value(in: self).flatMap { form.description.syntax.encode($0) } ?? "", for: form,
                    "the forms cannot be laid out: \(error.description)")
            }
            let placed: (parameter: ParameterDescription, value: String)
            if screen.givenWindow != nil {
                placed = (ScreenParameter.window.description, window)
            } else if screen.givenSafeArea != nil {
                placed = (ScreenParameter.safeArea.description, insets)
            } else if let contentHeight = placement.scrollContentHeight, library == .panModal {
                placed = (SheetParameter.scrollContent.description, compact(contentHeight))
            } else if let device {
                placed = (ScreenParameter.device.description, device.name)
            } else {
                placed = (SheetParameter.library.description, library.rawValue)
            }
            return .invalidValue(
                placed.value, for: placed.parameter,
                "\(library.repository)'s default stops here (\(Self.detentsText(stops))) cannot be laid out: "
                    + "\(error.description); give the stops with \(SheetParameter.detents.flag)")
        }
    }
}

/// The sheet's own parameters, declared once (the screen and the release are every family's:
/// ``ScreenParameter``, ``ReleaseParameter``).
public enum SheetParameter {
    public typealias Problem = SheetDecisionProblem

    public static let library = Parameter<Problem>.choice(
        "library", \.placement.library,
        "the sheet library: floatingpanel (scenee/FloatingPanel) or panmodal (slackhq/PanModal)", isRequired: true)

    /// `--library-version VERSION`: the library's one release.
    public static let libraryVersion = Parameter<Problem>.libraryVersion(
        \.libraryVersion,
        "the release modelled: FloatingPanel \(SheetLibrary.floatingPanel.version) "
            + "(\(SheetLibrary.floatingPanel.commit)), PanModal \(SheetLibrary.panModal.version) "
            + "(\(SheetLibrary.panModal.commit)), the only ones",
        default: "the library's")

    static let detentsDescription = ParameterDescription(
        name: "detents", syntax: .text, placeholder: "NAME=Y,…",
        summary:
            "the stops: each one's moving edge in pt from the window's top; full, half, tip, "
            + "hidden for FloatingPanel, long, short for PanModal",
        defaultText:
            "the library's default layout (FloatingPanel's bottom layout, "
            + "PanModal's long form at the top offset, or fitting a scroll view's content)",
        textValues:
            "stops NAME=Y separated by commas, each name once: "
            + SheetLibrary.allCases.map { library in
                "\(library.stopNames.map(\.rawValue).joined(separator: ", ")) for \(library.rawValue)"
            }.joined(separator: "; ") + "; Y in \(NumberRange.coordinate)")

    /// `--detents NAME=Y,…`.
    public static let detents = Parameter<Problem>(
        detentsDescription,
        read: { problem in problem.detents.map { .text(Problem.detentsText($0)) } },
        assign: { (problem: inout Problem, value: ParameterValue) throws(ParameterError) in
            guard case let .text(text) = value else { return }
            problem.detents = try Problem.parseDetents(text, library: problem.library)
        })

    public static let attached = Parameter<Problem>.choice(
        "attached", \.placement.attachment,
        "FloatingPanel's position: the edge of the window the panel is attached to",
        default: FloatingPanelPosition.bottom.rawValue)

    /// `--from NAME`.
    public static let from = Parameter<Problem>(
        ParameterDescription(
            name: "from", syntax: .choice(SheetStopName.allCases.map(\.rawValue)), placeholder: "NAME",
            summary: "the stop the drag began at", isRequired: true),
        read: { .word($0.from.rawValue) },
        assign: { (problem: inout Problem, value: ParameterValue) throws(ParameterError) in
            if case let .word(word) = value, let name = SheetStopName(rawValue: word) { problem.from = name }
        })

    public static let projectMomentum = Parameter<Problem>(
        ParameterDescription(
            name: "project_momentum", syntax: .toggle,
            summary: "FloatingPanel: shouldProjectMomentum(to:) true for every state (a fast flick may skip stops)"),
        assign: { (problem: inout Problem, _: ParameterValue) throws(ParameterError) in
            problem.floatingPanel.projectsMomentum = Set(FloatingPanelState.allCases)
        })

    public static let projectionRate = Parameter<Problem>.number(
        "projection_rate", \.floatingPanel.momentumProjectionRate,
        NumberRange(lower: 0, includesLower: false, upper: 1, includesUpper: false), placeholder: "R",
        "FloatingPanel: momentumProjectionRate r, the projection y + (v/1000)·r/(1 − r)",
        default: compact(FloatingPanelBehavior.normalDecelerationRate))

    public static let redirectionalProgress = Parameter<Problem>.number(
        "redirectional_progress", \.floatingPanel.redirectionalProgress, .unitInterval, placeholder: "P",
        "FloatingPanel: the progress past which the far stop of the segment is chosen", default: "0.5")

    public static let removal = Parameter<Problem>.toggle(
        "removal", \.floatingPanel.isRemovalInteractionEnabled,
        "FloatingPanel: isRemovalInteractionEnabled (a fast enough flick toward hidden removes the panel)")

    public static let noDragToDismiss = Parameter<Problem>.toggle(
        "no_drag_to_dismiss", \.panModal.behavior.allowsDragToDismiss, setting: false,
        "PanModal: allowsDragToDismiss = false")

    /// `--scroll-content H` (nil until given: no scroll view).
    public static let scrollContent = Parameter<Problem>.optionalNumber(
        "scroll_content", \.placement.scrollContentHeight, .nonNegativeLength, placeholder: "H",
        "a scroll view fills the sheet below its grabber area, "
            + "its content H pt tall: the drag is shared between content and sheet by the library's rules, "
            + "and the decision says what moved (MOVERS:STOP; Documentation/arbitration.md)",
        or: 0)

    /// `--scroll-offset O` (nil until given: at its top).
    public static let scrollOffset = Parameter<Problem>.optionalNumber(
        "scroll_offset", \.scrollOffset, .nonNegativeLength, placeholder: "O",
        "the content offset when the gesture begins, pt (0: at its top); needs \(scrollContent.flag)",
        default: "0", or: 0)
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
