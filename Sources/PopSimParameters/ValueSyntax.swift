import PopSimTextIO

/// How a parameter's value is written as text, and what it may be. Every numeric parameter declares
/// its valid range here, next to its name; decoding checks the value against it, so an out-of-range
/// number is refused, naming the parameter, the value and the range, before anything runs. Help text
/// prints the same range.
public indirect enum ValueSyntax: Sendable, Hashable {
    /// Numbers in `shape`, component i in `ranges[i]`, or one of `words` instead (`--rate promotion`,
    /// `--container present`). In a sweep, a component may be an axis `A:B:N` or an interval `A:B`
    /// (``NumberForms``).
    case numbers(NumberShape, ranges: [NumberRange], words: [String])
    /// One word of a fixed set (an enumeration's raw values).
    case choice([String])
    /// A switch: present or not, no value.
    case toggle
    /// Text the parameter interprets itself (a path, a gesture, a list grammar of its own).
    case text
    /// A whole number in the range.
    case integer(ClosedRange<Int>)
    /// A whole number from 0 to 2⁶⁴ − 1.
    case seed
    /// 1 to `maximumCount` values of `item` joined by `separator` (`60,120,240`, `X,Y,W,H;X,Y,W,H`).
    case list(ValueSyntax, separator: Character, maximumCount: Int)

    /// One number in `range`.
    public static func number(_ range: NumberRange, placeholder: String) -> ValueSyntax {
        .numbers(.scalar(placeholder), ranges: [range], words: [])
    }

    /// Whether the value is numbers (a sweep may turn its components into axes).
    public var isNumeric: Bool {
        if case .numbers = self { return true }
        return false
    }

    /// The valid values as help text and errors state them; nil when anything goes (text, a switch).
    public func rangeDescription(forms: NumberForms = .plain) -> String? {
        switch self {
        case .text, .toggle:
            return nil
        case let .numbers(shape, ranges, words):
            var groups: [(names: [String], range: NumberRange)] = []
            for (name, range) in zip(shape.placeholders, ranges) {
                if let last = groups.last, last.range == range {
                    groups[groups.count - 1].names.append(name)
                } else {
                    groups.append(([name], range))
                }
            }
            let text =
                ranges.count == 1
                ? "in \(ranges[0])"
                : groups.map { "\($0.names.joined(separator: ", ")) in \($0.range)" }.joined(separator: "; ")
            let grid = forms.axisPoints == nil ? "" : (forms.intervals ? "; or A:B:N, or A:B" : "; or A:B:N")
            return text + grid + words.map { ", or " + $0 }.joined()
        case let .choice(words):
            return "one of " + words.joined(separator: ", ")
        case let .integer(range):
            return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .seed:
            return "a whole number from 0 to \(UInt64.max)"
        case let .list(item, _, maximumCount):
            guard let itemRange = item.rangeDescription() else { return "at most \(maximumCount) items" }
            if case let .numbers(shape, ranges, _) = item, shape.count == 1 {
                return "each in \(ranges[0]), at most \(maximumCount) values"
            }
            return "each with \(itemRange), at most \(maximumCount)"
        }
    }

    // MARK: Decoding

    /// The typed value `text` stands for; throws the reason (without the parameter's name) otherwise.
    public func decode(_ text: String, forms: NumberForms = .plain) throws(ValueSyntaxError) -> ParameterValue {
        func invalid(_ why: String) -> ValueSyntaxError { ValueSyntaxError(why: why) }
        switch self {
        case .text:
            return .text(text)
        case .toggle:
            throw invalid("a switch takes no value")
        case let .choice(words):
            guard words.contains(text) else { throw invalid("expected one of \(words.joined(separator: ", "))") }
            return .word(text)
        case let .numbers(shape, ranges, words):
            if words.contains(text) { return .word(text) }
            let parts =
                shape.separator.map { text.split(separator: $0, omittingEmptySubsequences: false) } ?? [Substring(text)]
            guard parts.count == ranges.count else {
                throw invalid("expected \(([shape.placeholder] + words).joined(separator: " or "))")
            }
            var entries: [NumberEntry] = []
            for (index, part) in parts.enumerated() {
                let subject = ranges.count == 1 ? "it" : shape.placeholders[index]
                if forms.axisPoints != nil, part.contains(":") {
                    entries.append(try Self.gridForm(part, range: ranges[index], forms: forms, subject: subject))
                    continue
                }
                let kind =
                    ranges.count == 1
                    ? (words.isEmpty ? "a number" : "a number or " + words.joined(separator: " or "))
                    : "\(shape.placeholder) with numbers"
                entries.append(.value(try Self.number(part, in: ranges[index], subject: subject, kind: kind)))
            }
            return .numbers(entries)
        case let .integer(range):
            guard let value = Int(text), range.contains(value) else {
                throw invalid("expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return .integer(value)
        case .seed:
            guard let value = UInt64(text) else { throw invalid("expected a whole number from 0 to \(UInt64.max)") }
            return .seed(value)
        case let .list(item, separator, maximumCount):
            let parts = text.split(separator: separator, omittingEmptySubsequences: false)
            guard parts.count <= maximumCount else {
                throw invalid(
                    item.isScalarNumber
                        ? "at most \(maximumCount) values" : "at most \(maximumCount) items separated by '\(separator)'"
                )
            }
            var items: [ParameterValue] = []
            for part in parts {
                if item.isScalarNumber, case let .numbers(_, ranges, _) = item {
                    items.append(
                        .numbers([
                            .value(
                                try Self.number(
                                    part, in: ranges[0], subject: "every value", kind: "comma-separated numbers"))
                        ]))
                    continue
                }
                do {
                    items.append(try item.decode(String(part)))
                } catch {
                    if case .choice = item, parts.count > 1 {
                        throw invalid("unknown '\(DiagnosticText.excerpt(part))'; \(error.why)")
                    }
                    if case .choice = item { throw error }
                    throw invalid("item '\(DiagnosticText.excerpt(part))': \(error.why)")
                }
            }
            return .list(items)
        }
    }

    var isScalarNumber: Bool {
        if case let .numbers(shape, _, words) = self { return shape.count == 1 && words.isEmpty }
        return false
    }

    private static func number(_ text: Substring, in range: NumberRange, subject: String, kind: String)
        throws(ValueSyntaxError) -> Double
    {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, let value = Double(trimmed) else {
            throw ValueSyntaxError(
                why: kind == "a number"
                    ? "expected a number in \(range)"
                    : "expected \(kind), '\(DiagnosticText.excerpt(text))' is not a number")
        }
        guard range.contains(value) else { throw ValueSyntaxError(why: "\(subject) must be in \(range)") }
        return value
    }

    private static func gridForm(_ text: Substring, range: NumberRange, forms: NumberForms, subject: String)
        throws(ValueSyntaxError) -> NumberEntry
    {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 || (forms.intervals && parts.count == 2) else {
            throw ValueSyntaxError(
                why: "'\(DiagnosticText.excerpt(text))' is not A:B:N\(forms.intervals ? " or A:B" : "")")
        }
        var ends: [Double] = []
        for end in parts.prefix(2) {
            guard let value = Double(end.trimmingSpaces), value.isFinite else {
                throw ValueSyntaxError(why: "'\(DiagnosticText.excerpt(text))': A and B must be numbers")
            }
            guard range.contains(value) else {
                throw ValueSyntaxError(
                    why:
                        "the \(parts.count == 3 ? "axis" : "interval") "
                        + "'\(DiagnosticText.excerpt(text))' of \(subject): A and B must be in \(range)"
                )
            }
            ends.append(value)
        }
        guard parts.count == 3 else {
            guard ends[0] < ends[1] else {
                throw ValueSyntaxError(
                    why: "the interval '\(DiagnosticText.excerpt(text))' of \(subject): expected A:B with A < B")
            }
            return .interval(from: ends[0], to: ends[1])
        }
        let maximum = forms.axisPoints ?? 1
        guard let count = Int(parts[2]), count >= 1, count <= maximum else {
            throw ValueSyntaxError(
                why: "'\(DiagnosticText.excerpt(text))': N must be a whole number from 1 to \(maximum)")
        }
        guard count > 1 || ends[0] == ends[1] else {
            throw ValueSyntaxError(why: "'\(DiagnosticText.excerpt(text))': N = 1 needs A = B (a single value)")
        }
        return .axis(from: ends[0], to: ends[1], count: count)
    }

    // MARK: Encoding

    /// The text of `value` that ``decode(_:forms:)`` reads back as the same value; nil for a switch.
    public func encode(_ value: ParameterValue) -> String? {
        switch value {
        case .on: return nil
        case let .word(word): return word
        case let .text(text): return text
        case let .integer(number): return String(number)
        case let .seed(number): return String(number)
        case let .numbers(entries):
            let separator: String
            if case let .numbers(shape, _, _) = self {
                separator = shape.separator.map(String.init) ?? ""
            } else {
                separator = ","
            }
            return entries.map(\.text).joined(separator: separator)
        case let .list(items):
            guard case let .list(item, separator, _) = self else { return nil }
            return items.compactMap(item.encode).joined(separator: String(separator))
        }
    }
}

/// Which sweep forms a numeric component may take besides a number.
public struct NumberForms: Sendable, Hashable {
    /// The most values of an axis `A:B:N`; nil: no axes.
    public var axisPoints: Int?
    /// Whether an interval `A:B` (A < B) is accepted (`popsim threshold`).
    public var intervals: Bool
    /// Whether a categorical parameter may be a list of values (a sweep's category column).
    public var categoryLists: Bool
    /// The parameters whose components may take the axis and interval forms; nil: every one.
    public var sweptParameters: Set<String>?

    public init(
        axisPoints: Int? = nil, intervals: Bool = false, categoryLists: Bool = false,
        sweptParameters: Set<String>? = nil
    ) {
        self.axisPoints = axisPoints
        self.intervals = intervals
        self.categoryLists = categoryLists
        self.sweptParameters = sweptParameters
    }

    /// The forms `parameter` may take: these, or plain numbers when it is not swept.
    public func applying(to parameter: String) -> NumberForms {
        guard let sweptParameters, !sweptParameters.contains(parameter) else { return self }
        return NumberForms(categoryLists: categoryLists)
    }

    /// Numbers only: `decide`, `simulate`.
    public static let plain = NumberForms()
}

/// Why a text is not a valid value, to be said after the parameter's name.
public struct ValueSyntaxError: Error, Sendable, Equatable {
    public let why: String

    public init(why: String) {
        self.why = why
    }
}
