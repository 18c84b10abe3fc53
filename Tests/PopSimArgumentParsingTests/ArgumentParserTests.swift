import Testing
@testable import PopSimArgumentParsing

@Suite("Argument parser")
struct ArgumentParserTests {
    static let spec = CommandSpec(
        path: ["demo"], summary: "a demo",
        flags: [.option("--mass", "M", "mass"), .option("--from", "X,Y", "start"), .option("--size", "WxH", "size"),
                .option("--solver", "NAME", "solver"), .switch("--events", "log events")],
        positionals: [PositionalSpec("FILE", "input")])

    func parse(_ args: [String]) throws -> ParsedArguments {
        guard case let .arguments(parsed) = try ArgumentParser.parse(args, for: Self.spec) else {
            Issue.record("expected arguments, got help")
            return ParsedArguments()
        }
        return parsed
    }

    @Test func valuesSwitchesAndPositionals() throws {
        let parsed = try parse(["--mass", "2", "in.csv", "--events", "--from=-3,4.5"])
        #expect(try parsed.double("--mass") == 2)
        #expect(parsed.isSet("--events"))
        #expect(parsed.positionals == ["in.csv"])
        #expect(try parsed.pair("--from")! == (-3, 4.5))
    }

    @Test func negativeNumbersAreValues() throws {
        #expect(try parse(["--mass", "-1e3"]).double("--mass") == -1000)
    }

    @Test func dashIsAPositional() throws {
        #expect(try parse(["-"]).positionals == ["-"])
    }

    @Test func helpAnywhere() throws {
        #expect(try ArgumentParser.parse(["--mass", "1", "--help"], for: Self.spec) == .help)
        #expect(try ArgumentParser.parse(["-h"], for: Self.spec) == .help)
    }

    static let usageErrors: [([String], String)] = [
        (["--mas", "1"], "unknown flag --mas for 'popsim demo' (did you mean --mass?); see 'popsim demo --help'"),
        (["--mass", "1", "--mass", "2"], "flag --mass is given more than once; give it once"),
        (["--mass"], "flag --mass needs a value (--mass M)"),
        (["--events=yes"], "flag --events takes no value"),
        (["a", "b"], "unexpected argument 'b' for 'popsim demo': it takes at most 1 argument(s) besides flags"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsNameTheProblem(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { _ = try ArgumentParser.parse(arguments, for: Self.spec) }
    }

    static let badValues: [(String, String, String)] = [
        ("--mass", "abc", "invalid value 'abc' for --mass: expected a number"),
        ("--mass", "nan", "invalid value 'nan' for --mass: it must be a finite number"),
        ("--mass", "inf", "invalid value 'inf' for --mass: it must be a finite number"),
        ("--mass", "-inf", "invalid value '-inf' for --mass: it must be a finite number"),
        ("--mass", "", "invalid value '' for --mass: expected a number"),
    ]

    @Test(arguments: badValues)
    func invalidNumbersAreRejected(flag: String, value: String, message: String) throws {
        let parsed = try parse([flag, value])
        #expect(throws: UsageError(message)) { _ = try parsed.double(flag) }
    }


    @Test func pairsAndDimensions() throws {
        #expect(throws: UsageError.self) { _ = try parse(["--from", "1"]).pair("--from") }
        #expect(throws: UsageError.self) { _ = try parse(["--from", "1,x"]).pair("--from") }
        #expect(throws: UsageError.self) { _ = try parse(["--from", "1,nan"]).pair("--from") }
        #expect(try parse(["--size", "393x852"]).dimensions("--size")! == (393, 852))
        #expect(throws: UsageError.self) { _ = try parse(["--size", "0x852"]).dimensions("--size") }
    }

    enum Solver: String, CaseIterable { case analytic, rk4 }

    @Test func choices() throws {
        #expect(try parse(["--solver", "rk4"]).choice("--solver", default: Solver.analytic) == .rk4)
        #expect(try parse([]).choice("--solver", default: Solver.analytic) == .analytic)
        #expect(throws: UsageError("invalid value 'euler' for --solver: expected one of analytic, rk4")) {
            _ = try parse(["--solver", "euler"]).choice("--solver", default: Solver.analytic)
        }
    }

    @Test func helpTextListsEveryFlag() {
        let help = Self.spec.helpText(toolName: "popsim")
        #expect(help.contains("usage: popsim demo [flags] [FILE]"))
        for flag in Self.spec.flags { #expect(help.contains(flag.name)) }
    }

    @Test func editDistance() {
        #expect(ArgumentParser.editDistance("kitten", "sitting") == 3)
        #expect(ArgumentParser.editDistance("", "abc") == 3)
        #expect(ArgumentParser.editDistance("abc", "") == 3)
    }
}

@Suite("Shell words")
struct ShellWordsTests {
    static let cases: [(String, [String])] = [
        ("swipe --from 10,20 --to 10,400", ["swipe", "--from", "10,20", "--to", "10,400"]),
        ("  a   b  ", ["a", "b"]),
        ("'a b' \"c \\\"d\\\"\" e\\ f", ["a b", "c \"d\"", "e f"]),
        ("''", [""]),
        ("x'y'z", ["xyz"]),
    ]

    @Test(arguments: cases)
    func split(line: String, words: [String]) throws {
        #expect(try ShellWords.split(line) == words)
    }

    @Test func joinRoundTrips() throws {
        let words = ["sweep", "popover", "--translation", "0,0:400:81", "it's here", ""]
        #expect(try ShellWords.split(ShellWords.join(words)) == words)
        #expect(ShellWords.join(["--velocity", "0,-2000:2000:81"]) == "--velocity 0,-2000:2000:81")
    }

    @Test func unterminatedQuotesAreUsageErrors() {
        #expect(throws: UsageError.self) { _ = try ShellWords.split("a 'b") }
        #expect(throws: UsageError.self) { _ = try ShellWords.split("a \"b") }
    }
}
