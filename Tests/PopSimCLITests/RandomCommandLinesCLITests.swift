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

    /// A frame-times file for `--frame-times` (a real one, so runs reach the frame clock) and its digest.
    static let frames: (path: String, digest: String) = {
        let text = "time\n" + (0...30).map { "\(Double($0) / 60)" }.joined(separator: "\n") + "\n"
        let path = (try? PopSimProcess.file("frames.csv", text)) ?? "frames.csv"
        let digest = (try? BuiltExecutable.shell("sha256sum '\(path)' | cut -c1-64").stdout.dropLast()) ?? ""
        return (path, String(digest))
    }()

    /// Values for the text parameters whose grammar matters: valid ones and near misses.
    static func text(for name: String, _ draw: inout Draw) -> String? {
        switch name {
        case "frame_times": return draw.pick([frames.path, frames.path, "missing.csv", "-", "/dev/null"])
        case "frame_times_sha256":
            return draw.pick([frames.digest, String(repeating: "0", count: 64), "xyz", frames.digest.uppercased()])
        case "rate_steps": return draw.pick(["thermal", "0.5:80,1:60", "0:5e-324", "1:60,0.5:80", "x", ""])
        case "detents":
            return draw.pick([
                "full=77,half=439,tip=749", "long=80,short=300", "hidden=900,tip=749", "", "x=1", "full=1e9",
            ])
        default: return nil
        }
    }

    static func value(_ syntax: ValueSyntax, name: String = "", forms: NumberForms, _ draw: inout Draw) -> String {
        switch syntax {
        case .toggle: return ""
        case .text:
            if let text = text(for: name, &draw) { return text }
            return draw.pick([
                "", "x", "0", "a,b", "full=100,half=400", "tap", "swipe --to 0,100 --release-velocity 500",
                "swipe --to 0,300 --release-velocity 1500 --profile human",
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
            // The sheet family and the frame flags get twice the lines: most of their values are new.
            let framed = command.parameters.contains { $0.name == "frame_times" }
            for _ in 0..<(command.path.last == "sheet" || framed ? 16 : 8) {
                var words = command.path
                for parameter in command.parameters where draw.below(3) == 0 {
                    // Outputs stay in the test's own directory: never a named file.
                    if parameter.name == "output" || parameter.name == "residuals" || parameter.name == "trace_dir" {
                        continue
                    }
                    words.append(parameter.flag)
                    if !parameter.isSwitch {
                        words.append(
                            value(
                                parameter.syntax, name: parameter.name,
                                forms: command.forms.applying(to: parameter.name),
                                &draw))
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

    /// The sheet flags, the frame flags and the human profile are each drawn, more than once.
    @Test func sheetsFramesAndTheHumanProfileAreDrawn() {
        // Every sheet flag but --output, which is never drawn (outputs stay in the test's own directory).
        let sheetFlags = Set(
            PopSimTool.commands.filter { $0.path.last == "sheet" }.flatMap { $0.parameters.map(\.flag) }
        ).subtracting(["--output"])
        let frameFlags = ["--frame-times", "--frame-times-sha256", "--frame-drops", "--frame-jitter", "--rate-steps"]
        let drawn = Self.lines.flatMap { $0 }
        for flag in sheetFlags.union(frameFlags) {
            #expect(
                drawn.filter { $0 == flag }.count >= 2, "\(flag) is drawn \(drawn.filter { $0 == flag }.count) times")
        }
        let human = Self.lines.filter { line in
            zip(line, line.dropFirst()).contains { $0 == "--profile" && $1 == "human" }
                || line.contains { $0.contains("--profile human") }
        }
        #expect(human.count >= 4, "the human profile is drawn in \(human.count) lines")
        #expect(drawn.contains(Self.frames.path) && drawn.contains(Self.frames.digest))
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
