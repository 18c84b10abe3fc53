import Foundation
import PopSimSweeps
import Testing

@Suite("popsim --version and version-stamped goldens")
struct VersionCLITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The first released version in CHANGELOG.md (`## [X.Y.Z] - date`) is the one the binary reports.
    @Test func versionMatchesTheChangelog() throws {
        let changelog = try String(contentsOf: Self.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let released = changelog.split(separator: "\n").first {
            $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
        }
        let version = try #require(released.flatMap { $0.dropFirst(4).split(separator: "]").first }.map(String.init))
        #expect(version.split(separator: ".").count == 3 && version.split(separator: ".").allSatisfy { Int($0) != nil })
        #expect(version == PopSimVersion.current)
        let result = try PopSimProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "popsim \(version)\n")
    }

    @Test func goldenRecordsTheVersion() throws {
        let result = try PopSimProcess.run(["sweep", "popover", "--translation", "0,0:1:2", "--golden"])
        #expect(result.status == 0)
        #expect(
            result.lines.first
                == "# popsim sweep popover --translation 0,0:1:2 # written by popsim \(PopSimVersion.current)")
    }

    /// `check --update` leaves a table with unchanged decisions alone and says so.
    @Test func updateWithoutChangesSaysUnchanged() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("g.csv").path
        let text =
            "# popsim sweep popup --from open --style snap --translation 0,0:400:5\ntranslation_y,outcome\n0.0,open\n"
            + "100.0,open\n200.0,open\n300.0,closed\n400.0,closed\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try PopSimProcess.run(["check", "--update", path])
        #expect(result.status == 0)
        #expect(result.stdout == "unchanged: 5 decisions (\(path))\n")
        #expect(result.stderr.hasPrefix("note: \(path) was written by a popsim version that did not record itself"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
}

@Suite("popsim check runs nothing but a sweep")
struct CheckSafetyCLITests {
    /// A golden whose recorded command names an output file is refused before anything runs: the file
    /// is not created, and `--update` leaves the golden untouched.
    @Test(arguments: [["check"], ["check", "--update"]])
    func recordedOutputIsRefused(words: [String]) throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let target = directory.appendingPathComponent("victim.txt").path
        let golden = directory.appendingPathComponent("g.csv").path
        let text =
            "# popsim sweep popover --translation 0,0:1:2 --output \(target)\n"
            + "translation_y,outcome\n0.0,returned\n1.0,returned\n"
        try text.write(toFile: golden, atomically: true, encoding: .utf8)
        let result = try PopSimProcess.run(words + [golden])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "error: \(golden):1: not a golden table: the recorded command sets --output; "
                + "a golden records only the flags that decide (write one with 'popsim sweep … --golden')\n"
        )
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == text)
    }
}
