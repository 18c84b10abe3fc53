import PopSim

/// A command line's words decoded against one of PopSim's parameter lists (the lists every `popsim`
/// command is made of), with the sweep forms where a sweep takes them.
struct Target {
    let name: String
    let parameters: [ParameterDescription]
    let forms: NumberForms
    /// Builds (and for a decision, decides) the value the assignments describe; throws only
    /// ``ParameterError``.
    let make: ([AnyAssignment]) throws -> Void
}

func decide<Family: ModelFamily>(_ family: Family.Type) -> [Target] {
    [
        Target(name: "decide \(Family.name)", parameters: Family.Problem.parameters.descriptions, forms: .plain) {
            assignments in
            _ = try Family.Problem.make(assignments).outcome().word
        },
        Target(
            name: "sweep \(Family.name)", parameters: Sweep<Family>.parameters(.sweep),
            forms: Sweep<Family>.forms(.sweep)
        ) { assignments in
            _ = try Sweep<Family>(.sweep, assignments).text
        },
        Target(
            name: "threshold \(Family.name)", parameters: Sweep<Family>.parameters(.threshold),
            forms: Sweep<Family>.forms(.threshold)
        ) { assignments in
            _ = try Sweep<Family>(.threshold, assignments).text
        },
    ]
}

let targets: [Target] =
    decide(PopoverFamily.self) + decide(PopupFamily.self)
    + GestureRequest.Kind.allCases.map { kind in
        Target(
            name: "synth \(kind.rawValue)", parameters: GestureRequest.parameters(for: kind).descriptions, forms: .plain
        ) {
            _ = try GestureRequest.make(kind, $0)
        }
    }
    + [
        Target(name: "spring-info", parameters: SpringSpecification.parameters.descriptions, forms: .plain) {
            assignments in
            let specification = try SpringSpecification.parameters.applying(assignments, to: SpringSpecification())
            _ = try specification.settlingTime(of: try specification.spring(), hint: "")
        }
    ]

/// Any bytes as a command line: the first byte picks a parameter list, the rest are its words separated
/// by NUL bytes (as in `argv`). Oracles:
/// - a refused line is one ``ParameterError`` with no control character in its message;
/// - an accepted line's values encode to words that decode to the same typed values (the text form
///   golden tables and `--synth` rely on);
/// - shell quoting round-trips (`ShellWords.join` then `split` gives the words back);
/// - building the value (and deciding, for a problem) either succeeds or throws a ``ParameterError``.
func fuzzArguments(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard let first = bytes.first else { return 0 }
    let target = targets[Int(first) % targets.count]
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

    let decoded: ParameterWords.Decoded
    do {
        decoded = try ParameterWords.decode(
            words, parameters: target.parameters, forms: target.forms, command: target.name)
    } catch {
        precondition(
            !error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "a refused value is quoted with control characters escaped: \(error.message)")
        return 0
    }
    guard !decoded.helpRequested else { return 0 }
    let again = ParameterWords.encode(decoded.assignments, parameters: target.parameters)
    do {
        let reread = try ParameterWords.decode(
            again, parameters: target.parameters, forms: target.forms, command: target.name)
        precondition(Set(reread.assignments) == Set(decoded.assignments), "values must read back: \(words) → \(again)")
    } catch {
        preconditionFailure("encoded values must decode: \(again): \(error)")
    }
    do {
        try target.make(decoded.assignments)
    } catch is ParameterError {
    } catch {
        preconditionFailure("building a value throws only parameter errors: \(error)")
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzArguments(UnsafeBufferPointer(start: data, count: size))
}
