import Foundation
import Testing

/// The command line behaves the same way everywhere: group help, rates, the release's numbers in the
/// event log, the notes and hints a user acts on.
@Suite("popsim consistency")
struct ConsistencyCLITests {
    /// `popsim GROUP --help` lists the group's subcommands, with their summaries, and exits 0.
    @Test(arguments: [
        ("synth", ["tap", "double-tap", "long-press", "pan", "swipe", "pinch", "release"]),
        ("decide", ["popover", "popup", "sheet"]),
        ("simulate", ["popover", "popup", "sheet"]),
        ("sweep", ["popover", "popup", "sheet"]),
    ])
    func groupHelpListsSubcommands(group: String, subcommands: [String]) throws {
        for flag in ["--help", "-h"] {
            let result = try PopSimProcess.run([group, flag])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            let listed = result.lines.drop { $0 != "subcommands:" }.dropFirst()
                .map { String($0.drop { $0 == " " }.prefix { $0 != " " }) }
            #expect(listed == subcommands)
        }
    }

    /// `simulate --rate R --synth '…'` scans the synthesised gesture at R: the run equals the one of
    /// the stream `popsim synth … --rate R` writes, unless the synth flags choose a rate or a device.
    @Test(
        arguments: [
            ("60", "60", "swipe --from 196.5,426 --to 196.5,600 --release-velocity 1200 --noise 0.3 --seed 5"),
            ("120", "120", "swipe --from 196.5,426 --to 196.5,600 --release-velocity 1200 --noise 0.3 --seed 5"),
            ("promotion", "120", "pan --from 196.5,426 --to 196.5,700 --seconds 0.3"),
            // The synth flags win: a 240 Hz pencil scan under a 60 Hz display, and a device preset.
            ("60", nil, "swipe --from 196.5,426 --to 196.5,600 --release-velocity 1200 --rate 240"),
            ("60", nil, "swipe --from 196.5,426 --to 196.5,600 --release-velocity 1200 --device iphone-promotion"),
        ] as [(String, String?, String)])
    func synthScansAtTheSimulationRate(rate: String, scanRate: String?, synth: String) throws {
        let words = synth.split(separator: " ").map(String.init)
        let stream = try PopSimProcess.run(["synth"] + words + (scanRate.map { ["--rate", $0] } ?? []))
        #expect(stream.status == 0)
        let flags = ["simulate", "popover", "--mode", "drag-down", "--rate", rate, "--events"]
        let fromFile = try PopSimProcess.run(flags + ["-"], input: stream.stdout)
        let synthesised = try PopSimProcess.run(flags + ["--synth", synth])
        #expect(synthesised.status == 0, "\(synthesised.stderr)")
        #expect(synthesised.stdout == fromFile.stdout)
    }

    /// The stream's sample times show the scan rate: 1/60 s apart under --rate 60 (the moves of a
    /// linear 0.5 s pan, one per scan).
    @Test func sixtyHertzSimulationSeesSixtyHertzTouches() throws {
        let sixty = try PopSimProcess.run([
            "synth", "pan", "--from", "0,0", "--to", "0,300", "--seconds", "0.5", "--rate", "60",
        ]).stdout
        let oneTwenty = try PopSimProcess.run(["synth", "pan", "--from", "0,0", "--to", "0,300", "--seconds", "0.5"])
            .stdout
        #expect(sixty.split(separator: "\n").count == 1 + 31)  // header, t = 0 … 30/60
        #expect(oneTwenty.split(separator: "\n").count == 1 + 61)  // header, t = 0 … 60/120
        let synth = "pan --from 196.5,426 --to 196.5,726 --seconds 0.5"
        let simulated = try PopSimProcess.run([
            "simulate", "popover", "--mode", "drag-down", "--rate", "60", "--events", "--synth", synth,
        ])
        let at60 = try PopSimProcess.run(
            ["simulate", "popover", "--mode", "drag-down", "--rate", "60", "--events", "-"],
            input: try PopSimProcess.run(["synth"] + synth.split(separator: " ").map(String.init) + ["--rate", "60"])
                .stdout)
        let at120 = try PopSimProcess.run(
            ["simulate", "popover", "--mode", "drag-down", "--rate", "60", "--events", "-"],
            input: try PopSimProcess.run(["synth"] + synth.split(separator: " ").map(String.init)).stdout)
        #expect(simulated.stdout == at60.stdout)
        #expect(simulated.stdout != at120.stdout)
    }

    /// `sweep --rate` takes what `simulate --rate` takes, except ProMotion, and says so.
    @Test(arguments: ["60", "120", "90", "240"])
    func sweepAcceptsFixedRates(rate: String) throws {
        let result = try PopSimProcess.run([
            "sweep", "popover", "--mode", "drag-down", "--translation", "0,0:300:2", "--pipeline", "--rate", rate,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("pipeline (\(rate) Hz,"))
    }

    @Test(arguments: [("promotion", "simulate --rate promotion"), ("fast", "60 or 120"), ("-60", "60 or 120")])
    func sweepSaysWhichRatesItAccepts(rate: String, explanation: String) throws {
        let result = try PopSimProcess.run([
            "sweep", "popover", "--translation", "0,0:300:2", "--pipeline", "--rate", rate,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: invalid value '\(rate)' for --rate"))
        #expect(result.stderr.contains(explanation))
        // simulate accepts promotion, and rejects the others naming the same choices.
        let simulate = try PopSimProcess.run([
            "simulate", "popover", "--rate", rate, "--outcome", "--synth", "tap --from 196.5,426",
        ])
        #expect((simulate.status == 0) == (rate == "promotion"))
    }

    /// The `released:` event carries the translation and the velocity the model measured, and `decide`
    /// given those numbers reproduces the word: the log is enough to replay a decision.
    @Test(
        arguments: [
            (
                ["popover", "--mode", "drag-down"],
                "swipe --from 196.5,426 --to 196.5,560 --release-velocity 900 --noise 0.3 --seed 2",
                "released:dismissed-down"
            ),
            (
                ["popover", "--mode", "drag-down"],
                "swipe --from 196.5,426 --to 196.5,500 --release-velocity 300 --seed 3", "released:returned"
            ),
            (
                ["popup", "--from", "open", "--style", "drag"],
                "swipe --from 196,250 --to 196,500 --release-velocity 700", "released:closed"
            ),
            // At rest 0.1 s before lifting: velocity 0 (the 40 ms rule), p = 1 − 100/769 ≥ 0.5, so it opens again.
            (
                ["popup", "--from", "open", "--style", "drag"], "pan --from 196,250 --to 196,350 --hold 0.1",
                "released:open"
            ),
        ] as [([String], String, String)])
    func releasedEventCarriesTheMeasurement(model: [String], synth: String, word: String) throws {
        let run = try PopSimProcess.run(["simulate"] + model + ["--rate", "120", "--events", "--synth", synth])
        #expect(run.status == 0, "\(run.stderr)")
        let released = try #require(run.lines.first { $0.contains(",released:") })
        // time,released:WORD translation=(X Y) velocity=(VX VY)
        let event = String(released.drop { $0 != "," }.dropFirst())
        #expect(event.hasPrefix(word + " translation=("))
        func pair(_ name: String) throws -> String {
            let start = try #require(event.range(of: name + "=("))
            let inside = event[start.upperBound...].prefix { $0 != ")" }
            let numbers = inside.split(separator: " ").map { Double(String($0)) }
            #expect(numbers.count == 2 && numbers.allSatisfy { $0 != nil })
            return inside.split(separator: " ").joined(separator: ",")
        }
        let decided = try PopSimProcess.run(
            ["decide"] + model + ["--translation", try pair("translation"), "--velocity", try pair("velocity")])
        #expect(decided.status == 0, "\(decided.stderr)")
        #expect("released:" + decided.stdout.trimmingCharacters(in: .newlines) == word)
    }

    /// The pipeline summary names the estimator that ran: the model's own by default.
    @Test(
        arguments: [
            (["popover", "--mode", "drag-down"], [], "estimator swiftui (the model's own)"),
            (["popup", "--from", "open"], [], "estimator ios (the model's own)"),
            (["popover", "--mode", "drag-down"], ["--estimator", "lsq2"], "estimator lsq2,"),
        ] as [([String], [String], String)])
    func pipelineSummaryNamesTheEstimator(model: [String], flags: [String], expected: String) throws {
        let result = try PopSimProcess.run(["sweep"] + model + ["--translation", "0,0:300:2", "--pipeline"] + flags)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(expected))
    }

    /// Every GSL failure hint names flags `popsim spring --help` lists.
    @Test(arguments: [
        (["--max-steps", "1"], "--max-steps"),
        (["--min-step", "0.005"], "--min-step"),
    ])
    func gslHintNamesFlagsThatExist(limit: [String], flag: String) throws {
        let result = try PopSimProcess.run(
            ["spring", "--preset", "bouncy", "--solver", "rkf45", "--epsabs", "1e-14", "--epsrel", "1e-14"] + limit)
        #expect(result.status == 70)
        #expect(result.stderr.hasPrefix("error: GSL error "))
        let help = try PopSimProcess.run(["spring", "--help"]).stdout
        let named = result.stderr.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "(" || $0 == "\n" })
            .filter { $0.hasPrefix("--") }.map { String($0) }
        #expect(named.contains(flag))
        for name in named { #expect(help.contains("  \(name) "), "\(name) is not a flag of popsim spring") }
    }
}
