import PopSimGeometry
import PopSimGestures
import PopSimTextIO
import Testing

@testable import PopSimInteractions

/// A model that writes down every call the clock makes, in order, and whose pending work and final
/// outcome depend on what it has seen: two runs that hand it the same calls leave the same log.
struct CallLogModel: InteractionModel {
    enum Call: Equatable {
        case advance(time: Double, tick: FrameTick?)
        case handle(TouchSample)
    }

    struct Frame: TraceRow {
        let calls: Int
        static let columns = ["calls"]
        var fields: [String] { [String(calls)] }
    }

    enum Event: String, Sendable, CustomStringConvertible {
        case none
        var description: String { rawValue }
    }

    /// How long after the last sample the model keeps asking for frames, and after which its outcome
    /// is final.
    let busyFor: Double
    let finalAfter: Double
    var calls: [Call] = []
    var lastSample = -Double.infinity
    var time = -Double.infinity
    var events: [TimedEvent<Event>] = []

    mutating func handle(_ sample: TouchSample) throws(InteractionError) {
        calls.append(.handle(sample))
        lastSample = sample.time
    }

    mutating func advance(to time: Double, tick: FrameTick?) throws(InteractionError) {
        calls.append(.advance(time: time, tick: tick))
        self.time = max(self.time, time)
    }

    var frame: Frame { Frame(calls: calls.count) }
    var needsFrames: Bool { time < lastSample + busyFor }
    var outcomeIsFinal: Bool { time >= lastSample + finalAfter }
}

@Suite("The frame loop of a fixed-rate grid")
struct GridFrameLoopTests {
    /// A stream of one finger with samples at seeded, irregular times (some exactly on a vsync of the
    /// rate, some between two), `count` of them.
    static func stream(count: Int, rate: Double, seed: UInt64) -> [TouchSample] {
        var generator = Xoshiro256StarStar(seed: seed)
        var time = 0.0
        return (0..<count).map { index in
            let phase: TouchPhase = index == 0 ? .began : index == count - 1 ? .ended : .moved
            let sample = TouchSample(time: time, phase: phase, location: Point(x: 0, y: Double(index)))
            time =
                generator.nextUnitInterval() < 0.3
                ? ((time * rate).rounded(.down) + 1) / rate : time + generator.nextUnitInterval() * 2.5 / rate
            return sample
        }
    }

    /// The same clock made to take the general loop: a ramp step to its own rate at 0 changes no frame
    /// (the grid restarts at vsync 0, time 0, at the same rate) but turns the grid's fast path off.
    static func general(_ clock: FrameClock) -> FrameClock {
        var clock = clock
        clock.ramp = RefreshRateRamp(steps: [.init(start: 0, hertz: clock.rate.vsyncRate)])
        return clock
    }

    /// Every call the fast path makes, and when the run ends, is the general loop's, bit for bit: full
    /// runs, runs with a duration, and runs stopped at the final outcome, at common and odd rates.
    @Test(arguments: [60.0, 120.0, 59.94, 90, 48, 240])
    func theGridLoopMakesTheGeneralLoopsCalls(rate: Double) throws {
        for seed in UInt64(1)...12 {
            let samples = Self.stream(count: Int(seed) * 3 - 2, rate: rate, seed: seed)
            let model = CallLogModel(busyFor: Double(seed % 4) * 0.04, finalAfter: Double(seed % 3) * 0.03)
            for duration in [nil, 0.37] as [Double?] {
                let clock = FrameClock(rate: .fixed(hertz: rate), duration: duration, settleLimit: 2)
                var fast = model
                var general = model
                let fastTrace = try clock.run(&fast, stream: TouchStream(samples))
                let generalTrace = try Self.general(clock).run(&general, stream: TouchStream(samples))
                #expect(
                    fast.calls == general.calls, "rate \(rate), seed \(seed), duration \(String(describing: duration))")
                #expect(fastTrace.rows.map(\.time) == generalTrace.rows.map(\.time))
                #expect(fast.calls.contains { if case .advance(_, .some) = $0 { true } else { false } })
            }
            var fast = model
            var general = model
            let clock = FrameClock(rate: .fixed(hertz: rate))
            try clock.runUntilOutcomeIsFinal(&fast, checkingAsItGoes: samples)
            try Self.general(clock).runUntilOutcomeIsFinal(&general, checkingAsItGoes: samples)
            #expect(fast.calls == general.calls, "stopped at the final outcome: rate \(rate), seed \(seed)")
        }
    }

    /// The fast path's ticks are those of a regular grid: frame k at k / rate, one vsync apart, on the
    /// grid, the first one's elapsed time a nominal frame.
    @Test func gridTicksAreRegular() throws {
        var model = CallLogModel(busyFor: 0.2, finalAfter: 0)
        _ = try FrameClock(rate: .fixed(hertz: 60)).run(
            &model, stream: TouchStream(Self.stream(count: 5, rate: 60, seed: 3)))
        let ticks = model.calls.compactMap { call -> FrameTick? in
            if case let .advance(_, tick?) = call { return tick }
            return nil
        }
        #expect(ticks.count > 10)
        for (k, tick) in ticks.enumerated() {
            #expect(tick == FrameTick(index: k, vsyncRate: 60, vsyncsSincePrevious: 1))
            #expect(tick.time == Double(k) / 60 && tick.elapsed == 1.0 / 60 && tick.isOnVsyncGrid)
        }
    }

    /// A sample that breaks the clock's rules ends a fast-path run with the general loop's error.
    @Test func badSamplesFailAsInTheGeneralLoop() throws {
        var samples = Self.stream(count: 6, rate: 60, seed: 5)
        samples[3].time = samples[2].time - 0.001
        let clock = FrameClock(rate: .fixed(hertz: 60))
        var fast = CallLogModel(busyFor: 0, finalAfter: 0)
        var general = fast
        let fastError = #expect(throws: InteractionError.self) {
            try clock.runUntilOutcomeIsFinal(&fast, checkingAsItGoes: samples)
        }
        let generalError = #expect(throws: InteractionError.self) {
            try Self.general(clock).runUntilOutcomeIsFinal(&general, checkingAsItGoes: samples)
        }
        #expect(fastError == generalError)
        #expect(fast.calls == general.calls)
    }
}
