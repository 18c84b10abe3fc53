import PopSimInteractions
import Testing

@testable import PopSimSweeps

@Suite("Decision tables")
struct DecisionTableTests {
    static func axis(_ column: String, _ start: Double, _ end: Double, _ count: Int) throws -> GridAxis {
        try GridAxis(column: column, start: start, end: end, count: count)
    }

    @Test func axesSetTheirParametersInGridOrder() throws {
        let table = try DecisionTable(
            base: LineProblem(), axes: [Self.axis("position_y", 0, 400, 3), Self.axis("velocity_y", -2000, 2000, 5)])
        #expect(table.columns == ["position_y", "velocity_y"])
        #expect(table.count == 15)
        // Point 7: position index 1 (200), velocity index 2 (0).
        #expect(table.problem(at: 7).y == 200)
        #expect(table.problem(at: 7).velocity == 0)
    }

    /// Hand-checked boundary: y + 0.25·v ≥ 600 with y = 400 needs v ≥ 800.
    @Test func outcomesFollowTheRule() throws {
        var base = LineProblem()
        base.y = 400
        let table = try DecisionTable(base: base, axes: [Self.axis("velocity_y", 0, 1600, 5)])
        #expect(table.evaluate().map(\.outcome) == ["returned", "returned", "dismissed", "dismissed", "dismissed"])
        #expect(
            table.csv()
                == "velocity_y,outcome\n0.0,returned\n400.0,returned\n800.0,dismissed\n"
                + "1200.0,dismissed\n1600.0,dismissed\n"
        )
    }

    @Test func resultsDoNotDependOnJobs() throws {
        let table = try DecisionTable(
            base: LineProblem(), axes: [Self.axis("position_y", 0, 800, 41), Self.axis("velocity_y", -3000, 3000, 41)])
        let settings = PipelineSettings(seed: 7)
        #expect(table.evaluate(pipeline: settings, jobs: 1) == table.evaluate(pipeline: settings, jobs: 3))
        #expect(table.csv(jobs: 1) == table.csv(jobs: 2))
    }

    /// Pipeline rows carry the ideal outcome beside the pipeline's, and point i uses the seed derived
    /// from the sweep seed and i.
    @Test func pipelineRowsCarryTheIdealOutcome() throws {
        let table = try DecisionTable(base: LineProblem(), axes: [Self.axis("position_y", 500, 700, 3)])
        let settings = PipelineSettings(seed: 3)
        let rows = table.evaluate(pipeline: settings)
        #expect(rows.map(\.ideal) == ["returned", "dismissed", "dismissed"])
        #expect(rows.map(\.outcome) == (0..<3).map { "seed-\(settings.seed(forPoint: $0) % 1000)" })
        #expect(table.header(for: PipelineSettings()) == "position_y,outcome,ideal\n")
    }

    @Test func unknownAndRepeatedColumnsAreRefused() throws {
        #expect(
            throws: DecisionTableError.unknownColumn("speed", known: "line, position_y, velocity_y, prediction_time")
        ) {
            _ = try DecisionTable(base: LineProblem(), axes: [Self.axis("speed", 0, 1, 2)])
        }
        #expect(throws: DecisionTableError.repeatedColumn("line")) {
            _ = try DecisionTable(base: LineProblem(), axes: [Self.axis("line", 0, 1, 2), Self.axis("line", 2, 3, 2)])
        }
    }

    @Test func bothEndsOfEveryAxisAreValidated() throws {
        #expect(throws: DecisionTableError.self) {
            _ = try DecisionTable(base: LineProblem(), axes: [Self.axis("prediction_time", 0.25, -1, 3)])
        }
    }
}
