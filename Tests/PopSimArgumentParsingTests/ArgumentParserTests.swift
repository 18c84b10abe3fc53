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

@Suite("Numeric flag ranges")
struct NumericFlagRangeTests {
    static let spec = CommandSpec(
        path: ["demo"], summary: "a demo",
        flags: [.number("--rate", "HZ", .above(0, through: 1e5), "scans per second"),
                .pair("--from", "X,Y", .closed(-1e9, 1e9), "start"),
                .numbers("--box", "X,Y,W,H", separator: ",", [.closed(-10, 10), .closed(-10, 10), .above(0, through: 5), .above(0, through: 5)], "box"),
                .integer("--jobs", "N", 1...8, "threads"),
                .seed("--seed", "seed"),
                .option("--list", "HZ,…", .numberList(.above(0, through: 100), maximumCount: 3), "rates"),
                .option("--fps", "HZ|promotion", .numberOrWord(.above(0, through: 240), words: ["promotion"]), "frame rate"),
                .pair("--at", "X,Y", .closed(0, 10), "point").allowingGridAxes(maximumPoints: 100)])

    static let refused: [([String], String)] = [
        (["--rate", "1e300"], "invalid value '1e300' for --rate: it must be in (0, 1e5]"),
        (["--rate", "0"], "invalid value '0' for --rate: it must be in (0, 1e5]"),
        (["--rate", "nan"], "invalid value 'nan' for --rate: it must be in (0, 1e5]"),
        (["--rate", "-inf"], "invalid value '-inf' for --rate: it must be in (0, 1e5]"),
        (["--rate", "1e309"], "invalid value '1e309' for --rate: it must be in (0, 1e5]"),
        (["--rate", "fast"], "invalid value 'fast' for --rate: expected a number in (0, 1e5]"),
        (["--from", "0,2e9"], "invalid value '0,2e9' for --from: Y must be in [-1e9, 1e9]"),
        (["--from", "0"], "invalid value '0' for --from: expected X,Y"),
        (["--box", "0,0,0,1"], "invalid value '0,0,0,1' for --box: W must be in (0, 5]"),
        (["--jobs", "0"], "invalid value '0' for --jobs: expected a whole number from 1 to 8"),
        (["--jobs", "99999999999999999999"], "invalid value '99999999999999999999' for --jobs: expected a whole number from 1 to 8"),
        (["--seed", "-1"], "invalid value '-1' for --seed: expected a whole number from 0 to 18446744073709551615"),
        (["--list", "1,2,3,4"], "invalid value '1,2,3,4' for --list: at most 3 values"),
        (["--list", "1,0"], "invalid value '1,0' for --list: every value must be in (0, 100]"),
        (["--fps", "promo"], "invalid value 'promo' for --fps: expected a number or promotion, 'promo' is not a number"),
        (["--fps", "500"], "invalid value '500' for --fps: it must be in (0, 240]"),
        (["--at", "0,0:11:3"], "invalid value '0,0:11:3' for --at: the axis '0:11:3' of Y: A and B must be in [0, 10]"),
        (["--at", "0,0:1:101"], "invalid value '0,0:1:101' for --at: '0:1:101': N must be a whole number from 1 to 100"),
        (["--rate", "1\n2"], "invalid value '1\\n2' for --rate: expected a number in (0, 1e5]"),
    ]

    @Test(arguments: refused)
    func outOfRangeValuesAreRefusedAsTheyAreRead(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { _ = try ArgumentParser.parse(arguments, for: Self.spec) }
    }

    @Test func inRangeValuesAreAccepted() throws {
        guard case let .arguments(parsed) = try ArgumentParser.parse(
            ["--rate", "1e5", "--from", "-1e9,1e9", "--jobs", "8", "--seed", "18446744073709551615", "--list", "1,100",
             "--fps", "promotion", "--at", "0:10:100,5", "--box", "-10,10,5,0.5"], for: Self.spec) else {
            Issue.record("expected arguments")
            return
        }
        #expect(try parsed.double("--rate") == 1e5)
        #expect(try parsed.unsignedInteger("--seed") == .max)
        #expect(try parsed.numbers("--list", separator: ",", expected: "HZ,…") == [1, 100])
    }

    /// The first bad value on the line is reported, before a later unknown flag or a missing argument.
    @Test func theFirstBadValueIsReportedFirst() {
        #expect(throws: UsageError("invalid value '0' for --rate: it must be in (0, 1e5]")) {
            _ = try ArgumentParser.parse(["--rate", "0", "--nonsense"], for: Self.spec)
        }
    }

    @Test func helpPrintsEachRange() {
        let help = Self.spec.helpText(toolName: "popsim")
        #expect(help.contains("scans per second (valid: in (0, 1e5])"))
        #expect(help.contains("start (valid: X, Y in [-1e9, 1e9])"))
        #expect(help.contains("box (valid: X, Y in [-10, 10]; W, H in (0, 5])"))
        #expect(help.contains("threads (valid: a whole number from 1 to 8)"))
        #expect(help.contains("point (valid: X, Y in [0, 10]; or A:B:N)"))
    }

    @Test func rangeNotation() {
        #expect(NumberRange.above(0, through: 1e5).description == "(0, 1e5]")
        #expect(NumberRange.closed(-1e9, 1e9).description == "[-1e9, 1e9]")
        #expect(NumberRange.from(0, below: 1).description == "[0, 1)")
        #expect(NumberRange.closed(1e-6, 852).description == "[1e-6, 852]")
        #expect(NumberRange.closed(0.25, 0.5).description == "[0.25, 0.5]")
        #expect(!NumberRange.closed(0, 1).contains(.nan))
        #expect(!NumberRange.from(0, below: 1).contains(1))
        #expect(NumberRange.above(-1, through: 1).contains(1) && !NumberRange.above(-1, through: 1).contains(-1))
    }
}

@Suite("Shell words by Unicode scalar")
struct ShellWordsScalarTests {
    /// Fuzz/FailCases/arguments/shell-quoting-combining-mark: a word starting with a combining mark
    /// fused with the opening quote into one character, so the quote was not seen when splitting.
    @Test(arguments: ["\u{06DB}sds2", "\u{0301}", "a\r\nb", "\u{1F1FA}\u{1F1F8}'x", "e\u{0301}'"])
    func wordsRoundTrip(word: String) throws {
        #expect(try ShellWords.split(ShellWords.join([word, "next"])) == [word, "next"])
    }

    @Test func replayedFailCase() throws {
        let words = ["\u{06DB}sds2\u{FFFD}\u{FFFD}\u{0B}dc\rlE"]
        #expect(try ShellWords.split(ShellWords.join(words)) == words)
    }
}
