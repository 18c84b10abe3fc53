import Foundation
import Testing

/// `popsim synth`, `popsim velocity` and `popsim velocity-roundtrip`, run as a user would.
@Suite struct GesturesCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/touch-recordings")

    static let synthInvocations: [[String]] = [
        ["synth", "tap", "--from", "100,200"],
        ["synth", "double-tap", "--from", "100,200", "--interval", "0.2"],
        ["synth", "long-press", "--from", "100,200", "--seconds", "0.7"],
        ["synth", "pan", "--from", "0,0", "--to", "200,300", "--seconds", "0.3", "--profile", "ease-in-out"],
        ["synth", "swipe", "--from", "0,0", "--to", "0,400", "--release-velocity", "2000"],
        [
            "synth", "swipe", "--from", "0,0", "--to", "0,400", "--release-velocity", "1000", "--profile", "linear",
            "--lift-off", "0", "--rate", "60",
        ],
        ["synth", "pinch", "--center", "200,300", "--from-distance", "100", "--to-distance", "250", "--angle", "45"],
        [
            "synth", "swipe", "--to", "300,0", "--release-velocity", "1500", "--device", "iphone-promotion", "--noise",
            "0.4",
            "--time-jitter", "0.0005", "--drop", "0.05", "--seed", "7",
        ],
    ]

    /// Every kind writes a stream CSV: the header, `began` at time 0 first, `ended` last.
    @Test(arguments: synthInvocations)
    func synthWritesAStream(_ arguments: [String]) throws {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.lines
        #expect(lines.first == "time,phase,x,y,touch")
        #expect(lines.dropFirst().first?.hasPrefix("0.0,began,") == true)
        #expect(lines.last?.contains(",ended,") == true)
    }

    /// Same flags and seed: byte-identical output, run after run.
    @Test func synthIsDeterministic() throws {
        let arguments = Self.synthInvocations.last!
        let first = try PopSimProcess.run(arguments)
        let second = try PopSimProcess.run(arguments)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout != (try PopSimProcess.run(Array(arguments.dropLast()) + ["8"])).stdout)
    }

    /// `--rate 60` for 0.25 s of linear pan: samples at i/60, i = 0…15, 16 rows plus the header.
    @Test func rateSetsTheSpacing() throws {
        let result = try PopSimProcess.run([
            "synth", "pan", "--to", "100,0", "--seconds", "0.25", "--rate", "60", "--profile", "linear",
        ])
        let times = NumericCSV(result.stdout).column("time")
        #expect(times.count == 16)
        for (index, time) in times.enumerated() { #expect(time == Double(index) / 60) }
    }

    /// The velocity of Flutter's recordings, printed in shortest round-trip form, is Flutter's own
    /// published doubles (velocity_tracker_test.dart), digit for digit.
    @Test func velocityOfTheRecordingPrintsFlutterGoldens() throws {
        let result = try PopSimProcess.run([
            "velocity", Self.fixtures.appendingPathComponent("flutter-velocity-recording.csv").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 13)
        #expect(result.lines.first == "219.59280094228163,1304.701682306001")
        #expect(result.lines.last == "-71.51939428321249,3716.7385187526947")
    }

    @Test func velocityReadsStandardInputAndEveryEstimator() throws {
        let synthesised = try PopSimProcess.run(["synth", "swipe", "--to", "0,400", "--release-velocity", "2000"])
            .stdout
        for estimator in ["lsq2", "impulse", "ios", "swiftui"] {
            let result = try PopSimProcess.run(["velocity", "--estimator", estimator], input: synthesised)
            #expect(result.status == 0, "\(result.stderr)")
            let parts = try #require(result.lines.first).split(separator: ",").compactMap { Double(String($0)) }
            #expect(
                parts.count == 2 && abs(parts[0]) < 1e-6 && parts[1] > 1500 && parts[1] < 2100,
                "\(estimator): \(result.stdout)")
        }
        let dash = try PopSimProcess.run(["velocity", "-"], input: synthesised)
        #expect(dash.lines.count == 1)
    }

    /// `--measured-by` tunes the finger so the named estimator reads the requested velocity.
    @Test func measuredBySwipeReadsTheRequest() throws {
        let stream = try PopSimProcess.run([
            "synth", "swipe", "--to", "0,400", "--release-velocity", "1700", "--measured-by", "ios",
            "--noise", "0.3", "--seed", "2",
        ])
        #expect(stream.status == 0, "\(stream.stderr)")
        let measured = try PopSimProcess.run(["velocity", "--estimator", "ios"], input: stream.stdout)
        let line = try #require(measured.lines.first)
        let vy = try #require(Double(String(line.split(separator: ",")[1])))
        #expect(abs(vy - 1700) < 1700e-9, "\(vy)")
    }

    /// Malformed CSV: exit 65 and a message with file, line and column.
    @Test func malformedCSVExits65WithLineAndColumn() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.csv")
        try "time,phase,x,y,touch\n0,began,1,2,0\n0.1,moved,3pt,4,0\n".write(
            to: file, atomically: true, encoding: .utf8)
        let result = try PopSimProcess.run(["velocity", file.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.csv:3:11:"), "\(result.stderr)")
        let stdin = try PopSimProcess.run(["velocity"], input: "time,phase,x,y\n0,moved,1,2\n")
        #expect(stdin.status == 65)
        #expect(stdin.stderr.contains("standard input:2:3:"), "\(stdin.stderr)")
    }

    @Test func unreadableFileExits74() throws {
        let result = try PopSimProcess.run(["velocity", "/nonexistent/popsim.csv"])
        #expect(result.status == 74)
    }

    static let usageErrors: [[String]] = [
        ["synth"],
        ["synth", "swipe", "--to", "0,300"],  // no --release-velocity
        ["synth", "swipe", "--release-velocity", "1000"],  // no --to
        ["synth", "swipe", "--to", "0,300", "--release-velocity", "1e5"],  // tail longer than the swipe
        ["synth", "swipe", "--to", "0,300", "--release-velocity", "900", "--seconds", "0.5", "--profile", "linear"],
        ["synth", "pan", "--to", "1,1", "--noise", "-1"],
        ["synth", "pan", "--to", "1,1", "--rate", "nan"],
        ["synth", "pan", "--to", "1,1", "--profile", "bouncy"],
        ["synth", "pan", "--to", "1,1", "--phase", "0.5"],
        ["synth", "tap", "--seed", "-1"],
        ["synth", "tap", "--to", "1,1"],
        ["synth", "pinch", "--from", "1,1"],
        ["synth", "pinch", "--from", "1,1", "--to", "1,1"],
        ["synth", "pinch", "--from", "0,0", "--to", "100,0", "--center", "5,5"],
        ["velocity", "--estimator", "kalman"],
        ["velocity", "a.csv", "b.csv"],
        ["velocity-roundtrip", "--rates", "60,0"],
    ]

    /// Bad flags: exit 2 and one `error:` line naming the flag.
    @Test(arguments: usageErrors)
    func badFlagsExit2(_ arguments: [String]) throws {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
    }

    /// A usage error with `--output` leaves no file behind; success publishes it.
    @Test func outputIsAtomic() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("swipe.csv")
        let failed = try PopSimProcess.run([
            "synth", "swipe", "--to", "0,300", "--release-velocity", "1e5", "--output", target.path,
        ])
        #expect(failed.status == 2)
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        let succeeded = try PopSimProcess.run([
            "synth", "swipe", "--to", "0,300", "--release-velocity", "1500", "--output", target.path,
        ])
        #expect(succeeded.status == 0 && succeeded.stdout.isEmpty)
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("time,phase,x,y,touch\n0.0,began,"))
    }

    @Test func roundTripPrintsATable() throws {
        let markdown = try PopSimProcess.run([
            "velocity-roundtrip", "--trials", "2", "--rates", "120", "--noise-levels", "0", "--format", "markdown",
        ])
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(
            markdown.lines == [
                "| rate (Hz) | noise σ (pt) | lsq2 | impulse | ios | swiftui |",
                "|---|---|---|---|---|---|",
                markdown.lines.last!,
            ])
        let csv = try PopSimProcess.run([
            "velocity-roundtrip", "--trials", "2", "--rates", "60,120", "--noise-levels", "0,1",
        ])
        #expect(csv.lines.first == "estimator,rate,noise,trials,mean_ratio,sd_ratio,min_ratio,max_ratio")
        #expect(csv.lines.count == 1 + 2 * 2 * 4)
    }

    /// `synth pinch --from A --to B`: the fingers start at A and B and close along AB about its midpoint
    /// to a quarter of their distance (200 pt → 50 pt: they end 25 pt either side of (200, 400)).
    @Test func pinchFromTwoStartingPoints() throws {
        let result = try PopSimProcess.run(["synth", "pinch", "--from", "100,400", "--to", "300,400"])
        #expect(result.status == 0)
        let lines = result.lines
        #expect(lines[1] == "0.0,began,100.0,400.0,0")
        #expect(lines[2] == "0.0,began,300.0,400.0,1")
        let ends = lines.filter { $0.contains(",ended,") }
        #expect(ends.count == 2)
        let xs = ends.map { Double($0.split(separator: ",")[2])! }.sorted()
        #expect(abs(xs[0] - 175) < 1e-9 && abs(xs[1] - 225) < 1e-9)
    }
}
