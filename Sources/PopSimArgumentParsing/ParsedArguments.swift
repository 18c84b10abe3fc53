/// The flags and positionals of one command line, with typed accessors that turn bad values into
/// ``UsageError``s naming the flag, the value and what is expected.
///
/// Numbers must be finite decimal numbers (`1`, `-0.5`, `2e3`); `nan` and `inf` are rejected.
public struct ParsedArguments: Sendable, Equatable {
    public let values: [String: String]
    public let switches: Set<String>
    public let positionals: [String]

    public init(values: [String: String] = [:], switches: Set<String> = [], positionals: [String] = []) {
        self.values = values
        self.switches = switches
        self.positionals = positionals
    }

    public func has(_ name: String) -> Bool { values[name] != nil || switches.contains(name) }

    public func isSet(_ name: String) -> Bool { switches.contains(name) }

    public func string(_ name: String) -> String? { values[name] }

    public func string(_ name: String, default defaultValue: String) -> String { values[name] ?? defaultValue }

    // MARK: Numbers

    public func double(_ name: String) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        return try Self.number(text, flag: name)
    }

    public func double(_ name: String, default defaultValue: Double) throws(UsageError) -> Double {
        try double(name) ?? defaultValue
    }

    /// A number > 0.
    public func positiveDouble(_ name: String) throws(UsageError) -> Double? {
        guard let value = try double(name) else { return nil }
        guard value > 0 else { throw UsageError("invalid value '\(values[name]!)' for \(name): it must be > 0") }
        return value
    }

    public func positiveDouble(_ name: String, default defaultValue: Double) throws(UsageError) -> Double {
        try positiveDouble(name) ?? defaultValue
    }

    /// A number ≥ 0.
    public func nonNegativeDouble(_ name: String) throws(UsageError) -> Double? {
        guard let value = try double(name) else { return nil }
        guard value >= 0 else { throw UsageError("invalid value '\(values[name]!)' for \(name): it must be ≥ 0") }
        return value
    }

    public func nonNegativeDouble(_ name: String, default defaultValue: Double) throws(UsageError) -> Double {
        try nonNegativeDouble(name) ?? defaultValue
    }

    public func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text) else {
            throw UsageError("invalid value '\(text)' for \(name): expected a whole number")
        }
        return value
    }

    public func integer(_ name: String, default defaultValue: Int) throws(UsageError) -> Int {
        try integer(name) ?? defaultValue
    }

    /// Two numbers separated by a comma, `X,Y`.
    public func pair(_ name: String) throws(UsageError) -> (Double, Double)? {
        guard let text = values[name] else { return nil }
        let parts = try Self.numbers(text, flag: name, separator: ",", expected: "X,Y")
        return (parts[0], parts[1])
    }

    public func pair(_ name: String, default defaultValue: (Double, Double)) throws(UsageError) -> (Double, Double) {
        try pair(name) ?? defaultValue
    }

    /// Two numbers separated by `x`, `WxH`, both > 0.
    public func dimensions(_ name: String) throws(UsageError) -> (Double, Double)? {
        guard let text = values[name] else { return nil }
        let parts = try Self.numbers(text, flag: name, separator: "x", expected: "WxH")
        guard parts[0] > 0, parts[1] > 0 else {
            throw UsageError("invalid value '\(text)' for \(name): width and height must be > 0")
        }
        return (parts[0], parts[1])
    }

    /// A comma-separated list of words.
    public func list(_ name: String) -> [String]? {
        values[name].map { $0.split(separator: ",", omittingEmptySubsequences: false).map { String($0) } }
    }

    /// One of an enumeration's raw values.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, as type: Choice.Type = Choice.self) throws(UsageError) -> Choice?
    where Choice.RawValue == String {
        guard let text = values[name] else { return nil }
        guard let value = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("invalid value '\(text)' for \(name): expected one of \(allowed)")
        }
        return value
    }

    public func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: Choice) throws(UsageError) -> Choice
    where Choice.RawValue == String {
        try choice(name, as: Choice.self) ?? defaultValue
    }

    // MARK: Parsing helpers

    public static func number(_ text: String, flag: String) throws(UsageError) -> Double {
        guard let value = Double(text.trimmingSpaces), !text.isEmpty else {
            throw UsageError("invalid value '\(text)' for \(flag): expected a number")
        }
        guard value.isFinite else {
            throw UsageError("invalid value '\(text)' for \(flag): it must be a finite number")
        }
        return value
    }

    static func numbers(_ text: String, flag: String, separator: Character, expected: String) throws(UsageError) -> [Double] {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw UsageError("invalid value '\(text)' for \(flag): expected \(expected)")
        }
        var result: [Double] = []
        for part in parts {
            guard let value = Double(String(part).trimmingSpaces), !part.isEmpty else {
                throw UsageError("invalid value '\(text)' for \(flag): expected \(expected) with numbers, '\(part)' is not a number")
            }
            guard value.isFinite else {
                throw UsageError("invalid value '\(text)' for \(flag): '\(part)' must be a finite number")
            }
            result.append(value)
        }
        return result
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
