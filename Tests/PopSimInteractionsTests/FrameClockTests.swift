import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import PopSimTextIO
import Testing

@testable import PopSimInteractions

/// A minimal model for testing the clock: a knob that follows the finger's y while touched and springs
/// back to 0 on release.
struct KnobModel: InteractionModel {
    struct Frame: TraceRow {
        let y: Double
        let touching: Bool
        static let columns = ["y", "touching"]
        var fields: [String] { [formatNumber(y), touching ? "1" : "0"] }
    }

    enum Event: String, Sendable, CustomStringConvertible {
        case down, up
        var description: String { rawValue }
    }

    let solver: SpringSolver
    var spring: SpringTrack?
    var fingerY: Double?
    var startY = 0.0
    var y = 0.0
    var events: [TimedEvent<Event>] = []
    var handled: [Double] = []

    init(solver: SpringSolver = .analytic) { self.solver = solver }

    mutating func handle(_ sample: TouchSample) throws(InteractionError) {
        handled.append(sample.time)
        switch sample.phase {
        case .began:
            startY = sample.location.y
            fingerY = sample.location.y
            spring = nil
            events.append(.init(time: sample.time, event: .down))
        case .moved, .stationary:
            fingerY = sample.location.y
        case .ended, .cancelled:
            fingerY = nil
            y = sample.location.y - startY
            spring = try SpringTrack(spring: .bouncy, from: y, to: 0, at: sample.time, solver: solver)
            events.append(.init(time: sample.time, event: .up))
        }
    }

    mutating func advance(to time: Double, tick: FrameTick?) throws(InteractionError) {
        if let fingerY { y = fingerY - startY } else if spring != nil { y = try spring!.advance(to: time, tick: tick) }
    }

    var frame: Frame { Frame(y: y, touching: fingerY != nil) }
    var needsFrames: Bool { fingerY != nil || !(spring?.isDone(within: .default) ?? true) }
}

@Suite("Frame clock")
struct FrameClockTests {
    /// Down at 0, drag to +100 pt over 0.1 s, release at 0.1 s.
    static let stream = TouchStream([
        TouchSample(time: 0, phase: .began, location: Point(x: 0, y: 0)),
        TouchSample(time: 0.05, phase: .moved, location: Point(x: 0, y: 60)),
        TouchSample(time: 0.1, phase: .ended, location: Point(x: 0, y: 100)),
    ])

    @Test func framesLieOnTheVsyncGrid() throws {
        var model = KnobModel()
        let trace = try FrameClock(rate: .sixty).run(&model, stream: Self.stream)
        for (k, row) in trace.rows.enumerated() { #expect(row.time == Double(k) / 60) }
        #expect(model.handled == [0, 0.05, 0.1])
        #expect(trace.events.map(\.event) == [.down, .up])
    }

    /// A sample exactly on a vsync is seen by that frame: the frame at 0.05 s (k = 3 at 60 Hz) shows 60.
    @Test func samplesOnAVsyncAreDeliveredFirst() throws {
        var model = KnobModel()
        let trace = try FrameClock(rate: .sixty).run(&model, stream: Self.stream)
        #expect(trace.rows[3].frame.y == 60)
        #expect(trace.rows[2].frame.y == 0)
    }

    /// The run ends at the first frame after the release where the spring has settled, and the final
    /// frame is at rest within Flutter's default tolerance.
    @Test func runsUntilSettled() throws {
        var model = KnobModel()
        let trace = try FrameClock(rate: .oneTwenty).run(&model, stream: Self.stream)
        #expect(abs(trace.rows.last!.frame.y) <= 1e-3)
        #expect(!model.needsFrames)
        // …and not one frame later than needed: at the frame before, the exact solution (release at
        // 0.1 s from 100 pt, at rest) was still outside the tolerance in distance or speed.
        let exact = try SpringSimulation(spring: .bouncy, start: 100, end: 0)
        let previous = exact.state(at: trace.rows[trace.rows.count - 2].time - 0.1)
        #expect(abs(previous.displacement) > 1e-3 || abs(previous.velocity) > 1e-3)
    }

    @Test func fixedDurationPadsWithFrames() throws {
        var model = KnobModel()
        let trace = try FrameClock(rate: .sixty, duration: 3).run(&model, stream: Self.stream)
        #expect(trace.rows.count == 181)
        #expect(trace.rows.last!.time == 3)
    }

    /// The trace does not depend on the frame rate beyond sampling: at every 60 Hz instant the 120 Hz
    /// run shows the same value (to rounding; both are the exact solution).
    @Test func sixtyAndOneTwentyAgreeAtSharedInstants() throws {
        var m60 = KnobModel()
        var m120 = KnobModel()
        let t60 = try FrameClock(rate: .sixty, duration: 1.5).run(&m60, stream: Self.stream)
        let t120 = try FrameClock(rate: .oneTwenty, duration: 1.5).run(&m120, stream: Self.stream)
        for (k, row) in t60.rows.enumerated() {
            #expect(t120.rows[2 * k].time == row.time)
            #expect(abs(t120.rows[2 * k].frame.y - row.frame.y) <= 1e-10)
        }
    }

    /// Frames after the release come from the propagator; they must stay on the closed form.
    @Test func propagatedFramesMatchClosedForm() throws {
        var model = KnobModel()
        let trace = try FrameClock(rate: .oneTwenty, duration: 2).run(&model, stream: Self.stream)
        let exact = try SpringSimulation(spring: .bouncy, start: 100, end: 0)
        for row in trace.rows where row.time > 0.1 {
            #expect(abs(row.frame.y - exact.position(at: row.time - 0.1)) <= 1e-11)
        }
    }

    @Test func gslSolverAgreesWithAnalytic() throws {
        var analytic = KnobModel()
        var integrated = KnobModel(solver: .integrated(.rkf45, ODETolerance(absolute: 1e-10, relative: 1e-10)))
        let a = try FrameClock(rate: .sixty, duration: 1).run(&analytic, stream: Self.stream)
        let g = try FrameClock(rate: .sixty, duration: 1).run(&integrated, stream: Self.stream)
        // 1 s at 60 Hz: frames 0 … 60.
        #expect(a.rows.count == 61)
        try #require(g.rows.count == a.rows.count)
        for (ra, rg) in zip(a.rows, g.rows) { #expect(abs(ra.frame.y - rg.frame.y) <= 1e-6) }
    }

    /// Without a model's own answer a run that wants only the outcome waits for everything to settle,
    /// like a full run: the model ends in the same state.
    @Test func untilTheOutcomeIsFinalDefaultsToSettled() throws {
        var full = KnobModel()
        var stopped = KnobModel()
        _ = try FrameClock(rate: .oneTwenty).run(&full, stream: Self.stream)
        try FrameClock(rate: .oneTwenty).runUntilOutcomeIsFinal(&stopped, stream: Self.stream)
        #expect(stopped.y == full.y)
        #expect(!stopped.needsFrames)
    }

    /// A model whose outcome is final once the touches are in: the run stops right after the last
    /// sample, before any frame advances the release spring (y is still the release offset, 100 pt).
    @Test func untilTheOutcomeIsFinalStopsAtTheLastSample() throws {
        struct DecidedKnob: InteractionModel {
            var knob = KnobModel()
            var frames = 0
            mutating func handle(_ sample: TouchSample) throws(InteractionError) { try knob.handle(sample) }
            mutating func advance(to time: Double, tick: FrameTick?) throws(InteractionError) {
                if tick != nil { frames += 1 }
                try knob.advance(to: time, tick: tick)
            }
            var frame: KnobModel.Frame { knob.frame }
            var needsFrames: Bool { knob.needsFrames }
            var events: [TimedEvent<KnobModel.Event>] { knob.events }
            var outcomeIsFinal: Bool { true }
        }
        var model = DecidedKnob()
        try FrameClock(rate: .sixty).runUntilOutcomeIsFinal(&model, stream: Self.stream)
        #expect(model.knob.handled == [0, 0.05, 0.1])
        #expect(model.knob.y == 100)
        // Frames at 0, 1/60, …, 5/60 < 0.1; the sample at 0.1 = 6/60 comes before that frame is drawn.
        #expect(model.frames == 6)
    }

    /// ProMotion: every 120 Hz vsync while touching or animating, every 12th (10 Hz) when idle.
    /// `run` is a loop over `Playback.drawNextFrame()`: stepping by hand gives the same trace, frame for
    /// frame, at a fixed rate and on ProMotion; after the end nothing more is drawn, and a restart with
    /// a fresh model plays the same run again.
    @Test(arguments: [FrameRate.sixty, .proMotion])
    func playbackStepsAreTheRun(rate: FrameRate) throws {
        var model = KnobModel()
        let run = try FrameClock(rate: rate).run(&model, stream: Self.stream)
        var playback = try FrameClock.Playback(clock: FrameClock(rate: rate), model: KnobModel(), stream: Self.stream)
        var frames = 0
        while try playback.drawNextFrame() {
            frames += 1
            #expect(playback.trace.rows.count == frames)
        }
        #expect(playback.isFinished)
        #expect(try playback.drawNextFrame() == false)
        for attempt in 0..<2 {
            let trace = playback.trace
            try #require(trace.rows.count == run.rows.count)
            for (a, b) in zip(trace.rows, run.rows) {
                #expect(a.time == b.time && a.frame.fields == b.frame.fields, "attempt \(attempt)")
            }
            #expect(trace.events.map(\.event) == run.events.map(\.event))
            #expect(trace.events.map(\.time) == run.events.map(\.time))
            playback.restart(with: KnobModel())
            #expect(!playback.isFinished && playback.trace.rows.isEmpty)
            while try playback.drawNextFrame() {}
        }
    }

    @Test func proMotionDropsToIdleRate() throws {
        var model = KnobModel()
        let late = TouchStream([
            TouchSample(time: 1, phase: .began, location: .zero),
            TouchSample(time: 1.05, phase: .ended, location: Point(x: 0, y: 10)),
        ])
        let trace = try FrameClock(rate: .proMotion, duration: 4).run(&model, stream: late)
        let times = trace.rows.map(\.time)
        // Idle before the touch: 0, 0.1, …, 0.9, then 120 Hz from the touch at 1.0.
        #expect(Array(times.prefix(10)) == (0..<10).map { Double($0 * 12) / 120 })
        #expect(times[10] == 1.0)
        #expect(times[11] == 121.0 / 120)
        // Idle again at the end: the last gaps are 0.1 s.
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(abs(gaps.last! - 0.1) < 1e-12)
        #expect(gaps.contains { abs($0 - 1.0 / 120) < 1e-12 })
    }

    @Test func traceCSV() throws {
        var model = KnobModel()
        let trace = try FrameClock(rate: .sixty, duration: 0.05).run(&model, stream: Self.stream)
        let sink = StringSink()
        try trace.write(to: sink)
        #expect(sink.text.hasPrefix("time,y,touching\n0.0,0.0,1\n"))
        let events = StringSink()
        try trace.writeEvents(to: events)
        #expect(events.text == "time,event\n0.0,down\n")
    }

    @Test func frameRateParsing() {
        #expect(FrameRate(parsing: "60") == .sixty)
        #expect(FrameRate(parsing: "120") == .oneTwenty)
        #expect(FrameRate(parsing: "promotion") == .proMotion)
        #expect(FrameRate(parsing: "0") == nil)
        #expect(FrameRate(parsing: "fast") == nil)
        #expect(FrameRate.proMotion.idleStride == 12)
    }
}

@Suite("Spring tracks")
struct SpringTrackTests {
    @Test func retargetKeepsPositionAndVelocity() throws {
        var track = try SpringTrack(spring: .swiftUIDefault, from: 0, to: 100, at: 0)
        try track.advance(to: 0.2)
        let (p, v) = (track.position, track.velocity)
        try track.retarget(to: 300, at: 0.2)
        #expect(abs(track.position - p) < 1e-12)
        #expect(abs(track.velocity - v) < 1e-12)
        try track.advance(to: 10)
        #expect(abs(track.position - 300) < 1e-6)
    }

    @Test func integratedTrackRetargets() throws {
        var track = try SpringTrack(
            spring: .swiftUIDefault, from: 0, to: 100, at: 0,
            solver: .integrated(.rk8pd, ODETolerance(absolute: 1e-12, relative: 1e-12)))
        var exact = SpringAnimation(spring: .swiftUIDefault, from: 0, to: 100)
        try track.advance(to: 0.2)
        try track.retarget(to: -50, at: 0.2)
        exact.retarget(to: -50, at: 0.2)
        try track.advance(to: 0.5)
        #expect(abs(track.position - exact.position(at: 0.5)) < 1e-8)
    }

    @Test func pointTrack() throws {
        var track = try PointSpringTrack(spring: .snappy, from: Point(x: 10, y: 20), to: Point(x: 110, y: -80), at: 1)
        try track.advance(to: 1)
        #expect(track.position == Point(x: 10, y: 20))
        try track.advance(to: 20)
        #expect(track.isDone(within: .default))
        #expect(track.target == Point(x: 110, y: -80))
    }

    @Test func solverParsing() {
        #expect(SpringSolver(parsing: "analytic") == .analytic)
        #expect(SpringSolver(parsing: "rkf45") == .integrated(.rkf45, ODETolerance()))
        #expect(SpringSolver(parsing: "euler") == nil)
    }
}

@Suite("Frame clock guards")
struct FrameClockGuardTests {
    @Test func nonFiniteSampleTimeIsRejected() {
        var model = KnobModel()
        let stream = TouchStream([TouchSample(time: .nan, phase: .began, location: .zero)])
        #expect(throws: InteractionError.self) { _ = try FrameClock(rate: .sixty).run(&model, stream: stream) }
    }

    @Test func samplesOutOfOrderAreRejected() {
        var model = KnobModel()
        let stream = TouchStream([
            TouchSample(time: 0.2, phase: .began, location: .zero, touch: 0),
            TouchSample(time: 0.1, phase: .began, location: .zero, touch: 1),
        ])
        #expect(throws: InteractionError.self) { _ = try FrameClock(rate: .sixty).run(&model, stream: stream) }
    }

    /// The idle stride of any ProMotion rates is a count: 120/10 Hz idles every 12th vsync; an idle
    /// rate of 0 or NaN, or one above the active rate, never idles (it used to trap converting ∞).
    @Test func idleStrideIsAlwaysACount() {
        #expect(FrameRate.proMotion.idleStride == 12)
        #expect(FrameRate.proMotion(active: 120, idle: 0).idleStride == 1)
        #expect(FrameRate.proMotion(active: 120, idle: .nan).idleStride == 1)
        #expect(FrameRate.proMotion(active: 60, idle: 120).idleStride == 1)
        #expect(FrameRate.proMotion(active: 1e300, idle: 1).idleStride == Int(Int32.max))
    }

    /// A run longer than the frame limit is refused before it starts (instead of running for days).
    @Test func absurdDurationIsRejected() {
        var model = KnobModel()
        #expect(throws: InteractionError.self) {
            _ = try FrameClock(rate: .oneTwenty, duration: 1e9).run(&model, stream: TouchStream())
        }
        let late = TouchStream([TouchSample(time: 1e12, phase: .began, location: .zero)])
        #expect(throws: InteractionError.self) { _ = try FrameClock(rate: .sixty).run(&model, stream: late) }
    }
}

@Suite("Frame clock, streamed")
struct FrameClockStreamingTests {
    /// Pulling samples one at a time and taking frames as they are drawn gives the same trace as the
    /// in-memory run, at every rate.
    @Test(arguments: [FrameRate.sixty, .oneTwenty, .proMotion])
    func streamedRunMatchesTheTrace(rate: FrameRate) throws {
        var batchModel = KnobModel()
        let trace = try FrameClock(rate: rate).run(&batchModel, stream: FrameClockTests.stream)
        var model = KnobModel()
        var next = 0
        var rows: [(Double, KnobModel.Frame)] = []
        try FrameClock(rate: rate).run(
            &model,
            nextSample: { () throws(InteractionError) -> TouchSample? in
                defer { next += 1 }
                return next < FrameClockTests.stream.count ? FrameClockTests.stream[next] : nil
            }, drawn: { (time, frame) throws(InteractionError) in rows.append((time, frame)) }, failure: { $0 })
        #expect(rows.count == trace.rows.count)
        #expect(rows.map(\.0) == trace.rows.map(\.time))
        #expect(rows.map(\.1.fields) == trace.rows.map(\.frame.fields))
        #expect(model.events.map(\.time) == trace.events.map(\.time))
    }

    /// A sample out of order ends the streamed run with the frames before it already handed out.
    @Test func aBadSampleStopsTheRunWhereItIs() {
        var model = KnobModel()
        let samples = [
            TouchSample(time: 0, phase: .began, location: .zero),
            TouchSample(time: 0.5, phase: .moved, location: .zero),
            TouchSample(time: 0.4, phase: .ended, location: .zero),
        ]
        var next = 0
        var drawn = 0
        #expect(throws: InteractionError.self) {
            try FrameClock(rate: .sixty).run(
                &model,
                nextSample: { () throws(InteractionError) -> TouchSample? in
                    defer { next += 1 }
                    return next < samples.count ? samples[next] : nil
                }, drawn: { (_, _) throws(InteractionError) in drawn += 1 }, failure: { $0 })
        }
        // Frames 0…29 (t < 0.5 s) were drawn; the sample at 0.4 s, read after the one at 0.5 s while the
        // frame at 0.5 s was being prepared, stopped the run.
        #expect(drawn == 30)
    }

    @Test func sampleCheckAppliesTheClocksRules() throws {
        var check = FrameClock(rate: .sixty).sampleCheck
        try check.admit(TouchSample(time: 0, phase: .began, location: .zero))
        #expect(throws: InteractionError.self) {
            try check.admit(TouchSample(time: -1, phase: .moved, location: .zero))
        }
        var late = FrameClock(rate: .sixty).sampleCheck
        // 60 Hz × (1e6 s + 60 s settle limit) is more than the 10 million frame limit.
        #expect(throws: InteractionError.self) {
            try late.admit(TouchSample(time: 1e6, phase: .began, location: .zero))
        }
    }
}
