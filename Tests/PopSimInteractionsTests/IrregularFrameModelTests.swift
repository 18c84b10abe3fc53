import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// PopSim's interaction models step with the time they are given: with frames dropped, or drawn at
/// irregular listed instants, every drawn state equals the regular 120 Hz run's state at the same instant
/// (both are exact solutions; the tolerances are those the frame-rate agreement tests use), and the
/// events and outcome do not change.
@Suite("Irregular frames through the models")
struct IrregularFrameModelTests {
    /// Every drawn instant of `regular` that survives a pattern of missed frames (about 40 %, none of the
    /// first five or the last): the instants a display that dropped them drew, as a list.
    static func irregularSubset(of times: [Double]) -> [Double] {
        times.enumerated().filter { frame in
            frame.offset < 5 || frame.offset == times.count - 1 || !(frame.offset % 3 == 1 || frame.offset % 7 == 4)
        }.map(\.element)
    }

    @Test(arguments: PopupSimulationTests.cases)
    func popupRespondsToTheRealIntervals(_ testCase: PopupSimulationTests.Case) throws {
        let stream = PopupTestStreams.path(from: testCase.start, at: 0, segments: testCase.segments)
        let regular = try PopupSimulation.run(testCase.configuration, stream: stream, rate: .oneTwenty)
        let byTime = Dictionary(regular.trace.rows.map { ($0.time, $0.frame) }, uniquingKeysWith: { a, _ in a })
        let listed = FrameClock(rate: .oneTwenty, frameTimes: Self.irregularSubset(of: regular.trace.rows.map(\.time)))
        let dropped = FrameClock(rate: .oneTwenty, irregularity: FrameIrregularity(dropProbability: 0.3, seed: 5))
        for clock in [listed, dropped] {
            let irregular = try PopupSimulation.run(testCase.configuration, stream: stream, clock: clock)
            #expect(irregular.outcome == regular.outcome)
            let outcome = try PopupSimulation.outcome(testCase.configuration, stream: stream, clock: clock)
            #expect(outcome == regular.outcome)
            #expect(irregular.trace.eventWords == regular.trace.eventWords)
            #expect(irregular.trace.events.map(\.time) == regular.trace.events.map(\.time))
            // A run whose last frames were dropped settles a frame later: compare the instants both drew.
            let shared = irregular.trace.rows.filter { $0.time <= regular.trace.rows.last!.time }
            #expect(shared.count > regular.trace.rows.count / 2)
            for row in shared {
                let other = try #require(byTime[row.time], "\(row.time) is not a 120 Hz instant")
                #expect(abs(row.frame.contentY - other.contentY) <= 1e-9)
                #expect(abs(row.frame.barAlpha - other.barAlpha) <= 1e-12)
                #expect(row.frame.state == other.state)
            }
        }
    }

    @Test(arguments: [0, 1, 7])
    func popoverRespondsToTheRealIntervals(caseIndex: Int) throws {
        let c = PopoversModelTests.agreementCases[caseIndex]
        let stream = TouchStream(PopoverScenes.drag(from: c.from, velocity: c.velocity, duration: c.duration))
        let configuration = PopoverScenes.configuration(c.attributes)
        let regular = try PopoverSimulation.run(configuration, stream: stream, rate: .oneTwenty, duration: 2)
        let byTime = Dictionary(regular.trace.rows.map { ($0.time, $0.frame) }, uniquingKeysWith: { a, _ in a })
        let listed = FrameClock(
            rate: .oneTwenty, duration: 2,
            frameTimes: Self.irregularSubset(of: regular.trace.rows.map(\.time)))
        let dropped = FrameClock(
            rate: .oneTwenty, duration: 2,
            irregularity: FrameIrregularity(dropProbability: 0.3, seed: 5))
        for clock in [listed, dropped] {
            let irregular = try PopoverSimulation.run(configuration, stream: stream, clock: clock)
            #expect(irregular.outcome == regular.outcome)
            #expect(try PopoverSimulation.outcome(configuration, stream: stream, clock: clock) == regular.outcome)
            #expect(irregular.trace.events.map(\.event) == regular.trace.events.map(\.event))
            #expect(irregular.trace.events.map(\.time) == regular.trace.events.map(\.time))
            #expect(irregular.trace.rows.count > regular.trace.rows.count / 2)
            for row in irregular.trace.rows {
                let other = try #require(byTime[row.time], "\(row.time) is not a 120 Hz instant")
                #expect(abs(other.origin.x - row.frame.origin.x) <= 1e-3)
                #expect(abs(other.origin.y - row.frame.origin.y) <= 1e-3)
                #expect(abs(other.opacity - row.frame.opacity) <= 1e-12)
            }
        }
    }
}
