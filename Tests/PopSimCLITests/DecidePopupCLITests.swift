import Foundation
import PopSimInteractions
import PopSimParameters
import PopSimSweeps
import Testing

@testable import PopSimCommands

/// `popsim decide popup`, run as a user would. Expected words are worked out by hand from the rules
/// in Documentation/lnpopupcontroller.md (§3c, §4) in each row's comment.
@Suite("popsim decide popup")
struct DecidePopupCLITests {
    static let table: [(arguments: [String], expected: String)] = [
        // automatic from closed = snap: upward-dominant velocity when the pan began opens.
        (["--from", "closed", "--velocity", "0,-300"], "open"),
        (["--from", "closed", "--velocity", "400,-300"], "closed"),
        (["--from", "closed", "--velocity", "0,300"], "closed"),
        (["--from", "closed", "--velocity", "0,0"], "closed"),
        // automatic from open = drag: any downward release closes (p = 1 − 100/769 ≠ 1).
        (["--from", "open", "--translation", "0,100", "--velocity", "0,1"], "closed"),
        // v ≤ 0: the midpoint rule; 384.5/769 = 0.5 exactly → p = 0.5 → open; 385 → p < 0.5 → closed.
        (["--from", "open", "--translation", "0,384.5", "--velocity", "0,0"], "open"),
        (["--from", "open", "--translation", "0,385", "--velocity", "0,0"], "closed"),
        (["--from", "open", "--translation", "0,385", "--velocity", "0,-2000"], "closed"),
        // p = 1 exactly (pushed up, clamped) with v > 0: from open the 0.8 threshold fails → stays open.
        (["--from", "open", "--style", "drag", "--translation", "0,-40", "--velocity", "0,500"], "open"),
        // drag from closed: p = 1 exactly (ty = −769: the bar bottom at the top) with v > 0 → p > 0.2 → open.
        (["--from", "closed", "--style", "drag", "--translation", "0,-769", "--velocity", "0,500"], "open"),
        (["--from", "closed", "--style", "drag", "--translation", "0,-768", "--velocity", "0,500"], "closed"),
        (["--from", "closed", "--style", "drag", "--translation", "0,-10", "--velocity", "0,-1"], "open"),
        // snap from open: 0.32·852 = 272.64; strictly above closes.
        (["--from", "open", "--style", "snap", "--translation", "0,272.64"], "open"),
        (["--from", "open", "--style", "snap", "--translation", "0,273"], "closed"),
        (
            [
                "--from", "open", "--style", "snap", "--translation", "0,273", "--screen-height", "932", "--dock-top",
                "849",
            ], "open"
        ),
        (
            [
                "--from", "open", "--style", "snap", "--translation", "0,299", "--screen-height", "932", "--dock-top",
                "849",
            ], "closed"
        ),
        // snap from open ignores the velocity.
        (["--from", "open", "--style", "snap", "--translation", "0,100", "--velocity", "0,5000"], "open"),
        // scroll: a pan on the bar never opens; from open as drag.
        (["--from", "closed", "--style", "scroll", "--velocity", "0,-3000", "--translation", "0,-500"], "closed"),
        (["--from", "open", "--style", "scroll", "--translation", "0,50", "--velocity", "0,10"], "closed"),
        // none: nothing changes.
        (["--from", "open", "--style", "none", "--translation", "0,700", "--velocity", "0,3000"], "open"),
        (["--from", "closed", "--style", "none", "--velocity", "0,-3000"], "closed"),
        // c is clamped: 0.05 → 0.1 (85.2 pt): 60 pt does not close; 0.95 → 0.9 (766.8 pt): 768 closes.
        (["--from", "open", "--style", "snap", "--snap-percent", "0.05", "--translation", "0,60"], "open"),
        (["--from", "open", "--style", "snap", "--snap-percent", "0.95", "--translation", "0,768"], "closed"),
    ]

    @Test(arguments: table)
    func decides(arguments: [String], expected: String) throws {
        let result = try PopSimProcess.run(["decide", "popup"] + arguments)
        #expect(result.status == 0)
        #expect(result.stdout == expected + "\n")
        #expect(result.stderr.isEmpty)
    }

    static let invalid: [[String]] = [
        [],
        ["--from", "hidden"],
        ["--from", "open", "--style", "fling"],
        ["--from", "open", "--screen-height", "nan"],
        ["--from", "open", "--screen-height", "inf"],
        ["--from", "open", "--screen-height", "-852"],
        ["--from", "open", "--screen-height", "0"],
        ["--from", "open", "--dock-top", "900"],
        ["--from", "open", "--dock-top", "0"],
        ["--from", "open", "--dock-top", "-1"],
        ["--from", "open", "--snap-percent", "nan"],
        ["--from", "open", "--translation", "1"],
        ["--from", "open", "--velocity", "0,inf"],
        ["--from", "open", "--velocty", "0,1"],
        ["--from", "open", "extra"],
    ]

    @Test(arguments: invalid)
    func invalidInputIsExitTwo(arguments: [String]) throws {
        let result = try PopSimProcess.run(["decide", "popup"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func helpDocumentsTheMapping() throws {
        let result = try PopSimProcess.run(["decide", "popup", "--help"])
        #expect(result.status == 0)
        for word in [
            "--style", "--from", "--snap-percent", "clamped", "snap, closed", "snap, open", "scroll, closed", "p < 0.5",
        ] {
            #expect(result.stdout.contains(word))
        }
        let overview = try PopSimProcess.run(["--help"])
        #expect(overview.stdout.contains("decide popup"))
    }

    /// The problem is sweepable: a snap translation axis 0…400 pt in 5 points crosses 272.64 pt
    /// between 200 and 300.
    @Test func sweepableDecision() throws {
        let sweep = try Sweep<PopupFamily>(
            .sweep, words: ["--from", "open", "--style", "snap", "--translation", "0,0:400:5"]
        ).decisionTable()
        #expect(sweep.columns == ["translation_y"])
        let outcomes = (0..<sweep.grid.count).map { sweep.problem(at: $0).outcome() }
        #expect(outcomes == [.open, .open, .open, .closed, .closed])
        #expect(throws: ParameterError.self) {
            _ = try Sweep<PopupFamily>(.sweep, words: ["--from", "open", "--dock-top", "700:900:3"]).decisionTable()
        }
    }
}
