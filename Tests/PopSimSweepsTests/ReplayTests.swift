import PopSimGestures
import PopSimInteractions
import PopSimParameters
import Testing

@testable import PopSimSweeps

/// A pipeline sweep's rows replayed by hand: the row's gesture as `popsim synth release` decodes it from
/// its words, digitised as the command streams it and run through the family's simulation scene as
/// `popsim simulate` builds it from the replay's flags, must decide what the row says.
@Suite("Pipeline replay")
struct ReplayTests {
    /// Runs a replay the way the two commands do, in process: decode the synth words into a request,
    /// stream its samples, build the scene and settings from the simulate words, run to the outcome.
    static func replayedOutcome<Family: ModelFamily>(_ replay: SweepReplay, _ family: Family.Type) throws -> String {
        let synth = try ParameterWords.decode(
            Array(replay.synth.dropFirst(3)), parameters: GestureRequest.parameters(for: .release).descriptions,
            command: "popsim synth release")
        var samples = try GestureRequest.make(.release, synth.assignments).samples()
        var stream: [TouchSample] = []
        while let sample = samples.next() { stream.append(sample) }
        let simulate = try ParameterWords.decode(
            Array(replay.simulate.dropFirst(3)),
            parameters: Family.Scene.parameters.descriptions + SimulationSettings.parameters.descriptions,
            command: "popsim simulate")
        let settings = try SimulationSettings.parameters.applying(
            simulate.assignments.filter { !Family.Scene.parameters.contains($0.parameter) },
            to: SimulationSettings())
        let scene = try Family.Scene.make(
            simulate.assignments.filter { Family.Scene.parameters.contains($0.parameter) }, settings: settings)
        var index = 0
        let clock = try settings.clock(on: scene.device)
        let (outcome, _) = try scene.run(
            clock: clock, settings: settings,
            nextSample: { () throws(InteractionError) -> TouchSample? in
                defer { index += 1 }
                return index < stream.count ? stream[index] : nil
            }, drawn: { (_: Double, _: Family.Scene.Frame) throws(InteractionError) in }, failure: { $0 })
        return outcome.word
    }

    static let sweeps: [String] = [
        // The short flick a 60 Hz pipeline leaves open while the ideal rule closes it.
        "popsim sweep popup --from open --translation 0,0:60:4 --velocity 0,-600:600:3 --pipeline --rate 60",
        "popsim sweep popup --from closed --style drag --translation 0,-200:0:3 --velocity 0,-900:300:3 "
            + "--pipeline --noise 0.4 --seed 7",
        "popsim sweep popup --device iphone-se,ipad-pro-11 --from open --translation 0,40:200:3 "
            + "--velocity 0,300 --pipeline --noise 0.3",
    ]

    @Test(arguments: sweeps)
    func popupRowsReplay(text: String) throws {
        let sweep = try Sweep<PopupFamily>(text: text)
        let table = try sweep.decisionTable()
        let rows = table.evaluate(pipeline: sweep.pipelineSettings)
        #expect(rows.count == table.count && rows.count >= 6)
        for row in rows {
            let replay = try sweep.replay(row: row.index)
            #expect(
                try Self.replayedOutcome(replay, PopupFamily.self) == row.outcome, "row \(row.index + 1) of \(text)")
        }
    }

    @Test(arguments: [
        "popsim sweep sheet --library floatingpanel --from half --translation 0,-200:200:3 "
            + "--velocity 0,-800:800:3 --pipeline --noise 0.3",
        "popsim sweep sheet --library panmodal --from long --translation 0,0:300:3 "
            + "--velocity 0,-900:900:3 --pipeline --rate 60",
    ])
    func sheetRowsReplay(text: String) throws {
        let sweep = try Sweep<SheetFamily>(text: text)
        let rows = try sweep.decisionTable().evaluate(pipeline: sweep.pipelineSettings)
        #expect(rows.count == 9)
        for row in rows {
            #expect(
                try Self.replayedOutcome(try sweep.replay(row: row.index), SheetFamily.self) == row.outcome,
                "row \(row.index + 1) of \(text)")
        }
    }

    @Test func popoverRowsReplayWithARateListAndTrials() throws {
        let sweep = try Sweep<PopoverFamily>(
            text:
                "popsim sweep popover --mode drag-down --translation 0,120 --velocity 0,800:1200:3 "
                + "--pipeline --rate 60,120 --noise 0.5 --trials 3 --estimator ios"
        )
        let table = try sweep.decisionTable()
        let settings = try #require(sweep.pipelineSettings)
        for index in 0..<table.count {
            for trial in 0..<3 {
                let replay = try sweep.replay(row: index, trial: trial)
                let expected = table.problem(at: index).pipelineOutcome(
                    table.pipeline(settings, at: index),
                    seed: settings.seed(forPoint: index, trial: trial)
                ).word
                #expect(replay.seed == settings.seed(forPoint: index, trial: trial))
                #expect(
                    try Self.replayedOutcome(replay, PopoverFamily.self) == expected, "row \(index + 1), trial \(trial)"
                )
            }
        }
    }

    /// The replay carries the row's own values: the axis values, the listed device, the row's rate.
    @Test func replayWordsNameTheRow() throws {
        let sweep = try Sweep<PopupFamily>(
            text:
                "popsim sweep popup --device iphone-se,iphone-15 --from open --translation 0,10:30:3 --velocity 0,500 "
                + "--pipeline --rate 60,120 --noise 0.2"
        )
        // Variants (device slowest, then rate) of 3 rows each: row 9 (index 8) is iphone-15, 60 Hz,
        // translation 30 (the third value).
        let replay = try sweep.replay(row: 8)
        #expect(
            replay.simulate == [
                "popsim", "simulate", "popup", "--device", "iphone-15", "--from", "open", "--rate", "60",
            ])
        #expect(
            replay.synth.contains("--translation")
                && replay.synth[replay.synth.firstIndex(of: "--translation")! + 1] == "0,30")
        #expect(replay.synth.contains("--rate") && !replay.synth.contains("--device"))
        #expect(
            replay.synth[replay.synth.firstIndex(of: "--seed")! + 1]
                == String(PipelineSettings(noise: 0.2).seed(forPoint: 8)))
        #expect(throws: ParameterError.self) { _ = try sweep.replay(row: 12) }
        #expect(throws: ParameterError.self) { _ = try sweep.replay(row: 0, trial: 1) }
        #expect(throws: ParameterError.self) {
            _ = try Sweep<PopupFamily>(text: "popsim sweep popup --from open").replay(row: 0)
        }
    }
}
