import PopSimTextIO

/// The text form every PopSim value is written in: a command line's words, `--name value` pairs
/// (`--name=value` too), switches, positionals and `--` to end the flags. Decoding checks each value
/// against its parameter's ``ValueSyntax`` as it is read, so an out-of-range number is reported, naming
/// the flag, before anything runs; encoding writes typed values back as words that decode to the same
/// values. The command line, golden tables and `--synth` all read it through here.
public enum ParameterWords {
    /// The switch every command takes for its help text.
    public static let helpFlag = ParameterDescription.flag(for: "help")

    /// The typed result of decoding words.
    public struct Decoded: Sendable, Equatable {
        /// In the order the words gave them.
        public var assignments: [AnyAssignment]
        public var positionals: [String]
        /// `--help` or `-h` was given.
        public var helpRequested: Bool

        public init(assignments: [AnyAssignment] = [], positionals: [String] = [], helpRequested: Bool = false) {
            self.assignments = assignments
            self.positionals = positionals
            self.helpRequested = helpRequested
        }

        /// The value given for `parameter`, or nil.
        public func value(_ parameter: ParameterDescription) -> ParameterValue? {
            assignments.first { $0.isValue(of: parameter) }?.value
        }

        public func has(_ parameter: ParameterDescription) -> Bool { value(parameter) != nil }
    }

    /// Decodes `words` against `parameters` (numeric components may take the sweep forms in `forms`).
    /// `command` names the command in messages (`popsim decide popover`).
    public static func decode(
        _ words: [String], parameters: [ParameterDescription],
        positionals: [PositionalDescription] = [], forms: NumberForms = .plain,
        command: String
    ) throws(ParameterError) -> Decoded {
        var decoded = Decoded()
        var index = 0
        var flagsEnded = false
        while index < words.count {
            let token = words[index]
            index += 1
            if flagsEnded || !token.hasPrefix("-") || token == "-" {
                decoded.positionals.append(token)
                continue
            }
            if token == "--" {
                flagsEnded = true
                continue
            }
            if token == helpFlag || token == "-h" {
                decoded.helpRequested = true
                return decoded
            }
            let flag: String
            let inlineValue: String?
            if let eq = token.firstIndex(of: "=") {
                flag = String(token[..<eq])
                inlineValue = String(token[token.index(after: eq)...])
            } else {
                flag = token
                inlineValue = nil
            }
            guard let name = ParameterDescription.name(forFlag: flag),
                let parameter = parameters.first(where: { $0.name == name })
            else {
                var message = "unknown flag \(DiagnosticText.excerpt(flag)) for '\(command)'"
                if let suggestion = closest(to: flag, among: parameters.map(\.flag)) {
                    message += " (did you mean \(suggestion)?)"
                }
                throw ParameterError(message + "; see '\(command) \(helpFlag)'")
            }
            if decoded.has(parameter) { throw ParameterError("flag \(flag) is given more than once; give it once") }
            if parameter.isSwitch {
                if inlineValue != nil { throw ParameterError("flag \(flag) takes no value") }
                decoded.assignments.append(AnyAssignment(parameter, .on))
                continue
            }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else if index < words.count {
                text = words[index]
                index += 1
            } else {
                throw ParameterError("flag \(flag) needs a value (\(flag) \(parameter.placeholder))")
            }
            decoded.assignments.append(AnyAssignment(parameter, try decodeValue(text, of: parameter, forms: forms)))
        }
        if decoded.positionals.count > positionals.count {
            let surplus = decoded.positionals[positionals.count]
            let expected = positionals.isEmpty ? "no arguments" : "at most \(positionals.count) argument(s)"
            throw ParameterError(
                "unexpected argument '\(DiagnosticText.excerpt(surplus))' for '\(command)': "
                    + "it takes \(expected) besides flags"
            )
        }
        if let missing = positionals.dropFirst(decoded.positionals.count).first(where: { !$0.isOptional }) {
            throw ParameterError("'\(command)' needs \(missing.name)")
        }
        return decoded
    }

    /// One value of `parameter`; a categorical parameter may be a comma-separated list when `forms`
    /// allows category lists.
    public static func decodeValue(
        _ text: String, of parameter: ParameterDescription,
        forms: NumberForms = .plain
    ) throws(ParameterError) -> ParameterValue {
        do {
            if parameter.isCategorical, forms.categoryLists, text.contains(",") {
                let items = text.split(separator: ",", omittingEmptySubsequences: false)
                var values: [ParameterValue] = []
                for item in items { values.append(try parameter.syntax.decode(String(item))) }
                return .list(values)
            }
            return try parameter.syntax.decode(text, forms: forms.applying(to: parameter.name))
        } catch {
            throw ParameterError(
                "invalid value '\(DiagnosticText.excerpt(text))' for \(parameter.flag): \(error.why)"
                    + (parameter.hint.map { "; " + $0 } ?? ""))
        }
    }

    /// The words of `assignments`, in the order of `parameters` (assignments they do not describe are
    /// left out).
    public static func encode(_ assignments: [AnyAssignment], parameters: [ParameterDescription]) -> [String] {
        var words: [String] = []
        for parameter in parameters {
            guard let value = assignments.first(where: { $0.isValue(of: parameter) })?.value else { continue }
            words.append(parameter.flag)
            if case let .list(items) = value, parameter.isCategorical {
                words.append(items.compactMap(parameter.syntax.encode).joined(separator: ","))
            } else if let text = parameter.syntax.encode(value) {
                words.append(text)
            }
        }
        return words
    }

    /// The words of typed `assignments`, in their order.
    public static func encode<Root>(_ assignments: [Assignment<Root>]) -> [String] {
        encode(assignments.map(\.erased), parameters: assignments.map(\.parameter.description))
    }

    /// The candidate within edit distance 2 of `name`, if there is exactly one best.
    static func closest(to name: String, among candidates: [String]) -> String? {
        guard name.count <= 64 else { return nil }
        let scored = candidates.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= 2 }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return scored.filter { $0.1 == best.1 }.count == 1 ? best.0 : nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
