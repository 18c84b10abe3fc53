import PopSimGestures
import PopSimParameters
import PopSimTextIO

extension SheetDecisionProblem {
    /// `decide sheet`'s parameters; `sweep` and `threshold` add axes over the numeric ones, `simulate`
    /// takes all but the release.
    public static let parameters = ParameterList<SheetDecisionProblem>([
        .choice(
            "library", \.library,
            "the sheet library: floatingpanel (scenee/FloatingPanel) or panmodal (slackhq/PanModal)",
            isRequired: true),
        Parameter(
            ParameterDescription(
                name: "library_version", syntax: .choice(SheetLibrary.allCases.map(\.version)), placeholder: "VERSION",
                summary:
                    "the release modelled: FloatingPanel \(SheetLibrary.floatingPanel.version) "
                    + "(\(SheetLibrary.floatingPanel.commit)), PanModal \(SheetLibrary.panModal.version) "
                    + "(\(SheetLibrary.panModal.commit)), the only ones",
                defaultText: "the library's"),
            read: { $0.libraryVersion.map(ParameterValue.word) },
            assign: { (problem: inout SheetDecisionProblem, value: ParameterValue) throws(ParameterError) in
                if case let .word(word) = value { problem.libraryVersion = word }
            }),
        .device(
            \.device,
            "device preset (see 'popsim devices'): its window, safe area and pixel scale; "
                + "explicit flags override its parts",
            place: { problem, device in problem.place(on: device) }),
        Parameter.numbers(
            "window", [\.windowWidth, \.windowHeight], shape: .size, [.length], "window size in pt, or the device's",
            default: "\(compact(DefaultPhoneScreen.size.width))x\(compact(DefaultPhoneScreen.size.height))"
        ).followed(by: { $0.windowGiven = true }),
        Parameter.numbers(
            "safe_area", [\.safeAreaTop, \.safeAreaLeft, \.safeAreaBottom, \.safeAreaRight], shape: .insets,
            [.nonNegativeLength],
            "the window's safe-area insets in pt, or the device's portrait insets",
            default:
                "\(compact(DefaultPhoneScreen.topSafeAreaInset)),0,"
                + "\(compact(DefaultPhoneScreen.homeIndicatorInset)),0"
        ).followed(by: { $0.safeAreaGiven = true }),
        Parameter(
            ParameterDescription(
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
                    }.joined(separator: "; ") + "; Y in \(NumberRange.coordinate)"
            ),
            read: { problem in problem.detents.map { .text(detentsText($0)) } },
            assign: { (problem: inout SheetDecisionProblem, value: ParameterValue) throws(ParameterError) in
                guard case let .text(text) = value else { return }
                problem.detents = try parseDetents(text, library: problem.library)
            }),
        .choice(
            "attached", \.attachment, "FloatingPanel's position: the edge of the window the panel is attached to",
            default: FloatingPanelPosition.bottom.rawValue),
        Parameter(
            ParameterDescription(
                name: "from", syntax: .choice(SheetStopName.allCases.map(\.rawValue)), placeholder: "NAME",
                summary: "the stop the drag began at", isRequired: true),
            read: { .word($0.from.rawValue) },
            assign: { (problem: inout SheetDecisionProblem, value: ParameterValue) throws(ParameterError) in
                if case let .word(word) = value, let name = SheetStopName(rawValue: word) { problem.from = name }
            }),
        .numbers(
            "translation", [\.translationX, \.translationY], shape: .point(), [.coordinate],
            "the sheet's displacement at release in pt, y down: "
                + "its edge is the from-stop plus this (PanModal applies its clamp)",
            default: "0,0"),
        .numbers(
            "velocity", [\.velocityX, \.velocityY], shape: .point("VX", "VY"), [.velocity],
            "release velocity, pt/s, y down",
            default: "0,0"),
        Parameter(
            ParameterDescription(
                name: "project_momentum", syntax: .toggle,
                summary:
                    "FloatingPanel: shouldProjectMomentum(to:) true for every state (a fast flick may skip stops)"),
            assign: { (problem: inout SheetDecisionProblem, _: ParameterValue) throws(ParameterError) in
                problem.floatingPanel.projectsMomentum = Set(FloatingPanelState.allCases)
            }),
        .number(
            "projection_rate", \.floatingPanel.momentumProjectionRate,
            NumberRange(lower: 0, includesLower: false, upper: 1, includesUpper: false), placeholder: "R",
            "FloatingPanel: momentumProjectionRate r, the projection y + (v/1000)·r/(1 − r)",
            default: compact(FloatingPanelBehavior.normalDecelerationRate)),
        .number(
            "redirectional_progress", \.floatingPanel.redirectionalProgress, .unitInterval, placeholder: "P",
            "FloatingPanel: the progress past which the far stop of the segment is chosen", default: "0.5"),
        .toggle(
            "removal", \.floatingPanel.isRemovalInteractionEnabled,
            "FloatingPanel: isRemovalInteractionEnabled (a fast enough flick toward hidden removes the panel)"),
        .toggle(
            "no_drag_to_dismiss", \.panModal.allowsDragToDismiss, setting: false,
            "PanModal: allowsDragToDismiss = false"),
        Parameter.number(
            "scroll_content", \.scrollContentHeight, .nonNegativeLength, placeholder: "H",
            "a scroll view fills the sheet below its grabber area, "
                + "its content H pt tall: the drag is shared between content and sheet by the library's rules, "
                + "and the decision says what moved (MOVERS:STOP; Documentation/arbitration.md)"
        )
        .followed(by: { $0.hasScrollView = true }),
        Parameter.number(
            "scroll_offset", \.scrollOffset, .nonNegativeLength, placeholder: "O",
            "the content offset when the gesture begins, pt (0: at its top); "
                + "needs \(ParameterDescription.flag(for: "scroll_content"))",
            default: "0"
        )
        .followed(by: { $0.scrollOffsetGiven = true }),
    ])

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
                    text, for: "detents",
                    "\(what) is not NAME=Y; give \(library.repository)'s stops as \(exampleDetents(library))")
            }
            guard let y = Double(parts[1].trimmingSpaces), NumberRange.coordinate.contains(y) else {
                throw .invalidValue(
                    text, for: "detents",
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
        guard safeAreaTop + safeAreaBottom < windowHeight else { throw noSafeArea() }
        if let libraryVersion, libraryVersion != library.version {
            throw .invalidValue(
                libraryVersion, for: "library_version",
                "\(library.repository) \(library.version) (\(library.commit)) is the only release modelled")
        }
        if detents == nil, library == .floatingPanel, attachment == .top {
            throw ParameterError(
                "\(ParameterDescription.flag(for: "detents")) is missing: "
                    + "FloatingPanel has no default layout for a top-attached panel; give its stops, "
                    + "e.g. \(ParameterDescription.flag(for: "detents")) hidden=-100,tip=69,half=426,full=800"
            )
        }
        let layout: SheetLayout
        do { layout = try self.layout() } catch {
            throw layoutError(error)
        }
        guard layout.position(of: from) != nil else {
            throw .invalidValue(
                from.rawValue, for: "from",
                "the \(library.repository) sheet has the stops \(layout.stops.map(\.name).joined(separator: ", "))")
        }
        do {
            try floatingPanel.validate()
            try panModal.validate()
        } catch {
            throw ParameterError(error.description)
        }
        if scrollOffsetGiven && !hasScrollView {
            throw .invalidValue(
                compact(scrollOffset), for: "scroll_offset",
                "there is no scroll view to offset; give \(ParameterDescription.flag(for: "scroll_content")) H too")
        }
        if let scrollView {
            do { try scrollView.validate(in: layout) } catch {
                switch error {
                case .offset: throw .invalidValue(compact(scrollOffset), for: "scroll_offset", error.description)
                default: throw .invalidValue(compact(scrollContentHeight), for: "scroll_content", error.description)
                }
            }
        }
    }
}

extension SheetDecisionProblem {
    /// Insets that leave no room in the window, blamed on what was given: the insets when they were,
    /// else the window, naming the insets as the default's or the device's.
    func noSafeArea() -> ParameterError {
        let window = "\(compact(windowWidth))x\(compact(windowHeight))"
        let insets = [safeAreaTop, safeAreaLeft, safeAreaBottom, safeAreaRight].map(compact).joined(separator: ",")
        if safeAreaGiven || !windowGiven {
            return .invalidValue(
                insets, for: "safe_area", "the top and bottom insets leave no safe area in the \(window) window")
        }
        let whose = device == nil ? "the default" : "the \(ParameterDescription.flag(for: "device"))'s"
        return .invalidValue(
            window, for: "window",
            "\(whose) safe-area insets (\(insets)) leave no safe area in it; give a taller window, "
                + "or insets with \(ParameterDescription.flag(for: "safe_area"))")
    }

    /// A layout refused for what a flag other than `--detents` gave: the attachment, the window, the
    /// safe area; anything else is about the stops: the ones given, or the library's default stops in
    /// this window, blamed on what placed them.
    func layoutError(_ error: SheetLayoutError) -> ParameterError {
        let window = "\(compact(windowWidth))x\(compact(windowHeight))"
        let insets = [safeAreaTop, safeAreaLeft, safeAreaBottom, safeAreaRight].map(compact).joined(separator: ",")
        switch error {
        case .unsupportedAttachment:
            return .invalidValue(attachment.rawValue, for: "attached", error.description)
        case .invalidParameter(let name, _, _) where name == "windowHeight" || name == "containerHeight":
            return .invalidValue(window, for: "window", error.description)
        case .invalidParameter(let name, _, _) where name == "topSafeAreaInset":
            return .invalidValue(insets, for: "safe_area", error.description)
        default:
            if detents != nil { return .invalidValue(Self.detentsText(stops), for: "detents", error.description) }
            let placed: (name: String, value: String)
            if windowGiven {
                placed = ("window", window)
            } else if safeAreaGiven {
                placed = ("safe_area", insets)
            } else if hasScrollView && library == .panModal {
                placed = ("scroll_content", compact(scrollContentHeight))
            } else if let device {
                placed = ("device", device.name)
            } else {
                placed = ("library", library.rawValue)
            }
            return .invalidValue(
                placed.value, for: placed.name,
                "\(library.repository)'s default stops here (\(Self.detentsText(stops))) cannot be laid out: "
                    + "\(error.description); give the stops with \(ParameterDescription.flag(for: "detents"))")
        }
    }
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
