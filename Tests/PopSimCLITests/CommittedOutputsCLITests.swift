import Foundation
import PopSimTestSupport
import Testing

/// A run publishes its outputs only after every write succeeded, summary lines included; a note that
/// cannot be written never stops it; no output may be a file the command reads.
@Suite("Reliability: outputs committed together")
struct CommittedOutputsCLITests {
    static func shell(_ arguments: [String], _ redirections: String) throws -> BuiltExecutable.Result {
        try PopSimProcess.runInShell(arguments, redirections: redirections)
    }

    static func file(_ name: String, _ text: String) throws -> String { try PopSimProcess.file(name, text) }

    /// A spring's trajectory that a fit can read: the bouncy preset at 60 Hz.
    static func trace() throws -> String {
        try file("trace.csv", try PopSimProcess.run(["spring", "--preset", "bouncy", "--rate", "60"]).stdout)
    }

    /// `fit spring … --residuals r.csv > /dev/full`: the report cannot be written, so the residuals
    /// file is left as it was.
    @Test func aFitWhoseReportFailsLeavesItsResiduals() throws {
        let trace = try Self.trace()
        let residuals = try Self.file("r.csv", "keep\n")
        let result = try Self.shell(["fit", "spring", trace, "--residuals", residuals], "> /dev/full")
        #expect(result.status == 74, "\(result.stderr)")
        #expect(try String(contentsOfFile: residuals, encoding: .utf8) == "keep\n")
        let ok = try PopSimProcess.run(["fit", "spring", trace, "--residuals", residuals])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try String(contentsOfFile: residuals, encoding: .utf8).hasPrefix("# mass="))
    }

    /// `threshold … --output t.csv 2>&-`: the summary line cannot be written, so t.csv is not replaced.
    @Test func aThresholdWhoseSummaryFailsLeavesItsOutput() throws {
        let output = try Self.file("t.csv", "keep\n")
        let result = try Self.shell(
            [
                "threshold", "popup", "--style", "snap", "--from", "open", "--translation", "0,0:852",
                "--output", output,
            ], "2>&-")
        #expect(result.status == 74)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep\n")
    }

    /// A note that cannot be written does not stop the sweep: with stderr on /dev/full the drag note
    /// and the summary are lost, the computation runs, and the run fails only at its summary (74),
    /// leaving the output as it was.
    @Test func aNoteThatCannotBeWrittenDoesNotStopTheRun() throws {
        let output = try Self.file("s.csv", "keep\n")
        let result = try Self.shell(
            ["sweep", "popover", "--translation", "0,0:300:4", "--output", output], "2>/dev/full")
        #expect(result.status == 74)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep\n")
        let decided = try PopSimProcess.run(["decide", "popover", "--translation", "0,120"])
        #expect(decided.status == 0 && decided.stdout == "returned\n")
        #expect(decided.stderr.hasPrefix("note: --mode is tap-outside"))
        let silent = try Self.shell(["decide", "popover", "--translation", "0,120"], "2>&-")
        #expect(silent.status == 0 && silent.stdout == "returned\n")
    }

    /// An output that is one of the command's inputs is refused before anything runs.
    @Test(arguments: [["velocity"], ["simulate", "popover"], ["fit", "spring"]])
    func anInputIsNotAnOutput(command: [String]) throws {
        let stream = try Self.file(
            "stream.csv",
            try PopSimProcess.run(["synth", "swipe", "--to", "0,300", "--release-velocity", "1000"]).stdout)
        let before = try String(contentsOfFile: stream, encoding: .utf8)
        let flag = command == ["fit", "spring"] ? "--residuals" : "--output"
        let result = try PopSimProcess.run(command + [stream, flag, stream])
        expectRefusal(result, status: 74, mentioning: [])
        #expect(try String(contentsOfFile: stream, encoding: .utf8) == before)
    }

    /// A golden whose first line holds escape sequences, a carriage return and a line separator reaches
    /// the terminal escaped, in the error and in the change listing.
    @Test func aGoldensTextIsEscaped() throws {
        let golden = try Self.file(
            "g.csv",
            "# popsim sweep popover --translation 0,0:1:2\u{1B}]0;title\u{07}\n"
                + "translation_y,outcome\n0.0,returned\n1.0,returned\n"
        )
        let refused = try PopSimProcess.run(["check", golden])
        #expect(refused.status == 65)
        #expect(!refused.stderr.contains("\u{1B}") && !refused.stderr.contains("\u{07}"))
        let changed = try Self.file(
            "c.csv",
            "# popsim sweep popover --translation 0,0:1:2\ntranslation_y,outcome\n"
                + "0.0,returned\u{1B}[2J\r\u{2028}\n1.0,returned\n"
        )
        let result = try PopSimProcess.run(["check", changed])
        #expect(result.status == 1)
        for forbidden in ["\u{1B}", "\r", "\u{2028}"] {
            #expect(!result.stdout.contains(forbidden) && !result.stderr.contains(forbidden))
        }
        #expect(result.stdout.contains("\\u{1B}[2J"))
    }
}
