import Foundation
import PopSimArgumentParsing
import PopSimCommands
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
        [range.includesLower ? range.lower - Swift.max(1, abs(range.lower)) : range.lower,
         range.includesUpper ? range.upper + Swift.max(1, abs(range.upper)) : range.upper]
    }

    static func text(_ value: Double) -> String { value.description }

    static func values(for kind: FlagValue) -> [String] {
        switch kind {
        case .text:
            return []
        case let .numbers(separator, ranges, axes, words):
            var values: [String] = words.isEmpty ? [] : [words[0] + "x"]
            let valid = ranges.map { text(inside($0)) }
            for (index, range) in ranges.enumerated() {
                let bad = outside(range).map(text) + (index == 0 ? ["nan", "inf", "1e309", "x"] : [])
                for value in bad {
                    var components = valid
                    components[index] = value
                    values.append(components.joined(separator: separator.map(String.init) ?? ""))
                }
                if axes != nil {
                    var components = valid
                    components[index] = "\(valid[index]):\(text(outside(range)[1])):3"
                    values.append(components.joined(separator: separator.map(String.init) ?? ""))
                }
            }
            return values
        case let .numberList(range, maximumCount):
            let valid = text(inside(range))
            return outside(range).map { "\(valid),\(text($0))" } + ["\(valid),nan",
                    Array(repeating: valid, count: maximumCount + 1).joined(separator: ",")]
        case let .list(item, separator, maximumCount):
            let bad = values(for: item)
            guard let first = bad.first else { return [] }
            return [first, Array(repeating: first, count: 2).joined(separator: String(separator))]
                + [Array(repeating: "0", count: maximumCount + 1).joined(separator: String(separator))]
        case let .integer(range):
            return ["\(range.lowerBound - 1)", range.upperBound == .max ? "9223372036854775808" : "\(range.upperBound + 1)", "1.5"]
        case .unsignedInteger:
            return ["-1", "18446744073709551616", "1e3"]
        }
    }

    static let cases: [Case] = PopSimTool.commands.flatMap { command in
        command.spec.flags.flatMap { flag in
            flag.value.map { values(for: $0) }?.map { Case(command: command.spec.path, flag: flag.name, value: $0) } ?? []
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
