/// The aheze/Popovers source a simulation follows.
///
/// A user who pins the latest release through SwiftPM or CocoaPods gets tag 1.3.2, commit de44c4d
/// (2022-04-28). The main branch moved on for three years without a release (to 576b4d3, 2025-02-18):
/// it added attributes and changed the Menu template and one default container. Every rule that differs
/// between the two reads this value and cites both commits; the table of differences is
/// Documentation/popovers-versions.md.
public enum PopoversVersion: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Tag 1.3.2, `aheze/Popovers@de44c4d`: the latest release, and the default.
    case v1_3_2 = "1.3.2"
    /// The main branch at `aheze/Popovers@576b4d3` (podspec still 1.3.2; never tagged).
    case main

    /// The version a simulation follows unless told otherwise: the latest release.
    public static let `default` = PopoversVersion.v1_3_2

    /// The abbreviated commit the rules were read from.
    public var commit: String {
        switch self {
        case .v1_3_2: return "de44c4d"
        case .main: return "576b4d3"
        }
    }

    /// `1.3.2 (de44c4d)` or `main (576b4d3)`, for messages.
    public var description: String { "\(rawValue) (\(commit))" }

    /// Whether this version has `feature`.
    public func has(_ feature: PopoversFeature) -> Bool {
        switch self {
        case .main: return true
        case .v1_3_2: return false
        }
    }

    /// The valid `--library-version` values, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What main has and 1.3.2 does not: the attributes a configuration may only set for
/// ``PopoversVersion/main``, and behaviours only main's template has.
public enum PopoversFeature: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `Attributes.changeLocationOnDismiss` (aheze/Popovers@576b4d3 Sources/Popover+Attributes.swift:60; absent
    /// from aheze/Popovers@de44c4d Sources/Popover.swift:65-149).
    case changeLocationOnDismiss
    /// `Attributes.blocksBackgroundTouchesAllowedFrames` (aheze/Popovers@576b4d3 Sources/Popover+Attributes.swift:63;
    /// in 1.3.2 a blocking popover consumes every outside touch, aheze/Popovers@de44c4d
    /// Sources/PopoverGestureContainer.swift:104-108).
    case blocksBackgroundTouchesAllowedFrames
    /// `MenuConfiguration.screenEdgePadding` (aheze/Popovers@576b4d3 Sources/Templates/Menu/Menu.swift:23,49; 1.3.2's
    /// menu popover keeps the popover default of 16 pt, aheze/Popovers@de44c4d Sources/Templates/Menu.swift:214-226).
    case menuScreenEdgePadding
    /// `MenuConfiguration.dismissAfterSelecting` (aheze/Popovers@576b4d3 Sources/Templates/Menu/Menu.swift:36,61; 1.3.2
    /// always dismisses, aheze/Popovers@de44c4d Sources/Templates/Menu+Model.swift:196-199).
    case menuDismissAfterSelecting
    /// `MenuConfiguration.onLiftWithoutSelecting` (aheze/Popovers@576b4d3 Sources/Templates/Menu/Menu.swift:37,62).
    case menuOnLiftWithoutSelecting
    /// A menu item's action on every selection: main clears `selectedItemID` once the action has run
    /// (aheze/Popovers@576b4d3 Sources/Templates/Menu/Menu.swift:202-207), so selecting the same item again
    /// fires it again. 1.3.2 fires an item's action only when `selectedIndex` changes to it
    /// (aheze/Popovers@de44c4d Sources/Templates/Menu.swift:376-380, `onValueChange`, PopoverUtilities.swift:177-211)
    /// and clears it only when the menu is dismissed (Menu.swift:196-201): lifting on the selected item
    /// again, through a press on the label while the menu stays open, does not fire it.
    case menuReselectionFiresAgain

    public var description: String { rawValue }
}

/// A configuration asks for something its Popovers version does not have.
public struct PopoversFeatureUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public let feature: PopoversFeature
    public let version: PopoversVersion
    /// Where in the configuration (`popovers[0].changeLocationOnDismiss`).
    public let parameter: String

    /// The version that has the feature.
    public var availableIn: PopoversVersion { .main }

    public var description: String {
        "\(parameter): aheze/Popovers \(version) has no \(feature); it exists on \(availableIn): "
            + "use library version \(availableIn.rawValue), or leave it out"
    }
}

extension PopoversVersion: LibraryVersion {}
