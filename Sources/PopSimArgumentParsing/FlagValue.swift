import PopSimTextIO

/// What a flag's value may be. Every numeric flag declares its valid range here, next to its name,
/// and ``ArgumentParser`` checks the value against it as the flag is read: a value out of range is a
/// usage error naming the flag, the value and the range, before any command code runs. The help text
/// prints the same range. Commands check only what one flag cannot know alone (an end inside another
/// flag's window, a product of two flags that must stay countable).
public enum FlagValue: Sendable, Hashable {
    /// Text the command interprets itself: a name from a list, a path, a command line.
    case text
    /// One number (`separator` nil) or several joined by `separator` (`X,Y`, `WxH`, `X,Y,W,H`), each in
    /// its range, or one of `words` instead (`--rate promotion`, `--container present`). With `grid`,
    /// any component may instead be a sweep axis `A:B:N` or a threshold's interval `A:B` (``GridForms``),
    /// its ends in the component's range.
    case numbers(separator: Character?, ranges: [NumberRange], grid: GridForms?, words: [String])
    /// A comma-separated list of 1 to `maximumCount` numbers, each in `range`.
    case numberList(NumberRange, maximumCount: Int)
    /// 1 to `maximumCount` values of kind `item` joined by `separator` (`X,Y,W,H;X,Y,W,H`); the value
    /// name's `[;…]` suffix is left out when naming an item's components.
    indirect case list(FlagValue, separator: Character, maximumCount: Int)
    /// A whole number in `range`.
    case integer(ClosedRange<Int>)
    /// A whole number from 0 to 2⁶⁴ − 1 (a seed).
    case unsignedInteger

    /// A number in `range`, or one of `words` (`--rate 120`, `--rate promotion`).
    public static func numberOrWord(_ range: NumberRange, words: [String]) -> FlagValue {
        .numbers(separator: nil, ranges: [range], grid: nil, words: words)
    }

    /// The forms a component of a swept flag may take besides a number.
    public struct GridForms: Sendable, Hashable {
        /// The most values of an axis `A:B:N`.
        public let maximumPoints: Int
        /// Whether an interval `A:B` (A < B) is accepted too (`popsim threshold`).
        public let intervals: Bool

        public init(maximumPoints: Int, intervals: Bool) {
            self.maximumPoints = maximumPoints
            self.intervals = intervals
        }
    }

    /// The valid values, as the help text and errors state them; nil for text.
    public func rangeDescription(valueName: String) -> String? {
        switch self {
        case .text:
            return nil
        case let .numbers(separator, ranges, axes, words):
            let names = componentNames(valueName: valueName, separator: separator, count: ranges.count)
            var groups: [(names: [String], range: NumberRange)] = []
            for (name, range) in zip(names, ranges) {
                if let last = groups.last, last.range == range {
                    groups[groups.count - 1].names.append(name)
                } else {
                    groups.append(([name], range))
                }
            }
            let text = ranges.count == 1 ? "in \(ranges[0])"
                : groups.map { "\($0.names.joined(separator: ", ")) in \($0.range)" }.joined(separator: "; ")
            let grid = axes.map { $0.intervals ? "; or A:B:N, or A:B" : "; or A:B:N" } ?? ""
            return text + grid + words.map { ", or " + $0 }.joined()
        case let .numberList(range, maximumCount):
            return "each in \(range), at most \(maximumCount) values"
        case let .list(item, _, maximumCount):
            return item.rangeDescription(valueName: Self.itemName(valueName)).map { "each with \($0), at most \(maximumCount)" }
        case let .integer(range):
            return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .unsignedInteger:
            return "a whole number from 0 to \(UInt64.max)"
        }
    }

    /// Throws a ``UsageError`` naming `flag`, the value and the range when `text` is not valid.
    public func validate(_ text: String, flag: String, valueName: String) throws(UsageError) {
        do {
            try check(text, valueName: valueName)
        } catch {
            throw UsageError("invalid value '\(DiagnosticText.excerpt(text))' for \(flag): \(error.why)")
        }
    }

    /// Why a value is not valid, for ``validate(_:flag:valueName:)`` to put after the flag's name.
    private struct Problem: Error {
        let why: String
    }

    private func check(_ text: String, valueName: String) throws(Problem) {
        func invalid(_ why: String) -> Problem { Problem(why: why) }
        switch self {
        case .text:
            return
        case let .numbers(separator, ranges, axes, words):
            if words.contains(text) { return }
            let parts = separator.map { text.split(separator: $0, omittingEmptySubsequences: false) } ?? [Substring(text)]
            guard parts.count == ranges.count else {
                throw invalid("expected \(([valueName.split(separator: "|").first.map(String.init) ?? valueName] + words).joined(separator: " or "))")
            }
            let names = componentNames(valueName: valueName, separator: separator, count: ranges.count)
            for (index, part) in parts.enumerated() {
                let subject = ranges.count == 1 ? "it" : names[index]
                if let axes, part.contains(":") {
                    try Self.validateGridForm(part, range: ranges[index], forms: axes, subject: subject, invalid: invalid)
                    continue
                }
                let shape = ranges.count == 1 ? (words.isEmpty ? "a number" : "a number or " + words.joined(separator: " or "))
                    : "\(valueName) with numbers"
                try Self.check(part, in: ranges[index], subject: subject, shape: shape, invalid: invalid)
            }
        case let .numberList(range, maximumCount):
            let items = text.split(separator: ",", omittingEmptySubsequences: false)
            guard items.count <= maximumCount else { throw invalid("at most \(maximumCount) values") }
            for item in items {
                try Self.check(item, in: range, subject: "every value", shape: "comma-separated numbers", invalid: invalid)
            }
        case let .list(item, separator, maximumCount):
            let items = text.split(separator: separator, omittingEmptySubsequences: false)
            guard items.count <= maximumCount else { throw invalid("at most \(maximumCount) items separated by '\(separator)'") }
            for part in items {
                do {
                    try item.check(String(part), valueName: Self.itemName(valueName))
                } catch {
                    throw invalid("item '\(DiagnosticText.excerpt(part))': \(error.why)")
                }
            }
        case let .integer(range):
            guard let value = Int(text), range.contains(value) else {
                throw invalid("expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
        case .unsignedInteger:
            guard UInt64(text) != nil else { throw invalid("expected a whole number from 0 to \(UInt64.max)") }
        }
    }

    /// `X,Y,W,H[;…]` → `X,Y,W,H`.
    private static func itemName(_ valueName: String) -> String {
        valueName.firstIndex(of: "[").map { String(valueName[..<$0]) } ?? valueName
    }

    /// The names of the components in a value name: `X,Y` → X, Y; `WxH` → W, H (words after a `|`
    /// left out: `X,Y,W,H|present` → X, Y, W, H).
    private func componentNames(valueName: String, separator: Character?, count: Int) -> [String] {
        let numeric = valueName.split(separator: "|").first.map(String.init) ?? valueName
        let names = separator.map { numeric.split(separator: $0).map(String.init) } ?? [numeric]
        return names.count == count ? names : (1...count).map { "component \($0)" }
    }

    private static func check(_ text: Substring, in range: NumberRange, subject: String, shape: String,
                              invalid: (String) -> Problem) throws(Problem) {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, let value = Double(trimmed) else {
            throw invalid(shape == "a number" ? "expected a number in \(range)"
                                              : "expected \(shape), '\(DiagnosticText.excerpt(text))' is not a number")
        }
        guard range.contains(value) else { throw invalid("\(subject) must be in \(range)") }
    }

    private static func validateGridForm(_ text: Substring, range: NumberRange, forms: GridForms, subject: String,
                                         invalid: (String) -> Problem) throws(Problem) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 || (forms.intervals && parts.count == 2) else {
            throw invalid("'\(DiagnosticText.excerpt(text))' is not A:B:N\(forms.intervals ? " or A:B" : "")")
        }
        for end in parts.prefix(2) {
            guard let value = Double(end.trimmingSpaces), value.isFinite else {
                throw invalid("'\(DiagnosticText.excerpt(text))': A and B must be numbers")
            }
            guard range.contains(value) else {
                throw invalid("the \(parts.count == 3 ? "axis" : "interval") '\(DiagnosticText.excerpt(text))' of \(subject): A and B must be in \(range)")
            }
        }
        guard parts.count == 3 else { return }
        guard let count = Int(parts[2]), count >= 1, count <= forms.maximumPoints else {
            throw invalid("'\(DiagnosticText.excerpt(text))': N must be a whole number from 1 to \(forms.maximumPoints)")
        }
    }
}
