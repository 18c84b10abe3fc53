import Foundation
import PopSimInteractions
import PopSimParameters
import PopSimTextIO
import Testing

@testable import PopSimCommands
@testable import PopSimSweeps

@Suite("Decision sweeps from flags")
struct DecisionSweepTests {
    static func table(_ words: [String]) throws -> DecisionTable<PopoverDecisionProblem> {
        try Sweep<PopoverFamily>(.sweep, words: words).decisionTable()
    }

    /// Axes follow the decide command's flag order (--translation before --velocity), whatever the
    /// order on the command line; the columns name each component.
    @Test func axesFollowFlagOrderAndColumnsAreNamedByComponent() throws {
        let table = try Self.table(["--velocity", "0,-2000:2000:5", "--translation", "0,0:400:3"])
        #expect(table.columns == ["translation_y", "velocity_y"])
        #expect(table.count == 15)
        #expect(table.problem(at: 7).release.translation.dy == 200)
        #expect(table.problem(at: 7).release.velocity.dy == 0)
    }

    /// Every numeric column names the component a sweep sets: a value written through the column's key
    /// path is the one its parameter reads back at the column's place (the key paths and the reader are
    /// declared separately, so a column wired to the wrong field fails here).
    @Test func everyNumericColumnSetsTheComponentItNames() {
        expectColumnsSetTheirComponents(of: PopoverDecisionProblem.self)
        expectColumnsSetTheirComponents(of: PopupDecisionProblem.self)
        expectColumnsSetTheirComponents(of: SheetDecisionProblem.self)
    }

    func expectColumnsSetTheirComponents<Problem: DecisionProblem>(of _: Problem.Type) {
        #expect(!Problem.parameters.columns.isEmpty)
        for column in Problem.parameters.columns {
            guard let (parameter, index) = Problem.parameters.component(column) else {
                Issue.record("no component for \(column)")
                continue
            }
            var problem = Problem()
            problem[keyPath: parameter.components[index]] = 12.375
            #expect(parameter.value(in: problem)?.plainNumbers?[index] == 12.375, "\(column)")
        }
    }

    /// Both ends of an axis pass the flag's range check: -1 s is no prediction time, 2 no proximity (at
    /// most 1).
    @Test(arguments: [["--prediction-time", "0.25:-1:3"], ["--proximity", "0:2:3"]])
    func bothEndsAreValidatedByTheFlagChecks(words: [String]) {
        #expect(throws: ParameterError.self) { _ = try Self.table(words) }
    }

    @Test func scalarAxisColumnName() throws {
        let table = try Self.table(["--prediction-time", "0:0.5:3"])
        #expect(table.columns == ["prediction_time"])
    }

    /// The sweep's text is the command that computes it, and decodes back to the same sweep.
    @Test func recordedCommandIsTheSweepsText() throws {
        let sweep = try Sweep<PopoverFamily>(
            .sweep, words: ["--velocity", "0,-2000:2000:81", "--mode", "drag-down", "--pipeline", "--seed", "7"])
        #expect(sweep.text == "popsim sweep popover --mode drag-down --velocity 0,-2000:2000:81 --pipeline --seed 7")
        let again = try Sweep<PopoverFamily>(text: sweep.text)
        #expect(again.problem == sweep.problem)
        #expect(again.pipeline == sweep.pipeline)
    }

    static let notGoldenCommands: [(command: String, reason: String)] = [
        ("popsim sweep popover --translation 0,0:1:2 --output /tmp/x.csv", "sets --output"),
        ("popsim sweep popover --translation 0,0:1:2 --shard 0/2", "sets --shard"),
        ("popsim sweep popover --translation 0,0:1:2 --jobs 3", "sets --jobs"),
        ("popsim sweep popover --translation 0,0:1:2 --golden", "sets --golden"),
        ("popsim simulate popover --synth tap", "must start with 'popsim sweep'"),
        ("popsim sweep simulate --synth tap", "must be 'popsim sweep popover"),
        ("popsim sweep popover --bogus 1", "sets --bogus"),
        ("popsim sweep popover --translation 0,0:1:2:3", "not a valid sweep"),
        ("popsim sweep popover --translation 0,0:1:2 extra", "unexpected argument 'extra'"),
    ]

    /// A golden's command may only describe a sweep: anything that writes files or runs another
    /// command is refused before anything runs.
    @Test(arguments: notGoldenCommands)
    func goldenCommandsThatAreNotSweepsAreRefused(command: String, reason: String) {
        do {
            let golden = try GoldenDecisionTable(
                text: "# \(command)\ntranslation_y,outcome\n0,returned\n", source: "g.csv")
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "notgolden-\(UInt64.random(in: 0...UInt64.max)).csv"
            ).path
            let header = GoldenHeader.firstLine(recordedCommand: golden.recordedCommand)
            try (header + "translation_y,outcome\n0,returned\n").write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            _ = try GoldenCheck.run(path: path)
            Issue.record("accepted \(command)")
        } catch let error as GoldenTableError {
            #expect(error.isMalformed)
            #expect(error.description.contains("not a golden table"))
            #expect(error.description.contains(reason), "\(error)")
        } catch let error as ParameterError {
            #expect(error.description.contains(reason), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// A rerun reproduces the table `sweep --golden` wrote (same text, current version).
    @Test func rerunReproducesTheSweep() throws {
        let text =
            GoldenDecisionTable.firstLine(
                recordedCommand: "popsim sweep popover --mode drag-down --translation 0,200:300:5")
            + "translation_y,outcome\n200.0,returned\n225.0,returned\n250.0,returned\n"
            + "275.0,dismissed-down\n300.0,dismissed-down\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rerun-\(UInt64.random(in: 0...UInt64.max)).csv"
        ).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rerun = StringSink()
        let result = try GoldenCheck.run(path: path, jobs: 2, rerunOutput: rerun)
        #expect(rerun.text == text)
        #expect(result.comparison.isUnchanged)
    }
}
