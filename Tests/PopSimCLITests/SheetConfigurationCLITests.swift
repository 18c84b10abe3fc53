import Foundation
import Testing

/// `popsim … sheet` with the sheet configured as its app writes it: FloatingPanel's `--anchors`,
/// PanModal's `--short-form`/`--long-form`/`--top-offset`, and the behaviour knobs. Every placed position
/// is derived by hand in the comment from the library's source (Documentation/sheets.md §7), then checked
/// against the same sheet given by position with `--detents`.
@Suite("popsim sheet configurations")
struct SheetConfigurationCLITests {
    /// The release grid both forms of a sheet are swept over.
    static let grid = ["--translation", "0,-400:400:9", "--velocity", "0,-1500:1500:7"]

    static func sweep(_ arguments: [String]) throws -> String {
        let result = try PopSimProcess.run(["sweep", "sheet"] + arguments + grid)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// (anchors given as the app writes them, the same stops by hand, the from-stop)
    static let placements: [(anchors: [String], detents: [String], from: String)] = [
        // The default phone (852 pt, insets 59/34, 3×): FloatingPanelBottomLayout is full 59 + 18 = 77,
        // half 818 − 0.5·759 = 438.5 → 1315.5 px, rounded away from zero to 1316 px = 438.67, tip 818 − 69.
        (
            [
                "--library", "floatingpanel", "--anchors",
                "full=absolute:18@top,half=fractional:0.5@bottom,tip=absolute:69@bottom",
            ],
            ["--library", "floatingpanel", "--detents", "full=77,half=438.6666666666667,tip=749"], "half"
        ),
        // iPhone SE (667 pt, top inset 20, 2×): full on the superview 0 + 40 = 40; half 667 − 0.4·(667 − 20)
        // = 408.2 → 816.4 px → 816 px = 408; tip intrinsic 667 − 120 + 20 = 567.
        (
            [
                "--library", "floatingpanel", "--device", "iphone-se", "--anchors",
                "full=absolute:40@top/superview,half=fractional:0.4@bottom,tip=intrinsic-absolute:20",
                "--content-height", "120",
            ],
            ["--library", "floatingpanel", "--device", "iphone-se", "--detents", "full=40,half=408,tip=567"], "tip"
        ),
        // A top panel on the default phone: hidden at the superview's top 0, tip 59 + 69 = 128, half 59 +
        // 0.5·759 = 438.5 → 438.67, full 818 − 100 = 718; fractional intrinsic 0 + 300 − 0.25·300 = 225 is not
        // used here.
        (
            [
                "--library", "floatingpanel", "--attached", "top", "--anchors",
                "hidden=absolute:0@top/superview,tip=absolute:69@top,half=fractional:0.5@top,full=absolute:100@bottom",
            ],
            [
                "--library", "floatingpanel", "--attached", "top", "--detents",
                "hidden=0,tip=128,half=438.6666666666667,full=718",
            ], "half"
        ),
        // PanModal, "my short form is 300 pt tall": topOffset 80, bottomYPos 852 − 80 = 772, topMargin 772 −
        // (300 + 34) = 438, short form at 518; the long form .maxHeight at 80.
        (
            ["--library", "panmodal", "--short-form", "content:300"],
            ["--library", "panmodal", "--detents", "long=80,short=518"], "short"
        ),
        // topOffset 44: long .maxHeightWithTopInset(100) at 144; short .contentHeightIgnoringSafeArea(250) at
        // 852 − 250 = 602 (the offset cancels).
        (
            [
                "--library", "panmodal", "--top-offset", "44", "--long-form", "max-inset:100", "--short-form",
                "content-ignoring-safe-area:250",
            ],
            ["--library", "panmodal", "--top-offset", "44", "--detents", "long=144,short=602"], "long"
        ),
        // .intrinsicHeight of 400 on the iPhone 15 Pro Max (932 pt, bottom inset 34): 932 − 34 − 400 = 498.
        (
            [
                "--library", "panmodal", "--device", "iphone-15-pro-max", "--short-form", "intrinsic",
                "--content-height", "400",
            ],
            ["--library", "panmodal", "--device", "iphone-15-pro-max", "--detents", "long=80,short=498"], "short"
        ),
    ]

    @Test(arguments: placements)
    func placedAsTheLibraryPlacesThem(anchors: [String], detents: [String], from: String) throws {
        let configured = try Self.sweep(anchors + ["--from", from])
        let byPosition = try Self.sweep(detents + ["--from", from])
        #expect(configured == byPosition)
        #expect(configured.split(separator: "\n").count == 64)
    }

    /// The worked answer as a trace: the short form rests at 518.
    @Test func shortFormOf300PointsRestsAt518() throws {
        let result = try PopSimProcess.run([
            "simulate", "sheet", "--library", "panmodal", "--short-form", "content:300", "--from", "short",
            "--synth", "tap --from 200,700",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines[1] == "0.0,518.0,0.0,none,short,short")
    }

    static let decisions: [(arguments: [String], expected: String)] = [
        // Removal from tip (749) on the default phone: hidden at 952, 203 pt away. At 3 per second a release
        // needs 609 pt/s (609/203 = 3, inclusive); 608 stays at tip; the default 5.5 needs 1116.5.
        (
            [
                "--library", "floatingpanel", "--removal", "--removal-threshold", "3", "--from", "tip", "--velocity",
                "0,609",
            ], "removed"
        ),
        (
            [
                "--library", "floatingpanel", "--removal", "--removal-threshold", "3", "--from", "tip", "--velocity",
                "0,608",
            ], "tip"
        ),
        (["--library", "floatingpanel", "--removal", "--from", "tip", "--velocity", "0,609"], "tip"),
        // From tip at 749 at −2000 pt/s, pY = 749 − 998 = −249 lies beyond full: projecting to full
        // reaches it; projecting only to half trims at half (Documentation/sheets.md §2.3).
        (
            ["--library", "floatingpanel", "--project-momentum-to", "full", "--from", "tip", "--velocity", "0,-2000"],
            "full"
        ),
        (
            [
                "--library", "floatingpanel", "--project-momentum-to", "half,tip", "--from", "tip", "--velocity",
                "0,-2000",
            ], "half"
        ),
    ]

    @Test(arguments: decisions)
    func knobsChangeTheDecision(arguments: [String], expected: String) throws {
        let result = try PopSimProcess.run(["decide", "sheet"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [expected])
    }

    /// PanModal's spring: a snap settles exactly `--transition-duration` after the release; without tap to
    /// dismiss a tap on the background leaves the modal where it is.
    @Test func panModalKnobsOnTheModel() throws {
        let swipe = "swipe --from 200,600 --to 200,450 --release-velocity 1200"
        for duration in ["0.5", "0.3"] {
            let result = try PopSimProcess.run([
                "simulate", "sheet", "--library", "panmodal", "--detents", "long=80,short=500", "--from", "short",
                "--transition-duration", duration, "--spring-damping", "0.9", "--synth", swipe, "--events",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let events = result.lines.drop { $0 != "time,event" }.dropFirst()
            let released = try #require(events.first { $0.contains(",released:long") })
            let settled = try #require(events.first { $0.hasSuffix(",settled:long") })
            let releaseTime = try #require(Double(released.split(separator: ",")[0]))
            let settleTime = try #require(Double(settled.split(separator: ",")[0]))
            #expect(abs(settleTime - releaseTime - Double(duration)!) < 1e-9)
        }
        let tap = ["--synth", "tap --from 200,300", "--outcome"]
        let base = ["simulate", "sheet", "--library", "panmodal", "--detents", "long=80,short=500", "--from", "short"]
        #expect(try PopSimProcess.run(base + tap).lines == ["dismissed"])
        #expect(try PopSimProcess.run(base + ["--no-tap-to-dismiss"] + tap).lines == ["short"])
    }

    static let refused: [(arguments: [String], flag: String)] = [
        (["--library", "floatingpanel", "--anchors", "full=absolute:18@left", "--from", "full"], "--anchors"),
        (["--library", "floatingpanel", "--anchors", "full=absolute:18@top/safe", "--from", "full"], "--anchors"),
        (["--library", "floatingpanel", "--anchors", "full=absolute:-1@top", "--from", "full"], "--anchors"),
        (["--library", "floatingpanel", "--anchors", "full=fractional:half@top", "--from", "full"], "--anchors"),
        (
            ["--library", "floatingpanel", "--anchors", "full=absolute:18@top,full=absolute:20@top", "--from", "full"],
            "--anchors"
        ),
        (["--library", "floatingpanel", "--anchors", "middle=absolute:18@top", "--from", "full"], "--anchors"),
        // Half above full for a bottom panel: 59 + 400 = 459 vs 59 + 300 = 359; the message names both.
        (
            [
                "--library", "floatingpanel", "--anchors", "full=absolute:400@top,half=absolute:300@top", "--from",
                "full",
            ], "half is placed at 359, not strictly below full at 459"
        ),
        (
            [
                "--library", "floatingpanel", "--anchors", "full=absolute:18@top", "--detents", "full=80", "--from",
                "full",
            ], "--anchors"
        ),
        (
            ["--library", "floatingpanel", "--anchors", "full=intrinsic-fractional:1", "--from", "full"],
            "--content-height"
        ),
        (["--library", "floatingpanel", "--short-form", "max", "--from", "half"], "--short-form"),
        (["--library", "floatingpanel", "--spring-damping", "0.5", "--from", "half"], "--spring-damping"),
        (["--library", "panmodal", "--anchors", "full=absolute:18@top", "--from", "long"], "--anchors"),
        (["--library", "panmodal", "--rubber-band", "top", "--from", "long"], "--rubber-band"),
        (["--library", "panmodal", "--removal-threshold", "3", "--from", "long"], "--removal-threshold"),
        (["--library", "panmodal", "--short-form", "content:-3", "--from", "long"], "--short-form"),
        (["--library", "panmodal", "--long-form", "medium", "--from", "long"], "--long-form"),
        (["--library", "panmodal", "--long-form", "max-inset:2000", "--from", "long"], "--long-form"),
        (["--library", "panmodal", "--short-form", "intrinsic", "--from", "long"], "--content-height"),
        (["--library", "panmodal", "--top-offset", "900", "--from", "long"], "--top-offset"),
        (
            ["--library", "panmodal", "--short-form", "intrinsic", "--content-height", "0", "--from", "long"],
            "--content-height"
        ),
        (["--library", "panmodal", "--detents", "long=60", "--from", "long"], "--detents"),
        (["--library", "panmodal", "--short-form", "max", "--detents", "long=80", "--from", "long"], "--short-form"),
        (
            ["--library", "floatingpanel", "--project-momentum", "--project-momentum-to", "full", "--from", "half"],
            "--project-momentum-to"
        ),
        (["--library", "floatingpanel", "--rubber-band", "left", "--from", "half"], "--rubber-band"),
        (["--library", "floatingpanel", "--spring-response-time", "0", "--from", "half"], "--spring-response-time"),
    ]

    @Test(arguments: refused)
    func badConfigurationIsExitTwoNamingTheFlag(arguments: [String], flag: String) throws {
        try DecideSheetCLITests.expectUsageError(arguments, naming: flag)
    }

    /// How tall may a PanModal's intrinsic short form be before a 150 pt pull at rest dismisses it? The short
    /// form rests at 852 − 34 − L; 150 pt below it the modal is L − 116 from the bottom and 150 from the short
    /// form, and the tie goes to the bottom (Documentation/sheets.md §3.3): dismissed up to L = 266.
    @Test func intrinsicHeightThreshold() throws {
        let result = try PopSimProcess.run([
            "threshold", "sheet", "--library", "panmodal", "--short-form", "intrinsic", "--content-height", "100:700",
            "--from", "short", "--translation", "0,150",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == ["content_height,below,above", "266.0,dismissed,short"])
    }

    /// A long form above the default topOffset is accepted once `--top-offset` allows it.
    @Test func topOffsetAdmitsAHigherLongForm() throws {
        let result = try PopSimProcess.run([
            "decide", "sheet", "--library", "panmodal", "--detents", "long=60", "--top-offset", "50", "--from", "long",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == ["long"])
    }
}
