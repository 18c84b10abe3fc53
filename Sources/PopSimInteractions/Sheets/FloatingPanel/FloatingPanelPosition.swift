/// Where a FloatingPanel is attached (`FloatingPanelPosition`, scenee/FloatingPanel@7efcc76
/// Sources/Position.swift:6-11). PopSim models the vertical two: `.left` and `.right` follow the same
/// rules on the other axis.
///
/// The panel's *moving edge* is its top edge when attached to the bottom and its bottom edge when
/// attached to the top (`edgePosition`, Sources/Layout.swift:398-409). States sort by coordinate in
/// descending order of expansion for `.bottom` and ascending for `.top` (Sources/Layout.swift:121-130):
/// a bottom sheet's `full` has the smallest y, a top sheet's `full` the largest.
public enum FloatingPanelPosition: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case bottom, top

    public var description: String { rawValue }
}
