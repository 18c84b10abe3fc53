import Testing

@testable import PopSimParameters

/// A stand-in value with one parameter of every kind.
struct Demo: Sendable, Equatable {
    enum Solver: String, CaseIterable, Sendable { case analytic, rk4 }

    var mass = 1.0
    var from = (x: 0.0, y: 0.0)
    var box = [0.0, 0.0, 1.0, 1.0]
    var solver = Solver.analytic
    var events = false
    var jobs = 1
    var seed: UInt64 = 0
    var rates: [Double] = []
    var fps: String?
    var at = (x: 0.0, y: 0.0)

    static func == (a: Demo, b: Demo) -> Bool {
        a.mass == b.mass && a.from == b.from && a.box == b.box && a.solver == b.solver && a.events == b.events
            && a.jobs == b.jobs
            && a.seed == b.seed && a.rates == b.rates && a.fps == b.fps && a.at == b.at
    }

    static let parameters = ParameterList<Demo>([
        .number("mass", \.mass, .above(0, through: 1e5), placeholder: "M", "mass", default: "1"),
        .numbers("from", [\.from.x, \.from.y], shape: .point(), [.closed(-1e9, 1e9)], "start"),
        .numbers(
            "box", [\.box[0], \.box[1], \.box[2], \.box[3]], shape: .rectangle,
            [.closed(-10, 10), .closed(-10, 10), .above(0, through: 5), .above(0, through: 5)], "box"),
        .choice("solver", \.solver, "solver"),
        .toggle("events", \.events, "log events"),
        .integer("jobs", \.jobs, 1...8, "threads"),
        .seed("seed", \.seed, "seed"),
        Parameter(
            ParameterDescription(
                name: "rates",
                syntax: .list(
                    .number(.above(0, through: 100), placeholder: "HZ"), separator: ",",
                    maximumCount: 3),
                placeholder: "HZ,…", summary: "rates"),
            assign: { (demo: inout Demo, value: ParameterValue) throws(ParameterError) in
                if case let .list(items) = value { demo.rates = items.compactMap { $0.plainNumbers?.first } }
            }),
        Parameter(
            ParameterDescription(
                name: "fps", syntax: .numbers(.scalar("HZ"), ranges: [.above(0, through: 240)], words: ["promotion"]),
                summary: "frame rate"),
            assign: { (demo: inout Demo, value: ParameterValue) throws(ParameterError) in
                switch value {
                case let .word(word): demo.fps = word
                default: demo.fps = value.plainNumbers.map { "\($0[0])" }
                }
            }),
        at,
    ])

    static let at = Parameter<Demo>.numbers("at", [\.at.x, \.at.y], shape: .point(), [.closed(0, 10)], "point")

    static func decode(_ words: [String], forms: NumberForms = .plain) throws(ParameterError) -> ParameterWords.Decoded
    {
        try ParameterWords.decode(
            words, parameters: parameters.descriptions, positionals: [PositionalDescription("FILE", "input")],
            forms: forms, command: "popsim demo")
    }
}

@Suite("Decoding words")
struct ParameterWordsTests {
    @Test func valuesSwitchesAndPositionals() throws {
        let decoded = try Demo.decode(["--mass", "2", "in.csv", "--events", "--from=-3,4.5"])
        let demo = try Demo.parameters.applying(decoded.assignments, to: Demo())
        #expect(demo.mass == 2)
        #expect(demo.events)
        #expect(demo.from == (-3, 4.5))
        #expect(decoded.positionals == ["in.csv"])
    }

    @Test func negativeNumbersAreValues() throws {
        #expect(
            try Demo.decode(["--from", "-1e3,-2"]).value(Demo.parameters.parameters[1].description)
                == .numbers([-1000, -2]))
    }

    @Test func dashIsAPositional() throws {
        #expect(try Demo.decode(["-"]).positionals == ["-"])
    }

    @Test func doubleDashEndsTheFlags() throws {
        #expect(try Demo.decode(["--", "--mass"]).positionals == ["--mass"])
    }

    @Test func helpAnywhere() throws {
        #expect(try Demo.decode(["--mass", "1", "--help"]).helpRequested)
        #expect(try Demo.decode(["-h"]).helpRequested)
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
        #expect(throws: ParameterError(message)) { _ = try Demo.decode(arguments) }
    }

    static let refused: [([String], String)] = [
        (["--mass", "1e300"], "invalid value '1e300' for --mass: it must be in (0, 1e5]"),
        (["--mass", "0"], "invalid value '0' for --mass: it must be in (0, 1e5]"),
        (["--mass", "nan"], "invalid value 'nan' for --mass: it must be in (0, 1e5]"),
        (["--mass", "-inf"], "invalid value '-inf' for --mass: it must be in (0, 1e5]"),
        (["--mass", "1e309"], "invalid value '1e309' for --mass: it must be in (0, 1e5]"),
        (["--mass", "heavy"], "invalid value 'heavy' for --mass: expected a number in (0, 1e5]"),
        (["--mass", ""], "invalid value '' for --mass: expected a number in (0, 1e5]"),
        (["--from", "0,2e9"], "invalid value '0,2e9' for --from: Y must be in [-1e9, 1e9]"),
        (["--from", "0"], "invalid value '0' for --from: expected X,Y"),
        (["--from", "1,x"], "invalid value '1,x' for --from: expected X,Y with numbers, 'x' is not a number"),
        (["--box", "0,0,0,1"], "invalid value '0,0,0,1' for --box: W must be in (0, 5]"),
        (["--solver", "euler"], "invalid value 'euler' for --solver: expected one of analytic, rk4"),
        (["--jobs", "0"], "invalid value '0' for --jobs: expected a whole number from 1 to 8"),
        (
            ["--jobs", "99999999999999999999"],
            "invalid value '99999999999999999999' for --jobs: expected a whole number from 1 to 8"
        ),
        (["--seed", "-1"], "invalid value '-1' for --seed: expected a whole number from 0 to 18446744073709551615"),
        (["--rates", "1,2,3,4"], "invalid value '1,2,3,4' for --rates: at most 3 values"),
        (["--rates", "1,0"], "invalid value '1,0' for --rates: every value must be in (0, 100]"),
        (
            ["--fps", "promo"],
            "invalid value 'promo' for --fps: expected a number or promotion, 'promo' is not a number"
        ),
        (["--fps", "500"], "invalid value '500' for --fps: it must be in (0, 240]"),
        (["--mass", "1\n2"], "invalid value '1\\n2' for --mass: expected a number in (0, 1e5]"),
    ]

    @Test(arguments: refused)
    func outOfRangeValuesAreRefusedAsTheyAreRead(arguments: [String], message: String) {
        #expect(throws: ParameterError(message)) { _ = try Demo.decode(arguments) }
    }

    @Test func inRangeValuesAreAccepted() throws {
        let decoded = try Demo.decode([
            "--mass", "1e5", "--from", "-1e9,1e9", "--jobs", "8", "--seed", "18446744073709551615",
            "--rates", "1,100", "--fps", "promotion", "--box", "-10,10,5,0.5",
        ])
        let demo = try Demo.parameters.applying(decoded.assignments, to: Demo())
        #expect(demo.mass == 1e5)
        #expect(demo.seed == .max)
        #expect(demo.rates == [1, 100])
        #expect(demo.fps == "promotion")
        #expect(demo.box == [-10, 10, 5, 0.5])
    }

    /// The first bad value on the line is reported, before a later unknown flag or a missing argument.
    @Test func theFirstBadValueIsReportedFirst() {
        #expect(throws: ParameterError("invalid value '0' for --mass: it must be in (0, 1e5]")) {
            _ = try Demo.decode(["--mass", "0", "--nonsense"])
        }
    }

    static let sweep = NumberForms(axisPoints: 100, intervals: true, categoryLists: true, sweptParameters: ["at"])

    @Test func axesAndIntervalsWhereASweepAllowsThem() throws {
        #expect(
            try Demo.decode(["--at", "0:10:100,5"], forms: Self.sweep).value(Demo.at.description)
                == .numbers([.axis(from: 0, to: 10, count: 100), .value(5)]))
        #expect(
            try Demo.decode(["--at", "1,2:3"], forms: Self.sweep).value(Demo.at.description)
                == .numbers([.value(1), .interval(from: 2, to: 3)]))
        // --from is not swept: an axis there is not a number.
        #expect(throws: ParameterError.self) { _ = try Demo.decode(["--from", "0:1:2,0"], forms: Self.sweep) }
        #expect(throws: ParameterError.self) { _ = try Demo.decode(["--at", "0:1:2,0"]) }
    }

    static let refusedAxes: [([String], String)] = [
        (
            ["--at", "0,0:11:3"],
            "invalid value '0,0:11:3' for --at: the axis '0:11:3' of Y: A and B must be in [0, 10]"
        ),
        (
            ["--at", "0,0:1:101"],
            "invalid value '0,0:1:101' for --at: '0:1:101': N must be a whole number from 1 to 100"
        ),
        (["--at", "0,3:4:1"], "N = 1 needs A = B"),
        (["--at", "0,1:1:1"], nil),
        (["--at", "0,2:1"], "A < B"),
    ].map { ($0.0, $0.1 ?? "") }

    @Test(arguments: refusedAxes)
    func axisFormsAreChecked(arguments: [String], message: String) {
        do {
            _ = try Demo.decode(arguments, forms: Self.sweep)
            #expect(message.isEmpty, "\(arguments) was accepted")
        } catch {
            #expect(!message.isEmpty && error.message.contains(message), "\(error.message)")
        }
    }

    @Test func helpPrintsEachRangeAndDefault() {
        let help = ParameterHelp.text(
            command: "popsim demo", summary: "a demo", parameters: Demo.parameters.descriptions,
            positionals: [PositionalDescription("FILE", "input")], forms: Self.sweep)
        #expect(help.contains("usage: popsim demo [flags] [FILE]"))
        #expect(help.contains("mass (default 1) (valid: in (0, 1e5])"))
        #expect(help.contains("start (valid: X, Y in [-1e9, 1e9])"))
        #expect(help.contains("box (valid: X, Y in [-10, 10]; W, H in (0, 5])"))
        #expect(help.contains("threads (valid: a whole number from 1 to 8)"))
        #expect(help.contains("point (valid: X, Y in [0, 10]; or A:B:N, or A:B)"))
        for description in Demo.parameters.descriptions { #expect(help.contains(description.flag)) }
    }

    /// What decodes encodes back to the same words' values: the text form golden tables and `--synth`
    /// rely on.
    @Test func encodedValuesDecodeToTheSameValues() throws {
        let words = [
            "--at", "0:10:5,2", "--solver", "rk4", "--events", "--rates", "60,90", "--seed", "7", "--from",
            "0.25,-1e-7",
            "--fps", "promotion",
        ]
        let decoded = try Demo.decode(words, forms: Self.sweep)
        let encoded = ParameterWords.encode(decoded.assignments, parameters: Demo.parameters.descriptions)
        #expect(
            encoded == [
                "--from", "0.25,-1e-7", "--solver", "rk4", "--events", "--seed", "7", "--rates", "60,90", "--fps",
                "promotion",
                "--at", "0:10:5,2",
            ])
        #expect(Set(try Demo.decode(encoded, forms: Self.sweep).assignments) == Set(decoded.assignments))
    }

    @Test func requiredParametersAreMissing() {
        let list = ParameterList<Demo>([.choice("solver", \.solver, "the solver", isRequired: true)])
        #expect(throws: ParameterError("--solver is missing: give --solver NAME, the solver")) {
            _ = try list.applying([Assignment<Demo>](), to: Demo())
        }
    }

    @Test func flagsAndColumnsDeriveFromTheName() {
        let description = ParameterDescription(
            name: "safe_area", syntax: .numbers(.insets, ranges: Array(repeating: .closed(0, 1), count: 4), words: []),
            summary: "insets")
        #expect(description.flag == "--safe-area")
        #expect(description.columns == ["safe_area_top", "safe_area_left", "safe_area_bottom", "safe_area_right"])
        #expect(ParameterDescription.name(forFlag: "--max-travel") == "max_travel")
        #expect(ParameterDescription.name(forFlag: "-x") == nil)
    }

    @Test func editDistance() {
        #expect(ParameterWords.editDistance("kitten", "sitting") == 3)
        #expect(ParameterWords.editDistance("", "abc") == 3)
        #expect(ParameterWords.editDistance("abc", "") == 3)
    }
}
