import Foundation
import PopSimTestSupport
import Testing

/// `--frame-times`, `--frame-drops`, `--frame-jitter` and `--rate-steps` on `simulate` and on pipeline
/// sweeps and thresholds, run as a user would.
@Suite struct FrameTimingCLITests {
    static let synth = "swipe --from 196,426 --to 196,700 --release-velocity 1500 --seed 2"

    static func simulate(_ flags: [String]) throws -> BuiltExecutable.Result {
        try PopSimProcess.run(["simulate", "popover", "--mode", "drag-down", "--synth", synth] + flags)
    }

    static func times(_ result: BuiltExecutable.Result) -> [Double] { NumericCSV(result.stdout).column("time") }

    /// Instants on the 120 Hz grid, k/120 for irregularly spaced k (gaps of 1 to 7 vsyncs), up to 0.6 s:
    /// before the dismissal has settled, so the run ends at the last one.
    static let listedVsyncs = [
        0, 1, 2, 5, 6, 13, 14, 15, 19, 20, 27, 28, 29, 33, 34, 35, 40, 41, 48, 50, 55, 60, 66,
        72,
    ]

    static func writeFrameTimes(_ times: [String], in directory: URL, name: String = "frames.csv") throws -> String {
        let path = directory.appendingPathComponent(name).path
        try (["time"] + times).joined(separator: "\n").appending("\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every listed instant is drawn and no other, and the model draws at each the state a regular
    /// 120 Hz run draws at the same instant: its motion is a function of the time, not of the intervals.
    @Test func frameTimesAreDrawnExactly() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let instants = Self.listedVsyncs.map { Double($0) / 120 }
        let path = try Self.writeFrameTimes(instants.map { "\($0)" }, in: directory)
        let listed = try Self.simulate(["--rate", "120", "--frame-times", path])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(Self.times(listed) == instants)
        let regular = try Self.simulate(["--rate", "120"]).lines.dropFirst().map { $0.split(separator: ",") }
        let drawn = listed.lines.dropFirst().map { $0.split(separator: ",") }
        #expect(regular.count > Self.listedVsyncs.last!)
        for (row, k) in zip(drawn, Self.listedVsyncs) where k < regular.count {
            // x, y and opacity to rounding (closed forms at the instant against propagated steps), the state exactly.
            for column in 1...3 {
                #expect(abs(Double(row[column])! - Double(regular[k][column])!) < 1e-9, "frame \(k)/120: \(row)")
            }
            #expect(row[4] == regular[k][4], "frame \(k)/120")
        }
    }

    /// A file whose times go back is refused before anything runs: exit 65 (malformed data), one error
    /// line naming the file and the line; a missing file exits 74. Sweeps read it the same way.
    @Test func badFrameTimesAreRefusedWithTheirLine() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.writeFrameTimes(["0", "0.01", "0.025", "0.02"], in: directory, name: "bad.csv")
        for arguments in [
            ["simulate", "popover", "--synth", Self.synth, "--frame-times", path],
            [
                "sweep", "popover", "--translation", "0,120", "--velocity", "0,0:1000:3", "--pipeline",
                "--frame-times", path,
            ],
        ] {
            let result = try PopSimProcess.run(arguments)
            #expect(result.status == 65, "\(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: \(path):5: frame time 0.02"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let missing = try Self.simulate(["--frame-times", directory.appendingPathComponent("none.csv").path])
        #expect(missing.status == 74, "\(missing.stderr)")
    }

    /// The frame-times file is an input: `--output` may not replace it (exit 74, the file intact), on
    /// `simulate` as on a pipeline sweep or threshold.
    @Test func frameTimesFileIsNeverAnOutput() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.writeFrameTimes(["0", "0.1", "0.2"], in: directory)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let pipeline = [
            "--mode", "drag-down", "--translation", "0,120", "--pipeline", "--frame-times", path,
            "--output", path,
        ]
        for arguments in [
            ["simulate", "popover", "--synth", Self.synth, "--frame-times", path, "--output", path],
            ["sweep", "popover", "--velocity", "0,0:1000:3"] + pipeline,
            ["threshold", "popover", "--velocity", "0,0:1000"] + pipeline,
        ] {
            let result = try PopSimProcess.run(arguments)
            #expect(result.status == 74, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains("never writes a file it reads"), "\(result.stderr)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        }
    }

    /// Listed frames are drawn exactly: drops, jitter or rate steps beside them are a usage error naming both.
    @Test(arguments: [["--frame-drops", "0.1"], ["--frame-jitter", "0.001"], ["--rate-steps", "thermal"]])
    func frameTimesExcludeGeneratedIrregularity(_ flags: [String]) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.writeFrameTimes(["0", "0.1"], in: directory)
        let result = try Self.simulate(["--frame-times", path] + flags)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: \(flags[0]) conflicts with --frame-times"), "\(result.stderr)")
    }

    /// Dropped frames: the same `--frame-seed` draws the same frames, another seed others. Every drawn
    /// frame stays on the 60 Hz vsync grid and vsyncs are missing from it, where a regular run draws every one.
    @Test func droppedFramesAreSeededAndLeaveGapsOnTheGrid() throws {
        let flags = ["--rate", "60", "--frame-drops", "0.3"]
        let one = try Self.simulate(flags + ["--frame-seed", "3"])
        let again = try Self.simulate(flags + ["--frame-seed", "3"])
        let other = try Self.simulate(flags + ["--frame-seed", "4"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == again.stdout)
        #expect(Self.times(one) != Self.times(other))
        let vsyncs = Self.times(one).map { $0 * 60 }
        for v in vsyncs { #expect(abs(v - v.rounded()) < 1e-9, "\(v / 60) is off the 60 Hz grid") }
        let gaps = zip(vsyncs, vsyncs.dropFirst()).map { ($1 - $0).rounded() }
        #expect(gaps.allSatisfy { $0 >= 1 })
        // 30 % of about 40 frames: the seed's draw misses some vsyncs, and fewer than 60 % of them.
        let missed = gaps.reduce(0) { $0 + $1 - 1 }
        #expect(missed >= 3 && missed < 0.6 * (vsyncs.last! + 1), "\(missed) of \(vsyncs.last! + 1) vsyncs missed")
        let regular = Self.times(try Self.simulate(["--rate", "60"]))
        #expect(regular == (0..<regular.count).map { Double($0) / 60 })
    }

    /// Jittered frames: off the grid by at most 0.45 of a 60 Hz frame (frames.md §1), in order, frame 0
    /// at 0; seeded like drops.
    @Test func jitteredFramesAreSeededAndNearTheirVsync() throws {
        let flags = ["--rate", "60", "--frame-jitter", "0.002"]
        let one = try Self.simulate(flags + ["--frame-seed", "5"])
        let again = try Self.simulate(flags + ["--frame-seed", "5"])
        let other = try Self.simulate(flags + ["--frame-seed", "6"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == again.stdout && one.stdout != other.stdout)
        let times = Self.times(one)
        #expect(times.first == 0)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        var offGrid = 0
        for (k, time) in times.enumerated() {
            let offset = time - Double(k) / 60
            #expect(abs(offset) <= 0.45 / 60 + 1e-12, "frame \(k) at \(time)")
            if abs(offset) > 1e-9 { offGrid += 1 }
        }
        #expect(offGrid > times.count / 2)
    }

    /// `--rate-steps thermal` on a 120 Hz display: frames every 1/120 s up to 0.5 s, every 1/80 s up to
    /// 1 s, every 1/60 s after (frames.md §1); a step list of one's own works the same.
    @Test(arguments: [("thermal", [(0.5, 80.0), (1.0, 60.0)]), ("0.25:60", [(0.25, 60.0)])])
    func rateStepsChangeTheFrameInterval(_ steps: String, expected: [(Double, Double)]) throws {
        let result = try Self.simulate(["--rate", "120", "--rate-steps", steps, "--seconds", "1.5"])
        #expect(result.status == 0, "\(result.stderr)")
        let times = Self.times(result)
        for (start, _) in expected { #expect(times.contains(start), "no frame at the step's start \(start)") }
        for (a, b) in zip(times, times.dropFirst()) {
            let hertz = expected.last { $0.0 <= a }?.1 ?? 120
            #expect(abs((b - a) - 1 / hertz) < 1e-9, "\(a) → \(b): expected 1/\(hertz) s")
        }
        #expect(abs(times.last! - 1.5) < 1e-9)
    }

    static let grid = [
        "sweep", "popover", "--mode", "drag-down", "--translation", "0,10:200:5",
        "--velocity", "0,0:3000:7",
        "--pipeline", "--rate", "60", "--noise", "0.3",
    ]

    /// On a pipeline the frame flags are recorded in a golden, which `check` reruns with them; the
    /// summary line names them. Popovers decide on the touch samples alone, which reach the model at
    /// their own times whatever the frames do (frames.md), so 5 % or 30 % of dropped frames and a
    /// thermal ramp leave every decision as the regular clock's: a run that let frames into the
    /// decision would show here.
    @Test func pipelineFrameFlagsAreRecordedAndLeavePopoverDecisions() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let regular = try PopSimProcess.run(Self.grid)
        let variants = [
            ["--frame-drops", "0.05"], ["--frame-drops", "0.3"], ["--rate-steps", "thermal"],
            ["--frame-jitter", "0.002"],
        ]
        for flags in variants {
            let path = directory.appendingPathComponent("golden.csv").path
            let written = try PopSimProcess.run(Self.grid + flags + ["--golden", "--output", path])
            #expect(written.status == 0, "\(written.stderr)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n")
            #expect(lines[0].contains(" \(flags.joined(separator: " ")) "), "\(lines[0])")
            #expect(Array(lines.dropFirst()) == regular.stdout.split(separator: "\n"), "\(flags)")
            let again = try PopSimProcess.run(Self.grid + flags + ["--golden"])
            #expect(again.stdout == text)
            let check = try PopSimProcess.run(["check", path])
            #expect(
                check.status == 0 && check.stdout.contains("ok: 35 decisions unchanged"),
                "\(check.stdout)\(check.stderr)")
        }
        let summary = try PopSimProcess.run(Self.grid + ["--frame-drops", "0.05"]).stderr
        #expect(summary.contains("pipeline (60 Hz, 0.05 of frames dropped, estimator"), "\(summary)")
    }

    /// A golden records its `--frame-times` file relative to its own folder, with the file's SHA-256
    /// (`sha256sum`'s, an independent implementation); `check` reads it from there whatever the current
    /// directory, and refuses it once it changed (exit 65).
    @Test func goldenWithFrameTimesIsCheckedFromItsDirectory() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("data"), withIntermediateDirectories: true)
        let frames = try Self.writeFrameTimes(
            Self.listedVsyncs.map { "\(Double($0) / 60)" }, in: directory.appendingPathComponent("data"))
        let written = try PopSimProcess.run(
            Self.grid + ["--frame-times", frames, "--golden", "--output", "golden.csv"], currentDirectory: directory)
        #expect(written.status == 0, "\(written.stderr)")
        let digest = try BuiltExecutable.shell("sha256sum '\(frames)' | cut -c1-64").stdout.dropLast()
        let golden = try String(contentsOf: directory.appendingPathComponent("golden.csv"), encoding: .utf8)
        #expect(
            golden.hasPrefix("# popsim sweep popover ")
                && golden.contains(
                    " --frame-times data/frames.csv --frame-times-sha256 \(digest) # written by popsim "),
            "\(golden.prefix(400))")
        let check = try PopSimProcess.run(["check", "golden.csv"], currentDirectory: directory)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let elsewhere = try PopSimProcess.run(["check", directory.appendingPathComponent("golden.csv").path])
        #expect(elsewhere.status == 0, "\(elsewhere.stdout)\(elsewhere.stderr)")
        try "time\n0\n0.5\n".write(toFile: frames, atomically: true, encoding: .utf8)
        let changed = try PopSimProcess.run(["check", "golden.csv"], currentDirectory: directory)
        #expect(changed.status == 65)
        #expect(
            changed.stderr.hasPrefix("error: data/frames.csv: its SHA-256 is not the one the golden records"),
            "\(changed.stderr)")
    }
}
