import Foundation
import PopSimTestSupport
import Testing

/// `--rate 60,120` as an axis of pipeline sweeps and thresholds, with and without a `--device` list,
/// and the notes for a rate a device cannot draw or scan at.
@Suite("Rate axis and device rate notes")
struct RateAxisCLITests {
    /// The min-jerk drag, whose stream without noise does not depend on the seed.
    static let sweep = [
        "sweep", "popover", "--mode", "drag-down", "--translation", "0,120", "--velocity", "0,500:1500:5", "--pipeline",
        "--profile", "min-jerk",
    ]
    static let threshold = [
        "threshold", "popover", "--mode", "drag-down", "--translation", "0,120", "--velocity", "0,0:3000", "--pipeline",
        "--profile", "min-jerk",
    ]

    /// Rows after the header, with the first `drop` columns removed.
    static func rows(_ result: BuiltExecutable.Result, dropping drop: Int) -> [String] {
        result.lines.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).dropFirst(drop).joined(separator: ",")
        }
    }

    /// Each rate's block of a `--rate 60,120` table is what that rate alone gives (without noise the seed
    /// does not matter, so the blocks must agree row for row), under a `rate` column.
    @Test(arguments: [[String](), ["--device", "iphone-15-pro"]])
    func sweepRateListIsOneBlockPerRate(device: [String]) throws {
        let both = try PopSimProcess.run(Self.sweep + device + ["--rate", "60,120"])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.lines.first == "rate,velocity_y,outcome,ideal")
        var expected: [String] = []
        for rate in ["60", "120"] {
            let one = try PopSimProcess.run(Self.sweep + device + ["--rate", rate])
            #expect(one.lines.first == "velocity_y,outcome,ideal")
            expected += Self.rows(one, dropping: 0).map { "\(rate),\($0)" }
        }
        #expect(Array(both.lines.dropFirst()) == expected)
        #expect(both.stderr.contains("pipeline (60, 120 Hz, "), "\(both.stderr)")
        // 60 and 120 Hz do give different outcomes here: the axis is not a copy of one rate.
        #expect(Set(Self.rows(both, dropping: 1).prefix(5)) != Set(Self.rows(both, dropping: 1).suffix(5)))
    }

    /// Devices and rates together: `device,rate` first, the device varying slowest, each block what that
    /// device at that rate gives alone.
    @Test func thresholdDeviceAndRateLists() throws {
        let grid = try PopSimProcess.run(Self.threshold + ["--device", "iphone-se,iphone-15-pro", "--rate", "60,120"])
        #expect(grid.status == 0, "\(grid.stderr)")
        #expect(grid.lines.first == "device,rate,velocity_y,below,above,boundary")
        var expected: [String] = []
        for device in ["iphone-se", "iphone-15-pro"] {
            for rate in ["60", "120"] {
                let one = try PopSimProcess.run(Self.threshold + ["--device", device, "--rate", rate])
                #expect(one.status == 0)
                expected += Self.rows(one, dropping: 0).map { "\(device),\(rate),\($0)" }
            }
        }
        #expect(Array(grid.lines.dropFirst()) == expected)
        let rates = try PopSimProcess.run(Self.threshold + ["--rate", "60,120"])
        #expect(rates.lines.first == "rate,velocity_y,below,above,boundary")
        #expect(rates.lines.count == 3)
    }

    /// A rate above what a device's display or digitiser can do runs as asked and says so in one line;
    /// a rate the device can do says nothing.
    @Test(
        arguments: [
            (
                ["simulate", "popup", "--device", "iphone-se", "--rate", "120"],
                "iphone-se's display refreshes at 60 Hz at most"
            ),
            (
                ["simulate", "popup", "--device", "iphone-se", "--rate", "promotion"],
                "iphone-se's display is a fixed 60 Hz, not ProMotion"
            ),
            (
                ["simulate", "popup", "--device", "ipad-air-2", "--rate", "promotion"],
                "ipad-air-2's display is a fixed 60 Hz"
            ),
            (["simulate", "popup", "--device", "iphone-15-pro", "--rate", "promotion"], nil),
            (["simulate", "popup", "--device", "iphone-15-pro", "--rate", "120"], nil),
            (["simulate", "popup", "--device", "iphone-15-pro", "--rate", "60"], nil),
            (["simulate", "popup", "--rate", "120"], nil),
        ] as [([String], String?)])
    func simulateNotes(flags: [String], note: String?) throws {
        let result = try PopSimProcess.run(flags + ["--from", "closed", "--outcome", "--synth", "tap --from 187,400"])
        #expect(result.status == 0, "\(result.stderr)")
        if let note {
            #expect(result.stderr.hasPrefix("note: ") && result.stderr.contains(note), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        } else {
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }
    }

    @Test(
        arguments: [
            (
                ["--device", "iphone-se", "--rate", "120"],
                "120 Hz is faster than iphone-se's display (60 Hz) and digitiser (60 Hz) can"
            ),
            (["--device", "iphone-15", "--rate", "120"], "120 Hz is faster than iphone-15's display (60 Hz) can"),
            (
                ["--device", "iphone-se,iphone-15-pro", "--rate", "60,120"],
                "120 Hz is faster than iphone-se's display (60 Hz) and digitiser (60 Hz) can"
            ),
            (["--device", "iphone-15-pro", "--rate", "120"], nil),
            (["--device", "iphone-se"], nil),
            (["--rate", "120"], nil),
        ] as [([String], String?)])
    func pipelineNotes(flags: [String], note: String?) throws {
        for command in [Self.sweep, Self.threshold] {
            let result = try PopSimProcess.run(command + flags)
            #expect(result.status == 0, "\(result.stderr)")
            let notes = result.stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }
            if let note {
                #expect(notes.count == 1 && notes[0].contains(note), "\(result.stderr)")
            } else {
                #expect(notes.isEmpty, "\(result.stderr)")
            }
        }
    }

    /// `--from` is required by every popup verb alike.
    @Test(arguments: [
        ["decide", "popup"], ["simulate", "popup", "--synth", "tap --from 1,1"], ["sweep", "popup"],
        ["threshold", "popup", "--velocity", "0,-10:10"],
    ])
    func everyPopupVerbRequiresFrom(command: [String]) throws {
        let result = try PopSimProcess.run(command)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--from is missing"), "\(result.stderr)")
    }

    /// `--trials` on threshold: help and behaviour agree that it starts at 2; sweep keeps 1.
    @Test func trialsRangesAgreeWithHelp() throws {
        let help = try PopSimProcess.run(["threshold", "popover", "--help"])
        #expect(help.stdout.contains("a whole number from 2 to"))
        let refused = try PopSimProcess.run(Self.threshold + ["--trials", "1"])
        #expect(refused.status == 2 && refused.stderr.contains("from 2 to"))
        let sweepHelp = try PopSimProcess.run(["sweep", "popover", "--help"])
        #expect(sweepHelp.stdout.contains("--trials K") && sweepHelp.stdout.contains("a whole number from 1 to"))
        #expect(try PopSimProcess.run(Self.sweep + ["--trials", "1"]).status == 0)
    }
}
