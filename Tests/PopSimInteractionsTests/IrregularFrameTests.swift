import Foundation
import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import PopSimTextIO
import Testing

@testable import PopSimInteractions

/// A model that records every frame tick it is given and integrates a spring frame by frame with
/// FloatingPanel's release step (`scenee/FloatingPanel@7efcc76 Sources/Core.swift:1481-1488`, implicit
/// Euler: f = 1 + 2hζω, x ← (f·x + h·v + h²ω²·xₜ)/(f + h²ω²),
/// v ← (v + hω²·(xₜ − x))/(f + h²ω²)), with the step its `frameStep` names.
struct SteppedSpringModel: InteractionModel {
    struct Frame: TraceRow {
        let x: Double
        static let columns = ["x"]
        var fields: [String] { [formatNumber(x)] }
    }

    enum Event: String, Sendable, CustomStringConvertible {
        case none
        var description: String { rawValue }
    }

    let frameStep: FrameStep
    var x = 100.0
    var v = 0.0
    var ticks: [FrameTick] = []
    var events: [TimedEvent<Event>] = []
    static let zeta = 1.0, omega = 2 * Double.pi / 0.4

    init(frameStep: FrameStep) { self.frameStep = frameStep }

    /// One FloatingPanel step of h seconds toward 0.
    static func step(_ x: inout Double, _ v: inout Double, h: Double) {
        let f = 1 + 2 * h * zeta * omega
        let det = f + h * h * omega * omega
        x = (f * x + h * v) / det
        v = (v + h * omega * omega * (0 - x)) / det
    }

    mutating func handle(_ sample: TouchSample) throws(InteractionError) {}

    mutating func advance(to time: Double, tick: FrameTick?) throws(InteractionError) {
        guard let tick else { return }
        if !ticks.isEmpty { Self.step(&x, &v, h: tick.interval(frameStep)) }
        ticks.append(tick)
    }

    var frame: Frame { Frame(x: x) }
    var needsFrames: Bool { true }
}

@Suite("Irregular frames")
struct IrregularFrameTests {
    static let stream = FrameClockTests.stream
    /// The knob's release: at 0.1 s from 100 pt, at rest, toward 0 with SwiftUI's `.bouncy`.
    static func exact() throws -> SpringSimulation { try SpringSimulation(spring: .bouncy, start: 100, end: 0) }

    /// Frame times with intervals of 3–23 ms, none on a 60 or 120 Hz grid after the first.
    static let listed: [Double] = {
        var times = [0.0]
        var interval = 0.003
        while times.last! < 1.2 {
            times.append(times.last! + interval)
            interval = interval >= 0.023 ? 0.003 : interval + 0.0047
        }
        return times
    }()

    /// The clock draws exactly the listed instants, delivers the samples due by each first (the frame
    /// after 0.05 s shows the finger's 60 pt), and ends at the last one.
    @Test func listedFrameTimesAreDrawnExactly() throws {
        var model = KnobModel()
        let trace = try FrameClock(rate: .sixty, frameTimes: Self.listed).run(&model, stream: Self.stream)
        #expect(trace.rows.map(\.time) == Self.listed.filter { $0 <= trace.rows.last!.time })
        #expect(model.handled == [0, 0.05, 0.1])
        let afterMove = try #require(trace.rows.first { $0.time >= 0.05 && $0.time < 0.1 })
        #expect(afterMove.frame.y == 60)
        var longer = KnobModel()
        let run = try FrameClock(rate: .sixty, duration: 5, frameTimes: Self.listed).run(&longer, stream: Self.stream)
        #expect(run.rows.map(\.time) == Self.listed)
    }

    /// A spring sampled at irregular instants is the closed form at those instants: the model steps with
    /// the time that elapsed, whatever the interval.
    @Test func springAtIrregularInstantsIsTheClosedForm() throws {
        let exact = try Self.exact()
        var model = KnobModel()
        let trace = try FrameClock(rate: .oneTwenty, frameTimes: Self.listed).run(&model, stream: Self.stream)
        for row in trace.rows where row.time > 0.1 {
            #expect(abs(row.frame.y - exact.position(at: row.time - 0.1)) <= 1e-11)
        }
        var jittered = KnobModel()
        let clock = FrameClock(
            rate: .oneTwenty, duration: 1.5,
            irregularity: FrameIrregularity(dropProbability: 0.2, jitter: 0.002, seed: 4))
        for row in try clock.run(&jittered, stream: Self.stream).rows where row.time > 0.1 {
            #expect(abs(row.frame.y - exact.position(at: row.time - 0.1)) <= 1e-11)
        }
    }

    /// A frame-times file: a `time` column among others, a comment, read in bounded memory as the run
    /// goes; the frames are its instants, exactly.
    @Test func aFrameTimesFileIsDrawnExactly() throws {
        let path = try Self.write(
            "# frames of a 60 Hz display that missed two\nframe,time\n"
                + Self.listed.enumerated().map { "\($0.offset),\($0.element)" }.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try FrameTimesReader.readAll(path: path, limit: 1000) == Self.listed)
        let reader = try FrameTimesReader(path: path)
        var model = KnobModel()
        var samples = Self.stream.samples[...]
        var drawn: [Double] = []
        try FrameClock(rate: .sixty, duration: 5).run(
            &model, frameTimes: { () throws(InputError) in try reader.next() },
            nextSample: { () throws(InputError) -> TouchSample? in samples.popFirst() },
            drawn: { (time: Double, _: KnobModel.Frame) throws(InputError) in drawn.append(time) },
            failure: { InputError(source: "clock", line: nil, column: nil, message: $0.description) })
        #expect(drawn == Self.listed)
    }

    @Test(arguments: [
        (
            "time\n0\n0.02\n0.01\n", 4,
            "frame time 0.01 is not after the previous one (0.02, line 3): frame times must increase"
        ),
        ("time\n0\n-0.5\n", 3, "frame time -0.5 is negative: give seconds on the touch stream's clock, from 0"),
        ("time\n0\nsoon\n", 3, "column 'time' is 'soon', not a number"),
    ])
    func frameTimesReaderLocatesErrors(text: String, line: Int, message: String) throws {
        let path = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try FrameTimesReader.readAll(path: path, limit: 10)
            Issue.record("read \(text) without an error")
        } catch {
            #expect(error.line == line)
            #expect(error.message == message)
        }
        let missing = try Self.write("t\n0\n")
        defer { try? FileManager.default.removeItem(atPath: missing) }
        #expect(throws: InputError.self) { try FrameTimesReader(path: missing) }
    }

    /// Drops and jitter are functions of the seed: the same seed draws the same frames, another seed
    /// others. Over 2400 vsyncs at P = 0.1 the dropped count is 240 ± 3σ (σ = √(2400·0.1·0.9) ≈ 14.7);
    /// jittered frames stay within ±0.45 of a vsync of it, in order, with a spread near σ (1 ms against a
    /// 3.75 ms clamp: the clamp trims 0.02 % of a normal's mass).
    @Test func dropsAndJitterAreSeededAndDeterministic() throws {
        func times(_ irregularity: FrameIrregularity) throws -> [Double] {
            var model = KnobModel()
            return try FrameClock(rate: .oneTwenty, duration: 20, irregularity: irregularity)
                .run(&model, stream: Self.stream).rows.map(\.time)
        }
        let drops = FrameIrregularity(dropProbability: 0.1, seed: 9)
        let dropped = try times(drops)
        #expect(try dropped == times(drops))
        #expect(try dropped != times(FrameIrregularity(dropProbability: 0.1, seed: 10)))
        let onGrid = dropped.allSatisfy { time in (time * 120).rounded() / 120 == time }
        #expect(onGrid)
        let missing = 2401 - dropped.count
        #expect(abs(missing - 240) <= 45)

        let jitter = FrameIrregularity(jitter: 0.001, seed: 9)
        let jittered = try times(jitter)
        #expect(try jittered == times(jitter))
        #expect(jittered.count == 2401)
        let inOrder = zip(jittered, jittered.dropFirst()).allSatisfy { pair in pair.0 < pair.1 }
        #expect(inOrder)
        let offsets: [Double] = jittered.enumerated().map { pair in pair.element - Double(pair.offset) / 120 }
        let limit = 0.45 / 120 + 1e-15
        let clamped = offsets.allSatisfy { offset in abs(offset) <= limit }
        #expect(clamped)
        #expect(offsets[0] == 0)
        let sumOfSquares: Double = offsets.reduce(0) { sum, offset in sum + offset * offset }
        let spread = (sumOfSquares / Double(offsets.count)).squareRoot()
        #expect(abs(spread / 0.001 - 1) < 0.1)
    }

    /// A dropped frame hands the model the time that passed (two vsyncs) and the display's frame
    /// duration (one); a model that steps with the nominal interval, as FloatingPanel's does, falls
    /// behind the one that steps with the elapsed time, and is exactly its own step repeated once per
    /// drawn frame.
    @Test func droppedFramesReportElapsedAndNominalIntervals() throws {
        let clock = FrameClock(
            rate: .sixty, duration: 1,
            irregularity: FrameIrregularity(dropProbability: 0.3, seed: 2))
        var nominal = SteppedSpringModel(frameStep: .nominal)
        var elapsed = SteppedSpringModel(frameStep: .elapsed)
        _ = try clock.run(&nominal, stream: TouchStream())
        _ = try clock.run(&elapsed, stream: TouchStream())
        let ticks = nominal.ticks
        #expect(ticks.count < 61 && ticks.count > 30)
        for (previous, tick) in zip(ticks, ticks.dropFirst()) {
            #expect(tick.nominalInterval == 1.0 / 60)
            #expect(tick.vsyncsSincePrevious == Int((tick.time * 60).rounded()) - Int((previous.time * 60).rounded()))
            #expect(abs(tick.elapsed - (tick.time - previous.time)) < 1e-15)
        }
        #expect(ticks.contains { $0.vsyncsSincePrevious >= 2 })
        var x = 100.0
        var v = 0.0
        for _ in 1..<ticks.count { SteppedSpringModel.step(&x, &v, h: 1.0 / 60) }
        #expect(nominal.x == x)
        #expect(elapsed.x < nominal.x)
        #expect(SteppedSpringModel(frameStep: .elapsed).frameStep == KnobModel().frameStep)
    }

    /// The thermal ramp: 120 Hz, then 80 Hz from 0.5 s, 60 Hz from 1 s; the spring stays on its closed
    /// form across the steps (the first frame of a new rate is evaluated, not propagated).
    @Test func rampStepsTheRate() throws {
        var model = KnobModel()
        let clock = FrameClock(rate: .oneTwenty, duration: 1.5, ramp: .thermalThrottling)
        let rows = try clock.run(&model, stream: Self.stream).rows
        let times = rows.map(\.time)
        let at120: [Double] = (0..<60).map { (k: Int) -> Double in Double(k) / 120 }
        let at80: [Double] = (0..<40).map { (k: Int) -> Double in 0.5 + Double(k) / 80 }
        let at60: [Double] = (0...30).map { (k: Int) -> Double in 1 + Double(k) / 60 }
        #expect(times == at120 + at80 + at60)
        let exact = try Self.exact()
        for row in rows where row.time > 0.1 {
            #expect(abs(row.frame.y - exact.position(at: row.time - 0.1)) <= 1e-11)
        }
        var idle = KnobModel()
        let proMotion = try FrameClock(rate: .proMotion, duration: 3, ramp: .thermalThrottling)
            .run(&idle, stream: Self.stream)
        let gaps = zip(proMotion.rows.dropFirst(), proMotion.rows).map { $0.time - $1.time }
        // Settled after the steps, the display idles at 10 Hz on the 60 Hz grid: every 6th vsync.
        #expect(abs(gaps.last! - 0.1) < 1e-12)
    }

    @Test func irregularSchedulesAreValidated() {
        let bad: [FrameClock] = [
            FrameClock(rate: .sixty, irregularity: FrameIrregularity(dropProbability: 1)),
            FrameClock(rate: .sixty, irregularity: FrameIrregularity(jitter: -0.001)),
            FrameClock(
                rate: .sixty,
                ramp: RefreshRateRamp(steps: [.init(start: 1, hertz: 80), .init(start: 1, hertz: 60)])),
            FrameClock(rate: .sixty, ramp: RefreshRateRamp(steps: [.init(start: 1, hertz: 0)])),
            FrameClock(rate: .sixty, frameTimes: [0, 0.02, 0.01]),
            FrameClock(rate: .sixty, frameTimes: [0, .nan]),
            FrameClock(rate: .sixty, irregularity: FrameIrregularity(dropProbability: 0.1), frameTimes: [0, 0.01]),
            FrameClock(rate: .sixty, ramp: .thermalThrottling, frameTimes: [0, 0.01]),
            FrameClock(rate: .sixty, maximumFrames: 2, frameTimes: [0, 0.01, 0.02]),
        ]
        for clock in bad {
            var model = KnobModel()
            #expect(throws: InteractionError.self) { try clock.run(&model, stream: Self.stream) }
        }
        var model = KnobModel()
        do {
            _ = try FrameClock(rate: .sixty, frameTimes: [0, 0.02, 0.01]).run(&model, stream: Self.stream)
        } catch {
            #expect(
                error.description == "frameTimes[2] = 0.01 is invalid: it must be a finite time ≥ 0, "
                    + "later than the frame before (the frame before is at 0.02 s): frame times must increase")
        }
    }

    static func write(_ text: String) throws -> String {
        let name = "popsim-frames-\(UUID().uuidString).csv"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
