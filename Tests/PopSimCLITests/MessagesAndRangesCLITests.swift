import Foundation
import PopSimTestSupport
import Testing

/// Messages name only what the user gave (defaults named as defaults), quote each value cut once at
/// 64 bytes, keep every line within 4 096 bytes; documented ranges are what the code accepts; and no
/// rate, frame time or duration reaches infinity (Documentation/reliability.md).
@Suite("Reliability: messages, ranges and finite clocks")
struct MessagesAndRangesCLITests {
    static let swipe = "swipe --from 196,426 --to 196,700 --release-velocity 1500"

    /// The bytes of each line of `text`.
    static func lineLengths(_ text: String) -> [Int] { text.split(separator: "\n").map { $0.utf8.count } }

    @Test func anUnknownStopNameIsQuotedCut() throws {
        let name = String(repeating: "a", count: 100_000)
        let result = try PopSimProcess.run([
            "decide", "sheet", "--library", "floatingpanel", "--from", "half", "--detents", "\(name)=5,half=400",
        ])
        #expect(result.status == 2)
        #expect(Self.lineLengths(result.stderr).allSatisfy { $0 <= 4096 }, "\(Self.lineLengths(result.stderr))")
        // The whole value and the stop name, each cut at 64 bytes (the cut marked).
        let cut = "'" + String(repeating: "a", count: 64) + "…'"
        #expect(result.stderr.components(separatedBy: cut).count == 3, "\(result.stderr.prefix(300))")
        #expect(result.stderr.hasSuffix("has no such stop; use one of full, half, tip, hidden\n"))
    }

    /// A summary over 10 000 rate steps or 2 000 rates, and a long error, stay within the line cap.
    @Test func summaryLinesStayWithinTheCap() throws {
        let steps = (0..<10_000).map { "\(Double($0) / 1000):\(60 + $0 % 60)" }.joined(separator: ",")
        let rates = (0..<2_000).map { "\(60 + $0)" }.joined(separator: ",")
        let base = ["sweep", "popover", "--mode", "drag-down", "--translation", "0,0:300:3", "--pipeline"]
        for flags in [["--rate-steps", steps], ["--rate", rates]] {
            let result = try PopSimProcess.run(base + flags)
            #expect(result.status == 0, "\(result.stderr.prefix(300))")
            let lengths = Self.lineLengths(result.stderr)
            #expect(lengths.allSatisfy { $0 <= 4096 } && lengths.contains(4096), "\(lengths)")
            #expect(result.stderr.contains("…\n"))
        }
    }

    @Test func panModalErrorsNamePanModalsStops() throws {
        for detents in ["", "x", ","] {
            let result = try PopSimProcess.run([
                "decide", "sheet", "--library", "panmodal", "--from", "long", "--detents", detents,
            ])
            #expect(result.status == 2)
            #expect(result.stderr.contains("give slackhq/PanModal's stops as long="), "\(result.stderr)")
            for floatingPanelStop in ["full", "half", "tip", "hidden"] {
                #expect(!result.stderr.contains(floatingPanelStop), "\(result.stderr)")
            }
        }
    }

    /// The flag given is blamed, with its value as given; what it met is named as the default's.
    @Test(arguments: [
        (
            ["decide", "sheet", "--library", "floatingpanel", "--from", "half", "--window", "1x1"],
            "error: invalid value '1x1' for --window: the default safe-area insets (59,0,34,0) leave no safe area"
        ),
        (
            ["decide", "sheet", "--library", "floatingpanel", "--from", "half", "--safe-area", "1e6,0,0,0"],
            "error: invalid value '1e6,0,0,0' for --safe-area: the top and bottom insets leave no safe area"
        ),
        (
            ["decide", "sheet", "--library", "floatingpanel", "--from", "half", "--window", "390x100"],
            "error: invalid value '390x100' for --window: scenee/FloatingPanel's default stops here"
        ),
        (
            ["decide", "popup", "--from", "closed", "--screen-height", "1"],
            "error: invalid value '1' for --screen-height: the default dock top (769 pt) must lie inside"
        ),
        (
            ["decide", "popup", "--from", "closed", "--dock-top", "1e9"],
            "error: invalid value '1e9' for --dock-top: it must be in (0, H] with H the default screen height (852)"
        ),
        (
            ["velocity-roundtrip", "--distance", "1e-9"],
            "error: the default --release-velocity (1500): the lift-off tail alone covers"
        ),
    ])
    func onlyWhatWasGivenIsBlamed(arguments: [String], message: String) throws {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    /// A gesture too long to scan names the flags that made it long, not flags never given.
    @Test func tooManySamplesNamesTheGivenFlags() throws {
        for profile in [[], ["--profile", "human"]] {
            let result = try PopSimProcess.run(
                ["synth", "swipe", "--to", "0,1e9", "--release-velocity", "0.001"] + profile)
            #expect(result.status == 2)
            #expect(result.stderr.contains("(it follows from --to, --release-velocity)"), "\(result.stderr)")
            for absent in ["--seconds", "--hold", "--interval", "inf"] {
                #expect(!result.stderr.contains(absent), "\(result.stderr)")
            }
        }
    }

    /// Every rate, speed and pixel scale that a division could take to infinity is refused (exit 2,
    /// naming the flag and its range); the smallest accepted ones compute finite numbers.
    @Test(arguments: [
        (["simulate", "popover", "--mode", "drag-down", "--rate", "5e-324", "--synth", swipe], "--rate"),
        (["simulate", "popover", "--mode", "drag-down", "--rate-steps", "0:5e-324", "--synth", swipe], "--rate-steps"),
        (
            ["synth", "swipe", "--to", "0,100", "--release-velocity", "5e-324", "--profile", "human"],
            "--release-velocity"
        ),
        (
            ["synth", "swipe", "--to", "0,100", "--release-velocity", "100", "--display-rate", "5e-324"],
            "--display-rate"
        ),
        (["synth", "swipe", "--to", "0,100", "--release-velocity", "100", "--scale", "5e-324"], "--scale"),
        (["velocity-roundtrip", "--rates", "5e-324"], "--rates"),
        (["velocity-roundtrip", "--release-velocity", "5e-324"], "--release-velocity"),
        (
            [
                "sweep", "popover", "--mode", "drag-down", "--translation", "0,0:300:3", "--pipeline", "--rate",
                "5e-324",
            ], "--rate"
        ),
        (["spring", "--preset", "bouncy", "--rate", "5e-324"], "--rate"),
    ])
    func infinitesimalRatesAreRefused(arguments: [String], flag: String) throws {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: invalid value '"), "\(result.stderr)")
        #expect(result.stderr.contains("for \(flag)"), "\(result.stderr)")
        #expect(!result.stderr.contains("inf"), "\(result.stderr)")
    }

    @Test func theSmallestRatesComputeFiniteNumbers() throws {
        for arguments in [
            ["simulate", "popover", "--mode", "drag-down", "--rate", "0.001", "--synth", Self.swipe],
            ["simulate", "popover", "--mode", "drag-down", "--rate-steps", "0:0.001", "--synth", Self.swipe],
            ["synth", "swipe", "--to", "0,100", "--release-velocity", "100", "--rate", "0.001"],
            ["synth", "swipe", "--to", "0,100", "--release-velocity", "0.001", "--profile", "human", "--rate", "0.01"],
            ["spring", "--preset", "bouncy", "--rate", "0.001", "--seconds", "1e4"],
        ] {
            let result = try PopSimProcess.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.isEmpty && !result.stdout.contains("inf") && !result.stdout.contains("nan"))
        }
    }

    /// The ends of the documented ranges of the sheet flags (and a popup's scroll view) are accepted;
    /// just beyond them is refused, naming the range.
    @Test func documentedSheetRangesAreAccepted() throws {
        let sheet = ["decide", "sheet", "--library", "floatingpanel", "--from", "half"]
        for flags in [
            ["--window", "390x1e9"], ["--window", "1e9x1e9", "--velocity", "0,1e9"], ["--scroll-content", "1e9"],
            ["--scroll-content", "1e9", "--scroll-offset", "5e8"],
            ["--detents", "full=-1e9,half=400,tip=1e9"], ["--detents", "hidden=1e9,full=-1e9,half=0,tip=1"],
        ] {
            let result = try PopSimProcess.run(sheet + flags)
            #expect(result.status == 0, "\(flags): \(result.stderr)")
        }
        let popup = try PopSimProcess.run([
            "simulate", "popup", "--from", "open", "--scroll-content", "1e9", "--outcome", "--synth",
            "swipe --from 196,300 --to 196,100 --release-velocity 500",
        ])
        #expect(popup.status == 0, "\(popup.stderr)")
        for (flags, range) in [
            (["--window", "390x1.1e9"], "(0, 1e9]"), (["--scroll-content", "1.1e9"], "[0, 1e9]"),
            (["--detents", "full=-1.1e9,half=400,tip=749"], "[-1e9, 1e9]"),
        ] {
            let result = try PopSimProcess.run(sheet + flags)
            #expect(result.status == 2 && result.stderr.contains(range), "\(flags): \(result.stderr)")
        }
    }
}
