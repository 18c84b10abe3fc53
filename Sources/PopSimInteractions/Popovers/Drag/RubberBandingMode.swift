/// The axes a dragged popover rubber-bands on (`Popover.Attributes.RubberBandingMode`, an OptionSet:
/// xAxis = 1, yAxis = 2, none = []; default [.xAxis, .yAxis]; Popover+Attributes.swift:54,153-167).
/// An empty mode disables the popover's drag gesture altogether (PopoverContainerView.swift:141-143).
public struct RubberBandingMode: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let xAxis = RubberBandingMode(rawValue: 1 << 0)
    public static let yAxis = RubberBandingMode(rawValue: 1 << 1)
    public static let none: RubberBandingMode = []
    public static let both: RubberBandingMode = [.xAxis, .yAxis]

    /// Parses `x`, `y`, `both` or `none`.
    public init?(name: String) {
        switch name {
        case "x": self = .xAxis
        case "y": self = .yAxis
        case "both": self = .both
        case "none": self = .none
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .xAxis: return "x"
        case .yAxis: return "y"
        case .both: return "both"
        default: return "none"
        }
    }
}
