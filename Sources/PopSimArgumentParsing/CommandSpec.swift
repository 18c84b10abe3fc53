/// A flag a command accepts: either an option with a value (`--mass M`, `--mass=M`) or a switch
/// (`--events`). A numeric option declares its valid values (``FlagValue``); the parser enforces them
/// and the help prints them.
public struct FlagSpec: Sendable, Hashable {
    /// The flag with its dashes, e.g. `--mass`.
    public let name: String
    /// The placeholder for its value in help text (`M`, `X,Y`); `nil` for a switch.
    public let valueName: String?
    public let help: String
    /// What the value may be; `nil` for a switch.
    public let value: FlagValue?
    /// Said after the range when a value is refused (what the flag is for, where else to look).
    public private(set) var valueHint: String?

    init(name: String, valueName: String?, help: String, value: FlagValue?, valueHint: String? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.value = value
        self.valueHint = valueHint
    }

    /// An option whose value is text the command interprets (a name, a path, a list of words).
    public static func option(_ name: String, _ valueName: String, _ help: String) -> FlagSpec {
        FlagSpec(name: name, valueName: valueName, help: help, value: .text)
    }

    /// A number in `range`.
    public static func number(_ name: String, _ valueName: String, _ range: NumberRange, _ help: String) -> FlagSpec {
        FlagSpec(name: name, valueName: valueName, help: help, value: .numbers(separator: nil, ranges: [range], grid: nil, words: []))
    }

    /// Numbers joined by `separator` (`X,Y` with ",", `WxH` with "x"), component i in `ranges[i]`, or one
    /// of `words`.
    public static func numbers(_ name: String, _ valueName: String, separator: Character, _ ranges: [NumberRange],
                               or words: [String] = [], _ help: String) -> FlagSpec {
        FlagSpec(name: name, valueName: valueName, help: help, value: .numbers(separator: separator, ranges: ranges, grid: nil, words: words))
    }

    /// Two numbers `X,Y`, both in `range`.
    public static func pair(_ name: String, _ valueName: String, _ range: NumberRange, _ help: String) -> FlagSpec {
        numbers(name, valueName, separator: ",", [range, range], help)
    }

    /// Two numbers `WxH`, both in `range`.
    public static func dimensions(_ name: String, _ valueName: String, _ range: NumberRange, _ help: String) -> FlagSpec {
        numbers(name, valueName, separator: "x", [range, range], help)
    }

    /// A whole number in `range`.
    public static func integer(_ name: String, _ valueName: String, _ range: ClosedRange<Int>, _ help: String) -> FlagSpec {
        FlagSpec(name: name, valueName: valueName, help: help, value: .integer(range))
    }

    /// A seed: a whole number from 0 to 2⁶⁴ − 1.
    public static func seed(_ name: String, _ help: String) -> FlagSpec {
        FlagSpec(name: name, valueName: "N", help: help, value: .unsignedInteger)
    }

    /// Any value of the kind `value`.
    public static func option(_ name: String, _ valueName: String, _ value: FlagValue, _ help: String) -> FlagSpec {
        FlagSpec(name: name, valueName: valueName, help: help, value: value)
    }

    public static func `switch`(_ name: String, _ help: String) -> FlagSpec {
        FlagSpec(name: name, valueName: nil, help: help, value: nil)
    }

    public var takesValue: Bool { valueName != nil }

    /// The same flag, but each numeric component may also be a sweep axis `A:B:N` with at most
    /// `maximumPoints` values, and with `intervals` a threshold's `A:B` (the ends in the component's
    /// range). Other flags are unchanged.
    public func allowingGridAxes(maximumPoints: Int, intervals: Bool = false) -> FlagSpec {
        guard case let .numbers(separator, ranges, _, words) = value else { return self }
        return FlagSpec(name: name, valueName: valueName, help: help,
                        value: .numbers(separator: separator, ranges: ranges,
                                        grid: FlagValue.GridForms(maximumPoints: maximumPoints, intervals: intervals), words: words),
                        valueHint: valueHint)
    }

    /// The same flag with another help text (its value and range unchanged).
    public func described(_ help: String) -> FlagSpec {
        FlagSpec(name: name, valueName: valueName, help: help, value: value, valueHint: valueHint)
    }

    /// The same flag, saying `hint` after the range when a value is refused.
    public func hinted(_ hint: String) -> FlagSpec {
        var flag = self
        flag.valueHint = hint
        return flag
    }

    /// The help line's text: the help and, for a numeric flag, its valid values.
    public var helpWithRange: String {
        guard let valueName, let range = value?.rangeDescription(valueName: valueName) else { return help }
        return help + " (valid: \(range))"
    }
}

/// A positional argument (e.g. an input file).
public struct PositionalSpec: Sendable, Hashable {
    public let name: String
    public let help: String
    public let isOptional: Bool

    public init(_ name: String, _ help: String, optional: Bool = true) {
        self.name = name
        self.help = help
        self.isOptional = optional
    }
}

/// What a command accepts, and the text its `--help` prints.
public struct CommandSpec: Sendable {
    /// The words that select the command after the tool's name, e.g. `["decide", "popover"]`.
    public let path: [String]
    public let summary: String
    public let flags: [FlagSpec]
    public let positionals: [PositionalSpec]
    /// Free text after the flag list (formulas, exit codes, examples).
    public let discussion: String

    public init(path: [String], summary: String, flags: [FlagSpec], positionals: [PositionalSpec] = [], discussion: String = "") {
        self.path = path
        self.summary = summary
        self.flags = flags
        self.positionals = positionals
        self.discussion = discussion
    }

    public func flag(named name: String) -> FlagSpec? { flags.first { $0.name == name } }

    /// The `--help` text.
    public func helpText(toolName: String) -> String {
        var usage = ([toolName] + path).joined(separator: " ")
        if !flags.isEmpty { usage += " [flags]" }
        for positional in positionals {
            usage += positional.isOptional ? " [\(positional.name)]" : " \(positional.name)"
        }
        var lines = ["\(summary)", "", "usage: \(usage)"]
        if !positionals.isEmpty {
            lines.append("")
            lines.append("arguments:")
            let width = positionals.map(\.name.count).max() ?? 0
            for p in positionals {
                lines.append("  " + p.name.padded(to: width + 2) + p.help)
            }
        }
        if !flags.isEmpty {
            lines.append("")
            lines.append("flags:")
            let labels = flags.map { f in f.valueName.map { "\(f.name) \($0)" } ?? f.name }
            let width = labels.map(\.count).max() ?? 0
            for (label, flag) in zip(labels, flags) {
                lines.append("  " + label.padded(to: width + 2) + flag.helpWithRange)
            }
            lines.append("  " + "--help".padded(to: width + 2) + "show this help")
        }
        if !discussion.isEmpty {
            lines.append("")
            lines.append(discussion)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
