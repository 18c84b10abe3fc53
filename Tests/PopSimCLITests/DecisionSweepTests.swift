import PopSimArgumentParsing
import Testing
@testable import PopSimCommands

/// A stand-in decision for testing the sweep machinery: dismissed when y + t·v ≥ line.
struct LineDecision: SweepableDecision {
    var line = 600.0
    var y = 0.0
    var velocity = 0.0
    var predictionTime = 0.25

    static let decideSpec = CommandSpec(path: ["decide", "line"], summary: "test", flags: [
        .number("--line", "Y", .closed(-1e9, 1e9), "threshold"), .pair("--position", "X,Y", .closed(-1e9, 1e9), "position"),
        .pair("--velocity", "VX,VY", .closed(-1e9, 1e9), "velocity"), .number("--prediction-time", "S", .closed(0, 1e6), "seconds"),
    ])

    static let numericFlags: [NumericFlag<LineDecision>] = [
        .scalar("--line", \.line),
        .pair("--position", \.unusedX, \.y),
        .pair("--velocity", \.unusedX, \.velocity),
        .scalar("--prediction-time", \.predictionTime),
    ]

    var unusedX = 0.0

    init(arguments: ParsedArguments) throws {
        line = try arguments.double("--line", default: 600)
        y = try arguments.pair("--position", default: (0, 0)).1
        velocity = try arguments.pair("--velocity", default: (0, 0)).1
        predictionTime = try arguments.double("--prediction-time", default: 0.25)
    }

    func outcome() -> String { y + predictionTime * velocity >= line ? "dismissed" : "returned" }
}

@Suite("Decision sweeps")
struct DecisionSweepTests {
    func parse(_ values: [String: String]) -> ParsedArguments { ParsedArguments(values: values) }

    @Test func axesFollowFlagOrderAndColumnsAreNamedByComponent() throws {
        let sweep = try DecisionSweep<LineDecision>(arguments: parse(["--velocity": "0,-2000:2000:5", "--position": "0,0:400:3"]))
        #expect(sweep.columns == ["position_y", "velocity_y"])
        #expect(sweep.grid.count == 15)
        // Grid order: position_y slowest. Point 7 = position 200, velocity −1000 + 1000·… (index 2 of 5 = 0).
        let point = sweep.decision(at: 7)
        #expect(point.y == 200)
        #expect(point.velocity == 0)
    }

    /// Hand-checked boundary: y + 0.25·v ≥ 600 with y = 400 needs v ≥ 800.
    @Test func outcomesFollowTheDecision() throws {
        let sweep = try DecisionSweep<LineDecision>(arguments: parse(["--position": "0,400", "--velocity": "0,0:1600:5"]))
        let outcomes = (0..<sweep.grid.count).map { sweep.decision(at: $0).outcome() }
        #expect(outcomes == ["returned", "returned", "dismissed", "dismissed", "dismissed"])
    }

    @Test func bothEndsAreValidated() {
        #expect(throws: UsageError.self) {
            _ = try DecisionSweep<LineDecision>(arguments: parse(["--prediction-time": "0.25:-1:3"]))
        }
    }

    @Test func scalarAxisColumnName() throws {
        let sweep = try DecisionSweep<LineDecision>(arguments: parse(["--prediction-time": "0:0.5:3"]))
        #expect(sweep.columns == ["prediction_time"])
    }

    @Test func recordedCommandOmitsExecutionFlags() {
        let arguments = ParsedArguments(values: ["--velocity": "0,-2000:2000:81", "--jobs": "4", "--output": "x.csv"], switches: ["--golden"])
        #expect(SweepRunner.recordedCommand(LineDecision.self, modelWord: "line", arguments)
                == "popsim sweep line --velocity 0,-2000:2000:81")
    }

    @Test func goldenTableDifferences() throws {
        let golden = try GoldenTable(text: "# popsim sweep line --velocity 0,0:1:2\nvelocity_y,outcome\n0.0,returned\n1.0,returned\n", source: "g.csv")
        let now = try GoldenTable(text: "# popsim sweep line --velocity 0,0:1:2\nvelocity_y,outcome\n0.0,returned\n1.0,dismissed\n", source: "rerun")
        #expect(golden.command == ["popsim", "sweep", "line", "--velocity", "0,0:1:2"])
        #expect(golden.differences(to: golden).isEmpty)
        #expect(golden.differences(to: now) == ["g.csv:4: velocity_y=1.0: returned → dismissed", "1 of 2 decisions changed"])
    }

    @Test func notAGoldenTable() {
        #expect(throws: (any Error).self) { _ = try GoldenTable(text: "velocity_y,outcome\n0,returned\n", source: "x.csv") }
    }
}
