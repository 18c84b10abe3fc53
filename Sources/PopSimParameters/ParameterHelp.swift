/// The `--help` text of a command, generated from the descriptions of the parameters it reads: the
/// usage line, the arguments, one line per flag with its default and valid values, and free text.
public enum ParameterHelp {
    public static func text(
        command: String, summary: String, parameters: [ParameterDescription],
        positionals: [PositionalDescription] = [], forms: NumberForms = .plain, discussion: String = ""
    ) -> String {
        var usage = command
        if !parameters.isEmpty { usage += " [flags]" }
        for positional in positionals {
            usage += positional.isOptional ? " [\(positional.name)]" : " \(positional.name)"
        }
        var lines = ["\(summary)", "", "usage: \(usage)"]
        if !positionals.isEmpty {
            lines.append("")
            lines.append("arguments:")
            let width = positionals.map(\.name.count).max() ?? 0
            for p in positionals {
                lines.append("  " + padded(p.name, to: width + 2) + p.summary)
            }
        }
        if !parameters.isEmpty {
            lines.append("")
            lines.append("flags:")
            let labels = parameters.map { $0.isSwitch ? $0.flag : "\($0.flag) \($0.placeholder)" }
            let width = labels.map(\.count).max() ?? 0
            for (label, parameter) in zip(labels, parameters) {
                lines.append("  " + padded(label, to: width + 2) + parameter.helpText(forms: forms))
            }
            lines.append("  " + padded(ParameterWords.helpFlag, to: width + 2) + "show this help")
        }
        if !discussion.isEmpty {
            lines.append("")
            lines.append(discussion)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` followed by spaces up to `width` characters.
    public static func padded(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
