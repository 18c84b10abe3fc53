import Foundation
import PopSimInteractions
import PopSimParameters
import PopSimSweeps
import Testing

@testable import PopSimCommands

/// `popsim decide popover` as a user runs it. Expected words are worked by hand: the default window is
/// 393 × 852, so the drag-down line is 852 − 213 = 639 and the drag-up line 213; the default 200 × 100
/// popover is centred at (96.5, 376).
@Suite("popsim decide popover")
struct DecidePopoverCLITests {
    static let pip = [
        "--anchors", "top-left,top-right,bottom-left,bottom-right", "--container", "16,59,361,759", "--size", "100x60",
    ]

    static let decisionCases: [([String], String)] = [
        // No translation: the finger never got 2 pt from touch-down, so there was no drag.
        ([], "presented"),
        (["--translation", "0,1.99"], "presented"),
        (["--translation", "0,2"], "returned"),
        // 376 + 263 = 639 ≥ 639 (inclusive); 262.999 stays above the line.
        (["--mode", "drag-down", "--translation", "0,263"], "dismissed-down"),
        (["--mode", "drag-down", "--translation", "0,262.999"], "returned"),
        // 376 + 100 + 0.25·652 = 639.
        (["--mode", "drag-down", "--translation", "0,100", "--velocity", "0,652"], "dismissed-down"),
        // A longer horizon: 376 + 100 + 0.5·400 = 676.
        (
            ["--mode", "drag-down", "--translation", "0,100", "--velocity", "0,400", "--prediction-time", "0.5"],
            "dismissed-down"
        ),
        (["--mode", "drag-down", "--translation", "0,100", "--velocity", "0,400"], "returned"),
        // Direction ignored: the top already at 700, an upward release of 20 → 680.
        (["--mode", "drag-down", "--origin", "96.5,700", "--translation", "0,-20"], "dismissed-down"),
        // 376 − 163 = 213 ≤ 213.
        (["--mode", "drag-up", "--translation", "0,-163"], "dismissed-up"),
        // 376 ≥ 852 − 511.2 = 340.8 for a drag that went 10 pt away and came back to its start.
        (
            [
                "--mode", "tap-outside,drag-down,drag-up", "--proximity", "0.6", "--translation", "0,0", "--max-travel",
                "10",
            ], "dismissed-down"
        ),
        (["--mode", "none", "--translation", "0,5000"], "returned"),
        // H = 1000: the line is 750; from 376, 376 + 300 = 676 < 750 (it would dismiss in 852). The default
        // origin moves with the window: (1000 − 100)/2 = 450, and 450 + 300 = 750 is on the line.
        (
            ["--window", "393x1000", "--mode", "drag-down", "--origin", "96.5,376", "--translation", "0,300"],
            "returned"
        ),
        (["--window", "393x1000", "--mode", "drag-down", "--translation", "0,300"], "dismissed-down"),
        (["--window", "393x852", "--mode", "drag-down", "--translation", "0,300"], "dismissed-down"),
        (["--library-version", "main", "--change-location-on-dismiss", "--translation", "50,50"], "moved"),
        (
            [
                "--library-version", "main", "--mode", "drag-down", "--change-location-on-dismiss", "--translation",
                "0,300",
            ], "dismissed-down"
        ),
        (["--mode", "drag-down", "--no-off-screen", "--translation", "0,300"], "dismissed-down"),
        // PiP from the first anchor (16, 59): P = (216, 69) → top-right; with 2000 pt/s down → bottom-right.
        (pip + ["--translation", "200,10"], "anchor:top-right"),
        (pip + ["--translation", "200,10", "--velocity", "0,2000"], "anchor:bottom-right"),
        // Midway between top-left and top-right: the first listed wins.
        (pip + ["--translation", "130.5,0"], "anchor:top-left"),
        (pip + ["--origin", "277,758", "--translation", "-10,-10"], "anchor:bottom-right"),
        (pip + ["--library-version", "main", "--change-location-on-dismiss", "--translation", "200,10"], "moved"),
        (["--anchors", "center", "--container", "0,0,393,852", "--translation", "300,300"], "anchor:center"),
    ]

    @Test(arguments: decisionCases)
    func decisions(arguments: [String], expected: String) throws {
        let result = try PopSimProcess.run(["decide", "popover"] + arguments)
        #expect(result.status == 0)
        #expect(result.stdout == expected + "\n")
        // A drag on a popover no drag can dismiss (mode without drag-down or drag-up, no anchors, no
        // changeLocationOnDismiss) gets a note; nothing else writes to stderr.
        let noDragMode = arguments.firstIndex(of: "--mode").map { arguments[$0 + 1] == "none" } ?? true
        let note =
            noDragMode && !arguments.contains("--anchors") && !arguments.contains("--change-location-on-dismiss")
            && arguments.contains("--translation") && expected != "presented"
        #expect(result.stderr.hasPrefix("note: --mode is ") == note, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty == !note)
    }

    /// The note names the mode and the fix, on one line, and appears for every command that takes a
    /// drag: decide, sweep (once) and simulate (after a released drag).
    @Test(arguments: [
        ["decide", "popover", "--translation", "0,300"],
        ["decide", "popover", "--mode", "tap-outside", "--translation", "0,40", "--velocity", "0,900"],
        ["sweep", "popover", "--translation", "0,0:400:5"],
        [
            "simulate", "popover", "--outcome", "--synth",
            "swipe --from 196.5,426 --to 196.5,626 --release-velocity 1500",
        ],
    ])
    func dragWithoutDragModeIsNoted(arguments: [String]) throws {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 0)
        let notes = result.stderr.split(separator: "\n").filter { $0.hasPrefix("note:") }
        let note =
            "note: --mode is tap-outside (no drag-down or drag-up), so a drag cannot dismiss this popover; "
            + "add drag-down or drag-up to --mode to dismiss by dragging"
        #expect(notes == [Substring(note)])
        #expect(result.stdout.hasSuffix("returned\n"))
    }

    /// With a drag mode, or without a drag, there is no note.
    @Test(arguments: [
        ["decide", "popover", "--mode", "drag-up", "--translation", "0,300"],
        ["decide", "popover"],
        // A velocity without a 2 pt translation is no drag (DragGesture's minimum distance): presented.
        ["decide", "popover", "--velocity", "0,900"],
        ["sweep", "popover", "--mode", "drag-down", "--translation", "0,0:400:5"],
        ["simulate", "popover", "--outcome", "--synth", "tap --from 196.5,426"],
    ])
    func noNoteOtherwise(arguments: [String]) throws {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 0)
        #expect(!result.stderr.contains("note:"))
    }

    static let usageCases: [([String], String)] = [
        (["--bogus"], "--bogus"),
        (["--mode", "drag-left"], "drag-left"),
        (["--mode", "none,drag-up"], "none"),
        (["--mode", ""], "--mode"),
        (["--anchors", "top-left"], "--container"),
        (["--container", "0,0,100,100"], "--anchors"),
        (["--anchors", "middle", "--container", "0,0,100,100"], "middle"),
        (["--anchors", "top", "--container", "0,0,100"], "--container"),
        (["--anchors", "top", "--container", "0,0,0,100"], "--container"),
        (["--anchors", "top", "--container", "0,0,nan,100"], "--container"),
        (["--proximity", "1.5"], "--proximity"),
        (["--proximity", "-0.1"], "--proximity"),
        (["--prediction-time", "-1"], "--prediction-time"),
        (["--velocity", "nan,0"], "--velocity"),
        (["--translation", "1"], "--translation"),
        (["--window", "0x852"], "--window"),
        (["--size", "200"], "--size"),
        (["--origin", "inf,0"], "--origin"),
        (["extra"], "extra"),
    ]

    @Test(arguments: usageCases)
    func usageErrors(arguments: [String], mentions: String) throws {
        let result = try PopSimProcess.run(["decide", "popover"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains(mentions))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func unknownNamesListTheValidOnes() throws {
        let anchor = try PopSimProcess.run(["decide", "popover", "--anchors", "middle", "--container", "0,0,10,10"])
        #expect(
            anchor.stderr.contains("top-left, top, top-right, right, bottom-right, bottom, bottom-left, left, center"))
        let mode = try PopSimProcess.run(["decide", "popover", "--mode", "drag-left"])
        #expect(mode.stderr.contains("tap-outside, drag-down, drag-up"))
    }

    @Test func helpDocumentsTheDefaultOrigin() throws {
        let result = try PopSimProcess.run(["decide", "popover", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("default origin"))
        #expect(result.stdout.contains("--prediction-time"))
    }
}

/// The decide flags as a sweep problem: axes set the numbers through key paths, and each grid point
/// decides as `decide popover` would with those values.
@Suite("decide popover as a sweep problem")
struct PopoverDecisionSweepTests {
    /// Translation y from 200 to 300 in 5 steps (200, 225, 250, 275, 300) on the default centred popover
    /// (top at 376, line 639): 376 + ty ≥ 639 from ty = 263, so the last two dismiss.
    @Test func translationAxis() throws {
        let sweep = try DecisionSweepTests.table(["--mode", "drag-down", "--translation", "0,200:300:5"])
        #expect(sweep.columns == ["translation_y"])
        #expect(
            (0..<5).map { sweep.problem(at: $0).outcome().word } == [
                "returned", "returned", "returned", "dismissed-down", "dismissed-down",
            ])
    }

    /// The default origin follows swept sizes: height 100 → top 376, height 300 → top 276; with ty = 300,
    /// 676 and 576 against the line 639.
    @Test func defaultOriginFollowsTheSize() throws {
        let sweep = try DecisionSweepTests.table([
            "--mode", "drag-down", "--size", "200x100:300:2", "--translation", "0,300",
        ])
        #expect([sweep.problem(at: 0).outcome(), sweep.problem(at: 1).outcome()] == [.dismissedDown, .returned])
    }

    /// Every numeric component is a sweep column, named after its flag.
    @Test func everyNumericComponentIsAColumn() {
        for parameter in PopoverDecisionProblem.parameters.parameters where !parameter.components.isEmpty {
            #expect(parameter.description.columns.count == parameter.components.count)
        }
        #expect(PopoverDecisionProblem.parameters.columns.contains("translation_y"))
    }
}
