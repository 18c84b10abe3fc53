/// How the numbers of one parameter are written and named: one number, or several joined by a
/// separator (`X,Y`, `WxH`, `T,L,B,R`, `X,Y,W,H`). Each component has a placeholder for help text and a
/// suffix that names its CSV column after the parameter (`translation` → `translation_x`,
/// `translation_y`).
public struct NumberShape: Sendable, Hashable {
    /// nil for a single number.
    public let separator: Character?
    public let placeholders: [String]
    public let columnSuffixes: [String]

    public init(separator: Character?, placeholders: [String], columnSuffixes: [String]) {
        precondition(placeholders.count == columnSuffixes.count && !placeholders.isEmpty)
        precondition(separator != nil || placeholders.count == 1)
        self.separator = separator
        self.placeholders = placeholders
        self.columnSuffixes = columnSuffixes
    }

    /// One number, named `placeholder` in help (`H`, `SIGMA`); its column is the parameter's name.
    public static func scalar(_ placeholder: String) -> NumberShape {
        NumberShape(separator: nil, placeholders: [placeholder], columnSuffixes: [""])
    }

    /// `X,Y` (columns `_x`, `_y`), with other placeholders where they read better (`VX,VY`).
    public static func point(_ x: String = "X", _ y: String = "Y") -> NumberShape {
        NumberShape(separator: ",", placeholders: [x, y], columnSuffixes: ["_x", "_y"])
    }

    /// `WxH` (columns `_width`, `_height`).
    public static let size = NumberShape(
        separator: "x", placeholders: ["W", "H"], columnSuffixes: ["_width", "_height"])

    /// `T,L,B,R` (columns `_top`, `_left`, `_bottom`, `_right`).
    public static let insets = NumberShape(
        separator: ",", placeholders: ["T", "L", "B", "R"],
        columnSuffixes: ["_top", "_left", "_bottom", "_right"])

    /// `X,Y,W,H` (columns `_x`, `_y`, `_width`, `_height`).
    public static let rectangle = NumberShape(
        separator: ",", placeholders: ["X", "Y", "W", "H"],
        columnSuffixes: ["_x", "_y", "_width", "_height"])

    public var count: Int { placeholders.count }

    /// The value's placeholder in help text: `X,Y`, `WxH`, `H`.
    public var placeholder: String { placeholders.joined(separator: separator.map(String.init) ?? "") }
}
