import PopSimArgumentParsing
import PopSimCommands
import PopSimTextIO

/// Any bytes as a command line: the first byte picks one of `popsim`'s commands, the rest are its
/// words separated by NUL bytes (as in `argv`). Oracles:
/// - a refused line is one usage error with no control character in its message;
/// - an accepted line's every value reads back through the typed accessors inside its declared range
///   (the parser's range check and the accessors agree);
/// - shell quoting round-trips (`ShellWords.join` then `split` gives the words back), as golden tables
///   and `--synth` rely on;
/// - the commands that only compute (`decide popover`, `decide popup`, `spring-info`) run in process
///   and end with status 0 and output, or a usage error and exactly one `error:` line and no output
///   (notes, `note: …`, may come with either).
func fuzzArguments(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard let first = bytes.first else { return 0 }
    let commands = PopSimTool.commands
    let command = commands[Int(first) % commands.count]
    let words = bytes.dropFirst()
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    if words == [""] { return 0 }

    do {
        let rejoined = try ShellWords.split(ShellWords.join(words))
        precondition(rejoined == words, "shell quoting must round-trip: \(words) → \(rejoined)")
    } catch {
        preconditionFailure("joined words must split: \(error)")
    }

    let spec = command.spec
    _ = spec.helpText(toolName: PopSimTool.name)
    switch Result(catching: { try ArgumentParser.parse(words, for: spec) }) {
    case let .failure(error as UsageError):
        precondition(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                     "a usage error quotes input with control characters escaped: \(error.message)")
        return 0
    case .failure(let error):
        preconditionFailure("the parser throws only usage errors: \(error)")
    case .success(.help):
        return 0
    case let .success(.arguments(parsed)):
        for flag in spec.flags {
            checkAccessors(parsed, flag)
        }
    }

    if [["decide", "popover"], ["decide", "popup"], ["spring-info"]].contains(spec.path) {
        let output = StringSink(), errors = StringSink()
        let status = PopSimTool.run(spec.path + words, CommandContext(standardOutput: output, standardError: errors,
                                                                      standardErrorIsTerminal: false))
        let lines = errors.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let errorLines = lines.filter { $0.hasPrefix("error: ") }
        precondition(lines.allSatisfy { $0.hasPrefix("error: ") || $0.hasPrefix("note: ") },
                     "standard error holds only error: and note: lines: \(errors.text)")
        switch status {
        case .success:
            precondition(errorLines.isEmpty && !output.text.isEmpty, "success prints its result and no error")
        case .usage:
            precondition(errorLines.count == 1 && output.text.isEmpty,
                         "a refused run prints one error line and nothing else: \(errors.text)")
        default:
            preconditionFailure("a pure command ends with 0 or 2, not \(status): \(errors.text)")
        }
    }
    return 0
}

/// Reads the flag's value through the accessor its kind calls for and checks it against the range.
private func checkAccessors(_ parsed: ParsedArguments, _ flag: FlagSpec) {
    guard let text = parsed.string(flag.name), let kind = flag.value else { return }
    do {
        switch kind {
        case .text:
            break
        case let .numbers(separator, ranges, axes, words):
            if words.contains(text) { break }
            let parts = separator.map { text.split(separator: $0, omittingEmptySubsequences: false) } ?? [Substring(text)]
            precondition(parts.count == ranges.count, "an accepted value has every component")
            for (part, range) in zip(parts, ranges) {
                if axes != nil, part.contains(":") { continue }
                let value = try ParsedArguments.number(String(part), flag: flag.name)
                precondition(range.contains(value), "\(flag.name) \(value) was accepted outside \(range)")
            }
        case let .numberList(range, maximumCount):
            let values = try parsed.numbers(flag.name, separator: ",", expected: "a list") ?? []
            precondition(values.count <= maximumCount && values.allSatisfy(range.contains), "\(flag.name) list outside \(range)")
        case let .integer(range):
            let value = try parsed.integer(flag.name)
            precondition(value.map(range.contains) == true, "\(flag.name) \(String(describing: value)) outside \(range)")
        case .unsignedInteger:
            let seed = try parsed.unsignedInteger(flag.name)
            precondition(seed != nil, "\(flag.name) accepted a non-seed")
        case let .list(item, separator, maximumCount):
            let items = text.split(separator: separator, omittingEmptySubsequences: false)
            precondition(items.count <= maximumCount, "\(flag.name) accepted \(items.count) items")
            for part in items {
                let one = ParsedArguments(values: [flag.name: String(part)])
                checkAccessors(one, FlagSpec.option(flag.name, flag.valueName ?? "", item, flag.help))
            }
        }
    } catch {
        preconditionFailure("an accepted value failed its accessor: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzArguments(UnsafeBufferPointer(start: data, count: size))
}
