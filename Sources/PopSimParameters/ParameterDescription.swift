/// What a parameter is, declared once next to the value it sets: its name (the CSV column, and the
/// flag derived from it), how its value is written and what it may be, a one-line doc and its default.
/// Flags, help text, decoding, range checks and sweep columns are all derived from it.
public struct ParameterDescription: Sendable, Hashable {
    /// snake_case, e.g. `translation`, `max_travel`.
    public let name: String
    public let syntax: ValueSyntax
    /// The value's placeholder in help text (`X,Y`, `NAME`); empty for a switch.
    public let placeholder: String
    public let summary: String
    /// The default as help prints it, or nil when there is none to print.
    public let defaultText: String?
    /// Whether a value must be given.
    public let isRequired: Bool
    /// Whether a sweep may list several values, one row group each (a category column such as
    /// `device`).
    public let isCategorical: Bool
    /// Said after the range when a value is refused (what the parameter is for, where else to look).
    public let hint: String?
    /// What a text value may be, for a parameter that reads a grammar of its own (``ValueSyntax/text``):
    /// written from the same constants its parser checks against, so help, errors and the range table
    /// in Documentation/reliability.md state what the code accepts.
    public let textValues: String?

    public init(
        name: String, syntax: ValueSyntax, placeholder: String? = nil, summary: String, defaultText: String? = nil,
        isRequired: Bool = false, isCategorical: Bool = false, hint: String? = nil, textValues: String? = nil
    ) {
        self.name = name
        self.syntax = syntax
        self.placeholder = placeholder ?? Self.placeholder(for: syntax)
        self.summary = summary
        self.defaultText = defaultText
        self.isRequired = isRequired
        self.isCategorical = isCategorical
        self.hint = hint
        self.textValues = textValues
    }

    /// The valid values as help text and errors state them, with the sweep forms `forms` allows; nil
    /// only for a switch.
    public func rangeDescription(forms: NumberForms = .plain) -> String? {
        let forms = forms.applying(to: name)
        return syntax.rangeDescription(forms: isCategorical && forms.categoryLists ? .plain : forms) ?? textValues
    }

    /// The flag: `--` and the name with dashes (`max_travel` → `--max-travel`).
    public var flag: String { Self.flag(for: name) }

    public static func flag(for name: String) -> String {
        "--" + String(name.map { $0 == "_" ? "-" : $0 })
    }

    /// The name a flag stands for (`--max-travel` → `max_travel`), or nil for a word that is not a flag.
    public static func name(forFlag flag: String) -> String? {
        guard flag.hasPrefix("--"), flag.count > 2 else { return nil }
        return String(flag.dropFirst(2).map { $0 == "-" ? "_" : $0 })
    }

    /// The CSV columns of a numeric parameter's components (`translation_x`, `translation_y`); the name
    /// alone otherwise.
    public var columns: [String] {
        guard case let .numbers(shape, _, _) = syntax else { return [name] }
        return shape.columnSuffixes.map { name + $0 }
    }

    public var isSwitch: Bool { syntax == .toggle }

    /// The help line's text: the summary, the default and the valid values.
    public func helpText(forms: NumberForms = .plain) -> String {
        var text = summary
        if let defaultText { text += " (default \(defaultText))" }
        if let range = rangeDescription(forms: forms) {
            let sweepNote = isCategorical && forms.categoryLists ? "; a comma-separated list is a sweep axis" : ""
            text += " (valid: \(range)\(sweepNote))"
        }
        return text
    }

    static func placeholder(for syntax: ValueSyntax) -> String {
        switch syntax {
        case let .numbers(shape, _, words): return ([shape.placeholder] + words).joined(separator: "|")
        case .choice: return "NAME"
        case .toggle: return ""
        case .text: return "TEXT"
        case .integer, .seed: return "N"
        case let .list(item, separator, _): return placeholder(for: item) + "[\(separator)…]"
        }
    }
}

/// A positional argument (e.g. an input file).
public struct PositionalDescription: Sendable, Hashable {
    public let name: String
    public let summary: String
    public let isOptional: Bool

    public init(_ name: String, _ summary: String, optional: Bool = true) {
        self.name = name
        self.summary = summary
        self.isOptional = optional
    }
}
