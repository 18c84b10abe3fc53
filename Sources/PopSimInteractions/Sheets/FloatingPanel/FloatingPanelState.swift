/// FloatingPanel's built-in states and their sort order: `full` 1000, `half` 500, `tip` 100,
/// `hidden` 0 (scenee/FloatingPanel@7efcc76 Sources/State.swift:40-47). The library sorts a layout's
/// states by this order, never by position (Sources/Layout.swift:103-107, 121-130): a larger order is
/// more expanded. Custom states (any name with an order) exist upstream; PopSim models the four
/// built-in ones.
public enum FloatingPanelState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case full, half, tip, hidden

    /// `FloatingPanelState.order`.
    public var order: Int {
        switch self {
        case .full: return 1000
        case .half: return 500
        case .tip: return 100
        case .hidden: return 0
        }
    }

    /// The stop's name in the outcome vocabulary.
    public var stopName: SheetStopName {
        switch self {
        case .full: return .full
        case .half: return .half
        case .tip: return .tip
        case .hidden: return .hidden
        }
    }

    public init?(_ name: SheetStopName) {
        switch name {
        case .full: self = .full
        case .half: self = .half
        case .tip: self = .tip
        case .hidden: self = .hidden
        case .long, .short: return nil
        }
    }

    public var description: String { rawValue }
}
