import Foundation
import PopSimPlatform
import PopSimTestSupport
import Testing

/// Nothing an input path names makes `popsim` wait or read what is not a file (Documentation/
/// reliability.md, "Inputs"): a FIFO without a writer, a directory or a device is refused at once
/// (exit 74, one line) by every command that reads a file; a pipe with a writer is read. Frame-times
/// files, touch streams and goldens are malformed data (65, one line) when empty, header-only or
/// holding a NUL byte.
@Suite("Reliability: special files and frame-times files")
struct SpecialInputsCLITests {
    static let synth = "swipe --from 196,426 --to 196,700 --release-velocity 1500"
    static let pipeline = [
        "popover", "--mode", "drag-down", "--translation", "0,0:300:3", "--velocity", "0,2000", "--pipeline",
    ]

    /// Every command that reads a file, with `PATH` where the file goes.
    static let readers: [[String]] = [
        ["simulate", "popover", "--mode", "drag-down", "--frame-times", "PATH", "--synth", synth],
        ["sweep"] + pipeline + ["--frame-times", "PATH"],
        [
            "threshold", "popover", "--mode", "drag-down", "--translation", "0,0:300", "--velocity", "0,2000",
            "--pipeline", "--frame-times", "PATH",
        ],
        ["simulate", "popover", "--mode", "drag-down", "PATH"],
        ["velocity", "PATH"],
        ["check", "PATH"],
        ["check", "--update", "PATH"],
        ["fit", "spring", "PATH"],
        ["fit", "rubber-band", "PATH"],
    ]

    static func arguments(_ command: [String], _ path: String) -> [String] {
        command.map { $0 == "PATH" ? path : $0 }
    }

    /// A FIFO nobody writes, a directory and devices: refused at once, before anything is read, and
    /// nothing is left in the directory.
    @Test(.timeLimit(.minutes(2)), arguments: readers.indices)
    func specialFilesAreRefusedAtOnce(reader: Int) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(Platform.makeFIFO(fifo))
        let cases: [(path: String, reason: String)] = [
            (fifo, "is a pipe that no process writes"),
            (directory.path, "is a directory"),
            ("/dev/zero", "is a character device"),
            ("/dev/null", "is a character device"),
        ]
        for (path, reason) in cases {
            let command = Self.arguments(Self.readers[reader], path)
            let result = try PopSimProcess.run(command)
            #expect(result.status == 74, "\(command): \(result.stderr)")
            let expected = command[0] == "check" && command[1] == "--update" ? "can be rewritten in place" : reason
            #expect(result.stderr.contains(expected), "\(command): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(try ScratchFiles.names(in: directory) == ["fifo"])
        }
    }

    /// A pipe with a writer (`<(…)`, a FIFO whose writer waits) is read as it arrives.
    @Test(.timeLimit(.minutes(1))) func aPipeWithAWriterIsRead() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let popsim = PopSimProcess.executable.url.path
        let substituted = try BuiltExecutable.shell(
            "'\(popsim)' simulate popover --mode drag-down --synth '\(Self.synth)' "
                + "--frame-times <(printf 'time\\n0\\n0.1\\n0.2\\n')")
        #expect(substituted.status == 0, "\(substituted.stderr)")
        #expect(NumericCSV(substituted.stdout).column("time") == [0, 0.1, 0.2])
        let fifo = directory.appendingPathComponent("fifo").path
        let named = try BuiltExecutable.shell(
            "mkfifo '\(fifo)' && (printf 'time\\n0\\n0.1\\n' > '\(fifo)' &) && sleep 0.3 && "
                + "'\(popsim)' simulate popover --mode drag-down --synth '\(Self.synth)' --frame-times '\(fifo)'")
        #expect(named.status == 0, "\(named.stderr)")
        #expect(NumericCSV(named.stdout).column("time") == [0, 0.1])
    }

    /// Empty, header-only and NUL-holding frame-times files are malformed data on one line, for
    /// `simulate` and for pipeline sweeps (which used to decide with no frame drawn).
    @Test func emptyHeaderOnlyAndNULFrameTimesAreMalformed() throws {
        let cases: [(content: String, message: String)] = [
            ("", "is empty: no header line"),
            ("time\n", "has a header but no frame times"),
            ("# only a comment\ntime\n\n", "has a header but no frame times"),
            ("time\n0\n0.5\0garbage\n1\n", ":3:4: a NUL byte"),
            ("time\n0\n\0\n", ":3:1: a NUL byte"),
            ("ti\0me\n0\n", ":1:3: a NUL byte"),
        ]
        for (content, message) in cases {
            let path = try PopSimProcess.file("frames.csv", content)
            for command in Self.readers.prefix(3) {
                let result = try PopSimProcess.run(Self.arguments(command, path))
                #expect(result.status == 65, "\(command) \(content.debugDescription): \(result.stderr)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.hasPrefix("error: \(path)"), "\(result.stderr)")
                #expect(result.stderr.contains(message), "\(content.debugDescription): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            }
        }
    }

    /// A NUL byte ends nothing silently in a touch stream or a golden header either.
    @Test func aNULByteIsMalformedInTouchStreamsAndGoldens() throws {
        let stream = "time,phase,x,y\n0,began,0,0\n0.1\0,moved,0,10\n0.2,ended,0,20\n"
        let velocity = try PopSimProcess.run(["velocity", "-"], input: stream)
        #expect(velocity.status == 65)
        #expect(velocity.stderr.hasPrefix("error: standard input:3:4: a NUL byte"), "\(velocity.stderr)")
        let golden = try PopSimProcess.file(
            "golden.csv",
            "# popsim sweep popover --mode drag-down --translation 0,0:400:2\0garbage # written by popsim 0.3.0\n"
                + "translation_y,outcome\n0.0,returned\n400.0,dismissed-down\n")
        let check = try PopSimProcess.run(["check", golden])
        #expect(check.status == 65)
        #expect(check.stderr.hasPrefix("error: \(golden):1: a NUL byte"), "\(check.stderr)")
    }

    /// `--frame-times -` beside a touch stream on standard input: both cannot read it, a usage error
    /// naming both; with the stream from `--synth` or a file, standard input holds the frame times.
    @Test func frameTimesAndTheStreamCannotBothReadStandardInput() throws {
        let stream = try PopSimProcess.file(
            "stream.csv", "time,phase,x,y\n0,began,196,426\n0.05,moved,196,500\n0.1,ended,196,600\n")
        for extra in [[], ["-"]] {
            let result = try PopSimProcess.run(
                ["simulate", "popover", "--mode", "drag-down", "--frame-times", "-"] + extra, input: "time\n0\n")
            #expect(result.status == 2)
            #expect(
                result.stderr.hasPrefix("error: --frame-times - and the touch stream (STREAM")
                    && result.stderr.contains("both read standard input"),
                "\(result.stderr)")
        }
        for source in [["--synth", Self.synth], [stream]] {
            let result = try PopSimProcess.run(
                ["simulate", "popover", "--mode", "drag-down", "--frame-times", "-"] + source,
                input: "time\n0\n0.05\n0.1\n")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(NumericCSV(result.stdout).column("time") == [0, 0.05, 0.1])
        }
    }
}
