/// A flag a command accepts: either an option with a value (`--mass M`, `--mass=M`) or a switch
/// (`--events`).
public struct FlagSpec: Sendable, Hashable {
    /// The flag with its dashes, e.g. `--mass`.
    public let name: String
    /// The placeholder for its value in help text (`M`, `X,Y`); `nil` for a switch.
    public let valueName: String?
    public let help: String

    public static func option(_ name: String, _ valueName: String, _ help: String) -> FlagSpec {
        FlagSpec(name: name, valueName: valueName, help: help)
    }

    public static func `switch`(_ name: String, _ help: String) -> FlagSpec {
        FlagSpec(name: name, valueName: nil, help: help)
    }

    public var takesValue: Bool { valueName != nil }
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
                lines.append("  " + label.padded(to: width + 2) + flag.help)
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
