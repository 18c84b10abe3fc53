/// Who a finger moves in a frame, when a scroll view sits inside a sheet or popup: the `owner` column of
/// the sheet's and the popup's traces (Documentation/arbitration.md §1).
public enum TouchOwner: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No finger is down, or it has not become a pan, or its pan moves neither.
    case none
    /// The pan moves the sheet (the popup); the content is held.
    case sheet
    /// The pan scrolls the content; the sheet stays.
    case scroll

    public var description: String { rawValue }
}
