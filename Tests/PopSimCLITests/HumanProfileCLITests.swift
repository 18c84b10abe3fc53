import Foundation
import Testing

/// `--profile human` on `synth swipe` and on pipeline sweeps and thresholds, run as a user would.
@Suite struct HumanProfileCLITests {
    static let swipe = [
        "synth", "swipe", "--from", "0,0", "--to", "0,300", "--release-velocity", "1500",
        "--profile", "human",
    ]

    /// The segment speeds |Δp|/Δt of a stream's samples before `ended`.
    static func segmentSpeeds(_ csv: String) -> [Double] {
        let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let points = rows.filter { $0[1] != "ended" }.map { (Double($0[0])!, Double($0[2])!, Double($0[3])!) }
        return zip(points, points.dropFirst()).map { a, b in
            ((b.1 - a.1) * (b.1 - a.1) + (b.2 - a.2) * (b.2 - a.2)).squareRoot() / (b.0 - a.0)
        }
    }

    /// One seed, one stream, byte for byte; another seed draws another release (and another noise).
    @Test func synthSwipeIsByteIdenticalPerSeedAndDiffersAcrossSeeds() throws {
        let one = try PopSimProcess.run(Self.swipe + ["--seed", "1", "--noise", "0.3"])
        let again = try PopSimProcess.run(Self.swipe + ["--seed", "1", "--noise", "0.3"])
        let two = try PopSimProcess.run(Self.swipe + ["--seed", "2", "--noise", "0.3"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == again.stdout)
        #expect(one.stdout != two.stdout)
        let minimumJerk = try PopSimProcess.run(Array(Self.swipe.dropLast(2)) + ["--seed", "1", "--noise", "0.3"])
        #expect(one.stdout != minimumJerk.stdout)
    }

    /// The release peaks at the requested velocity (gestures.md §8): a segment's speed is the mean of the
    /// finger's speed over it, so none exceeds 1500 pt/s, and the segment over the flat top of the
    /// minimum-jerk rise reads within 10 % of it; the finger lifts exactly at `--to`. Noise-free, so the
    /// positions are the path's.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func releasePeaksAtTheRequestedVelocity(seed: UInt64) throws {
        let result = try PopSimProcess.run(Self.swipe + ["--seed", String(seed)])
        #expect(result.status == 0, "\(result.stderr)")
        let peak = try #require(Self.segmentSpeeds(result.stdout).max())
        #expect(peak <= 1500 * (1 + 1e-9) && peak >= 1350, "seed \(seed): peak segment speed \(peak)")
        #expect(result.lines.last?.hasSuffix(",ended,0.0,300.0,0") == true, "\(result.lines.last ?? "")")
    }

    /// A human release has its own timing and lift-off, and is a release while moving: whatever
    /// contradicts it is a usage error (exit 2) with one `error:` line naming the flag.
    static let refusals: [([String], String)] = [
        (["synth", "pan", "--to", "0,300", "--profile", "human"], "--profile"),
        (swipe + ["--seconds", "0.3"], "--seconds"),
        (swipe + ["--lift-off", "0.01"], "--lift-off "),
        (swipe + ["--lift-off-ratio", "0.5"], "--lift-off-ratio"),
        (swipe + ["--measured-by", "ios"], "--measured-by"),
        (["simulate", "popover", "--synth", "pan --to 0,300 --profile human"], "--profile"),
        (["velocity-roundtrip", "--profile", "human"], "--profile"),
        (["sweep", "popover", "--translation", "0,0:100:3", "--profile", "human"], "--profile"),
    ]

    @Test(arguments: refusals)
    func contradictionsAreRefused(_ arguments: [String], flag: String) throws {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("error: ") && lines[0].contains(flag), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    static let line = [
        "threshold", "popover", "--mode", "drag-down", "--translation", "0,10", "--velocity", "0,0:4000",
        "--pipeline", "--rate", "60",
    ]

    /// The drag-down threshold after a 10 pt drag at 60 Hz, through the pipeline: the human release is
    /// the pipeline's default hand (no `--profile` is `--profile human`, byte for byte), the min-jerk drag
    /// a different stream with another threshold, and the run is the same on every rerun.
    @Test func humanProfileMovesThePipelineThresholdDeterministically() throws {
        func threshold(_ extra: [String]) throws -> (text: String, value: Double) {
            let result = try PopSimProcess.run(Self.line + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let row = try #require(result.lines.dropFirst().first)
                .split(separator: ",", omittingEmptySubsequences: false)
            return (result.stdout, try #require(Double(String(row[0]))))
        }
        let human = try threshold(["--profile", "human"])
        let again = try threshold(["--profile", "human"])
        let byDefault = try threshold([])
        let minimumJerk = try threshold(["--profile", "min-jerk"])
        #expect(human.text == again.text)
        #expect(byDefault.text == human.text)
        #expect(human.value != minimumJerk.value)
    }

    static let grid = [
        "sweep", "popover", "--mode", "drag-down", "--translation", "0,10:200:5",
        "--velocity", "0,0:3000:7",
        "--pipeline", "--rate", "60", "--noise", "0.3",
    ]

    /// A golden records its profile in its first line, the default (`human`) too, and `popsim check` reruns
    /// it with that profile: its cells differ from the minimum-jerk sweep's, so a check that dropped the
    /// profile would fail. A golden that records no profile was written before 0.4.0, when the pipeline's
    /// drag was the minimum-jerk one, and checks as that sweep.
    @Test func goldenRecordsTheProfileAndCheckRerunsIt() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let human = directory.appendingPathComponent("human.csv").path
        let written = try PopSimProcess.run(Self.grid + ["--profile", "human", "--golden", "--output", human])
        #expect(written.status == 0, "\(written.stderr)")
        let text = try String(contentsOfFile: human, encoding: .utf8)
        let first = try #require(text.split(separator: "\n").first)
        #expect(first.hasPrefix("# popsim sweep popover ") && first.contains(" --profile human"), "\(first)")
        let minimumJerk = try PopSimProcess.run(Self.grid + ["--profile", "min-jerk"])
        #expect(Array(text.split(separator: "\n").dropFirst()) != minimumJerk.stdout.split(separator: "\n"))
        let check = try PopSimProcess.run(["check", human])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("ok: 35 decisions unchanged"))

        // The default is recorded as such: the same golden as --profile human.
        let plain = directory.appendingPathComponent("plain.csv").path
        #expect(try PopSimProcess.run(Self.grid + ["--golden", "--output", plain]).status == 0)
        #expect(try String(contentsOfFile: plain, encoding: .utf8) == text)

        // A golden as 0.3.0 wrote it: no --profile, the minimum-jerk rows. It checks unchanged.
        let old = directory.appendingPathComponent("old.csv").path
        let oldCommand =
            "# popsim sweep popover --mode drag-down --translation 0,10:200:5 --velocity 0,0:3000:7 "
            + "--pipeline --rate 60 --noise 0.3 # written by popsim 0.3.0\n"
        try (oldCommand + minimumJerk.stdout).write(toFile: old, atomically: true, encoding: .utf8)
        let oldCheck = try PopSimProcess.run(["check", old])
        #expect(oldCheck.status == 0, "\(oldCheck.stdout)\(oldCheck.stderr)")
        #expect(oldCheck.stdout.contains("ok: 35 decisions unchanged"))
        // The same rows under a 0.4.0 first line that records the human profile no longer check.
        let relabelled = directory.appendingPathComponent("relabelled.csv").path
        let humanFirstLine = String(text.prefix { $0 != "\n" }) + "\n"
        try (humanFirstLine + minimumJerk.stdout).write(toFile: relabelled, atomically: true, encoding: .utf8)
        #expect(try PopSimProcess.run(["check", relabelled]).status == 1)
    }
}
