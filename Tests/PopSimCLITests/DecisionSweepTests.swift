import PopSimArgumentParsing
import Testing
@testable import PopSimCommands
import PopSimSweeps

@Suite("Decision sweeps from flags")
struct DecisionSweepTests {
    func parse(_ values: [String: String], switches: Set<String> = []) -> ParsedArguments {
        ParsedArguments(values: values, switches: switches)
    }

    /// Axes follow the decide command's flag order (--translation before --velocity), whatever the
    /// order on the command line; the columns name each component.
    @Test func axesFollowFlagOrderAndColumnsAreNamedByComponent() throws {
        let table = try DecisionTable<PopoverDecisionProblem>(arguments: parse(["--velocity": "0,-2000:2000:5", "--translation": "0,0:400:3"]))
        #expect(table.columns == ["translation_y", "velocity_y"])
        #expect(table.count == 15)
        #expect(table.problem(at: 7).translationY == 200)
        #expect(table.problem(at: 7).velocityY == 0)
    }

    /// Every numeric flag's columns name parameters of the library problem.
    @Test func everyNumericFlagColumnIsAProblemParameter() {
        for column in PopoverDecisionProblem.numericFlags.flatMap(\.columns) {
            #expect(PopoverDecisionProblem.parameter(named: column) != nil, "\(column)")
        }
        for column in PopupDecisionProblem.numericFlags.flatMap(\.columns) {
            #expect(PopupDecisionProblem.parameter(named: column) != nil, "\(column)")
        }
    }

    @Test func bothEndsAreValidatedByTheFlagChecks() {
        #expect(throws: UsageError.self) {
            _ = try DecisionTable<PopoverDecisionProblem>(arguments: parse(["--prediction-time": "0.25:-1:3"]))
        }
    }

    @Test func scalarAxisColumnName() throws {
        let table = try DecisionTable<PopoverDecisionProblem>(arguments: parse(["--prediction-time": "0:0.5:3"]))
        #expect(table.columns == ["prediction_time"])
    }

    @Test func recordedCommandOmitsExecutionFlags() {
        let arguments = parse(["--velocity": "0,-2000:2000:81", "--jobs": "4", "--output": "x.csv"], switches: ["--golden"])
        #expect(SweepRunner.recordedCommand(PopoverDecisionProblem.self, modelWord: "popover", arguments)
                == "popsim sweep popover --velocity 0,-2000:2000:81")
    }

    static let notGoldenCommands: [(command: String, reason: String)] = [
        ("popsim sweep popover --translation 0,0:1:2 --output /tmp/x.csv", "sets --output"),
        ("popsim sweep popover --translation 0,0:1:2 --shard 0/2", "sets --shard"),
        ("popsim sweep popover --translation 0,0:1:2 --jobs 3", "sets --jobs"),
        ("popsim sweep popover --translation 0,0:1:2 --golden", "sets --golden"),
        ("popsim simulate popover --synth tap", "must start with 'popsim sweep'"),
        ("popsim sweep simulate --synth tap", "must be 'popsim sweep popover"),
        ("popsim sweep popover --bogus 1", "not a valid sweep"),
        ("popsim sweep popover --translation 0,0:1:2 extra", "unexpected argument 'extra'"),
    ]

    /// A golden's command may only describe a sweep: anything that writes files or runs another
    /// command is refused before anything runs.
    @Test(arguments: notGoldenCommands)
    func goldenCommandsThatAreNotSweepsAreRefused(command: String, reason: String) {
        do {
            let golden = try GoldenDecisionTable(text: "# \(command)\ntranslation_y,outcome\n0,returned\n", source: "g.csv")
            _ = try GoldenRerun.run(golden)
            Issue.record("accepted \(command)")
        } catch let error as GoldenTableError {
            #expect(error.isMalformed)
            #expect(error.description.contains("not a golden table"))
            #expect(error.description.contains(reason), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// A rerun reproduces the table `sweep --golden` wrote (same text, current version).
    @Test func rerunReproducesTheSweep() throws {
        let text = GoldenDecisionTable.firstLine(recordedCommand: "popsim sweep popover --mode drag-down --translation 0,200:300:5")
            + "translation_y,outcome\n200.0,returned\n225.0,returned\n250.0,returned\n275.0,dismissed-down\n300.0,dismissed-down\n"
        let golden = try GoldenDecisionTable(text: text, source: "g.csv")
        let rerun = try GoldenRerun.run(golden, jobs: 2)
        #expect(rerun.text == text)
        #expect(golden.comparison(with: rerun.table).isUnchanged)
    }
}
