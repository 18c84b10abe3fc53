import Foundation
import Testing

@Suite("popsim simulate popup and sweep popup")
struct SimulatePopupCLITests {
    /// decide's word for a synthesised single-touch stream: translation = ended − began, velocity from
    /// `popsim velocity` with the same estimator; for snap from closed, the pan's early velocity is
    /// the direction of the swipe (only its sign and dominance matter).
    func decideWord(stream csv: String, estimator: String, flags: [String]) throws -> String {
        let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let began = rows.first { $0[1] == "began" }!
        let ended = rows.last { $0[1] == "ended" }!
        let dx = Double(ended[2])! - Double(began[2])!
        let dy = Double(ended[3])! - Double(began[3])!
        let velocity = try PopSimProcess.run(["velocity", "--estimator", estimator], input: csv).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try PopSimProcess.run(
            ["decide", "popup"] + flags + ["--translation", "\(dx),\(dy)", "--velocity", velocity]
        ).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let cases: [(style: String, from: String, synth: String)] = [
        ("drag", "open", "swipe --from 196,300 --to 196,620 --release-velocity 900 --seed 1"),
        ("drag", "open", "swipe --from 196,300 --to 196,500 --release-velocity 600 --seed 2"),
        ("drag", "open", "pan --from 196,300 --to 196,760 --seconds 0.5 --hold 0.1"),
        ("drag", "open", "pan --from 196,300 --to 196,450 --seconds 0.4 --hold 0.1"),
        ("snap", "open", "swipe --from 196,300 --to 196,650 --release-velocity 900 --seed 3"),
        ("snap", "open", "swipe --from 196,300 --to 196,520 --release-velocity 900 --seed 4"),
        ("automatic", "open", "swipe --from 196,200 --to 196,700 --release-velocity 1200 --seed 5"),
        ("none", "open", "swipe --from 196,200 --to 196,700 --release-velocity 1200"),
    ]

    @Test(arguments: cases)
    func simulateAgreesWithDecide(style: String, from: String, synth: String) throws {
        let stream = try PopSimProcess.run(["synth"] + synth.split(separator: " ").map(String.init)).stdout
        let flags = ["--style", style, "--from", from]
        let simulated = try PopSimProcess.run(["simulate", "popup"] + flags + ["--outcome", "-"], input: stream)
        #expect(simulated.status == 0, "\(simulated.stderr)")
        #expect(
            simulated.stdout.trimmingCharacters(in: .newlines)
                == (try decideWord(stream: stream, estimator: "ios", flags: flags)))
    }

    /// The floating bar on a wide iPad with glass: its content view, where the tap recogniser sits, is
    /// at most 700 pt wide, centred (LeoNatan/LNPopupController@be3afaa
    /// LNPopupController/LNPopupController/Private/LNPopupBar.mm:27, 937-948). On the 834 pt 11-inch iPad Pro
    /// that is x 67…767 (834 − 2·10 pt margins = 814, minus 57 on each side); the bar is y 1061…1125
    /// (dock 1194 − 20 − 49, 64 pt). A tap outside it does nothing.
    @Test(arguments: [
        (30.0, "closed"), (66.0, "closed"), (68.0, "open"), (417.0, "open"), (766.0, "open"), (768.0, "closed"),
    ])
    func glassBarOnAWideIPadTakesTapsInItsCentre(x: Double, outcome: String) throws {
        let result = try PopSimProcess.run([
            "simulate", "popup", "--device", "ipad-pro-11", "--glass", "--from", "closed", "--outcome",
            "--synth", "tap --from \(x),1090",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == outcome + "\n")
    }

    /// `--present-bar-at T` starts with the bar hidden and presents it at T: a tap on the bar at 0.05 s,
    /// during the 0.5 s present, queues an open that runs when the present ends (LeoNatan/LNPopupController@be3afaa
    /// LNPopupController/LNPopupController/Private/LNPopupController.mm:886-907, 1609-1651), so the popup
    /// opens at 1.0 s; with glass the bar is under its transition view during the present (l.1784-1808)
    /// and the tap does nothing. A tap before the bar is presented at all does nothing either.
    @Test(arguments: [
        (["--present-bar-at", "0"], "open"), (["--present-bar-at", "0", "--glass"], "closed"),
        (["--present-bar-at", "0.1"], "closed"), ([String](), "open"),
    ])
    func tapsDuringTheBarsPresent(flags: [String], outcome: String) throws {
        let result = try PopSimProcess.run(
            ["simulate", "popup", "--from", "closed", "--outcome"] + flags + ["--synth", "tap --from 196,737"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == outcome + "\n")
    }

    @Test func presentBarEvents() throws {
        let result = try PopSimProcess.run([
            "simulate", "popup", "--from", "closed", "--present-bar-at", "0", "--events",
            "--synth", "tap --from 196,737",
        ])
        let events = result.lines.drop { $0 != "time,event" }
        #expect(
            Array(events) == [
                "time,event", "0.0,requested:present", "0.0,display-link-started:120", "0.0,bar-present-started",
                "0.05,bar-tapped", "0.05,queued:open", "0.5,bar-presented", "0.5,display-link-stopped",
                "0.5,display-link-started:120", "0.5,open-started", "1.0,opened", "1.0,display-link-stopped",
            ])
        let first = try #require(result.lines.dropFirst().first)
        #expect(first.hasSuffix(",hidden") || first.hasSuffix(",transitioning"), "\(first)")
    }

    @Test(arguments: [
        (["--from", "open", "--present-bar-at", "0"], "give --from closed"),
        (["--from", "closed", "--present-bar-at", "-1"], "--present-bar-at"),
        (["--from", "closed", "--recogniser-move", "sometimes"], "--recogniser-move"),
    ])
    func presentAndRecogniserMoveUsageErrors(flags: [String], message: String) throws {
        let result = try PopSimProcess.run(["simulate", "popup"] + flags + ["--synth", "tap --from 196,737"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// A pan begun on the bar during the snap-open delay, still down when the open completes: by default
    /// it ends there (its recogniser moved onto the content), with keeps-pan it drags the open popup.
    /// Touch 0 flicks up on the bar; touch 1 (a second stream, from 0.2 s) pulls up, waits, then drags
    /// 300 pt down after the open and lifts while moving.
    @Test func recogniserMoveOnTheCommandLine() throws {
        var csv =
            "time,phase,x,y,touch\n0.1,began,196.5,740,0\n0.10833333333333334,moved,196.5,728,0\n"
            + "0.11666666666666667,moved,196.5,716,0\n0.15,ended,196.5,716,0\n"
        csv += "0.2,began,196.5,737,1\n0.3,moved,196.5,650,1\n0.4,moved,196.5,587,1\n"
        for k in 1...36 { csv += "\(0.9 + Double(k) / 120),moved,196.5,\(587 + 300 * Double(k) / 36),1\n" }
        csv += "\(0.9 + 37.0 / 120),ended,196.5,887,1\n"
        let cancels = try PopSimProcess.run(["simulate", "popup", "--from", "closed", "--events", "-"], input: csv)
        #expect(cancels.status == 0, "\(cancels.stderr)")
        #expect(cancels.lines.contains { $0.hasSuffix(",pan-cancelled:recogniser-moved") })
        let cancelled = try PopSimProcess.run(["simulate", "popup", "--from", "closed", "--outcome", "-"], input: csv)
        #expect(cancelled.stdout == "open\n")
        let kept = try PopSimProcess.run(
            ["simulate", "popup", "--from", "closed", "--recogniser-move", "keeps-pan", "--outcome", "-"],
            input: csv)
        #expect(kept.stdout == "closed\n", "\(kept.stderr)")
    }

    /// An upward flick on the closed bar (--from is required, as for decide) (its content view y 709…765 in the
    /// default 64 pt floating bar) opens it in the snap style; a downward one does not.
    @Test func snapFromTheBar() throws {
        let up = try PopSimProcess.run([
            "simulate", "popup", "--style", "snap", "--from", "closed", "--outcome",
            "--synth", "swipe --from 196,745 --to 196,600 --release-velocity 800",
        ])
        #expect(up.stdout == "open\n")
        let down = try PopSimProcess.run([
            "simulate", "popup", "--style", "snap", "--from", "closed", "--outcome",
            "--synth", "swipe --from 196,735 --to 196,780 --release-velocity 300",
        ])
        #expect(down.stdout == "closed\n")
    }

    @Test func traceFormatAndStates() throws {
        let result = try PopSimProcess.run([
            "simulate", "popup", "--from", "open", "--rate", "60",
            "--synth", "swipe --from 196,300 --to 196,600 --release-velocity 800",
        ])
        #expect(result.status == 0)
        let csv = NumericCSV(result.stdout)
        #expect(csv.header == ["time", "content_y", "progress", "bar_alpha", "content_offset", "owner", "state"])
        for (k, t) in csv.column("time").enumerated() { #expect(t == Double(k) / 60) }
        let states = Set(result.lines.dropFirst().map { String($0.split(separator: ",").last!) })
        #expect(states.isSubset(of: ["closed", "dragging", "transitioning", "open"]))
        // Settled closed: the content top is back on the dock (Y_c = 769), progress 0, bar fully shown.
        #expect(abs(csv.column("content_y").last! - 769) < 1)
        #expect(result.lines.last!.hasSuffix(",closed"))
    }

    @Test func sixtyAndOneTwentyHertzAgreeAtSharedInstants() throws {
        let stream = try PopSimProcess.run([
            "synth", "swipe", "--from", "196,300", "--to", "196,620", "--release-velocity", "900",
        ]).stdout
        let a = NumericCSV(
            try PopSimProcess.run(
                ["simulate", "popup", "--from", "open", "--rate", "60", "--seconds", "1.5", "-"], input: stream
            ).stdout)
        let b = NumericCSV(
            try PopSimProcess.run(
                ["simulate", "popup", "--from", "open", "--rate", "120", "--seconds", "1.5", "-"], input: stream
            ).stdout)
        for (k, row) in a.rows.enumerated() { #expect(abs(b.rows[2 * k][1] - row[1]) < 1e-9) }
    }

    static let failures: [([String], Int32)] = [
        (["simulate", "popup", "--style", "wobble", "-"], 2),
        (["simulate", "popup", "--dock-top", "900", "-"], 2),
        (["simulate", "popup", "--screen-height", "nan", "-"], 2),
        (["simulate", "popup", "--bar-style", "huge", "-"], 2),
        (["sweep", "popup", "--translation", "0,0:300:x"], 2),
        (["sweep", "popup", "--from", "open", "--shard", "3/3"], 2),
    ]

    @Test(arguments: failures)
    func contractErrors(arguments: [String], status: Int32) throws {
        let result = try PopSimProcess.run(arguments, input: "time,phase,x,y\n")
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
    }

    /// The snap trigger is strictly above c·d: with d = 852, c = 0.32 the line is 272.64 pt.
    @Test func sweepPopupSnapBoundary() throws {
        let result = try PopSimProcess.run([
            "sweep", "popup", "--style", "snap", "--from", "open", "--translation", "0,272.5:272.8:4",
        ])
        #expect(result.status == 0)
        #expect(
            Array(result.lines.dropFirst()).map { $0.split(separator: ",").last! } == [
                "open", "open", "closed", "closed",
            ])
        #expect(result.lines.first == "translation_y,outcome")
    }
}
