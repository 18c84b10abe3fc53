import Foundation
import PopSimTestSupport
import PopSimTesting
import Testing

/// Golden tables written by popsim 0.2.0 (Tests/Fixtures/goldens-0.2.0, kept byte for byte as that
/// release wrote them) still check with identical decisions, through `popsim check` and through
/// PopSimTesting's in-process rerun, with the note that names the version that wrote them.
@Suite("Goldens written by 0.2.0")
struct GoldensOfEarlierVersionsTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/goldens-0.2.0")

    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".csv") }.sorted()

    @Test func everyKindIsKept() {
        #expect(Self.files.count == 5)
    }

    @Test(arguments: files)
    func checkPasses(file: String) throws {
        let path = Self.directory.appendingPathComponent(file).path
        let result = try PopSimProcess.run(["check", path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("ok: "))
        #expect(result.stderr.contains("was written by popsim 0.2.0") == (PopSimVersion.current != "0.2.0"))
    }

    @Test(arguments: files)
    func rerunInProcessPasses(file: String) throws {
        let check = try GoldenTableCheck.rerun(goldenAt: Self.directory.appendingPathComponent(file).path, jobs: 2)
        #expect(check.passed, "\(check)")
        #expect(check.golden.writerVersion == "0.2.0")
    }
}
