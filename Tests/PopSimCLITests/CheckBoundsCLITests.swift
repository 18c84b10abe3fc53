import Foundation
import PopSimTestSupport
import Testing

/// `popsim check` validates a golden line by line and counts its rows against the recorded grid before
/// anything is rerun: a golden recording a huge grid, random bytes or an endless stream is refused or
/// reported at once, in bounded memory.
@Suite("Reliability: check is bounded")
struct CheckBoundsCLITests {
    /// 2³¹ grid points recorded, two rows given: the grid changed, reported without a rerun.
    @Test(.timeLimit(.minutes(1))) func aHugeRecordedGridIsNotRerun() throws {
        let golden = try PopSimProcess.file(
            "huge.csv",
            "# popsim sweep popover --translation 0,0:400:2147483648\n"
                + "translation_y,outcome\n0.0,returned\n1.0,returned\n"
        )
        let result = try PopSimProcess.run(["check", golden])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("the grid changed: golden has 2 rows, the rerun 2147483648"))
    }

    /// Random bytes are refused at their first line (as not a golden table, or for a NUL byte there),
    /// and the device that gives them is refused before anything is read.
    @Test(.timeLimit(.minutes(1))) func randomBytesAreRefusedAtTheFirstLine() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("random.csv").path
        let copy = try BuiltExecutable.shell("head -c 65536 /dev/urandom > '\(path)'")
        #expect(copy.status == 0)
        let result = try PopSimProcess.run(["check", path])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: \(path):1: ") && result.stderr.split(separator: "\n").count == 1)
        let device = try PopSimProcess.run(["check", "/dev/urandom"])
        #expect(device.status == 74)
        #expect(
            device.stderr == "error: /dev/urandom: is a character device, not a file PopSim reads; "
                + "give a file, a pipe or - for standard input\n")
    }

    /// A first line that is not a golden's is refused as line 1 even when line 2 holds a NUL byte (the
    /// bytes of random input put their first NUL on any line).
    @Test func aWrongFirstLineIsBlamedBeforeTheNextLineIsRead() throws {
        let golden = try PopSimProcess.file("nul-on-two.csv", "abc\nde\u{0}f\n")
        let result = try PopSimProcess.run(["check", golden])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: \(golden):1: not a golden table"), "\(result.stderr)")
    }

    /// An endless stream of lines that are not a golden table is refused at its first line.
    @Test(.timeLimit(.minutes(1))) func anEndlessStreamIsRefused() throws {
        let popsim = PopSimProcess.executable.url.path
        let result = try BuiltExecutable.shell("yes x | '\(popsim)' check -")
        #expect(result.status == 65)
        #expect(result.stderr.contains("standard input:1: not a golden table"))
    }

    /// An endless stream of valid rows stops one row past the recorded grid.
    @Test(.timeLimit(.minutes(1))) func endlessValidRowsStopPastTheGrid() throws {
        let popsim = PopSimProcess.executable.url.path
        let script =
            "{ printf '# popsim sweep popover --translation 0,0:1:2\\ntranslation_y,outcome\\n'; "
            + "yes 0.0,returned; } | '\(popsim)' check -"
        let result = try BuiltExecutable.shell(script)
        #expect(result.status == 1)
        #expect(result.stdout.contains("golden has more than 2 rows"))
    }

    /// A stream whose time gap is beyond the frame limit is refused naming the file and line.
    @Test func aTimeGapNamesTheFileAndLine() throws {
        let stream = try PopSimProcess.file("gap.csv", "time,phase,x,y\n0,began,10,10\n1e6,ended,10,10\n")
        let result = try PopSimProcess.run(["simulate", "popover", stream])
        #expect(result.status == 65)
        #expect(result.stderr.contains("gap.csv:3:"), "\(result.stderr)")
    }
}
