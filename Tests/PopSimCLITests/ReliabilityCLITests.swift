import Foundation
import PopSimTestSupport
import Testing

/// What a refused run must look like: the documented status, exactly one `error:` line, nothing on
/// standard output, and an exit rather than a signal (a trap would be SIGILL, an abort SIGABRT). A run
/// that fails midway (a solver failure) has written its rows up to the failure to standard output;
/// only `--output FILE` is all or nothing.
func expectRefusal(
    _ result: BuiltExecutable.Result, status: Int32, mentioning words: [String] = [],
    partialOutput: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!result.signalled, "ended by signal \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(
        lines.count == 1 && lines.first?.hasPrefix("error: ") == true, "\(result.stderr)",
        sourceLocation: sourceLocation)
    #expect(partialOutput || result.stdout.isEmpty, sourceLocation: sourceLocation)
    for word in words {
        #expect(result.stderr.contains(word), "'\(word)' not in \(result.stderr)", sourceLocation: sourceLocation)
    }
}

/// The reproducers of the stress campaign that found traps, hangs, writes where none belong and lost
/// output: each now ends within seconds with its documented status and one `error:` line.
@Suite("Reliability: every input ends with a documented status")
struct ReliabilityCLITests {
    /// Large but finite values that used to trap converting to Int or overflowing, or that hung the
    /// settling-time search or a GSL integration.
    static let refused: [(arguments: [String], status: Int32, mentioning: [String])] = [
        (["synth", "tap", "--rate", "1e300"], 2, ["--rate", "1e300", "[0.001, 1e5]"]),
        (["spring", "--stiffness", "1e308", "--damping", "10"], 2, ["--stiffness", "1e308", "[1e-6, 1e9]"]),
        (["synth", "long-press", "--display-rate", "1e20"], 2, ["--display-rate", "1e20"]),
        (
            ["sweep", "popover", "--translation", "0,0:1:3", "--shard", "3074457345618258602/3074457345618258603"], 2,
            ["--shard", "2147483648"]
        ),
        (["spring", "--stiffness", "1", "--damping", "1e-300"], 2, ["--damping 1e-300", "--seconds"]),
        (["spring-info", "--stiffness", "1e40", "--damping", "10"], 2, ["--stiffness", "1e40"]),
        // The settling time of ζ = 1.6e-14 needs 1.4e14 half-periods: counted, within 2^50.
        (["spring", "--stiffness", "1e9", "--damping", "1e-6"], 2, ["rows", "--rate"]),
        (
            ["spring", "--preset", "smooth", "--solver", "rkf45", "--epsabs", "0", "--epsrel", "0"], 70,
            ["--max-steps", "GSL error 11"]
        ),
        (["sweep", "popover", "--translation", "0,-1.7e308:1.7e308:3"], 2, ["--translation", "[-1e9, 1e9]"]),
        // The duration is out of range: the error blames --seconds, not the digitiser's --rate.
        (["synth", "pan", "--to", "0,300", "--seconds", "1e9"], 2, ["--seconds", "1e9"]),
        (["synth", "pan", "--to", "0,300", "--seconds", "1e6"], 2, ["too many samples", "--seconds"]),
        (["simulate", "popover", "--synth", "tap", "--seconds", "1e6"], 2, ["frames"]),
    ]

    /// Not a timing test: a run that hangs would take minutes, which the time limit turns into a failure.
    @Test(.timeLimit(.minutes(1)), arguments: refused)
    func reproducersEndWithTheirStatus(arguments: [String], status: Int32, mentioning: [String]) throws {
        let result = try PopSimProcess.run(arguments)
        expectRefusal(result, status: status, mentioning: mentioning, partialOutput: status == 70)
    }

    @Test func aStepLimitErrorStillWritesNoFile() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("trace.csv").path
        let result = try PopSimProcess.run([
            "spring", "--preset", "smooth", "--solver", "rkf45", "--epsabs", "0", "--epsrel", "0",
            "--max-steps", "100", "--output", output,
        ])
        expectRefusal(result, status: 70, mentioning: ["--max-steps 100"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// A newline or an escape sequence in a value is escaped in the message: one `error:` line.
    @Test(arguments: ["1\nerror: forged", "1\u{1B}[2J", "\u{202E}1,2"])
    func controlCharactersCannotForgeLines(value: String) throws {
        let result = try PopSimProcess.run(["decide", "popover", "--translation", value])
        expectRefusal(result, status: 2, mentioning: ["--translation"])
        #expect(!result.stderr.dropLast().contains("\n"))
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{202E}"))
    }

    /// A long value is quoted by a short prefix, not echoed whole.
    @Test func longValuesAreCut() throws {
        let result = try PopSimProcess.run(["synth", "tap", "--from", String(repeating: "9", count: 100_000) + ",0"])
        expectRefusal(result, status: 2, mentioning: ["--from", "…"])
        #expect(result.stderr.count < 400)
    }

    /// A directory is a file that cannot be read for every command that reads one.
    @Test(arguments: [["check"], ["velocity"], ["simulate", "popover"]])
    func aDirectoryIsAnIOError(command: [String]) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        expectRefusal(try PopSimProcess.run(command + [directory.path]), status: 74, mentioning: ["is a directory"])
    }

    /// A line longer than 1 MiB is malformed data naming its line, read in bounded memory. The golden's
    /// line 2 follows a golden's first line (a first line that is not one is refused as line 1).
    @Test(arguments: [["velocity"], ["simulate", "popover"], ["check"]])
    func aLineLongerThanTheLimitIsMalformed(command: [String]) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("long.csv").path
        let firstLine = command == ["check"] ? "# popsim sweep popover --translation 0,0:1:2\n" : "time,phase,x,y\n"
        try (firstLine + "0,began," + String(repeating: "1", count: 1_100_000) + ",0\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        expectRefusal(try PopSimProcess.run(command + [path]), status: 65, mentioning: [":2", "1048576 bytes"])
    }

    /// `--output` inside `--synth`, in either spelling, is refused and writes nothing.
    @Test(arguments: ["tap --output=FILE", "tap --output FILE"])
    func synthCannotWriteFiles(synth: String) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("written.csv").path
        let result = try PopSimProcess.run([
            "simulate", "popover", "--synth", synth.replacingOccurrences(of: "FILE", with: file),
        ])
        expectRefusal(result, status: 2, mentioning: ["--output is not allowed inside --synth"])
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// Output that cannot be written is exit 74 for every command, never a silent 0.
    @Test(arguments: [
        ["decide", "popover", "--mode", "drag-down", "--translation", "0,300"], ["decide", "popup", "--from", "open"],
        ["--help"], ["--version"],
        ["spring", "--help"], ["spring-info", "--preset", "smooth"], ["synth", "tap"],
    ])
    func lostOutputIsAnIOError(arguments: [String]) throws {
        let result = try PopSimProcess.run(arguments, standardOutputPath: "/dev/full")
        #expect(!result.signalled)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: cannot write standard output"))
    }

    @Test func checkOkLineThatCannotBeWrittenIsAnIOError() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let golden = directory.appendingPathComponent("g.csv").path
        #expect(
            try PopSimProcess.run(["sweep", "popover", "--translation", "0,0:400:3", "--golden", "--output", golden])
                .status == 0)
        #expect(try PopSimProcess.run(["check", golden]).status == 0)
        let result = try PopSimProcess.run(["check", golden], standardOutputPath: "/dev/full")
        #expect(result.status == 74, "\(result.stderr)")
    }

    /// A reader that goes away ends the run quietly by SIGPIPE (141 in a shell), whether SIGPIPE has
    /// its default action (set by `env --default-signal`) or the parent left it ignored (as the test
    /// process does).
    @Test(arguments: ["env --default-signal=PIPE ", ""])
    func aClosedPipeEndsQuietly(prefix: String) throws {
        let popsim = PopSimProcess.executable.url.path
        let script =
            prefix
            + "'\(popsim)' spring --preset smooth --seconds 10000 2>/tmp/popsim-pipe-$$.err | head -c 10 >/dev/null; "
            + "echo \"${PIPESTATUS[0]} $(wc -c </tmp/popsim-pipe-$$.err)\"; rm -f /tmp/popsim-pipe-$$.err"
        let result = try BuiltExecutable.shell(script)
        #expect(result.stdout == "141 0\n", "\(result.stdout) \(result.stderr)")
    }
}
