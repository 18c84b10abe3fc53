import Foundation
import Testing

/// `@FILE` on `popsim` command lines: the same answer as the flags it holds, for every sheet verb, and a
/// golden table that records the flags, not the file.
@Suite("popsim @FILE")
struct ResponseFileCLITests {
    static let panelFile = """
        # A FloatingPanel as the app configures it.
        --library floatingpanel
        --detents full=80,half=426,tip=700

        --redirectional-progress 1
        """
    static let panelFlags = [
        "--library", "floatingpanel", "--detents", "full=80,half=426,tip=700", "--redirectional-progress", "1",
    ]

    @Test(arguments: [
        ["decide", "sheet", "--from", "tip", "--velocity", "0,-550"],
        [
            "simulate", "sheet", "--from", "half", "--rate", "60", "--synth",
            "swipe --from 196.5,470 --to 196.5,320 --release-velocity 1200",
        ],
        ["sweep", "sheet", "--from", "half", "--velocity", "0,-600:600:5"],
        ["threshold", "sheet", "--from", "tip", "--velocity", "0,-3000:0"],
    ])
    func sameAnswerAsTheFlags(command: [String]) throws {
        let path = try PopSimProcess.file("panel.rsp", Self.panelFile)
        let verb = Array(command.prefix(2))
        let viaFile = try PopSimProcess.run(verb + ["@" + path] + command.dropFirst(2))
        let viaFlags = try PopSimProcess.run(verb + Self.panelFlags + command.dropFirst(2))
        #expect(viaFile.status == 0, "\(viaFile.stderr)")
        #expect(viaFile.stdout == viaFlags.stdout)
        #expect(!viaFile.stdout.isEmpty)
    }

    /// `--golden` writes the expanded command: the table reruns without the file.
    @Test func goldenRecordsTheFlags() throws {
        let path = try PopSimProcess.file("panel.rsp", Self.panelFile)
        let result = try PopSimProcess.run([
            "sweep", "sheet", "@" + path, "--from", "half", "--velocity", "0,-600:600:3", "--golden",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let first = try #require(result.lines.first)
        #expect(first.hasPrefix("# popsim sweep sheet --library floatingpanel --detents full=80,half=426,tip=700"))
        #expect(first.contains("--redirectional-progress 1"))
        #expect(!first.contains("@"))
        let golden = try PopSimProcess.file("golden.csv", result.stdout)
        try FileManager.default.removeItem(atPath: path)
        #expect(try PopSimProcess.run(["check", golden]).status == 0)
    }

    /// A missing file is an input error (74); a file that includes itself is a usage error (2) naming it.
    @Test func badFiles() throws {
        let missing = try PopSimProcess.run(["decide", "sheet", "@/nonexistent/panel.rsp"])
        #expect(missing.status == 74)
        #expect(missing.stderr.contains("/nonexistent/panel.rsp"))
        let loop = try PopSimProcess.file("loop.rsp", "--library panmodal\n@loop.rsp\n")
        let looped = try PopSimProcess.run(["decide", "sheet", "@" + loop])
        #expect(looped.status == 2)
        #expect(looped.stderr.contains("includes itself"))
        #expect(looped.stderr.split(separator: "\n").count == 1)
    }
}
