import Foundation
import PopSimCommands
import PopSimParameters
import PopSimTestSupport
import Testing

/// Random command lines built from every subcommand's own parameter descriptions (valid, boundary,
/// out-of-range and malformed values, switches, stray words), run through the built binary: each
/// ends with a documented status, never a signal, and a refusal is exactly one `error:` line. The lines
/// are drawn from a fixed seed, so a failure reproduces; values are kept small, so every run is short.
@Suite("Reliability: random command lines from the parameter descriptions")
struct RandomCommandLinesCLITests {
    /// SplitMix64, for drawing.
    struct Draw {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static func number(_ range: NumberRange, _ draw: inout Draw) -> String {
        let small = Swift.min(range.upper, Swift.max(range.lower, 0) + 4)
        let low = range.includesLower ? range.lower : range.lower + (small - range.lower) / 4
        let value = low + (small - low) * Double(draw.below(5)) / 4
        let outside = range.includesUpper ? range.upper + 1 : range.upper
        return draw.pick([value.description, value.description, value.description, outside.description, "nan", "x", ""])
    }

    static func value(_ syntax: ValueSyntax, forms: NumberForms, _ draw: inout Draw) -> String {
        switch syntax {
        case .toggle: return ""
        case .text:
            return draw.pick([
                "", "x", "0", "a,b", "full=100,half=400", "tap", "swipe --to 0,100 --release-velocity 500",
            ])
        case let .choice(words): return draw.pick(words + [words[0] + "x"])
        case let .integer(range):
            return draw.pick([
                String(range.lowerBound), String(Swift.min(range.upperBound, range.lowerBound + 2)),
                String(range.lowerBound - 1), "1.5",
            ])
        case .seed: return draw.pick(["0", "7", "-1"])
        case let .numbers(shape, ranges, words):
            if !words.isEmpty, draw.below(4) == 0 { return draw.pick(words) }
            var parts = ranges.map { number($0, &draw) }
            if forms.axisPoints != nil, draw.below(3) == 0 {
                let index = draw.below(parts.count)
                parts[index] = "\(number(ranges[index], &draw)):\(number(ranges[index], &draw)):\(1 + draw.below(3))"
            }
            return parts.joined(separator: shape.separator.map(String.init) ?? "")
        case let .list(item, separator, _):
            return (0..<(1 + draw.below(3))).map { _ in value(item, forms: .plain, &draw) }.joined(
                separator: String(separator))
        }
    }

    static let lines: [[String]] = {
        var draw = Draw(state: 20_261_201)
        var lines: [[String]] = []
        for command in PopSimTool.commands where command.path != ["check"] {
            for _ in 0..<8 {
                var words = command.path
                for parameter in command.parameters where draw.below(3) == 0 {
                    // Outputs stay in the test's own directory: never a named file.
                    if parameter.name == "output" || parameter.name == "residuals" || parameter.name == "trace_dir" {
                        continue
                    }
                    words.append(parameter.flag)
                    if !parameter.isSwitch {
                        words.append(value(parameter.syntax, forms: command.forms.applying(to: parameter.name), &draw))
                    }
                }
                if draw.below(6) == 0 { words.append(draw.pick(["stray", "--bogus", "-"])) }
                lines.append(words)
            }
        }
        return lines
    }()

    @Test func everyCommandIsDrawn() {
        #expect(Set(Self.lines.map { $0.prefix(2).joined(separator: " ") }).count >= 30)
    }

    @Test(arguments: lines)
    func endsWithADocumentedStatus(line: [String]) throws {
        let result = try PopSimProcess.run(line, input: "")
        #expect(!result.signalled, "\(line): ended by signal \(result.status)\n\(result.stderr)")
        #expect([0, 1, 2, 65, 70, 74].contains(result.status), "\(line): status \(result.status)\n\(result.stderr)")
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        if result.status == 0 {
            #expect(errors.isEmpty, "\(line): \(result.stderr)")
        } else {
            #expect(errors.count == 1, "\(line): \(result.stderr)")
        }
    }
}
