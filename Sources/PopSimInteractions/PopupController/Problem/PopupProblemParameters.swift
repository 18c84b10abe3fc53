import PopSimGestures
import PopSimParameters
import PopSimTextIO

extension PopupDecisionProblem {
    /// `decide popup`'s parameters; `sweep` and `threshold` add axes over the numeric ones, `simulate`
    /// takes all but the release, which its stream provides.
    public static let parameters: ParameterList<PopupDecisionProblem> =
        [
            PopupParameter.libraryVersion, PopupParameter.device, PopupParameter.style, PopupParameter.from,
            PopupParameter.screenHeight, PopupParameter.dockTop, PopupParameter.snapPercent,
        ] + releaseParameters

    /// The release: a touch stream gives it instead.
    public static let releaseParameters: ParameterList<PopupDecisionProblem> = [
        ReleaseParameter.translation.lifted(\PopupDecisionProblem.release).described(
            "finger translation at release in pt, y down; for snap from open also the largest travel reached"),
        ReleaseParameter.velocity.lifted(\PopupDecisionProblem.release).described(
            "pt/s, y down: at release; for snap from closed, when the pan began"),
    ]

    /// Checks every number against its parameter's range, and that the dock lies inside the container.
    public func validate() throws(ParameterError) {
        try validateRanges()
        guard dockTop <= screenHeight else {
            let whose = device == nil ? "the default" : "the \(PopupParameter.device.flag)'s"
            if givenDockTop != nil {
                let height =
                    screen.givenWindow != nil ? "the \(PopupParameter.screenHeight.flag)" : "\(whose) screen height"
                throw .invalidValue(
                    dockTop, for: PopupParameter.dockTop,
                    "it must be in (0, H] with H \(height) (\(compact(screenHeight))): "
                        + "the dock's top edge lies inside the container")
            }
            throw .invalidValue(
                screenHeight, for: PopupParameter.screenHeight,
                "\(whose) dock top (\(compact(dockTop)) pt) must lie inside the container: give a taller screen, "
                    + "or the dock's top edge with \(PopupParameter.dockTop.flag)")
        }
    }
}

/// The popup's parameters, declared once (the release is every family's: ``ReleaseParameter``).
public enum PopupParameter {
    public typealias Problem = PopupDecisionProblem

    /// `--library-version VERSION`: only the one modelled.
    public static let libraryVersion = Parameter<Problem>.libraryVersion(
        \.libraryVersion,
        "LNPopupController version: \(PopupLibraryVersion.modelled.rawValue) "
            + "(\(PopupLibraryVersion.modelled.commit)), the only one modelled",
        hint:
            "LNPopupController \(PopupLibraryVersion.modelled.rawValue) "
            + "(\(PopupLibraryVersion.modelled.commit)) is the only version modelled")

    /// `--device NAME`: the container, dock and bar size class.
    public static let device = ScreenParameter.device.lifted(\Problem.screen).described(
        "device preset (see 'popsim devices'): its container, dock and bar size class; "
            + "explicit flags override its parts")

    public static let style = Parameter<Problem>.choice(
        "style", \.style,
        "interaction style: \(PopupInteractionStyle.allCases.map(\.rawValue).joined(separator: ", ")) "
            + "(automatic: snap from closed, drag from open)",
        default: PopupInteractionStyle.automatic.rawValue)

    public static let from = Parameter<Problem>.choice(
        "from", \.from, "the state when the pan began: open or closed", isRequired: true)

    /// `--screen-height H`: the window's height.
    public static let screenHeight = Parameter<Problem>.number(
        "screen_height", \.screenHeight, .length, placeholder: "H", "d, the container height in pt, or the device's",
        default: compact(PopupGeometry.defaultContainerHeight))

    /// `--dock-top Y`.
    public static let dockTop = Parameter<Problem>.number(
        "dock_top", \.dockTop, .length, placeholder: "Y",
        "Y_c, the docking bar's top edge in pt, at most H, "
            + "or a \(compact(Problem.tabBarHeight)) pt tab bar above the device's bottom safe area",
        default: compact(PopupGeometry.defaultDockTop))

    public static let snapPercent = Parameter<Problem>.number(
        "snap_percent", \.snapPercent, .unitInterval, placeholder: "C",
        "popupSnapPercent c; clamped to [0.1, 0.9] as the library's setter does",
        default: compact(PopupSnapRule.defaultSnapPercent))
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
