import PopSimParameters

/// One `popsim` subcommand as a value: the words that select it, what its help says, the parameters it
/// reads (their descriptions come from the domain; the command only lists them) and what it does with
/// the decoded values. Errors thrown from `run` become `error: …` on stderr and an exit status.
public struct Command: Sendable {
    /// The words after `popsim`, e.g. `["decide", "popover"]`.
    public let path: [String]
    public let summary: String
    public let parameters: [ParameterDescription]
    public let positionals: [PositionalDescription]
    /// The sweep forms numeric values may take (axes, intervals, category lists).
    public let forms: NumberForms
    /// Free text after the flag list (formulas, exit codes, examples).
    public let discussion: String
    let run: @Sendable (Invocation, CommandContext) throws -> Void

    init(
        _ path: [String], summary: String, parameters: [ParameterDescription],
        positionals: [PositionalDescription] = [],
        forms: NumberForms = .plain, discussion: String = "",
        run: @escaping @Sendable (Invocation, CommandContext) throws -> Void
    ) {
        self.path = path
        self.summary = summary
        self.parameters = parameters
        self.positionals = positionals
        self.forms = forms
        self.discussion = discussion
        self.run = run
    }

    public var name: String { path.joined(separator: " ") }
}

/// A decoded command line: typed values by parameter, and the positionals.
struct Invocation: Sendable {
    let assignments: [AnyAssignment]
    let positionals: [String]

    func value(_ parameter: ParameterDescription) -> ParameterValue? {
        assignments.first { $0.isValue(of: parameter) }?.value
    }

    func has(_ parameter: ParameterDescription) -> Bool { value(parameter) != nil }

    func text(_ parameter: ParameterDescription) -> String? {
        switch value(parameter) {
        case let .text(text)?, let .word(text)?: return text
        default: return nil
        }
    }

    func integer(_ parameter: ParameterDescription) -> Int? {
        if case let .integer(value)? = value(parameter) { return value }
        return nil
    }

    func number(_ parameter: ParameterDescription) -> Double? { value(parameter)?.plainNumbers?.first }

    /// The assignments of the parameters `list` describes.
    func assignments<Root>(for list: ParameterList<Root>) -> [AnyAssignment] {
        assignments.filter { list.contains($0.parameter) }
    }
}

extension Command {
    /// The `--help` text, generated from the parameters' descriptions.
    public func helpText(toolName: String) -> String {
        ParameterHelp.text(
            command: ([toolName] + path).joined(separator: " "), summary: summary, parameters: parameters,
            positionals: positionals, forms: forms, discussion: discussion)
    }
}

extension String {
    func padded(to width: Int) -> String { ParameterHelp.padded(self, to: width) }
}
