import Foundation
import PopSimPlatform
import PopSimTestSupport
import Testing

/// `--output` targets refused before anything runs (exit 74, one `error:` line, nothing replaced or
/// created), and the long names and devices that must work.
@Suite("Reliability: output targets")
struct OutputTargetCLITests {
    static let spring = ["spring", "--preset", "smooth"]

    /// Standard input as output, read from a pipe (which used to hang: the output was the write end
    /// of popsim's own input) or from a redirected file (which used to be replaced).
    @Test(arguments: ["/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"])
    func standardInputIsRefused(path: String) throws {
        expectRefusal(
            try PopSimProcess.run(Self.spring + ["--output", path], input: "keep\n"), status: 74,
            mentioning: [path, "is standard input"])
        let directory = try PopSimProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("input.csv").path
        try "keep\n".write(toFile: file, atomically: false, encoding: .utf8)
        expectRefusal(
            try PopSimProcess.runInShell(Self.spring + ["--output", path], redirections: "< '\(file)'"), status: 74,
            mentioning: ["is standard input"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep\n")
    }

    /// `/dev/stdout` with standard output closed names nothing: refused, and the `/dev/stdout` link
    /// is not replaced (as root, a temporary file renamed over it would have been).
    @Test func aClosedStandardOutputIsRefused() throws {
        expectRefusal(
            try PopSimProcess.runInShell(Self.spring + ["--output", "/dev/stdout"], redirections: ">&-"), status: 74,
            mentioning: ["descriptor 1, which is not open"])
        #expect((try? Platform.linkStatus(path: "/dev/stdout").get())?.type == .symbolicLink)
    }

    /// A FIFO that no process reads is refused at once instead of waiting for a reader (a run that
    /// waited would never end: the time limit turns that into a failure).
    @Test(.timeLimit(.minutes(1))) func aFIFOWithoutAReaderIsRefused() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let fifo = directory.appendingPathComponent("trace.fifo").path
        #expect(Platform.makeFIFO(fifo))
        expectRefusal(
            try PopSimProcess.run(Self.spring + ["--output", fifo]), status: 74,
            mentioning: [fifo, "no process is reading"])
    }

    /// A UNIX socket is refused with a message saying what it is.
    @Test func aSocketIsRefused() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("s.sock").path
        let server = try #require(Platform.listeningSocket(at: path))
        defer { Platform.close(server) }
        expectRefusal(try PopSimProcess.run(Self.spring + ["--output", path]), status: 74, mentioning: ["is a socket"])
    }

    /// A symbolic link to nothing is refused and stays as it was; nothing is created where it points.
    @Test func aDanglingLinkIsRefused() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let link = directory.appendingPathComponent("trace.csv").path
        let missing = directory.appendingPathComponent("runs/missing.csv").path
        try FileManager.default.createDirectory(
            atPath: directory.appendingPathComponent("runs").path, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: missing)
        expectRefusal(
            try PopSimProcess.run(Self.spring + ["--output", link]), status: 74, mentioning: ["which does not exist"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == missing)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("runs").path).isEmpty)
    }

    /// A read-only file is not replaced.
    @Test func aReadOnlyFileIsRefused() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("trace.csv").path
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(Platform.setPermissions(path: path, 0o444))
        expectRefusal(
            try PopSimProcess.run(Self.spring + ["--output", path]), status: 74, mentioning: ["is read-only"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["trace.csv"])
    }

    /// `check --update` on a read-only golden whose decisions changed refuses instead of rewriting it.
    @Test func checkUpdateLeavesAReadOnlyGolden() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let golden = directory.appendingPathComponent("g.csv").path
        #expect(
            try PopSimProcess.run(["sweep", "popover", "--translation", "0,0:400:3", "--golden", "--output", golden])
                .status == 0)
        // Change one recorded outcome, so that --update has something to rewrite.
        var lines = try String(contentsOfFile: golden, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        let header = try #require(lines.firstIndex { !$0.hasPrefix("#") })
        let columns = lines[header].split(separator: ",").map(String.init)
        let outcome = try #require(columns.firstIndex(of: "outcome"))
        var cells = lines[header + 1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        cells[outcome] = cells[outcome] == "dismiss" ? "stay" : "dismiss"
        lines[header + 1] = cells.joined(separator: ",")
        let edited = lines.joined(separator: "\n")
        try edited.write(toFile: golden, atomically: false, encoding: .utf8)
        #expect(try PopSimProcess.run(["check", golden]).status == 1)
        #expect(Platform.setPermissions(path: golden, 0o444))
        let result = try PopSimProcess.run(["check", "--update", golden])
        #expect(result.status == 74, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("is read-only"), "\(result.stderr)")
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == edited)
    }

    /// A valid 250-byte file name works (the temporary name is shortened to fit the 255-byte limit).
    @Test func aLongFileNameWorks() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent(String(repeating: "t", count: 250)).path
        let result = try PopSimProcess.run(Self.spring + ["--output", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == (try PopSimProcess.run(Self.spring)).stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
    }
}
