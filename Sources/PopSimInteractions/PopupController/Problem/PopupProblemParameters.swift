import PopSimGestures
import PopSimParameters
import PopSimTextIO

extension PopupDecisionProblem {
    /// `decide popup`'s parameters; `sweep` and `threshold` add axes over the numeric ones, `simulate`
    /// takes all but the release, which its stream provides.
    public static let parameters = ParameterList<PopupDecisionProblem>([
        Parameter(
            ParameterDescription(
                name: "library_version", syntax: .choice([PopupConfiguration.libraryVersion]), placeholder: "VERSION",
                summary:
                    "LNPopupController version: \(PopupConfiguration.libraryVersion) "
                    + "(\(PopupConfiguration.libraryCommit)), the only one modelled",
                hint:
                    "LNPopupController \(PopupConfiguration.libraryVersion) "
                    + "(\(PopupConfiguration.libraryCommit)) is the only version modelled"
            ),
            assign: { (_: inout PopupDecisionProblem, _: ParameterValue) throws(ParameterError) in }),
        .device(
            \.device,
            "device preset (see 'popsim devices'): its container, dock and bar size class; "
                + "explicit flags override its parts",
            place: { problem, device in problem.place(on: device) }),
        .choice(
            "style", \.style,
            "interaction style: \(PopupInteractionStyle.allCases.map(\.rawValue).joined(separator: ", ")) "
                + "(automatic: snap from closed, drag from open)",
            default: PopupInteractionStyle.automatic.rawValue),
        .choice("from", \.from, "the state when the pan began: open or closed", isRequired: true),
        Parameter.number(
            "screen_height", \.screenHeight, .length, placeholder: "H",
            "d, the container height in pt, or the device's",
            default: compact(PopupGeometry.defaultContainerHeight)
        ).followed(by: { $0.screenHeightGiven = true }),
        Parameter.number(
            "dock_top", \.dockTop, .length, placeholder: "Y",
            "Y_c, the docking bar's top edge in pt, at most H, "
                + "or a \(compact(tabBarHeight)) pt tab bar above the device's bottom safe area",
            default: compact(PopupGeometry.defaultDockTop)
        ).followed(by: { $0.dockTopGiven = true }),
        .number(
            "snap_percent", \.snapPercent, .unitInterval, placeholder: "C",
            "popupSnapPercent c; clamped to [0.1, 0.9] as the library's setter does",
            default: compact(PopupSnapRule.defaultSnapPercent)),
        .numbers(
            "translation", [\.translationX, \.translationY], shape: .point(), [.coordinate],
            "finger translation at release in pt, y down; for snap from open also the largest travel reached",
            default: "0,0"),
        .numbers(
            "velocity", [\.velocityX, \.velocityY], shape: .point("VX", "VY"), [.velocity],
            "pt/s, y down: at release; for snap from closed, when the pan began", default: "0,0"),
    ])

    /// Checks every number against its parameter's range, and that the dock lies inside the container.
    public func validate() throws(ParameterError) {
        try validateRanges()
        guard dockTop <= screenHeight else {
            let whose = device == nil ? "the default" : "the \(ParameterDescription.flag(for: "device"))'s"
            if dockTopGiven {
                let height =
                    screenHeightGiven
                    ? "the \(ParameterDescription.flag(for: "screen_height"))" : "\(whose) screen height"
                throw .invalidValue(
                    compact(dockTop), for: "dock_top",
                    "it must be in (0, H] with H \(height) (\(compact(screenHeight))): "
                        + "the dock's top edge lies inside the container")
            }
            throw .invalidValue(
                compact(screenHeight), for: "screen_height",
                "\(whose) dock top (\(compact(dockTop)) pt) must lie inside the container: give a taller screen, "
                    + "or the dock's top edge with \(ParameterDescription.flag(for: "dock_top"))")
        }
    }
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
