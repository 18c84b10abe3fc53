import PopSimDynamics
import FrameBench
import PopSimGeometry
import PopSimGestures
import PopSimInteractions

/// Benchmarks of the Interactions module: one frame of each model while a finger drags (Popovers,
/// LNPopupController snap and drag), the frame clock's spring-track step, and a whole interaction of
/// each model (a synthesised swipe in, a trace out), both as one simulation run per operation and frame
/// by frame on the frame clock (the whole-interaction target is judged on the latter).
enum InteractionsSuite: BenchmarkSuite {
    static let group = "Interactions"
    static let popoversDrag = "\(group)/Popovers drag frame (handle moved + advance + frame)"
    static let popupSnapDrag = "\(group)/LNPopupController snap frame, pulling the open popup (handle moved + advance + frame)"
    static let popupDrag = "\(group)/LNPopupController drag frame, pulling the open popup (handle moved + advance + frame)"
    static let springTrackAnalytic = "\(group)/frame clock: SpringTrack frame step, analytic (exact propagator)"

    static func benchmarks() -> [Benchmark] {
        dragFrames() + springTracks() + wholeRuns()
    }

    static func scenarios() -> [FrameLoopScenario] {
        [
            FrameLoopScenario(group: group, name: "whole interaction, Popovers: swipe down and dismiss",
                              detail: popoverSwipeDetail, isWholeInteraction: true) { rate in
                let stream = try popoverSwipe()
                let frames = try PopoverSimulation.run(popoverConfiguration, stream: stream, rate: .fixed(hertz: Double(rate.hertz))).trace.rows.count
                return try playByFrame(stream: stream, rate: rate, expectedFrames: frames) {
                    try PopoverInteractionModel(configuration: popoverConfiguration)
                }
            },
            FrameLoopScenario(group: group, name: "whole interaction, LNPopupController: flick the bar open",
                              detail: popupFlickDetail, isWholeInteraction: true) { rate in
                let stream = try popupFlick()
                let frames = try PopupSimulation.run(PopupConfiguration(), stream: stream, rate: .fixed(hertz: Double(rate.hertz))).trace.rows.count
                return try playByFrame(stream: stream, rate: rate, expectedFrames: frames) { try PopupModel(configuration: PopupConfiguration()) }
            },
        ]
    }

    static func targets() -> [Target] {
        [
            Target("zero allocations: Popovers drag frame", .allocationsPerOperation(benchmark: popoversDrag, atMost: 0)),
            Target("zero allocations: LNPopupController snap frame", .allocationsPerOperation(benchmark: popupSnapDrag, atMost: 0)),
            Target("zero allocations: LNPopupController drag frame", .allocationsPerOperation(benchmark: popupDrag, atMost: 0)),
            Target("zero allocations: SpringTrack frame step", .allocationsPerOperation(benchmark: springTrackAnalytic, atMost: 0)),
        ]
    }

    // MARK: Scenes

    /// A 200 × 100 popover centred on the 393 × 852 iPhone window (centre (196.5, 426)), dismissed by
    /// dragging down, SwiftUI's velocity estimator (the model's defaults).
    static let popoverConfiguration = PopoverModelConfiguration(
        window: .iPhone,
        popovers: [PopoverAttributes(size: Size(width: 200, height: 100), position: .absolute(originAnchor: .center, popoverAnchor: .center),
                                     sourceFrame: PopoverWindow.iPhone.bounds, dismissal: .init(mode: .dragDown))])
    static let popoverCentre = Point(x: 196.5, y: 426)
    /// A finger on the open popup's content, and on the closed popup's bar (LNPopupController's default
    /// geometry: 393 × 852, bar docked at 769).
    static let popupContent = Point(x: 196.5, y: 300)
    static let popupBar = Point(x: 196.5, y: 745)

    /// A ProMotion iPhone's touches (120 Hz scan and delivery, @3x) with 0.3 pt of sensor noise.
    static var proMotion: Digitiser {
        var digitiser = DevicePreset.iPhoneProMotion.digitiser
        digitiser.positionNoise = 0.3
        return digitiser
    }

    static let popoverSwipeDetail = "160 pt flick down at 1 200 pt/s, iphone-promotion digitiser with 0.3 pt noise; stream in, trace row out per frame, until settled, then again"
    static func popoverSwipe() throws -> TouchStream {
        try GestureScript.swipe(from: popoverCentre, to: popoverCentre + Vector(dx: 0, dy: 160), releaseVelocity: 1_200)
            .touchStream(digitiser: proMotion, seed: 1)
    }

    static let popupFlickDetail = "200 pt flick up from the bar at 1 500 pt/s (automatic style: snap open), iphone-promotion digitiser with 0.3 pt noise; stream in, trace row out per frame, until settled, then again"
    static func popupFlick() throws -> TouchStream {
        try GestureScript.swipe(from: popupBar, to: popupBar + Vector(dx: 0, dy: -200), releaseVelocity: 1_500)
            .touchStream(digitiser: proMotion, seed: 2)
    }

    // MARK: Drag frames

    /// The finger's travel below where it touched down at frame k: a triangle wave between 20 and 200 pt
    /// (1 200 pt/s at 120 Hz), so the drag goes on forever, never reaches the snap trigger (272.6 pt)
    /// and keeps changing direction.
    @inline(__always)
    static func travel(_ k: Int) -> Double {
        let phase = k % 36
        return 20 + 10 * Double(phase < 18 ? phase : 36 - phase)
    }

    /// One frame of a drag: the moved sample of frame k, then the frame at the same instant (the
    /// sample is on the vsync, as the frame clock delivers it), then the drawn state. Setup delivers
    /// the touch-down and 12 frames of drag, so the drag has begun (and its first, animated update
    /// has been made) before timing.
    static func dragFrame<Model: InteractionModel>(_ name: String, from start: Point, make: @escaping () throws -> Model,
                                                   read: @escaping (Model.Frame) -> Double) -> Benchmark {
        Benchmark(group: group, name: name, operation: "frame") {
            // The workload reaches its state through these objects (captured, so they live as long as it).
            let slot = Slot(try make())
            let counter = Slot(0)
            let start = opaque(start)
            try slot.pointer.pointee.handle(TouchSample(time: 0, phase: .began, location: start))
            func frame() throws -> Double {
                let model = slot.pointer
                counter.pointer.pointee += 1
                let k = counter.pointer.pointee
                let tick = FrameTick(index: k, vsyncRate: 120, vsyncsSincePrevious: 1)
                try model.pointee.handle(TouchSample(time: tick.time, phase: .moved, location: start + Vector(dx: 0, dy: travel(k))))
                try model.pointee.advance(to: tick.time, tick: tick)
                return read(model.pointee.frame)
            }
            for _ in 0..<12 { _ = try frame() }
            return { n in
                var sum = 0.0
                for _ in 0..<n { sum += try frame() }
                blackHole(sum)
            }
        }
    }

    static func dragFrames() -> [Benchmark] {
        [
            dragFrame(String(popoversDrag.dropFirst(group.count + 1)), from: popoverCentre,
                      make: { try PopoverInteractionModel(configuration: popoverConfiguration) }, read: { $0.origin.y }),
            dragFrame(String(popupSnapDrag.dropFirst(group.count + 1)), from: popupContent,
                      make: { try PopupModel(configuration: PopupConfiguration(style: .snap, initialState: .open)) }, read: { $0.contentY }),
            dragFrame(String(popupDrag.dropFirst(group.count + 1)), from: popupContent,
                      make: { try PopupModel(configuration: PopupConfiguration(style: .drag, initialState: .open)) }, read: { $0.contentY }),
        ]
    }

    // MARK: Spring tracks

    /// One drawn frame of a spring track at 120 Hz: a release 120 pt from its target at −800 pt/s,
    /// retargeted (to the other end) every 200 frames, as the frame clock drives a popup's content.
    static func springTracks() -> [Benchmark] {
        let solvers: [(String, SpringSolver)] = [
            (String(springTrackAnalytic.dropFirst(group.count + 1)), .analytic),
            ("frame clock: SpringTrack frame step, GSL rkf45", .integrated(.rkf45, ODETolerance())),
        ]
        return solvers.map { name, solver in
            Benchmark(group: group, name: name, operation: "frame") {
                let slot = Slot(try SpringTrack(spring: opaque(BenchSprings.underdamped), from: BenchSprings.displacement, to: 0,
                                                velocity: BenchSprings.velocity, at: 0, solver: solver))
                let counter = Slot(0)
                return { n in
                    let track = slot.pointer
                    var sum = 0.0, k = counter.pointer.pointee
                    defer { counter.pointer.pointee = k }
                    for _ in 0..<n {
                        k += 1
                        let tick = FrameTick(index: k, vsyncRate: 120, vsyncsSincePrevious: 1)
                        if k % BenchSprings.episode == 0 {
                            try track.pointee.retarget(to: track.pointee.target == 0 ? BenchSprings.displacement : 0, at: tick.time)
                        }
                        sum += try track.pointee.advance(to: tick.time, tick: tick)
                    }
                    blackHole(sum)
                }
            }
        }
    }

    // MARK: Whole runs

    /// `PopoverSimulation.run` / `PopupSimulation.run` on the swipe at 120 Hz: stream in, trace out,
    /// everything a caller pays (the model, the trace and event arrays), per drawn frame.
    static func wholeRuns() -> [Benchmark] {
        let popoverFrames = (try? PopoverSimulation.run(popoverConfiguration, stream: popoverSwipe(), rate: .oneTwenty).trace.rows.count) ?? 1
        let popupFrames = (try? PopupSimulation.run(PopupConfiguration(), stream: popupFlick(), rate: .oneTwenty).trace.rows.count) ?? 1
        return [
            Benchmark(group: group, name: "PopoverSimulation.run, swipe down and dismiss, 120 Hz (per frame)", operation: "frame",
                      operationsPerIteration: max(popoverFrames, 1)) {
                let stream = try popoverSwipe()
                let configuration = opaque(popoverConfiguration)
                return { n in
                    var sum = 0.0
                    for _ in 0..<n {
                        let result = try PopoverSimulation.run(configuration, stream: stream, rate: .oneTwenty)
                        sum += result.trace.rows[result.trace.rows.count - 1].frame.origin.y
                    }
                    blackHole(sum)
                }
            },
            Benchmark(group: group, name: "PopupSimulation.run, flick the bar open, 120 Hz (per frame)", operation: "frame",
                      operationsPerIteration: max(popupFrames, 1)) {
                let stream = try popupFlick()
                let configuration = opaque(PopupConfiguration())
                return { n in
                    var sum = 0.0
                    for _ in 0..<n {
                        let result = try PopupSimulation.run(configuration, stream: stream, rate: .oneTwenty)
                        sum += result.trace.rows[result.trace.rows.count - 1].frame.contentY
                    }
                    blackHole(sum)
                }
            },
        ]
    }

    /// A whole interaction frame by frame, as `FrameClock.run` plays it at a fixed rate: before each
    /// vsync the samples due by then are delivered (the model advanced to each sample's time first), then
    /// the model is advanced to the frame and its drawn state appended to the trace, until the stream is
    /// delivered and nothing is pending. Setup checks that a run has exactly the frames of the library's
    /// own run (`expectedFrames`). The trace's storage is reserved in setup, so a frame appends without
    /// allocating. After the last frame of a run, the next frame starts the interaction again with a
    /// fresh copy of the model: that frame pays for the copy-on-write of the model's arrays and the event
    /// log's first appends (the allocation column is their average over all frames).
    static func playByFrame<Model: InteractionModel>(stream: TouchStream, rate: FrameBench.FrameRate, expectedFrames: Int,
                                                     make: () throws -> Model) throws -> FrameWork {
        let samples = stream.samples
        let vsync = Double(rate.hertz)
        let fresh = try make()
        let slot = Slot(fresh)
        // One run to size the trace (every run of the same stream has the same length).
        var length = 0
        do {
            var probe = fresh, next = 0, j = 0
            while true {
                let time = Double(j) / vsync
                while next < samples.count && samples[next].time <= time {
                    try probe.advance(to: samples[next].time, tick: nil)
                    try probe.handle(samples[next])
                    next += 1
                }
                try probe.advance(to: time, tick: FrameTick(index: j, vsyncRate: vsync, vsyncsSincePrevious: 1))
                j += 1
                if next == samples.count && !probe.hasPendingWork { break }
            }
            length = j
        }
        guard length == expectedFrames else {
            throw FrameLoopMismatch(what: "\(Model.self) frames per run", frameByFrame: length, frameClock: expectedFrames)
        }
        let trace = Slot([(time: Double, frame: Model.Frame)]())
        trace.pointer.pointee.reserveCapacity(length)
        // (next sample, first frame of this run, whether this run has ended)
        let progress = Slot((next: 0, first: 0, finished: false))
        return { frame in
            let model = slot.pointer, p = progress.pointer
            if p.pointee.finished {
                model.pointee = fresh
                trace.pointer.pointee.removeAll(keepingCapacity: true)
                p.pointee = (next: 0, first: frame, finished: false)
            }
            let j = frame - p.pointee.first
            let time = Double(j) / vsync
            while p.pointee.next < samples.count && samples[p.pointee.next].time <= time {
                let sample = samples[p.pointee.next]
                try model.pointee.advance(to: sample.time, tick: nil)
                try model.pointee.handle(sample)
                p.pointee.next += 1
            }
            try model.pointee.advance(to: time, tick: FrameTick(index: j, vsyncRate: vsync, vsyncsSincePrevious: 1))
            trace.pointer.pointee.append((time: time, frame: model.pointee.frame))
            if p.pointee.next == samples.count && !model.pointee.hasPendingWork { p.pointee.finished = true }
        }
    }
}

/// The frame-by-frame loop did not play the interaction as the frame clock does, so its times would
/// describe a different run.
struct FrameLoopMismatch: Error, CustomStringConvertible {
    let what: String
    let frameByFrame: Int
    let frameClock: Int

    var description: String {
        "the frame-by-frame loop and FrameClock.run disagree on the \(what) (\(frameByFrame) vs \(frameClock)); update the loop to match FrameClock.run"
    }
}
