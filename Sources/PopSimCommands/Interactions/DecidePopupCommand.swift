import PopSimArgumentParsing
import PopSimGeometry
import PopSimInteractions
import PopSimSweeps
import PopSimTextIO

/// `popsim decide popup`: LNPopupController's release decision alone (``PopupReleaseDecision``), one
/// word on standard output.
enum DecidePopupCommand: Command {
    static let spec = CommandSpec(
        path: ["decide", "popup"],
        summary: "the state one pan leaves an LNPopupController popup in (prints open or closed)",
        flags: [
            .option("--library-version", "VERSION", "LNPopupController version: \(PopupConfiguration.libraryVersion) (\(PopupConfiguration.libraryCommit)), the only one modelled"),
            DeviceFlags.flag,
            .option("--style", "NAME", "interaction style: " + PopupInteractionStyle.allCases.map(\.rawValue).joined(separator: ", ") +
                    " (default automatic: snap from closed, drag from open)"),
            .option("--from", "STATE", "state when the pan began: open or closed (required)"),
            .number("--screen-height", "H", ValueRanges.length, "d, the container height in pt (default \(helpNumber(PopupGeometry.defaultContainerHeight)), or the device's)"),
            .number("--dock-top", "Y", ValueRanges.length, "Y_c, the docking bar's top edge in pt, at most H (default \(helpNumber(PopupGeometry.defaultDockTop)), or a \(helpNumber(PopupDecisionProblem.tabBarHeight)) pt tab bar above the device's bottom safe area)"),
            .number("--snap-percent", "C", .closed(0, 1), "popupSnapPercent c (default \(PopupSnapRule.defaultSnapPercent)); clamped to [0.1, 0.9] as the library's setter does"),
            .pair("--translation", "X,Y", ValueRanges.coordinate, "finger translation at release in pt, y down (default 0,0); for snap from open also the largest travel reached"),
            .pair("--velocity", "VX,VY", ValueRanges.velocity, "pt/s, y down (default 0,0): at release; for snap from closed, when the pan began"),
        ],
        discussion: """
        what decides, per resolved style (LNPopupController 4.5.6.1 = LeoNatan/LNPopupController@be3afaa,
        LNPopupController/LNPopupController/Private/LNPopupController.mm):
          none            nothing: prints the --from state
          snap, closed    the velocity when the pan began: open iff |vy| > |vx| and vy < 0 (l.943-975);
                          the translation is unused (the popup opens 0.15 s later, the bar never follows)
          snap, open      the largest travel: closed iff max(min(ty, Y), 0) / H > c, strictly (l.1146);
                          the velocity is unused (an earlier release springs back open)
          drag            p from ty with the hard clamp (from closed the content top is clamp(Y + ty, 0, Y),
                          from open clamp(ty, 0, Y); p = 1 - top / Y), then with vy at release (l.1199-1227):
                          vy <= 0: closed iff from open and p < 0.5, else open; vy > 0 and p != 1: closed;
                          vy > 0 and p = 1: open (the 0.2 threshold passes from closed, fails from open)
          scroll, closed  closed: a pan on the bar never opens (only a tap does)
          scroll, open    as drag; ty counts from where the scroll view reached its top edge
        drag and scroll assume the pan was allowed to begin (from the bar: an upward-dominant pan; scroll:
        the scroll view at its top and pulled down) and that the finger did not move between its last
        move and lift-off. Velocities are what UIPanGestureRecognizer.velocity(in:) reports; only their
        signs and the vertical dominance matter.

        --snap-percent outside [0.1, 0.9] is clamped silently (popupSnapPercent's setter,
        UIViewController+LNPopupSupport.mm:345). Exit 2 for NaN, inf, H <= 0, Y outside (0, H],
        a missing --from or an unknown style.

        examples:
          popsim decide popup --from open --style snap --translation 0,280      closed (280 > \(helpNumber(PopupSnapRule.defaultSnapPercent))·\(helpNumber(PopupGeometry.defaultContainerHeight)))
          popsim decide popup --from open --translation 0,300 --velocity 0,-50  open   (p = 0.61 >= 0.5)
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let problem = try PopupDecisionProblem(arguments: arguments)
        try context.standardOutput.write(problem.outcome() + "\n")
    }
}

/// The `decide popup` flags, read into the library's problem value.
extension PopupDecisionProblem: SweepableDecision {
    static var decideSpec: CommandSpec { DecidePopupCommand.spec }

    static let numericFlags: [NumericFlag] = [
        .scalar("--screen-height"),
        .scalar("--dock-top"),
        .scalar("--snap-percent"),
        .pair("--translation"),
        .pair("--velocity"),
    ]

    init(arguments: ParsedArguments) throws {
        guard let from = try arguments.choice("--from", as: From.self) else {
            throw UsageError("--from is missing: give the state when the pan began, --from open or --from closed")
        }
        try self.init(arguments: arguments, from: from)
    }

    /// The model flags with `--from` already decided (simulate defaults it to closed).
    init(arguments: ParsedArguments, from: From) throws {
        self.init(from: from, style: try arguments.choice("--style", default: PopupInteractionStyle.automatic))
        if let version = arguments.string("--library-version"), version != PopupConfiguration.libraryVersion {
            throw UsageError("invalid value '\(DiagnosticText.excerpt(version))' for --library-version: LNPopupController \(PopupConfiguration.libraryVersion) (\(PopupConfiguration.libraryCommit)) is the only version modelled")
        }
        if let device = try DeviceFlags.device(arguments) { place(on: device) }
        screenHeight = try arguments.double("--screen-height", default: screenHeight)
        dockTop = try arguments.double("--dock-top", default: dockTop)
        guard dockTop > 0, dockTop <= screenHeight else {
            throw UsageError("invalid value '\(formatNumber(dockTop))' for --dock-top: it must be in (0, H] with H the --screen-height (\(formatNumber(screenHeight))): the dock's top edge lies inside the container")
        }
        snapPercent = try arguments.double("--snap-percent", default: snapPercent)
        (translationX, translationY) = try arguments.pair("--translation", default: (0, 0))
        (velocityX, velocityY) = try arguments.pair("--velocity", default: (0, 0))
    }
}
