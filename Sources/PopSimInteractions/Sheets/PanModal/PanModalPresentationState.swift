/// PanModal's two resting states, `PanModalPresentationController.PresentationState`
/// (slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift:31-34).
public enum PanModalPresentationState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case longForm, shortForm

    /// `long` or `short`.
    public var stopName: SheetStopName { self == .longForm ? .long : .short }

    public init?(_ name: SheetStopName) {
        switch name {
        case .long: self = .longForm
        case .short: self = .shortForm
        default: return nil
        }
    }

    public var description: String { stopName.rawValue }
}
