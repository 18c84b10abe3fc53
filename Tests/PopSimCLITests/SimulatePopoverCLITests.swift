import Foundation
import Testing

@Suite("popsim simulate popover and sweep popover")
struct SimulatePopoverCLITests {
    /// A stream and what `decide popover` says about its release: translation = ended − began location,
    /// velocity from `popsim velocity` with the same estimator (SwiftUI's sampler by default).
    func decideWord(forStream csv: String, estimator: String, flags: [String]) throws -> String {
        let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let began = rows.first { $0[1] == "began" }!
        let ended = rows.last { $0[1] == "ended" }!
        let translation = "\(Double(ended[2])! - Double(began[2])!),\(Double(ended[3])! - Double(began[3])!)"
        let velocity = try PopSimProcess.run(["velocity", "--estimator", estimator], input: csv).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try PopSimProcess.run(
            ["decide", "popover"] + flags + ["--translation", translation, "--velocity", velocity]
        ).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let swipes: [(String, String)] = [
        ("swipe --from 196,426 --to 196,700 --release-velocity 1500 --noise 0.3 --seed 3", "swiftui"),
        ("swipe --from 196,426 --to 196,520 --release-velocity 400 --seed 1", "swiftui"),
        ("swipe --from 196,426 --to 196,560 --release-velocity 900 --rate 60 --noise 0.5 --seed 9", "ios"),
        ("swipe --from 150,400 --to 150,250 --release-velocity 2200 --seed 2", "lsq2"),
        ("pan --from 196,426 --to 196,700 --seconds 0.4 --hold 0.1", "swiftui"),
    ]

    /// `simulate --outcome` agrees with `decide` fed the release the stream contains.
    @Test(arguments: swipes)
    func simulateAgreesWithDecide(synth: String, estimator: String) throws {
        let flags = ["--mode", "drag-down,drag-up"]
        let stream = try PopSimProcess.run(["synth"] + synth.split(separator: " ").map(String.init))
        #expect(stream.status == 0)
        let simulated = try PopSimProcess.run(
            ["simulate", "popover"] + flags + ["--estimator", estimator, "--outcome", "-"], input: stream.stdout)
        #expect(simulated.status == 0, "\(simulated.stderr)")
        #expect(
            simulated.stdout.trimmingCharacters(in: .newlines)
                == (try decideWord(forStream: stream.stdout, estimator: estimator, flags: flags)))
    }

    @Test func traceFormatAndFrameGrid() throws {
        let result = try PopSimProcess.run([
            "simulate", "popover", "--mode", "drag-down", "--rate", "60",
            "--synth", "swipe --from 196,426 --to 196,700 --release-velocity 1500",
        ])
        #expect(result.status == 0)
        let csv = NumericCSV(result.stdout)
        #expect(csv.header == ["time", "x", "y", "opacity", "state"])
        for (k, t) in csv.column("time").enumerated() { #expect(t == Double(k) / 60) }
        let states = result.lines.dropFirst().map { $0.split(separator: ",").last.map(String.init)! }
        #expect(Set(states).isSubset(of: ["presented", "dragging", "animating", "dismissed"]))
        #expect(states.last == "dismissed")
        // Dismissed down: it ends off screen at y = H = 852, faded out.
        #expect(csv.column("y").last == 852)
        #expect(csv.column("opacity").last == 0)
    }

    /// 60 and 120 Hz: same outcome, same drawn values at the shared instants.
    @Test func sixtyAndOneTwentyHertzAgree() throws {
        let synth = "swipe --from 196,426 --to 196,560 --release-velocity 800 --seed 4 --noise 0.2"
        let stream = try PopSimProcess.run(["synth"] + synth.split(separator: " ").map(String.init)).stdout
        let t60 = NumericCSV(
            try PopSimProcess.run(
                ["simulate", "popover", "--mode", "drag-down", "--rate", "60", "--seconds", "1.5", "-"], input: stream
            ).stdout)
        let t120 = NumericCSV(
            try PopSimProcess.run(
                ["simulate", "popover", "--mode", "drag-down", "--rate", "120", "--seconds", "1.5", "-"], input: stream
            ).stdout)
        #expect(t120.rows.count == 2 * (t60.rows.count - 1) + 1)
        for (k, row) in t60.rows.enumerated() {
            #expect(abs(t120.rows[2 * k][2] - row[2]) < 1e-9)
            #expect(abs(t120.rows[2 * k][3] - row[3]) < 1e-12)
        }
    }

    @Test func eventsAreAppendedAfterABlankLine() throws {
        let result = try PopSimProcess.run([
            "simulate", "popover", "--mode", "drag-down", "--events",
            "--synth", "swipe --from 196,426 --to 196,700 --release-velocity 1500",
        ])
        let sections = result.stdout.components(separatedBy: "\n\n")
        #expect(sections.count == 2)
        #expect(sections[1].hasPrefix("time,event\n"))
        #expect(sections[1].contains("drag-began"))
        #expect(sections[1].contains("dismissed:drag-down"))
    }

    static let failures: [([String], String?, Int32)] = [
        (["simulate", "popover", "--rate", "90x"], nil, 2),
        (["simulate", "popover", "--solver", "euler", "-"], "time,phase,x,y\n0,began,1,1\n", 2),
        (["simulate", "popover", "--estimator", "kalman", "-"], "time,phase,x,y\n", 2),
        (["simulate", "popover", "--synth", "wiggle --from 0,0"], nil, 2),
        (["simulate", "popover", "--synth", "swipe --from 0,0 --to 0,100 --release-velocity -5"], nil, 2),
        (["simulate", "popover", "-"], "time,phase,x,y\n0,began,1,1\n0.01,moved,nan,1\n", 65),
        (["simulate", "popover", "-"], "t,p\n", 65),
        (["simulate", "popover", "-"], "time,phase,x,y\n0.1,began,1,1\n0.05,moved,2,2\n", 65),
        (["simulate", "popover", "/nonexistent/stream.csv"], nil, 74),
        (["simulate", "popover", "--outcome", "--events", "-"], "time,phase,x,y\n", 2),
    ]

    @Test(arguments: failures)
    func contractErrors(arguments: [String], input: String?, status: Int32) throws {
        let result = try PopSimProcess.run(arguments, input: input ?? "")
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stdout.isEmpty)
    }

    @Test func malformedStreamNamesLineAndColumn() throws {
        let result = try PopSimProcess.run(
            ["simulate", "popover", "-"], input: "time,phase,x,y\n0,began,1,1\n0.01,wiggled,2,2\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains(":3:"))
    }

    /// Hand-derived boundary: default popover (200×100 centred in 393×852) has origin y = 376; with
    /// drag-down the line is 0.75·852 = 639, so translation 200 dismisses iff 576 + 0.25·v ≥ 639, v ≥ 252.
    @Test func sweepFindsTheHandDerivedBoundary() throws {
        let result = try PopSimProcess.run([
            "sweep", "popover", "--mode", "drag-down", "--translation", "0,200", "--velocity", "0,240:260:11",
        ])
        #expect(result.status == 0)
        #expect(result.lines.first == "velocity_y,outcome")
        let outcomes = result.lines.dropFirst().map { $0.split(separator: ",")[1] }
        #expect(outcomes == ["returned"] * 6 + ["dismissed-down"] * 5)
        #expect(result.stderr.hasPrefix("swept 11 decisions in "))
    }

    @Test func sweepIsIdenticalForAnyJobCountAndShardsConcatenate() throws {
        let args = [
            "sweep", "popover", "--mode", "drag-down,drag-up", "--translation", "0,-300:300:31", "--velocity",
            "0,-2000:2000:41",
        ]
        let one = try PopSimProcess.run(args + ["--jobs", "1"]).stdout
        let many = try PopSimProcess.run(args + ["--jobs", "3"]).stdout
        #expect(one == many)
        let parts = try (0..<4).map { try PopSimProcess.run(args + ["--shard", "\($0)/4"]).stdout }
        #expect(parts.joined() == one)
        #expect(one.split(separator: "\n").count == 31 * 41 + 1)
    }

    @Test func goldenCheckRoundTrip() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let golden = directory.appendingPathComponent("mine.csv").path
        let made = try PopSimProcess.run([
            "sweep", "popover", "--mode", "drag-down", "--translation", "0,0:300:7",
            "--velocity", "0,0:1200:7", "--golden", "--output", golden,
        ])
        #expect(made.status == 0)
        let check = try PopSimProcess.run(["check", golden])
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("ok: 49 decisions unchanged"))
        // Tamper with one decision: check names the cell and exits 1. (At translation 0 there was no
        // drag: the cell says presented; 50 pt down at rest returns.)
        var text = try String(contentsOfFile: golden, encoding: .utf8)
        text = text.replacingOccurrences(of: "50.0,0.0,returned", with: "50.0,0.0,dismissed-down")
        try text.write(toFile: golden, atomically: true, encoding: .utf8)
        let failed = try PopSimProcess.run(["check", golden])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("translation_y=50.0 velocity_y=0.0: dismissed-down → returned"))
        let updated = try PopSimProcess.run(["check", golden, "--update"])
        #expect(updated.status == 0)
        #expect(try PopSimProcess.run(["check", golden]).status == 0)
    }
}

private func * (lhs: [Substring], rhs: Int) -> [Substring] { Array([[Substring]](repeating: lhs, count: rhs).joined()) }
