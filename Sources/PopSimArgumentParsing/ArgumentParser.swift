import PopSimTextIO

/// Splits a command line into flags and positionals according to a ``CommandSpec``.
///
/// Accepted forms: `--flag value`, `--flag=value`, switches (`--events`), positionals anywhere, `-` as a
/// positional (standard input), and `--` to end the flags. A flag's value is taken verbatim even when
/// it starts with a dash, so `--velocity -500` works. Unknown flags (with a did-you-mean hint), repeated
/// flags, missing values and surplus positionals are usage errors. Each value is checked against its
/// flag's ``FlagValue`` as it is read, so an out-of-range number is reported before anything runs.
public enum ArgumentParser {
    public enum Outcome: Sendable, Equatable {
        case arguments(ParsedArguments)
        /// `--help` or `-h` was given.
        case help
    }

    public static func parse(_ arguments: [String], for spec: CommandSpec, toolName: String = "popsim") throws(UsageError) -> Outcome {
        let command = ([toolName] + spec.path).joined(separator: " ")
        var values: [String: String] = [:]
        var switches: Set<String> = []
        var positionals: [String] = []
        var index = 0
        var flagsEnded = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if flagsEnded || !token.hasPrefix("-") || token == "-" {
                positionals.append(token)
                continue
            }
            if token == "--" { flagsEnded = true; continue }
            if token == "--help" || token == "-h" { return .help }

            let name: String, inlineValue: String?
            if let eq = token.firstIndex(of: "=") {
                name = String(token[..<eq])
                inlineValue = String(token[token.index(after: eq)...])
            } else {
                name = token
                inlineValue = nil
            }
            guard let flag = spec.flag(named: name) else {
                var message = "unknown flag \(DiagnosticText.excerpt(name)) for '\(command)'"
                if let suggestion = closest(to: name, among: spec.flags.map(\.name)) {
                    message += " (did you mean \(suggestion)?)"
                }
                throw UsageError(message + "; see '\(command) --help'")
            }
            if values[name] != nil || switches.contains(name) {
                throw UsageError("flag \(name) is given more than once; give it once")
            }
            if let valueName = flag.valueName {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("flag \(name) needs a value (\(name) \(valueName))")
                }
                do {
                    try flag.value?.validate(value, flag: name, valueName: valueName)
                } catch {
                    throw UsageError(error.message + (flag.valueHint.map { "; " + $0 } ?? ""))
                }
                values[name] = value
            } else {
                if inlineValue != nil { throw UsageError("flag \(name) takes no value") }
                switches.insert(name)
            }
        }
        if positionals.count > spec.positionals.count {
            let surplus = positionals[spec.positionals.count]
            let expected = spec.positionals.isEmpty ? "no arguments" : "at most \(spec.positionals.count) argument(s)"
            throw UsageError("unexpected argument '\(DiagnosticText.excerpt(surplus))' for '\(command)': it takes \(expected) besides flags")
        }
        if let missing = spec.positionals.dropFirst(positionals.count).first(where: { !$0.isOptional }) {
            throw UsageError("'\(command)' needs \(missing.name)")
        }
        return .arguments(ParsedArguments(values: values, switches: switches, positionals: positionals))
    }

    /// The candidate within edit distance 2 of `name`, if there is exactly one best.
    static func closest(to name: String, among candidates: [String]) -> String? {
        guard name.count <= 64 else { return nil }
        let scored = candidates.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= 2 }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return scored.filter { $0.1 == best.1 }.count == 1 ? best.0 : nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
