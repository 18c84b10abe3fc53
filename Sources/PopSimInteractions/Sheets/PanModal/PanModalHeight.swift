/// `PanModalHeight` (slackhq/PanModal@b012aec PanModal/Presentable/PanModalHeight.swift:15-43): how a
/// presentable sizes its short or long form, with the library's case names.
public enum PanModalHeight: Sendable, Hashable {
    /// The maximum height: the form's top at `topOffset`.
    case maxHeight
    /// The maximum height less an inset: the top at `topOffset` + inset.
    case maxHeightWithTopInset(Double)
    /// A content height above the bottom safe-area inset.
    case contentHeight(Double)
    /// A content height from the container's bottom, ignoring the bottom safe-area inset.
    case contentHeightIgnoringSafeArea(Double)
    /// The presented view's fitting height (`systemLayoutSizeFitting`), above the bottom safe-area inset.
    case intrinsicHeight

    /// The number the case carries, if any.
    public var points: Double? {
        switch self {
        case .maxHeight, .intrinsicHeight: return nil
        case .maxHeightWithTopInset(let value), .contentHeight(let value), .contentHeightIgnoringSafeArea(let value):
            return value
        }
    }

    /// `topMargin(from:)` (PanModal/Presentable/PanModalPresentable+LayoutHelpers.swift:92-109): the form's
    /// distance below `topOffset`, with bottomYPos = the container's height − `topOffset` (l.80-86):
    /// `.maxHeight` 0; `.maxHeightWithTopInset(i)` i; `.contentHeight(h)` bottomYPos − (h + bottom inset);
    /// `.contentHeightIgnoringSafeArea(h)` bottomYPos − h; `.intrinsicHeight` as `.contentHeight` of the
    /// fitting height.
    public func topMargin(bottomYPosition: Double, bottomSafeAreaInset: Double, intrinsicHeight: Double) -> Double {
        switch self {
        case .maxHeight: return 0
        case .maxHeightWithTopInset(let inset): return inset
        case .contentHeight(let height): return bottomYPosition - (height + bottomSafeAreaInset)
        case .contentHeightIgnoringSafeArea(let height): return bottomYPosition - height
        case .intrinsicHeight: return bottomYPosition - (intrinsicHeight + bottomSafeAreaInset)
        }
    }
}
