import PopSimParameters
import PopSimTextIO

/// Why a set of stops (or a value that places them) does not describe a sheet the library can lay out.
/// Every message names the stop or parameter, the value, and what would fix it.
public enum SheetLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A name the library does not have (`tip` for PanModal, `middle` for either).
    case unknownStop(name: String, library: SheetLibrary)
    /// The same name twice.
    case duplicateStop(name: String)
    /// A stop position that is not a finite number within ±``SheetLayoutLimits/maximumCoordinate``.
    case stopOutOfRange(name: String, y: Double)
    /// Two stops in the wrong order (or at the same position) for how the sheet is attached: `name`
    /// must lie strictly `relation` `neighbour`.
    case outOfOrder(name: String, y: Double, neighbour: String, neighbourY: Double, relation: String, reason: String)
    /// A stop the library needs is missing.
    case missingStop(name: String, library: SheetLibrary, reason: String)
    /// No stop at all.
    case noStops(library: SheetLibrary)
    /// A stop outside the range the library can produce.
    case stopOutsideLibraryRange(name: String, y: Double, requirement: String)
    /// A release starting from a stop the layout does not have.
    case unknownFrom(name: String, available: [String])
    /// A number that places the stops (window height, display scale, top offset) is out of range.
    case invalidParameter(name: SheetLayoutField, value: Double, requirement: String)
    /// An attachment the library does not have.
    case unsupportedAttachment(library: SheetLibrary, attachment: FloatingPanelPosition)
    /// An intrinsic anchor (FloatingPanel) or `.intrinsicHeight` (PanModal) without the content's height.
    case missingIntrinsicHeight(library: SheetLibrary)
    /// A FloatingPanel anchor's inset or offset that is negative, not finite or beyond the limits.
    case invalidAnchor(state: FloatingPanelState, value: Double)
    /// A PanModal form's height (or inset) that is negative, not finite or beyond the limits.
    case invalidFormHeight(form: SheetStopName, value: Double)

    public var description: String {
        func quoted(_ name: String) -> String { "'\(DiagnosticText.excerpt(name))'" }
        switch self {
        case .unknownStop(let name, let library):
            let names = library.stopNames.map(\.rawValue).joined(separator: ", ")
            return "stop \(quoted(name)): \(library.repository) has no such stop; use one of \(names)"
        case .duplicateStop(let name):
            return "stop \(quoted(name)) is given twice; give each stop once"
        case .stopOutOfRange(let name, let y):
            return "stop \(quoted(name)) at \(formatNumber(y)): a position must be a finite number of points within "
                + "±\(formatNumber(SheetLayoutLimits.maximumCoordinate))"
        case .outOfOrder(let name, let y, let neighbour, let neighbourY, let relation, let reason):
            return "stop \(quoted(name)) at \(formatNumber(y)) must lie strictly \(relation) \(quoted(neighbour)) at "
                + "\(formatNumber(neighbourY)) (\(reason)); reorder the positions"
        case .missingStop(let name, let library, let reason):
            return "\(library.repository) needs a '\(name)' stop (\(reason)); add \(name)=Y"
        case .noStops(let library):
            let names = library.stopNames.map(\.rawValue).joined(separator: ", ")
            return "no stops given: \(library.repository) needs at least one of \(names), as NAME=Y"
        case .stopOutsideLibraryRange(let name, let y, let requirement):
            return "stop \(quoted(name)) at \(formatNumber(y)): \(requirement)"
        case .unknownFrom(let name, let available):
            return
                "from \(quoted(name)): the sheet has no such stop; start from one of \(available.joined(separator: ", "))"
        case .invalidParameter(let name, let value, let requirement):
            return "\(name.rawValue) = \(formatNumber(value)): must be \(requirement)"
        case .unsupportedAttachment(let library, let attachment):
            return
                "attachment '\(attachment)': \(library.repository) presents from the bottom only; "
                + "leave the attachment at bottom"
        case .missingIntrinsicHeight(let library):
            return
                "\(library.repository) places an intrinsic stop from the content's intrinsic height; give that height"
        case .invalidAnchor(let state, let value):
            return
                "anchor \(state) = \(formatNumber(value)): its inset or offset must be a finite number ≥ 0 and ≤ "
                + formatNumber(SheetLayoutLimits.maximumCoordinate)
        case .invalidFormHeight(let form, let value):
            return
                "\(form) form height = \(formatNumber(value)): must be a finite number of points ≥ 0 and ≤ "
                + formatNumber(SheetLayoutLimits.maximumCoordinate)
        }
    }
}

/// The numbers a layout is placed by, as its errors name them.
public enum SheetLayoutField: String, Sendable, Hashable {
    /// FloatingPanel's window height.
    case windowHeight
    /// PanModal's container height.
    case containerHeight
    /// PanModal's top safe-area inset.
    case topSafeAreaInset
    /// Pixels per point.
    case displayScale
    /// PanModal's `topOffset` as given.
    case topOffset
    /// The content's intrinsic height (intrinsic anchors and heights).
    case intrinsicHeight
    /// The safe-area insets, as a pair.
    case safeAreaInsets
}

/// The bounds every position and size is checked against before any arithmetic: far beyond any screen,
/// and the flags' own ranges (``NumberRange/coordinate``), so a value the command line accepts is one
/// the layout accepts. No rule converts a position to an integer, and the largest product (the
/// display-scale rounding's 10⁹ × 10⁹ × a scale of at most 100) stays far inside a double.
public enum SheetLayoutLimits {
    /// The largest |coordinate| or size accepted, points.
    public static let maximumCoordinate = NumberRange.coordinate.upper
    /// The largest display scale accepted (pixels per point; devices have 1, 2 or 3).
    public static let maximumDisplayScale = 100.0

    static func checkPosition(_ name: String, _ y: Double) throws(SheetLayoutError) {
        guard y.isFinite, abs(y) <= maximumCoordinate else { throw .stopOutOfRange(name: name, y: y) }
    }

    static func checkSize(_ name: SheetLayoutField, _ value: Double) throws(SheetLayoutError) {
        guard value.isFinite, value > 0, value <= maximumCoordinate else {
            throw .invalidParameter(
                name: name, value: value,
                requirement: "a positive finite number of points ≤ \(formatNumber(maximumCoordinate))")
        }
    }

    static func checkDisplayScale(_ value: Double) throws(SheetLayoutError) {
        guard value.isFinite, value > 0, value <= maximumDisplayScale else {
            throw .invalidParameter(
                name: .displayScale, value: value,
                requirement: "a positive finite number of pixels per point ≤ \(formatNumber(maximumDisplayScale))")
        }
    }
}
