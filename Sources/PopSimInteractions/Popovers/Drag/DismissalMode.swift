/// How a popover dismisses itself (`Popover.Attributes.Dismissal.Mode`, an OptionSet:
/// tapOutside = 1, dragDown = 2, dragUp = 4, none = []; Popover+Attributes.swift:254-271; Documentation/popovers.md
/// §3a). The library default is `.tapOutside` (Popover+Attributes.swift:202).
public struct DismissalMode: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let tapOutside = DismissalMode(rawValue: 1 << 0)
    public static let dragDown = DismissalMode(rawValue: 1 << 1)
    public static let dragUp = DismissalMode(rawValue: 1 << 2)
    public static let none: DismissalMode = []

    /// The command-line names, in option order.
    public static let namedOptions: [(name: String, mode: DismissalMode)] = [
        ("tap-outside", .tapOutside), ("drag-down", .dragDown), ("drag-up", .dragUp),
    ]

    /// Parses a comma-separated list of `tap-outside`, `drag-down`, `drag-up`, or the single word `none`.
    /// Fails naming the offending word when a name is unknown or `none` is combined with others.
    public static func parse(_ list: String) -> Result<DismissalMode, ParseError> {
        if list == "none" { return .success(.none) }
        var mode: DismissalMode = []
        for word in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if word == "none" {
                return .failure(ParseError(word: word, reason: "'none' cannot be combined with other modes"))
            }
            guard let named = namedOptions.first(where: { $0.name == word }) else {
                return .failure(
                    ParseError(word: word, reason: "expected tap-outside, drag-down, drag-up (comma-separated) or none")
                )
            }
            mode.insert(named.mode)
        }
        return .success(mode)
    }

    public struct ParseError: Error, Sendable, Equatable {
        public let word: String
        public let reason: String
    }

    /// `none`, or the names joined by commas.
    public var description: String {
        let names = Self.namedOptions.filter { contains($0.mode) }.map(\.name)
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }
}
