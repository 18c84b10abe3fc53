import Foundation
import PopSimCommands
import PopSimParameters
import PopSimTestSupport
import Testing

/// The numeric-input policy through the built binary: for every numeric flag of every command (read
/// from the commands' own specs, so a new flag is covered the day it is added), values just outside
/// its declared range, NaN and overflowing numbers are a usage error, exit 2, with exactly one
/// `error:` line naming the flag, and no signal.
@Suite("Reliability: out-of-range values of every numeric flag")
struct NumericRangeCLITests {
    struct Case: Sendable, CustomStringConvertible {
        let command: [String]
        let flag: String
        let value: String
        var description: String { (command + [flag, value]).joined(separator: " ") }
    }

    /// A value inside the range (an end when it is included).
    static func inside(_ range: NumberRange) -> Double {
        range.includesLower ? range.lower : range.includesUpper ? range.upper : (range.lower + range.upper) / 2
    }

    /// The nearest excluded values below and above.
    static func outside(_ range: NumberRange) -> [Double] {
        [
            range.includesLower ? range.lower - Swift.max(1, abs(range.lower)) : range.lower,
            range.includesUpper ? range.upper + Swift.max(1, abs(range.upper)) : range.upper,
        ]
    }

    static func text(_ value: Double) -> String { value.description }

    static func values(for kind: ValueSyntax, forms: NumberForms) -> [String] {
        switch kind {
        case .text, .toggle:
            return []
        case let .choice(words):
            return [words[0] + "x"]
        case let .numbers(shape, ranges, words):
            var values: [String] = words.isEmpty ? [] : [words[0] + "x"]
            let valid = ranges.map { text(inside($0)) }
            let separator = shape.separator.map(String.init) ?? ""
            for (index, range) in ranges.enumerated() {
                let bad = outside(range).map(text) + (index == 0 ? ["nan", "inf", "1e309", "x"] : [])
                for value in bad {
                    var components = valid
                    components[index] = value
                    values.append(components.joined(separator: separator))
                }
                if forms.axisPoints != nil {
                    var components = valid
                    components[index] = "\(valid[index]):\(text(outside(range)[1])):3"
                    values.append(components.joined(separator: separator))
                }
            }
            return values
        case let .list(item, separator, maximumCount):
            let bad = values(for: item, forms: .plain)
            guard let first = bad.first else { return [] }
            let valid: String
            if case let .numbers(shape, ranges, _) = item {
                valid = ranges.map { text(inside($0)) }.joined(separator: shape.separator.map(String.init) ?? "")
            } else if case let .choice(words) = item {
                valid = words[0]
            } else {
                valid = "0"
            }
            return [first, Array(repeating: first, count: 2).joined(separator: String(separator))]
                + [Array(repeating: valid, count: maximumCount + 1).joined(separator: String(separator))]
        case let .integer(range):
            return [
                "\(range.lowerBound - 1)", range.upperBound == .max ? "9223372036854775808" : "\(range.upperBound + 1)",
                "1.5",
            ]
        case .seed:
            return ["-1", "18446744073709551616", "1e3"]
        }
    }

    static let cases: [Case] = PopSimTool.commands.flatMap { command in
        command.parameters.flatMap { parameter in
            values(for: parameter.syntax, forms: command.forms.applying(to: parameter.name)).map {
                Case(command: command.path, flag: parameter.flag, value: $0)
            }
        }
    }

    @Test func everyCommandWithNumbersIsCovered() {
        #expect(Set(Self.cases.map(\.command)).count >= 14)
        #expect(Self.cases.count > 300)
    }

    @Test(arguments: cases)
    func outOfRangeIsAUsageError(_ test: Case) throws {
        let result = try PopSimProcess.run(test.command + [test.flag, test.value])
        expectRefusal(result, status: 2, mentioning: [test.flag])
    }
}
