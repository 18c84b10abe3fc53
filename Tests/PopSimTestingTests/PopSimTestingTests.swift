import Foundation
import PopSimTestSupport
import PopSimTesting
import Testing

/// PopSimTesting as a user's test target uses it: golden tables rerun in-process, tables built in
/// code, and gestures played through a model in one call.
@Suite("PopSimTesting")
struct PopSimTestingTests {
    static let popsim = BuiltExecutable(name: "popsim", override: "POPSIM_BINARY")
    static let thresholds = fixturePath("../Fixtures/thresholds")

    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        try ScratchFiles.file(name, text, prefix: "popsim-testing")
    }

    @Test func shippedGoldenPasses() throws {
        let check = try GoldenTableCheck.rerun(goldenAt: Self.thresholds + "/popover-drag-down-p0.25.csv", jobs: 2)
        #expect(check.passed, "\(check)")
        // Written by 0.2.0: a note, not a failure.
        #expect(
            check.versionNote?.hasSuffix("was written by popsim 0.2.0; this is popsim \(PopSimVersion.current)") == true
        )
        #expect(check.comparison.total == 33 * 41)
    }

    /// One cell of a shipped golden flipped: the check fails and lists exactly that cell, in the same
    /// words `popsim check` prints for the same file.
    @Test func changedCellIsReportedInCheckWords() throws {
        let original = try String(contentsOfFile: Self.thresholds + "/popup-snap-c0.32.csv", encoding: .utf8)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Line 3 is the first row: translation 257 < c·d = 272.64, so the golden says open.
        #expect(lines[2] == "257.0,open")
        lines[2] = "257.0,closed"
        let path = try Self.temporaryFile("tampered.csv", lines.joined(separator: "\n"))
        let check = try GoldenTableCheck.rerun(goldenAt: path)
        #expect(!check.passed)
        #expect(check.changes.count == 1)
        #expect(
            check.comparison.lines == ["\(path):3: translation_y=257.0: closed → open", "1 of 61 decisions changed"])
        let cli = try Self.popsim.run(["check", path])
        #expect(cli.status == 1)
        #expect(cli.lines == check.comparison.lines)
    }

    @Test func goldenFromAnotherVersionGetsANote() throws {
        let original = try String(contentsOfFile: Self.thresholds + "/popup-snap-c0.1.csv", encoding: .utf8)
        let path = try Self.temporaryFile(
            "old.csv", original.replacingOccurrences(of: " # written by popsim 0.2.0", with: ""))
        let check = try GoldenTableCheck.rerun(goldenAt: path)
        #expect(check.passed)
        #expect(
            check.versionNote
                == "note: \(path) was written by a popsim version that did not record itself (before 0.2.0); "
                + "this is popsim \(PopSimVersion.current)"
        )
        #expect(check.description.hasPrefix("note: "))
        let cli = try Self.popsim.run(["check", path])
        #expect(cli.status == 0)
        #expect(cli.stderr == check.versionNote! + "\n")
    }

    @Test func malformedGoldenThrows() throws {
        let path = try Self.temporaryFile(
            "bad.csv", "# popsim sweep popover --output /tmp/elsewhere.csv\ntranslation_y,outcome\n0.0,returned\n")
        #expect(throws: GoldenTableError.self) { _ = try GoldenTableCheck.rerun(goldenAt: path) }
    }

    /// A table built in code equals the one `popsim sweep` writes for the same flags. Hand boundary:
    /// the default 200×100 popover sits at y = (852 − 100)/2 = 376; with drag-down and p = 0.25 it is
    /// dismissed when 376 + ty + 0.25·vy ≥ 852 − 213 = 639, i.e. ty ≥ 263 at vy = 0. Below 2 pt of
    /// travel (ty = 0 and 1) there was no drag: presented.
    @Test func tableBuiltInCodeMatchesTheSweep() throws {
        var problem = PopoverDecisionProblem()
        problem.mode = .dragDown
        let table = try DecisionTable(
            base: problem, axes: [try GridAxis(column: "translation_y", start: 0, end: 400, count: 401)])
        let outcomes = table.evaluate().map(\.outcome)
        #expect(outcomes.firstIndex(of: "dismissed-down") == 263)
        #expect(outcomes[..<2].allSatisfy { $0 == "presented" })
        #expect(outcomes[2..<263].allSatisfy { $0 == "returned" })

        let directory = try ScratchFiles.directory(prefix: "popsim-testing")
        let path = directory.appendingPathComponent("sweep.csv").path
        let sweep = try Self.popsim.run([
            "sweep", "popover", "--mode", "drag-down", "--translation", "0,0:400:401", "--golden", "--output", path,
        ])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let check = try GoldenTableCheck.compare(table, withGoldenAt: path)
        #expect(check.passed, "\(check)")
        problem.proximity = 0.3
        let moved = try GoldenTableCheck.compare(
            try DecisionTable(base: problem, axes: table.grid.axes), withGoldenAt: path)
        #expect(!moved.passed)
    }

    /// The default popover is centred at (196.5, 426) with its top at 376 and the drag-down line at
    /// 639. A 100 pt flick released at 1500 pt/s projects to 376 + 100 + 0.25·1500 = 851 ≥ 639:
    /// dismissed; at 300 pt/s to 376 + 100 + 75 = 551 < 639: returned (the estimator's error would
    /// have to exceed 650 pt/s to change either).
    @Test(arguments: [FrameRate.sixty, FrameRate.oneTwenty])
    func flicksThroughThePopoverModel(rate: FrameRate) throws {
        var problem = PopoverDecisionProblem()
        problem.mode = .dragDown
        let model = try ModelUnderTest(problem)
        let start = Point(x: 196.5, y: 426)
        let fast = try GestureScript.swipe(from: start, to: Point(x: 196.5, y: 526), releaseVelocity: 1500)
        let slow = try GestureScript.swipe(from: start, to: Point(x: 196.5, y: 526), releaseVelocity: 300)
        let dismissed = GestureOutcomeCheck.expect("dismissed-down", of: fast, through: model, at: rate)
        let returned = GestureOutcomeCheck.expect("returned", of: slow, through: model, at: rate)
        #expect(dismissed.passed, "\(dismissed)")
        #expect(returned.passed, "\(returned)")
        let wrong = GestureOutcomeCheck.expect("returned", of: fast, through: model, at: rate)
        #expect(!wrong.passed)
        #expect(wrong.description.contains("but got dismissed-down"))
    }

    /// Snap from open closes once the travel exceeds c·d = 0.32 × 852 = 272.64 pt.
    @Test func popupSnapThroughTheModel() throws {
        var problem = PopupDecisionProblem(from: .open, style: .snap)
        problem.snapPercent = 0.32
        let start = Point(x: 196.5, y: 256)
        let far = try GestureScript.pan(from: start, to: Point(x: 196.5, y: 256 + 320), duration: 0.4)
        let near = try GestureScript.pan(from: start, to: Point(x: 196.5, y: 256 + 200), duration: 0.4)
        #expect(GestureOutcomeCheck.expect("closed", of: far, through: problem).passed)
        #expect(GestureOutcomeCheck.expect("open", of: near, through: problem).passed)
    }

    /// FloatingPanel with full 80, half 426, tip 700: a 150 pt pull up from half released at 1200 pt/s
    /// projects y ≈ 426 − 150 − 0.499·1200 far past full's side of the half → full midpoint (253), so it
    /// settles on full even if the panel trails the finger by its 10 pt hysteresis and the estimator
    /// reads half the speed; a 30 pt nudge up let go at rest (pY ≈ 396, progress ≈ 0.09) stays at half.
    /// PanModal (long 80, short 500): a 250 pt pull down from long flung at 1500 pt/s lands nearer the
    /// long form (y ≈ 330) and above the short form: short; the same pull let go at rest lands nearest the
    /// short form (170 pt away, against 250 to the long form): short as well.
    @Test(arguments: [FrameRate.sixty, FrameRate.oneTwenty])
    func flicksThroughTheSheetModels(rate: FrameRate) throws {
        var panel = SheetDecisionProblem()
        panel.detents = [SheetStop(.full, y: 80), SheetStop(.half, y: 426), SheetStop(.tip, y: 700)]
        panel.from = .half
        let onPanel = Point(x: 196.5, y: 470)
        let flick = try GestureScript.swipe(from: onPanel, to: Point(x: 196.5, y: 320), releaseVelocity: 1200)
        let nudge = try GestureScript.pan(from: onPanel, to: Point(x: 196.5, y: 440), duration: 0.4)
        #expect(GestureOutcomeCheck.expect("full", of: flick, through: try ModelUnderTest(panel), at: rate).passed)
        #expect(GestureOutcomeCheck.expect("half", of: nudge, through: try ModelUnderTest(panel), at: rate).passed)

        var modal = SheetDecisionProblem()
        modal.library = .panModal
        modal.detents = [SheetStop(.long, y: 80), SheetStop(.short, y: 500)]
        modal.from = .long
        let pull = try GestureScript.swipe(
            from: Point(x: 196.5, y: 200), to: Point(x: 196.5, y: 450), releaseVelocity: 1500)
        let check = GestureOutcomeCheck.expect("short", of: pull, through: try ModelUnderTest(modal), at: rate)
        #expect(check.passed, "\(check)")
        let slowPull = try GestureScript.pan(
            from: Point(x: 196.5, y: 200), to: Point(x: 196.5, y: 450), duration: 0.6)
        let settled = GestureOutcomeCheck.expect("short", of: slowPull, through: try ModelUnderTest(modal), at: rate)
        #expect(settled.passed, "\(settled)")
        // A short form below the 852 pt window is no layout.
        modal.detents = [SheetStop(.long, y: 80), SheetStop(.short, y: 900)]
        #expect(throws: InteractionError.self) { _ = try ModelUnderTest(modal) }
    }

    @Test func fixturePathResolvesBesideTheCaller() {
        #expect(fixturePath("a/b.csv", relativeTo: "/x/y/Tests.swift") == "/x/y/a/b.csv")
        #expect(fixturePath("/abs/b.csv", relativeTo: "/x/y/Tests.swift") == "/abs/b.csv")
    }
}
