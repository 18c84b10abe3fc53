import Foundation
import Testing

/// `--library-version`, `--device`, `--safe-area`, `--max-travel`, `--fixed-size`, the bar flags and
/// `popsim devices`, as a user runs them. Expected words are worked by hand in each comment.
@Suite("popsim library versions and devices")
struct VersionsAndDevicesCLITests {
    static func word(_ arguments: [String]) throws -> String {
        let result = try PopSimProcess.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    // MARK: popsim devices

    @Test func devicesTable() throws {
        let result = try PopSimProcess.run(["devices"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "name,width,height,safe_top,safe_left,safe_bottom,safe_right,display_hz,min_display_hz,"
                + "touch_scan_hz,touch_scan_source,scale"
        )
        #expect(lines.count == 9)
        // Apple's touch-sample table lists the iPhone 8, iPhone X, iPad Air 2 and the 120 Hz iPad Pros; the
        // SE, the iPhone 15 family and the M4 carry an older device's rate over.
        #expect(lines.contains("iphone-se,375.0,667.0,20.0,0.0,0.0,0.0,60.0,,60.0,inferred,2.0"))
        #expect(lines.contains("iphone-15,393.0,852.0,59.0,0.0,34.0,0.0,60.0,,120.0,inferred,3.0"))
        #expect(lines.contains("iphone-15-pro,393.0,852.0,59.0,0.0,34.0,0.0,120.0,10.0,120.0,inferred,3.0"))
        #expect(lines.contains("iphone-15-pro-max,430.0,932.0,59.0,0.0,34.0,0.0,120.0,10.0,120.0,inferred,3.0"))
        #expect(lines.contains("ipad-air-2,768.0,1024.0,20.0,0.0,0.0,0.0,60.0,,120.0,published,2.0"))
        #expect(lines.contains("ipad-pro-11,834.0,1194.0,24.0,0.0,20.0,0.0,120.0,24.0,120.0,published,2.0"))
        // The M4: 834 × 1210 pt (device_frame's ipad_pro_11_inches_m4), an OLED down to 10 Hz.
        #expect(lines.contains("ipad-pro-11-m4,834.0,1210.0,24.0,0.0,20.0,0.0,120.0,10.0,120.0,inferred,2.0"))
        #expect(lines.contains("ipad-pro-11-pencil,834.0,1194.0,24.0,0.0,20.0,0.0,120.0,24.0,240.0,published,2.0"))
    }

    // MARK: decide popover

    static let popoverCases: [([String], String)] = [
        // The 2 pt minimum: 0.5 pt is no drag; out to 5 pt and back decides (700 ≥ 852 − 213).
        (["--mode", "drag-down", "--origin", "100,700", "--translation", "0,0.5"], "presented"),
        (
            ["--mode", "drag-down", "--origin", "100,700", "--translation", "0,0.5", "--max-travel", "5"],
            "dismissed-down"
        ),
        (["--mode", "drag-down", "--origin", "100,700", "--translation", "0,0.5", "--max-travel", "1.9"], "presented"),
        // Versions: 1.3.2 has no changeLocationOnDismiss, a 300 pt drag of a tap-outside popover returns.
        (["--translation", "0,300"], "returned"),
        (["--library-version", "1.3.2", "--translation", "0,300"], "returned"),
        (["--library-version", "main", "--change-location-on-dismiss", "--translation", "0,300"], "moved"),
        // iPhone SE: 375 × 667, the centred popover's top at (667 − 100)/2 = 283.5, the line at
        // 667 − 166.75 = 500.25: 283.5 + 217 = 500.5 dismisses; in the default 852 window 376 + 217 = 593 does not.
        (["--device", "iphone-se", "--mode", "drag-down", "--translation", "0,217"], "dismissed-down"),
        (["--mode", "drag-down", "--translation", "0,217"], "returned"),
        // An explicit --window overrides the device's.
        (
            ["--device", "iphone-se", "--window", "393x852", "--mode", "drag-down", "--translation", "0,217"],
            "returned"
        ),
        // 200 × 820 (the cap): centred at y = 16; 16 + 650 = 666 ≥ 639. With a 34 pt bottom inset the
        // bottom clamp (852 − 34 − 16 = 802) lifts it to −18: −18 + 650 = 632 returns.
        (["--size", "200x820", "--mode", "drag-down", "--translation", "0,650"], "dismissed-down"),
        (
            ["--size", "200x820", "--safe-area", "59,0,34,0", "--mode", "drag-down", "--translation", "0,650"],
            "returned"
        ),
        (["--size", "200x820", "--device", "iphone-15", "--mode", "drag-down", "--translation", "0,650"], "returned"),
        // 200 × 900: capped to 820 at y = 16 (666: dismissed); fixed size keeps 900,
        // y: −24 → 16 → 16 − 80 = −64, −64 + 650 = 586 returns.
        (["--size", "200x900", "--mode", "drag-down", "--translation", "0,650"], "dismissed-down"),
        (["--size", "200x900", "--fixed-size", "--mode", "drag-down", "--translation", "0,650"], "returned"),
        // .popover(selection:tag:) on an iPhone 15: 1.3.2's container is the safe-area frame (top-left (0, 59),
        // bottom-left (0, 758), midpoint 408.5), main's the bounds ((0, 0), (0, 792), midpoint 396). From the
        // top-left, 370 pt down: P.y = 429 → bottom-left in 1.3.2; P.y = 370 → top-left on main.
        (
            [
                "--device", "iphone-15", "--anchors", "top-left,bottom-left", "--container", "selection", "--size",
                "100x60",
                "--translation", "0,370",
            ], "anchor:bottom-left"
        ),
        (
            [
                "--library-version", "main", "--device", "iphone-15", "--anchors", "top-left,bottom-left",
                "--container", "selection",
                "--size", "100x60", "--translation", "0,370",
            ], "anchor:top-left"
        ),
        (
            [
                "--library-version", "main", "--device", "iphone-15", "--anchors", "top-left,bottom-left",
                "--container", "present",
                "--size", "100x60", "--translation", "0,370",
            ], "anchor:bottom-left"
        ),
    ]

    @Test(arguments: popoverCases)
    func decidePopover(arguments: [String], expected: String) throws {
        #expect(try Self.word(["decide", "popover"] + arguments) == expected)
    }

    static let usageCases: [([String], String)] = [
        (["decide", "popover", "--change-location-on-dismiss"], "--library-version main"),
        (["decide", "popover", "--library-version", "2.0"], "1.3.2, main"),
        (["decide", "popover", "--device", "iphone-99"], "iphone-se"),
        (["decide", "popover", "--device", "iphone-se,iphone-15"], "sweep"),
        (["decide", "popover", "--safe-area", "0,0,0"], "--safe-area"),
        (["decide", "popover", "--safe-area", "500,0,400,0"], "--safe-area"),
        (["decide", "popover", "--max-travel", "-1"], "--max-travel"),
        (["decide", "popover", "--anchors", "top", "--container", "everywhere"], "--container"),
        (["decide", "popup", "--from", "open", "--library-version", "4.5.3"], "4.5.6.1"),
        (["simulate", "popup", "--bar-style", "floaty", "--outcome", "--synth", "tap"], "--bar-style"),
        (["simulate", "popup", "--bar-buttons", "1,2,3", "--outcome", "--synth", "tap"], "--bar-buttons"),
        (["sweep", "popover", "--device", "iphone-se,iphone-se", "--translation", "0,0:10:2"], "twice"),
        (["synth", "tap", "--device", "pixel-8"], "--device"),
    ]

    @Test(arguments: usageCases)
    func usageErrors(arguments: [String], mentions: String) throws {
        let result = try PopSimProcess.run(arguments, input: "")
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    // MARK: decide popup

    /// iPhone SE: d = 667, Y_c = 667 − 0 − 49 = 618. From open with v = 0: closed iff p = 1 − t/Y_c < 0.5:
    /// 310 pt → 0.498 closes on the SE, 1 − 310/769 = 0.597 stays open on the default.
    @Test func decidePopupOnADevice() throws {
        #expect(
            try Self.word(["decide", "popup", "--device", "iphone-se", "--from", "open", "--translation", "0,310"])
                == "closed")
        #expect(try Self.word(["decide", "popup", "--from", "open", "--translation", "0,310"]) == "open")
        #expect(
            try Self.word([
                "decide", "popup", "--library-version", "4.5.6.1", "--from", "open", "--translation", "0,310",
            ]) == "open")
    }

    // MARK: simulate popup: the bar's touch area and items

    static func popupOutcome(_ flags: [String], tapAt point: String) throws -> String {
        try word(["simulate", "popup", "--from", "closed"] + flags + ["--outcome", "--synth", "tap --from \(point)"])
    }

    /// The default bar (floating, no glass): 705 … 769, content view x 12 … 381. With glass the floating
    /// bar is 58 pt and inset 17 pt. Prominent: full width. On the SE the dock is at 618 (bar 554 … 618).
    @Test func barTouchArea() throws {
        #expect(try Self.popupOutcome([], tapAt: "4,737") == "closed")
        #expect(try Self.popupOutcome([], tapAt: "20,737") == "open")
        #expect(try Self.popupOutcome(["--bar-style", "prominent"], tapAt: "4,737") == "open")
        #expect(try Self.popupOutcome(["--glass"], tapAt: "14,740") == "closed")
        #expect(try Self.popupOutcome([], tapAt: "14,740") == "open")
        #expect(try Self.popupOutcome(["--bar-buttons", "300,10,44,44"], tapAt: "322,737") == "closed")
        #expect(try Self.popupOutcome(["--bar-buttons", "300,10,44,44"], tapAt: "200,737") == "open")
        #expect(try Self.popupOutcome(["--device", "iphone-se"], tapAt: "187,590") == "open")
        #expect(try Self.popupOutcome([], tapAt: "187,590") == "closed")
    }

    /// The two-touch case as a CSV: a short pull released at 0.25 s springs back open until 0.75 s; a
    /// second touch from 0.35 s pulls 500 pt down and lifts at 1.25 s. Its moves after 0.75 s act, so the
    /// popup ends closed (drag, and automatic = drag from open).
    @Test(arguments: ["drag", "automatic"])
    func twoTouchesThroughTheCommand(style: String) throws {
        var lines = ["time,phase,x,y,touch", "0,began,196.5,300,0"]
        for k in 1...24 { lines.append("\(Double(k) / 120),moved,196.5,\(300 + 2.5 * Double(k)),0") }
        lines.append("0.25,ended,196.5,360,0")
        lines.append("0.35,began,196.5,200,1")
        for k in 1...107 {
            lines.append("\(0.35 + Double(k) / 120),moved,196.5,\(200 + 500 / 0.9 * Double(k) / 120),1")
        }
        lines.append("1.25,ended,196.5,700,1")
        let result = try PopSimProcess.run(
            ["simulate", "popup", "--style", style, "--from", "open", "--outcome", "-"],
            input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "closed\n")
    }

    // MARK: sweep --device

    /// iPhone SE (top at 283.5, line 500.25) and iPhone 15 (top at 376, line 639): 200 pt returns on both,
    /// 300 pt dismisses on both (583.5 and 676).
    @Test func deviceAxis() throws {
        let result = try PopSimProcess.run([
            "sweep", "popover", "--device", "iphone-se,iphone-15", "--mode", "drag-down",
            "--translation", "0,200:300:2",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                device,translation_y,outcome
                iphone-se,200.0,returned
                iphone-se,300.0,dismissed-down
                iphone-15,200.0,returned
                iphone-15,300.0,dismissed-down

                """)
        let split = try PopSimProcess.run([
            "sweep", "popup", "--device", "iphone-se,iphone-15-pro-max", "--from", "open",
            "--translation", "0,310",
        ])
        // SE: Y_c = 618, p = 0.498 → closed; Pro Max: Y_c = 932 − 34 − 49 = 849, p = 0.635 → open.
        #expect(split.stdout == "device,outcome\niphone-se,closed\niphone-15-pro-max,open\n")
    }

    @Test func deviceAxisGoldenRoundTrip() throws {
        let directory = try PopSimProcess.temporaryDirectory()
        let golden = directory.appendingPathComponent("devices.csv").path
        let made = try PopSimProcess.run([
            "sweep", "popover", "--device", "iphone-se,ipad-pro-11", "--mode", "drag-down",
            "--translation", "0,0:600:7", "--golden", "--output", golden,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let check = try PopSimProcess.run(["check", golden])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasPrefix("ok: 14 decisions unchanged"))
    }

    /// A pipeline over devices runs each device's digitiser and display (no --rate given).
    @Test func pipelineOverDevices() throws {
        let result = try PopSimProcess.run([
            "sweep", "popover", "--pipeline", "--device", "iphone-se,iphone-15-pro", "--mode", "drag-down",
            "--translation", "0,300", "--velocity", "0,0:800:3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("device,velocity_y,outcome,ideal\n"))
        #expect(result.stdout.split(separator: "\n").count == 7)
        #expect(result.stderr.contains("(or the device's)"))
    }

    // MARK: synth and simulate --device

    /// iPhone 15: 120 Hz scan delivered at 60 Hz, @3x. Every sample is a scan (on the 1/120 s grid), every
    /// move is the latest scan of a 60 Hz frame (on the 1/60 s grid; the lift is reported at its own scan),
    /// and every coordinate is on the 1/3 pt grid. The earlier name iphone-promotion is the iPhone 15 Pro's
    /// digitiser.
    @Test func synthOnADevice() throws {
        let stream = try PopSimProcess.run([
            "synth", "swipe", "--from", "10,10", "--to", "10,410", "--release-velocity", "1500",
            "--device", "iphone-15",
        ]).stdout
        let rows = stream.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.count > 10)
        for row in rows {
            let t = Double(row[0])!
            let y = Double(row[3])!
            #expect(abs(t * 120 - (t * 120).rounded()) < 1e-9)
            if row[1] == "moved" { #expect(abs(t * 60 - (t * 60).rounded()) < 1e-9) }
            #expect(abs(y * 3 - (y * 3).rounded()) < 1e-9)
        }
        let alias = try PopSimProcess.run([
            "synth", "swipe", "--to", "0,300", "--release-velocity", "1000", "--device", "iphone-promotion",
        ])
        let named = try PopSimProcess.run([
            "synth", "swipe", "--to", "0,300", "--release-velocity", "1000", "--device", "iphone-15-pro",
        ])
        #expect(alias.stdout == named.stdout && !alias.stdout.isEmpty)
    }

    /// simulate takes the device's display: 60 Hz on an iPhone 15 (frame k at k/60) unless --rate is given.
    @Test func simulateOnADevice() throws {
        let result = try PopSimProcess.run([
            "simulate", "popover", "--device", "iphone-15", "--mode", "drag-down",
            "--synth", "swipe --from 196,426 --to 196,700 --release-velocity 1200",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let times = NumericCSV(result.stdout).column("time")
        #expect(times.count > 10)
        for (k, t) in times.enumerated() { #expect(t == Double(k) / 60) }
        let fixed = try PopSimProcess.run([
            "simulate", "popover", "--device", "iphone-15", "--rate", "120", "--mode", "drag-down",
            "--synth", "swipe --from 196,426 --to 196,700 --release-velocity 1200",
        ])
        #expect(NumericCSV(fixed.stdout).column("time")[1] == 1.0 / 120)
    }
}
