import PopSimTextIO

/// The flags and positionals of one command line, with typed accessors.
///
/// Values that came through ``ArgumentParser`` have already been checked against their flags'
/// ``FlagValue``s (numbers finite and in range); the accessors still reject text that is not a finite
/// number, for values built by hand (a sweep's grid point, a test).
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

    public func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text) else {
            throw UsageError("invalid value '\(DiagnosticText.excerpt(text))' for \(name): expected a whole number")
        }
        return value
    }

    public func integer(_ name: String, default defaultValue: Int) throws(UsageError) -> Int {
        try integer(name) ?? defaultValue
    }

    /// A whole number from 0 to 2⁶⁴ − 1 (a seed).
    public func unsignedInteger(_ name: String) throws(UsageError) -> UInt64? {
        guard let text = values[name] else { return nil }
        guard let value = UInt64(text) else {
            throw UsageError("invalid value '\(DiagnosticText.excerpt(text))' for \(name): expected a whole number from 0 to \(UInt64.max)")
        }
        return value
    }

    /// Two numbers separated by a comma, `X,Y`.
    public func pair(_ name: String) throws(UsageError) -> (Double, Double)? {
        guard let parts = try numbers(name, separator: ",", expected: "X,Y") else { return nil }
        guard parts.count == 2 else { throw UsageError("invalid value '\(DiagnosticText.excerpt(values[name]!))' for \(name): expected X,Y") }
        return (parts[0], parts[1])
    }

    public func pair(_ name: String, default defaultValue: (Double, Double)) throws(UsageError) -> (Double, Double) {
        try pair(name) ?? defaultValue
    }

    /// Two numbers separated by `x`, `WxH`, both > 0.
    public func dimensions(_ name: String) throws(UsageError) -> (Double, Double)? {
        guard let parts = try numbers(name, separator: "x", expected: "WxH") else { return nil }
        guard parts.count == 2 else { throw UsageError("invalid value '\(DiagnosticText.excerpt(values[name]!))' for \(name): expected WxH") }
        guard parts[0] > 0, parts[1] > 0 else {
            throw UsageError("invalid value '\(DiagnosticText.excerpt(values[name]!))' for \(name): width and height must be > 0")
        }
        return (parts[0], parts[1])
    }

    /// The numbers of a value written with `separator` (`X,Y,W,H`, a list `60,120,240`).
    public func numbers(_ name: String, separator: Character, expected: String) throws(UsageError) -> [Double]? {
        guard let text = values[name] else { return nil }
        var result: [Double] = []
        for part in text.split(separator: separator, omittingEmptySubsequences: false) {
            guard let value = Double(String(part.trimmingSpaces)), !part.isEmpty, value.isFinite else {
                throw UsageError("invalid value '\(DiagnosticText.excerpt(text))' for \(name): expected \(expected) with finite numbers")
            }
            result.append(value)
        }
        return result
    }

    /// The numbers of each item of a list value (`X,Y,W,H;X,Y,W,H`), items split at `listSeparator`.
    public func numberItems(_ name: String, listSeparator: Character, separator: Character, expected: String) throws(UsageError) -> [[Double]]? {
        guard let text = values[name] else { return nil }
        var items: [[Double]] = []
        for item in text.split(separator: listSeparator, omittingEmptySubsequences: false) {
            let one = ParsedArguments(values: [name: String(item)])
            items.append(try one.numbers(name, separator: separator, expected: expected) ?? [])
        }
        return items
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
            throw UsageError("invalid value '\(DiagnosticText.excerpt(text))' for \(name): expected one of \(allowed)")
        }
        return value
    }

    public func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: Choice) throws(UsageError) -> Choice
    where Choice.RawValue == String {
        try choice(name, as: Choice.self) ?? defaultValue
    }

    // MARK: Parsing helpers

    public static func number(_ text: String, flag: String) throws(UsageError) -> Double {
        guard let value = Double(String(Substring(text).trimmingSpaces)), !text.isEmpty else {
            throw UsageError("invalid value '\(DiagnosticText.excerpt(text))' for \(flag): expected a number")
        }
        guard value.isFinite else {
            throw UsageError("invalid value '\(DiagnosticText.excerpt(text))' for \(flag): it must be a finite number")
        }
        return value
    }
}
