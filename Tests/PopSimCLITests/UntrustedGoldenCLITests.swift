import Foundation
import PopSimPlatform
import PopSimTestSupport
import Testing

/// Goldens arrive in pull requests and `popsim check` runs on them in CI, next to tokens and secrets: a
/// golden from someone else can make `check` fail, never read a file outside its own folder, show a
/// file's content, wait forever or fill a disk (Documentation/reliability.md, "Inputs a golden names").
@Suite("Reliability: goldens from people you do not trust")
struct UntrustedGoldenCLITests {
    /// A pipeline sweep small enough to rerun in a moment.
    static let sweep = [
        "sweep", "popover", "--mode", "drag-down", "--translation", "0,0:300:3", "--velocity", "0,2000", "--pipeline",
    ]
    static let header = "translation_y,outcome,ideal\n"
    static let rows = "0.0,returned,returned\n150.0,returned,returned\n300.0,dismissed-down,dismissed-down\n"
    /// What a file outside the golden's folder holds; no message may show it.
    static let secret = "POPSIM_SECRET_7f3a"

    /// A folder holding `frames.csv` (the times of a 60 Hz display, 1 s) and a secret beside the folder.
    static func folder() throws -> (folder: URL, frames: String, secret: String) {
        let root = try PopSimProcess.temporaryDirectory()
        let folder = root.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let frames = folder.appendingPathComponent("frames.csv").path
        try (["time"] + (0...60).map { "\(Double($0) / 60)" }).joined(separator: "\n").appending("\n")
            .write(toFile: frames, atomically: true, encoding: .utf8)
        let secret = root.appendingPathComponent("secret.csv").path
        try "\(secret),\(Self.secret)\n1,2\n".write(toFile: secret, atomically: true, encoding: .utf8)
        return (folder, frames, secret)
    }

    static func sha256(_ path: String) throws -> String {
        String(try BuiltExecutable.shell("sha256sum '\(path)' | cut -c1-64").stdout.dropLast())
    }

    /// A golden in `folder` recording `framesPath` with `digest` (nil: none, as 0.3.0 wrote them).
    static func golden(in folder: URL, frames framesPath: String, digest: String?) throws -> String {
        let command =
            (["popsim"] + Self.sweep).joined(separator: " ") + " --frame-times '\(framesPath)'"
            + (digest.map { " --frame-times-sha256 \($0)" } ?? "")
        let path = folder.appendingPathComponent("golden.csv").path
        try "# \(command) # written by popsim 0.3.0\n\(Self.header)\(Self.rows)"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every path a golden may not name, each refused at once as malformed data (65) or as a file that
    /// does not exist (74), the secret never shown, with the way to re-record the golden.
    @Test(.timeLimit(.minutes(1)))
    func pathsOutsideTheFolderAreRefused() throws {
        let (folder, frames, secret) = try Self.folder()
        let digest = try Self.sha256(secret)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.csv").path, withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("null.csv").path, withDestinationPath: "/dev/null")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        #expect(Platform.makeFIFO(folder.appendingPathComponent("pipe.csv").path))
        let cases: [(path: String, status: Int32, reason: String)] = [
            (secret, 65, "is absolute"),
            ("../secret.csv", 65, "leaves that folder"),
            ("sub/../../secret.csv", 65, "leaves that folder"),
            ("/etc/passwd", 65, "is absolute"),
            ("../../../../../../../../etc/passwd", 65, "leaves that folder"),
            ("/proc/self/environ", 65, "is absolute"),
            ("/dev/kmsg", 65, "is absolute"),
            ("link.csv", 65, "leaves that folder"),
            ("null.csv", 65, "leaves that folder"),
            ("sub", 65, "is not a regular file"),
            ("pipe.csv", 65, "is not a regular file"),
            ("-", 65, "is standard input"),
            ("", 65, "is empty"),
            ("missing.csv", 74, "does not exist in its folder"),
        ]
        for (path, status, reason) in cases {
            let golden = try Self.golden(in: folder, frames: path, digest: digest)
            for update in [false, true] {
                let result = try PopSimProcess.run(["check"] + (update ? ["--update"] : []) + [golden])
                #expect(result.status == status, "\(path): \(result.stderr)")
                #expect(result.stderr.hasPrefix("error: \(golden): the recorded --frame-times "), "\(result.stderr)")
                #expect(result.stderr.contains(reason), "\(path): \(result.stderr)")
                #expect(result.stderr.contains("re-record the golden"), "\(result.stderr)")
                #expect(!result.stderr.contains(Self.secret) && !result.stdout.contains(Self.secret))
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            }
            #expect(
                try ScratchFiles.names(in: folder) == [
                    "frames.csv", "golden.csv", "link.csv", "null.csv", "pipe.csv", "sub",
                ])
        }
        _ = frames
    }

    /// A file in the folder whose bytes are not those recorded is refused (65), by `check` and by
    /// `check --update`, which leaves the golden as it was; with its digest, the golden checks from any
    /// directory.
    @Test func theRecordedDigestIsChecked() throws {
        let (folder, frames, _) = try Self.folder()
        let golden = folder.appendingPathComponent("golden.csv").path
        let written = try PopSimProcess.run(Self.sweep + ["--frame-times", frames, "--golden", "--output", golden])
        #expect(written.status == 0, "\(written.stderr)")
        let checked = try PopSimProcess.run(["check", golden])
        #expect(checked.status == 0 && checked.stdout.contains("3 decisions unchanged"), "\(checked.stderr)")
        let before = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(before.contains(try Self.sha256(frames)))
        let wrong = golden
        try before.replacingOccurrences(of: try Self.sha256(frames), with: String(repeating: "0", count: 64))
            .write(toFile: wrong, atomically: true, encoding: .utf8)
        for update in [false, true] {
            let result = try PopSimProcess.run(["check"] + (update ? ["--update"] : []) + [wrong])
            #expect(result.status == 65)
            #expect(
                result.stderr.hasPrefix(
                    "error: \(folder.path)/frames.csv: its SHA-256 is not the one the golden records"),
                "\(result.stderr)")
            #expect(!result.stderr.contains(try Self.sha256(frames)), "the file's own digest is not shown")
        }
        #expect(
            try String(contentsOfFile: wrong, encoding: .utf8)
                == before.replacingOccurrences(
                    of: try Self.sha256(frames), with: String(repeating: "0", count: 64)))
        #expect(try ScratchFiles.names(in: folder) == ["frames.csv", "golden.csv"])
    }

    /// A golden written by 0.3.0 named its frame-times file without a digest, relative to the current
    /// directory: refused, saying how to re-record it.
    @Test func aGoldenWithoutTheDigestIsRefused() throws {
        let (folder, frames, _) = try Self.folder()
        for path in ["frames.csv", frames] {
            let golden = try Self.golden(in: folder, frames: path, digest: nil)
            let result = try PopSimProcess.run(["check", golden])
            #expect(result.status == 65)
            #expect(
                result.stderr.hasPrefix(
                    "error: \(golden): records --frame-times without --frame-times-sha256, as popsim 0.3.0 wrote it"),
                "\(result.stderr)")
            #expect(
                result.stderr.contains("re-record the golden there with 'popsim sweep … --frame-times FILE --golden"))
        }
    }

    /// The content of a file a golden names is never quoted, even when the file is in its folder and has
    /// the recorded digest: a header or a value is named by its line and column only.
    @Test func theNamedFileIsNeverQuoted() throws {
        let (folder, _, _) = try Self.folder()
        let contents = [
            "\(Self.secret),x\n0,1\n",
            "time\n0\n\(Self.secret)\n",
            "time\n0\n-987654.321\n",
            "time\n0.5\n0.25\n",
            "time\n1e999\n",
        ]
        for content in contents {
            let path = folder.appendingPathComponent("named.csv").path
            try content.write(toFile: path, atomically: true, encoding: .utf8)
            let golden = try Self.golden(in: folder, frames: "named.csv", digest: try Self.sha256(path))
            let result = try PopSimProcess.run(["check", golden])
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("error: \(folder.path)/named.csv:"), "\(result.stderr)")
            for secret in [Self.secret, "0.25", "0.5", "1e999", "987654"] {
                #expect(!result.stderr.contains(secret), "\(content): \(result.stderr)")
            }
        }
    }

    /// A golden read from standard input has no folder to read a frame-times file from: a usage error.
    @Test func aGoldenOnStandardInputCannotNameAFile() throws {
        let (folder, frames, _) = try Self.folder()
        let golden = try Self.golden(in: folder, frames: "frames.csv", digest: try Self.sha256(frames))
        let result = try PopSimProcess.run(["check", "-"], input: try String(contentsOfFile: golden, encoding: .utf8))
        #expect(result.status == 2)
        #expect(result.stderr.contains("give the golden's path instead of -"), "\(result.stderr)")
    }

    // MARK: Recording

    /// `sweep --golden` records the frame-times file relative to the golden's folder with its digest, and
    /// refuses, before writing anything (exit 2), what `check` could not read back: a golden on standard
    /// output, a file outside the golden's folder, standard input, a path holding a newline, ESC or BEL.
    @Test func aGoldenIsRecordedSoThatCheckReadsIt() throws {
        let (folder, frames, _) = try Self.folder()
        let outside = folder.deletingLastPathComponent().appendingPathComponent("outside.csv").path
        try FileManager.default.copyItem(atPath: frames, toPath: outside)
        let output = folder.appendingPathComponent("golden.csv").path
        let written = try PopSimProcess.run(Self.sweep + ["--frame-times", frames, "--golden", "--output", output])
        #expect(written.status == 0, "\(written.stderr)")
        let first = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")[0]
        #expect(
            first.contains(" --frame-times frames.csv --frame-times-sha256 \(try Self.sha256(frames)) "), "\(first)")
        #expect(try PopSimProcess.run(["check", output]).status == 0)
        for control in ["\n", "\u{1B}[31m", "\u{07}"] {
            let strange = folder.appendingPathComponent("fr\(control)ames.csv").path
            try FileManager.default.copyItem(atPath: frames, toPath: strange)
            let other = folder.appendingPathComponent("strange.csv").path
            let result = try PopSimProcess.run(Self.sweep + ["--frame-times", strange, "--golden", "--output", other])
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("control character"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: other))
            try FileManager.default.removeItem(atPath: strange)
        }
        let refusals: [([String], String, String?)] = [
            (["--frame-times", frames, "--golden"], "write the golden to a file with --output", nil),
            (["--frame-times", outside, "--golden", "--output", output], "is outside the golden's folder", nil),
            (["--frame-times", "-", "--golden", "--output", output], "--frame-times -: a golden records", "time\n0\n"),
        ]
        for (flags, reason, input) in refusals {
            let before = try String(contentsOfFile: output, encoding: .utf8)
            let result = try PopSimProcess.run(Self.sweep + flags, input: input)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(flags): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(result.stderr)")
            #expect(try String(contentsOfFile: output, encoding: .utf8) == before)
        }
    }

    // MARK: Bounded work

    /// `check --update` of a golden whose recorded grid (46 340² points) its rows cannot be is refused
    /// before anything is written, naming the grid's size; plain `check` reports the grid changed.
    @Test(.timeLimit(.minutes(1))) func anInflatedGridIsNotRewritten() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let golden = directory.appendingPathComponent("amp.csv").path
        let text =
            "# popsim sweep popover --mode drag-down --translation 0,0:400:46340 --velocity 0,0:400:46340"
            + " # written by popsim 0.3.0\ntranslation_y,velocity_y,outcome\n0.0,0.0,returned\n"
        try text.write(toFile: golden, atomically: true, encoding: .utf8)
        let update = try PopSimProcess.run(["check", "--update", golden])
        #expect(update.status == 65)
        #expect(
            update.stderr.hasPrefix(
                "error: \(golden):1: the recorded grid has 2147395600 points (46340 translation_y × 46340 velocity_y), "
                    + "but the table holds 1 row:"),
            "\(update.stderr)")
        #expect(try ScratchFiles.names(in: directory) == ["amp.csv"])
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == text)
        let check = try PopSimProcess.run(["check", golden])
        #expect(check.status == 1 && check.stdout.contains("the grid changed: golden has 1 rows, the rerun 2147395600"))
    }

    /// Header parsing is linear: spaces before `# written by popsim` up to the 1 MiB line limit (about 40
    /// minutes when each trim counted the whole line) are read at once.
    @Test(.timeLimit(.minutes(1))) func aLongHeaderIsReadInLinearTime() throws {
        let spaces = String(repeating: " ", count: (1 << 20) - 200)
        let golden = try PopSimProcess.file(
            "spaces.csv",
            "# popsim sweep popover --mode drag-down --translation 0,0:400:3\(spaces) # written by popsim 0.3.0\n"
                + "translation_y,outcome\n0.0,returned\n200.0,returned\n400.0,dismissed-down\n")
        let result = try PopSimProcess.run(["check", golden])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let trailing = try PopSimProcess.file("trailing.csv", "time\(spaces)\n0\n")
        let simulate = try PopSimProcess.run([
            "simulate", "popover", "--mode", "drag-down", "--frame-times", trailing, "--synth",
            "swipe --from 196,426 --to 196,700 --release-velocity 1500",
        ])
        #expect(simulate.status == 0, "\(simulate.stderr)")
    }
}
