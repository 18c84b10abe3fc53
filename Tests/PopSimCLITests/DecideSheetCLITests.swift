import Foundation
import Testing

/// `popsim decide sheet`, run as a user would. Every expected word is worked out by hand in the row's
/// comment from the rules in Documentation/sheets.md (FloatingPanel §2.3, PanModal §3.3).
///
/// FloatingPanel rows mostly use `--detents full=80,half=426,tip=700` on the default 3× phone: every
/// position is on the pixel grid, b = |700 − 80| = 620, and the projection is pY = y + 0.499·v.
@Suite("popsim decide sheet")
struct DecideSheetCLITests {
    static let panel = ["--library", "floatingpanel", "--detents", "full=80,half=426,tip=700"]
    static let modal = ["--library", "panmodal", "--detents", "long=80,short=500"]

    static let table: [(arguments: [String], expected: String)] = [
        // From half at rest on the stop: the segment half→full is 346 pt, so the projection must pass
        // 173 pt: 0.499·346 = 172.65 (progress 0.49899, stays), 0.499·347 = 173.15 (0.50044, full).
        (panel + ["--from", "half", "--velocity", "0,-346"], "half"),
        (panel + ["--from", "half", "--velocity", "0,-347"], "full"),
        // The same boundary downwards (half→tip is 274 pt, half of it 137): 0.499·274 = 136.73 stays,
        // 0.499·275 = 137.22 goes.
        (panel + ["--from", "half", "--velocity", "0,274"], "half"),
        (panel + ["--from", "half", "--velocity", "0,275"], "tip"),
        // v = 0: the direction is the offset from the state's position; 173 of 346 pt is exactly 0.5,
        // not > 0.5 (strict), 174 is 0.5029.
        (panel + ["--from", "half", "--translation", "0,-173"], "half"),
        (panel + ["--from", "half", "--translation", "0,-174"], "full"),
        // From tip a hard flick up is trimmed at half (pY clamped to full's position, progress
        // (700 − 80)/274 > 0.5 picks half, never full) …
        (panel + ["--from", "tip", "--velocity", "0,-3000"], "half"),
        // … unless shouldProjectMomentum: pY = 700 − 1497 lies before full, the segment is (full, full)
        // and the far stop is full.
        (panel + ["--from", "tip", "--velocity", "0,-3000", "--project-momentum"], "full"),
        // r = 0.99 projects (v/1000)·0.99/0.01 = 0.099·v: 297 pt up from tip, progress 297/274 through
        // tip→half: half. 0.099·1300 = 128.7 pt is 0.4697 (tip), 0.099·1400 = 138.6 pt is 0.5058 (half).
        (panel + ["--from", "tip", "--velocity", "0,-3000", "--projection-rate", "0.99"], "half"),
        (panel + ["--from", "tip", "--velocity", "0,-1300", "--projection-rate", "0.99"], "tip"),
        (panel + ["--from", "tip", "--velocity", "0,-1400", "--projection-rate", "0.99"], "half"),
        // --redirectional-progress 0.7 from half: 173.15/346 = 0.50044 is no longer enough; 0.499·486 =
        // 242.51 → 0.7009 is.
        (panel + ["--from", "half", "--velocity", "0,-347", "--redirectional-progress", "0.7"], "half"),
        // --redirectional-progress 1 needs a progress above 1, which only the trim to the state after the
        // far stop allows. From tip up, full lies past half: 0.499·550 = 274.45 > 274 (progress 1.0016,
        // half), 0.499·549 = 273.95 (0.9998, tip). From half up, full is the outermost state: pY stops at
        // 80, the progress at exactly 1, and no speed reaches full.
        (panel + ["--from", "tip", "--velocity", "0,-550", "--redirectional-progress", "1"], "half"),
        (panel + ["--from", "tip", "--velocity", "0,-549", "--redirectional-progress", "1"], "tip"),
        (panel + ["--from", "half", "--velocity", "0,-20000", "--redirectional-progress", "1"], "half"),
        (panel + ["--from", "half", "--velocity", "0,20000", "--redirectional-progress", "1"], "half"),
        (panel + ["--from", "half", "--velocity", "0,-486", "--redirectional-progress", "0.7"], "full"),
        // Removal: the hidden position defaults to 852 + 100 = 952, 252 pt below tip; 1386/252 = 5.5
        // exactly removes (inclusive), 1385/252 = 5.496 does not (the target is then tip: nothing lies
        // beyond it).
        (panel + ["--from", "tip", "--velocity", "0,1386", "--removal"], "removed"),
        (panel + ["--from", "tip", "--velocity", "0,1385", "--removal"], "tip"),
        (panel + ["--from", "tip", "--velocity", "0,1386"], "tip"),
        // The default bottom layout on the default phone (59 pt top, 34 pt bottom safe area): full 77,
        // tip 818 − 69 = 749, half 818 − 379.5 = 438.5, rounded to 1316/3 = 438.667; tip→half is
        // 310.333 pt: 155 pt is 0.49946 (tip), 156 pt 0.50268 (half).
        (["--library", "floatingpanel", "--from", "tip", "--translation", "0,-155"], "tip"),
        (["--library", "floatingpanel", "--from", "tip", "--translation", "0,-156"], "half"),
        // A top-attached panel: states by coordinate hidden −100, tip 69, half 426, full 800; forward
        // (down) is towards full. half→full is 374 pt: 0.499·374 = 186.63 stays, 0.499·375 = 187.13 goes.
        (
            [
                "--library", "floatingpanel", "--attached", "top", "--detents", "hidden=-100,tip=69,half=426,full=800",
                "--from", "half", "--velocity", "0,374",
            ], "half"
        ),
        (
            [
                "--library", "floatingpanel", "--attached", "top", "--detents", "hidden=-100,tip=69,half=426,full=800",
                "--from", "half", "--velocity", "0,375",
            ], "full"
        ),
        // PanModal, long 80, short 500, container 852. No fling: the nearest of (852, 500, 80).
        // y = 180: 672, 320, 100 → long; y = 380: 472, 120, 300 → short; y = 760: 92, 260, 680 → dismissed.
        (modal + ["--from", "long", "--translation", "0,100"], "long"),
        (modal + ["--from", "long", "--translation", "0,300"], "short"),
        (modal + ["--from", "long", "--translation", "0,680"], "dismissed"),
        // y = 290 is 210 from both short and long: min(by:) keeps the first of (bottom, short, long).
        (modal + ["--from", "long", "--translation", "0,210"], "short"),
        // The drag is clamped at the long form: 100 pt up from long is still long.
        (modal + ["--from", "long", "--translation", "0,-100", "--velocity", "0,200"], "long"),
        // A fling is |v| > 300.00000000000006: up → long; exactly 300 is not one (nearest: short).
        (modal + ["--from", "short", "--velocity", "0,-301"], "long"),
        (modal + ["--from", "short", "--velocity", "0,-300"], "short"),
        // A fling down from short (y = 500): the bottom (352 away) is nearer than long (420): dismissed;
        // without drag-to-dismiss: short.
        (modal + ["--from", "short", "--velocity", "0,1200"], "dismissed"),
        (modal + ["--from", "short", "--velocity", "0,1200", "--no-drag-to-dismiss"], "short"),
        // A fling down from y = 300 (long 220 away, bottom 552): long is nearer and y is above short.
        (modal + ["--from", "long", "--translation", "0,220", "--velocity", "0,400"], "short"),
        // PanModal's default layout on the default phone: long = short = 59 + 21 = 80; y = 460 is 380 from
        // long and 392 from the bottom: long (the short form equals it).
        (["--library", "panmodal", "--from", "long", "--translation", "0,380"], "long"),
        (["--library", "panmodal", "--from", "long", "--translation", "0,387"], "dismissed"),
        // With a scroll view (Documentation/arbitration.md §6) the translation is the finger's and the word
        // says what moved. FloatingPanel's scroll view is 852 − 80 − 36 = 736 pt tall: 2000 pt of content
        // scroll. At full a pull scrolls the content to its top first: 40 of 100 pt, the panel the other
        // 60 (y = 140, pY = 140 + 0.499·800 = 539, past the full → half midpoint 253): both:half; with the
        // content 140 pt down the pull never reaches the top: scroll:full; at the top: sheet:half.
        (
            panel + [
                "--from", "full", "--scroll-content", "2000", "--scroll-offset", "40", "--translation", "0,100",
                "--velocity", "0,800",
            ], "both:half"
        ),
        (
            panel + [
                "--from", "full", "--scroll-content", "2000", "--scroll-offset", "140", "--translation", "0,100",
                "--velocity", "0,800",
            ], "scroll:full"
        ),
        (
            panel + ["--from", "full", "--scroll-content", "2000", "--translation", "0,100", "--velocity", "0,800"],
            "sheet:half"
        ),
        // A push at full scrolls the content; from half the panel rises to full (500 > 346 pt) and the rest
        // scrolls (both:full); 300 pt leaves it at 126, projected past full: sheet:full.
        (
            panel + ["--from", "full", "--scroll-content", "2000", "--translation", "0,-100", "--velocity", "0,-800"],
            "scroll:full"
        ),
        (
            panel + ["--from", "half", "--scroll-content", "2000", "--translation", "0,-500", "--velocity", "0,-800"],
            "both:full"
        ),
        (
            panel + ["--from", "half", "--scroll-content", "2000", "--translation", "0,-300", "--velocity", "0,-800"],
            "sheet:full"
        ),
        // 700 pt of content do not fill 736: nothing scrolls, the panel takes the pull.
        (
            panel + ["--from", "full", "--scroll-content", "700", "--translation", "0,100", "--velocity", "0,800"],
            "sheet:half"
        ),
        // No drag, no velocity: nothing moves.
        (panel + ["--from", "full", "--scroll-content", "2000"], "none:full"),
        // PanModal, anchored at long 80: 40 of a 300 pt pull scroll, the modal 260 to 340, nearest short
        // (160 away; long 260, the bottom 512): both:short. From short a 600 pt push brings the modal to the
        // long form (420 pt) and scrolls 180: the pan then fails and the modal rests at long: both:long.
        (
            modal + ["--from", "long", "--scroll-content", "2000", "--scroll-offset", "40", "--translation", "0,300"],
            "both:short"
        ),
        (
            modal + ["--from", "short", "--scroll-content", "2000", "--translation", "0,-600", "--velocity", "0,-800"],
            "both:long"
        ),
        (
            modal + ["--from", "short", "--scroll-content", "2000", "--translation", "0,-200", "--velocity", "0,-800"],
            "sheet:long"
        ),
        // PanModal's default long form fits a scroll view's content: 852 − 300 − 34 = 518 for 300 pt (which
        // then does not scroll): 250 pt down is 768, 84 from the bottom, 250 from the long form: dismissed;
        // 2000 pt keep it at the top offset, 80: 330 is nearer the long form (the short form equals it).
        (
            ["--library", "panmodal", "--from", "long", "--scroll-content", "300", "--translation", "0,250"],
            "sheet:dismissed"
        ),
        (
            ["--library", "panmodal", "--from", "long", "--scroll-content", "2000", "--translation", "0,250"],
            "sheet:long"
        ),
    ]

    @Test(arguments: table)
    func decides(arguments: [String], expected: String) throws {
        let result = try PopSimProcess.run(["decide", "sheet"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected + "\n")
        #expect(result.stderr.isEmpty)
    }

    /// Refused input and the flag its one error line must name.
    static let invalid: [(arguments: [String], flag: String)] = [
        (["--library", "bottomsheet", "--from", "half"], "--library"),
        (["--from", "half"], "--library"),
        (["--library", "floatingpanel"], "--from"),
        // Stop names the library does not have.
        (["--library", "panmodal", "--detents", "half=400", "--from", "long"], "--detents"),
        (["--library", "floatingpanel", "--detents", "long=80", "--from", "half"], "--detents"),
        (["--library", "floatingpanel", "--detents", "middle=300", "--from", "half"], "--detents"),
        // Out of order for the attachment (also two stops on one pixel at 3×: 80 and 80.1).
        (["--library", "floatingpanel", "--detents", "full=500,half=400", "--from", "half"], "--detents"),
        (
            ["--library", "floatingpanel", "--attached", "top", "--detents", "full=100,half=400", "--from", "half"],
            "--detents"
        ),
        (["--library", "floatingpanel", "--detents", "full=80,half=80.1", "--from", "half"], "--detents"),
        (["--library", "panmodal", "--detents", "long=500,short=80", "--from", "long"], "--detents"),
        // Duplicates.
        (["--library", "floatingpanel", "--detents", "half=400,half=500", "--from", "half"], "--detents"),
        (["--library", "panmodal", "--detents", "long=80,long=90", "--from", "long"], "--detents"),
        // A --from that is not a stop.
        (["--library", "panmodal", "--from", "half"], "--from"),
        (["--library", "floatingpanel", "--detents", "full=80,half=426", "--from", "tip"], "--from"),
        (["--library", "floatingpanel", "--from", "middle"], "--from"),
        // Non-finite numbers.
        (["--library", "floatingpanel", "--from", "half", "--velocity", "0,nan"], "--velocity"),
        (["--library", "floatingpanel", "--from", "half", "--translation", "inf,0"], "--translation"),
        (["--library", "floatingpanel", "--detents", "half=nan", "--from", "half"], "--detents"),
        (["--library", "floatingpanel", "--detents", "full=80,half=-inf", "--from", "half"], "--detents"),
        (["--library", "floatingpanel", "--from", "half", "--projection-rate", "nan"], "--projection-rate"),
        (
            ["--library", "floatingpanel", "--from", "half", "--redirectional-progress", "inf"],
            "--redirectional-progress"
        ),
        (["--library", "floatingpanel", "--from", "half", "--window", "393xnan"], "--window"),
        // Values the library cannot place: a top panel without stops, PanModal from the top, a window
        // beyond the layout's limits, PanModal's long form above its top offset (59 + 21 = 80).
        (["--library", "floatingpanel", "--attached", "top", "--from", "half"], "--detents"),
        (["--library", "panmodal", "--attached", "top", "--from", "long"], "--attached"),
        (["--library", "floatingpanel", "--from", "half", "--window", "393x1.1e9"], "--window"),
        (["--library", "panmodal", "--detents", "long=10", "--from", "long"], "--detents"),
        (["--library", "floatingpanel", "--from", "half", "--library-version", "3.2.1"], "--library-version"),
        (["--library", "panmodal", "--from", "long", "--library-version", "3.2.2"], "--library-version"),
        // The scroll view: a negative or non-finite content height, an offset without a scroll view, an
        // offset beyond the content's range (2000 − 736 = 1264), a top-attached panel.
        (["--library", "floatingpanel", "--from", "full", "--scroll-content", "-5"], "--scroll-content"),
        (["--library", "floatingpanel", "--from", "full", "--scroll-content", "nan"], "--scroll-content"),
        (["--library", "floatingpanel", "--from", "full", "--scroll-offset", "10"], "--scroll-offset"),
        (
            ["--library", "floatingpanel", "--from", "full", "--scroll-content", "2000", "--scroll-offset", "inf"],
            "--scroll-offset"
        ),
        (panel + ["--from", "full", "--scroll-content", "2000", "--scroll-offset", "1265"], "--scroll-offset"),
        (
            [
                "--library", "floatingpanel", "--attached", "top", "--detents", "hidden=-100,tip=69,half=426,full=800",
                "--from", "half",
                "--scroll-content", "2000",
            ], "--scroll-content"
        ),
    ]

    @Test(arguments: invalid)
    func invalidInputIsExitTwoNamingTheFlag(arguments: [String], flag: String) throws {
        try Self.expectUsageError(arguments, naming: flag)
    }

    /// `decide sheet ARGUMENTS` exits 2 with one `error:` line that contains `flag`, and prints nothing.
    static func expectUsageError(_ arguments: [String], naming flag: String) throws {
        let result = try PopSimProcess.run(["decide", "sheet"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(flag), "\(result.stderr)")
    }

    @Test func helpNamesTheRulesAndTheirSources() throws {
        let result = try PopSimProcess.run(["decide", "sheet", "--help"])
        #expect(result.status == 0)
        for word in [
            "--detents", "--attached", "--project-momentum", "--no-drag-to-dismiss", "scenee/FloatingPanel@7efcc76",
            "slackhq/PanModal@b012aec", "0.499",
        ] {
            #expect(result.stdout.contains(word), "\(word)")
        }
        let overview = try PopSimProcess.run(["--help"])
        #expect(overview.stdout.contains("decide sheet"))
    }
}
