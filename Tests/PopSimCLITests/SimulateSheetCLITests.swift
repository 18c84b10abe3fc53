import Foundation
import Testing

/// `popsim simulate sheet`: the model on the frame clock agrees with `decide sheet` fed the release
/// it measured, ends exactly on that stop, and its output options behave as for the other families.
@Suite("popsim simulate sheet")
struct SimulateSheetCLITests {
    static let panelFlags = ["--library", "floatingpanel", "--detents", "full=80,half=426,tip=700"]
    static let modalFlags = ["--library", "panmodal", "--detents", "long=80,short=500"]

    /// Where an outcome leaves the moving edge: the stop's position as `--detents` gives it, PanModal's
    /// dismissal at the container's bottom (852) and FloatingPanel's removal at the default hidden
    /// position (852 + 100).
    static func edge(of word: String, flags: [String]) -> Double? {
        if word == "dismissed" { return 852 }
        if word == "removed" { return 952 }
        guard let index = flags.firstIndex(of: "--detents") else { return nil }
        for stop in flags[index + 1].split(separator: ",") where stop.hasPrefix(word + "=") {
            return Double(stop.dropFirst(word.count + 1))
        }
        return nil
    }

    /// The `released:` event's outcome word, translation and velocity.
    static func release(inEvents log: String) throws -> (word: String, translation: String, velocity: String) {
        let line = try #require(log.split(separator: "\n").first { $0.contains(",released:") })
        let pattern = try Regex(#"released:([a-z]+) translation=\(([^ ]+) ([^)]+)\) velocity=\(([^ ]+) ([^)]+)\)"#)
        let match = try #require(String(line).firstMatch(of: pattern))
        let field = { (k: Int) in String(match.output[k].substring!) }
        return (field(1), "\(field(2)),\(field(3))", "\(field(4)),\(field(5))")
    }

    static let cases: [(flags: [String], synth: String)] = [
        // FloatingPanel: flicks up and down from half, a slow pull from tip, a long throw from full.
        (panelFlags + ["--from", "half"], "swipe --from 196,470 --to 196,300 --release-velocity 800 --seed 1"),
        (
            panelFlags + ["--from", "half"],
            "swipe --from 196,470 --to 196,560 --release-velocity 300 --noise 0.3 --seed 2"
        ),
        (panelFlags + ["--from", "half"], "swipe --from 196,470 --to 196,420 --release-velocity 250 --seed 3"),
        (panelFlags + ["--from", "tip"], "pan --from 196,740 --to 196,500 --seconds 0.4 --hold 0.1"),
        (panelFlags + ["--from", "full"], "swipe --from 196,150 --to 196,500 --release-velocity 1500 --seed 4"),
        (
            panelFlags + ["--from", "tip", "--removal"],
            "swipe --from 196,720 --to 196,840 --release-velocity 1500 --seconds 0.15"
        ),
        (
            panelFlags + ["--from", "tip", "--removal"],
            "swipe --from 196,720 --to 196,800 --release-velocity 2000 --seed 5"
        ),
        (
            panelFlags + ["--from", "half", "--project-momentum"],
            "swipe --from 196,470 --to 196,400 --release-velocity 2500"
        ),
        (
            [
                "--library", "floatingpanel", "--attached", "top", "--detents", "hidden=-100,tip=69,half=426,full=800",
                "--from", "half",
            ],
            "swipe --from 196,380 --to 196,500 --release-velocity 700 --seed 6"
        ),
        // PanModal: a fling down that dismisses, one up to the long form, a slow pull that rests on the
        // nearest stop, a fast short flick from the long form.
        (modalFlags + ["--from", "short"], "swipe --from 196,560 --to 196,700 --release-velocity 400"),
        (modalFlags + ["--from", "short"], "swipe --from 196,560 --to 196,300 --release-velocity 900 --seed 7"),
        (modalFlags + ["--from", "long"], "pan --from 196,200 --to 196,520 --seconds 0.5 --hold 0.1"),
        (
            modalFlags + ["--from", "long"],
            "swipe --from 196,200 --to 196,350 --release-velocity 1500 --noise 0.2 --seed 8"
        ),
        (
            modalFlags + ["--from", "long", "--no-drag-to-dismiss"],
            "swipe --from 196,200 --to 196,800 --release-velocity 2000"
        ),
    ]

    @Test(arguments: cases)
    func settlesWhereDecideSaysForTheMeasuredRelease(flags: [String], synth: String) throws {
        let stream = try PopSimProcess.run(["synth"] + synth.split(separator: " ").map(String.init))
        #expect(stream.status == 0)
        let run = try PopSimProcess.run(
            ["simulate", "sheet"] + flags + ["--rate", "60", "--events", "-"], input: stream.stdout)
        #expect(run.status == 0, "\(run.stderr)")
        let sections = run.stdout.components(separatedBy: "\n\n")
        try #require(sections.count == 2)
        let released = try Self.release(inEvents: sections[1])
        let decided = try PopSimProcess.run(
            ["decide", "sheet"] + flags
                + ["--translation", released.translation, "--velocity", released.velocity])
        #expect(decided.status == 0, "\(decided.stderr)")
        #expect(decided.stdout == released.word + "\n")
        // The trace ends at rest on that stop's position, its state and outcome the decided word.
        let trace = NumericCSV(sections[0])
        #expect(trace.column("y").last == Self.edge(of: released.word, flags: flags), "\(released.word)")
        let last = try #require(sections[0].split(separator: "\n").last).split(separator: ",").map(String.init)
        #expect(last.suffix(2) == [released.word, released.word])
        // --outcome prints only that word.
        let outcome = try PopSimProcess.run(
            ["simulate", "sheet"] + flags + ["--rate", "60", "--outcome", "-"], input: stream.stdout)
        #expect(outcome.stdout == released.word + "\n")
    }

    @Test func traceFormatAndFrameGrid() throws {
        let result = try PopSimProcess.run(
            ["simulate", "sheet"] + Self.panelFlags + [
                "--from", "half", "--rate", "60",
                "--synth", "swipe --from 196,470 --to 196,300 --release-velocity 800",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let csv = NumericCSV(result.stdout)
        #expect(Array(csv.header.prefix(2)) == ["time", "y"])
        #expect(Array(csv.header.suffix(2)) == ["state", "outcome"])
        for (k, t) in csv.column("time").enumerated() { #expect(t == Double(k) / 60) }
        let states = Set(result.lines.dropFirst().map { String($0.split(separator: ",").dropLast().last!) })
        #expect(states.isSubset(of: ["half", "dragging", "settling", "full"]))
        #expect(states.contains("dragging") && states.contains("settling"))
    }

    @Test func eventsFollowTheTraceAfterABlankLine() throws {
        let result = try PopSimProcess.run(
            ["simulate", "sheet"] + Self.modalFlags + [
                "--from", "short", "--events",
                "--synth", "swipe --from 196,560 --to 196,700 --release-velocity 400",
            ])
        let sections = result.stdout.components(separatedBy: "\n\n")
        #expect(sections.count == 2)
        #expect(sections[1].hasPrefix("time,event\n"))
        for word in ["pan-began", "drag-started:short", "released:dismissed translation=(", ",dismissed"] {
            #expect(sections[1].contains(word), "\(word)")
        }
    }

    /// With a scroll view the trace follows the content and who the finger moves, and the log names each
    /// handoff with its rule: at full with the content 40 pt down, a 130 pt pull scrolls the content to its
    /// top, then moves the panel (Documentation/arbitration.md §3); --outcome says both moved. The panel
    /// settles at half: the pull's last 90 pt move it to y = 80 + 90 = 170, and 800 pt/s projects it by
    /// 0.8·0.998/0.002 ≈ 399 pt to pY ≈ 569, which without momentum projection is trimmed to the
    /// neighbouring stop below full, half (426), so FloatingPanel's rule names half.
    @Test func scrollViewColumnsAndHandoffs() throws {
        let flags =
            Self.panelFlags + ["--from", "full", "--scroll-content", "2000", "--scroll-offset", "40", "--rate", "60"]
        let synth = ["--synth", "swipe --from 196,200 --to 196,330 --release-velocity 800"]
        let result = try PopSimProcess.run(["simulate", "sheet"] + flags + synth + ["--events"])
        #expect(result.status == 0, "\(result.stderr)")
        let sections = result.stdout.components(separatedBy: "\n\n")
        let trace = NumericCSV(sections[0])
        #expect(trace.header == ["time", "y", "content_offset", "owner", "state", "outcome"])
        #expect(trace.column("content_offset").first == 40)
        #expect(trace.column("content_offset").last == 0)
        let owners = sections[0].split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[3]) }
        #expect(Set(owners) == ["none", "scroll", "sheet"])
        #expect(sections[1].contains("owner:scroll rule=fp-scroll-view-handles-touch"))
        #expect(sections[1].contains("owner:sheet rule=fp-content-at-top"))
        let outcome = try PopSimProcess.run(["simulate", "sheet"] + flags + synth + ["--outcome"])
        #expect(outcome.stdout == "both:half\n")
        // The popup reports the same columns, its scroll view over the open content.
        let popup = try PopSimProcess.run(
            [
                "simulate", "popup", "--style", "scroll", "--from", "open", "--scroll-content", "3000",
                "--scroll-offset", "40", "--rate", "60", "--events",
            ] + synth)
        #expect(popup.status == 0, "\(popup.stderr)")
        #expect(popup.stdout.hasPrefix("time,content_y,progress,bar_alpha,content_offset,owner,state\n"))
        #expect(popup.stdout.contains("owner:scroll rule=lpc-scroll-not-at-top"))
        #expect(popup.stdout.contains("owner:sheet rule=lpc-dismiss-started"))
    }

    static let failures: [(arguments: [String], input: String?, status: Int32)] = [
        (
            ["simulate", "sheet", "--library", "floatingpanel", "--from", "full", "--scroll-offset", "10", "-"],
            "time,phase,x,y\n", 2
        ),
        (
            ["simulate", "sheet", "--library", "panmodal", "--from", "long", "--scroll-content", "-1", "-"],
            "time,phase,x,y\n", 2
        ),
        (["simulate", "popup", "--from", "open", "--scroll-offset", "10", "-"], "time,phase,x,y\n", 2),
        (
            ["simulate", "popup", "--from", "open", "--scroll-content", "3000", "--scroll-offset", "3000", "-"],
            "time,phase,x,y\n", 2
        ),
        (["simulate", "sheet", "--library", "panmodal", "--from", "half", "-"], "time,phase,x,y\n", 2),
        (
            [
                "simulate", "sheet", "--library", "floatingpanel", "--detents", "full=500,half=400", "--from", "half",
                "-",
            ], "time,phase,x,y\n", 2
        ),
        (
            ["simulate", "sheet", "--library", "floatingpanel", "--from", "half", "--outcome", "--events", "-"],
            "time,phase,x,y\n", 2
        ),
        (
            ["simulate", "sheet", "--library", "floatingpanel", "--from", "half", "--rate", "fast", "-"],
            "time,phase,x,y\n", 2
        ),
        (
            ["simulate", "sheet", "--library", "floatingpanel", "--from", "half", "--translation", "0,10", "-"],
            "time,phase,x,y\n", 2
        ),
        (
            ["simulate", "sheet", "--library", "floatingpanel", "--from", "half", "-"],
            "time,phase,x,y\n0,began,1,1\n0.01,moved,nan,1\n", 65
        ),
        (
            ["simulate", "sheet", "--library", "floatingpanel", "--from", "half", "-"],
            "time,phase,x,y\n0.1,began,1,1\n0.05,moved,2,2\n", 65
        ),
    ]

    @Test(arguments: failures)
    func contractErrors(arguments: [String], input: String?, status: Int32) throws {
        let result = try PopSimProcess.run(arguments, input: input ?? "")
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
