import Foundation
import PopSimParameters
import PopSimTestSupport
import Testing

/// `popsim sweep … --pipeline --replay ROW`: the printed commands, run as a user would (the synth stage
/// piped into the simulate stage), print the outcome the sweep wrote on that row.
@Suite("popsim sweep --replay")
struct ReplayCLITests {
    static let sweeps: [[String]] = [
        // The short flick: open through a 60 Hz pipeline, closed by the ideal rule.
        [
            "sweep", "popup", "--from", "open", "--translation", "0,25", "--velocity", "0,600", "--pipeline", "--rate",
            "60",
        ],
        [
            "sweep", "popover", "--mode", "drag-down", "--translation", "0,120", "--velocity", "0,900:1100:3",
            "--pipeline", "--rate",
            "60,120", "--noise", "0.3", "--seed", "11",
        ],
        [
            "sweep", "popup", "--device", "iphone-se,ipad-pro-11", "--from", "closed", "--style", "drag",
            "--translation", "0,-120",
            "--velocity", "0,-400:400:3", "--pipeline", "--noise", "0.5",
        ],
        [
            "sweep", "sheet", "--library", "floatingpanel", "--from", "half", "--translation", "0,-200:200:3",
            "--velocity", "0,-800:800:2",
            "--pipeline", "--noise", "0.3",
        ],
        // A human release on dropped and jittered frames: the replay draws the same release and frames.
        [
            "sweep", "popover", "--mode", "drag-down", "--translation", "0,60:160:3", "--velocity", "0,600:1400:3",
            "--pipeline", "--rate",
            "60", "--profile", "human", "--frame-drops", "0.2", "--frame-jitter", "0.002", "--seed", "5",
        ],
    ]

    /// Runs a replay line (`popsim synth … | popsim simulate …`) stage by stage.
    static func run(_ line: String) throws -> BuiltExecutable.Result {
        let stages = try ShellWords.split(line).split(separator: "|").map(Array.init)
        #expect(stages.count == 2 && stages.allSatisfy { $0.first == "popsim" }, "\(line)")
        let synth = try PopSimProcess.run(Array(stages[0].dropFirst()))
        #expect(synth.status == 0, "\(synth.stderr)")
        return try PopSimProcess.run(Array(stages[1].dropFirst()), input: synth.stdout)
    }

    @Test(arguments: sweeps)
    func everyRowReplaysToItsOutcome(sweep: [String]) throws {
        let table = try PopSimProcess.run(sweep)
        #expect(table.status == 0, "\(table.stderr)")
        let outcomeColumn = try #require(table.lines.first?.split(separator: ",").firstIndex(of: "outcome"))
        for (index, row) in table.lines.dropFirst().enumerated() {
            let replay = try PopSimProcess.run(sweep + ["--replay", String(index + 1)])
            #expect(replay.status == 0, "\(replay.stderr)")
            #expect(replay.lines.count == 1 && replay.lines[0].hasPrefix("popsim synth release "))
            let outcome = try Self.run(replay.lines[0])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(
                outcome.lines == [String(row.split(separator: ",")[outcomeColumn])],
                "row \(index + 1): \(replay.lines[0])")
        }
    }

    /// With trials, each realisation replays on its own seed; the row's counts are the replays' tally.
    @Test func trialsReplayTheirOwnSeeds() throws {
        let sweep = [
            "sweep", "popover", "--mode", "drag-down", "--translation", "0,120", "--velocity", "0,1000", "--pipeline",
            "--rate", "60", "--noise", "0.4", "--trials", "4",
        ]
        let table = try PopSimProcess.run(sweep)
        #expect(table.lines.first == "outcome,p_dismissed-down,p_returned,p_presented,p_error,ideal")
        let fields = table.lines[1].split(separator: ",").map(String.init)
        var dismissed = 0
        var seeds: Set<String> = []
        for trial in 0..<4 {
            let replay = try PopSimProcess.run(sweep + ["--replay", "1", "--trial", String(trial)])
            let words = try ShellWords.split(replay.lines[0])
            seeds.insert(words[words.firstIndex(of: "--seed")! + 1])
            if try Self.run(replay.lines[0]).lines == ["dismissed-down"] { dismissed += 1 }
        }
        #expect(seeds.count == 4)
        #expect(Double(fields[1]) == Double(dismissed) / 4)
    }

    @Test(arguments: [
        (["sweep", "popup", "--from", "open", "--replay", "1"], "only a --pipeline sweep"),
        (
            ["sweep", "popup", "--from", "open", "--pipeline", "--replay", "2"],
            "row 2 is not in the table, which has 1 rows"
        ),
        (["sweep", "popup", "--from", "open", "--pipeline", "--replay", "0"], "--replay"),
        (["sweep", "popup", "--from", "open", "--pipeline", "--replay", "1", "--trial", "1"], "trial 1 is not run"),
        (["sweep", "popup", "--from", "open", "--pipeline", "--trial", "1"], "give --replay ROW too"),
        (
            ["sweep", "popup", "--from", "open", "--pipeline", "--replay", "1", "--golden"],
            "cannot be combined with --golden"
        ),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
