import PopSimTextIO

/// Something the Menu template did, for the event log.
public enum MenuEvent: Sendable, Hashable, CustomStringConvertible {
    /// `present(true)`: after the hold delay, or on a quick tap's lift inside the label.
    case presented
    /// The menu popover was dismissed.
    case dismissed(MenuDismissalReason)
    /// The hovered item changed (nil: none); the template plays a selection haptic for a non-nil one
    /// (Menu.swift:151-157).
    case hoverChanged(Int?)
    /// An item was selected by lifting on it, and its action ran.
    case selected(Int)
    /// Lifted on the item already selected (1.3.2, the menu still open): the selection does not change,
    /// so its action does not run (``PopoversFeature/menuReselectionFiresAgain``).
    case reselectedWithoutAction(Int)
    /// `onLiftWithoutSelecting` was called.
    case liftWithoutSelecting
    /// The label faded (true) or came back (false).
    case labelFaded(Bool)

    public var description: String {
        switch self {
        case .presented: return "menu-presented"
        case let .dismissed(reason): return "menu-dismissed:" + reason.rawValue
        case let .hoverChanged(item): return "hover:" + (item.map(String.init) ?? "none")
        case let .selected(item): return "selected:\(item)"
        case let .reselectedWithoutAction(item): return "reselected-without-action:\(item)"
        case .liftWithoutSelecting: return "lift-without-selecting"
        case let .labelFaded(faded): return faded ? "label-faded" : "label-restored"
        }
    }
}

/// Why the menu was dismissed.
public enum MenuDismissalReason: String, Sendable, Hashable {
    /// Lifted on an item with `dismissAfterSelecting`.
    case selection
    /// Pressed the label again while the menu was open and lifted on it.
    case label
    /// A touch outside the menu and the label (the popover's tap-outside dismissal).
    case tapOutside = "tap-outside"
}

/// One drawn frame of the Menu template: `presented,expansion,scale,opacity,hover,label_faded`.
public struct MenuTraceFrame: TraceRow, Hashable {
    public var presented: Bool
    /// The presentation scale effect (0.2 collapsed … 1 open), under the present/dismiss springs.
    public var expansion: Double
    /// The rubber-band scale effect (1 … minimumScale), under SwiftUI's `.default` animation.
    public var scale: Double
    /// The popover's opacity (easeOut fade in and out).
    public var opacity: Double
    public var hoveredItem: Int?
    public var labelFaded: Bool

    public static let columns = ["presented", "expansion", "scale", "opacity", "hover", "label_faded"]
    public var fields: [String] {
        [
            presented ? "1" : "0", formatNumber(expansion), formatNumber(scale), formatNumber(opacity),
            hoveredItem.map(String.init) ?? "", labelFaded ? "1" : "0",
        ]
    }
}
