import PopSimGeometry

/// The nine edge and corner points of a rectangle that Popovers positions with
/// (`Popover.Attributes.Position.Anchor`, Popover+Attributes.swift:120-147; Documentation/popovers.md §4).
///
/// The raw values are the command-line names. `allCases` is in the library's declaration order.
public enum PopoverAnchor: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case topLeft = "top-left"
    case top
    case topRight = "top-right"
    case right
    case bottomRight = "bottom-right"
    case bottom
    case bottomLeft = "bottom-left"
    case left
    case center

    /// The anchor's unit coordinates (u, v) as fractions of width and height
    /// (Popover+Positioning.swift:29-74; Documentation/popovers.md §4): top-left (0, 0) … bottom-right (1, 1).
    public var unitPoint: (u: Double, v: Double) {
        switch self {
        case .topLeft: return (0, 0)
        case .top: return (0.5, 0)
        case .topRight: return (1, 0)
        case .right: return (1, 0.5)
        case .bottomRight: return (1, 1)
        case .bottom: return (0.5, 1)
        case .bottomLeft: return (0, 1)
        case .left: return (0, 0.5)
        case .center: return (0.5, 0.5)
        }
    }

    public var description: String { rawValue }

    /// The valid names, comma-separated, for error messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
