import FrameBench
import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import PopSimInteractions

/// Benchmarks of the Interactions module: one frame of each model while a finger drags (Popovers,
/// LNPopupController snap and drag, FloatingPanel and PanModal sheets), the frame clock's spring-track
/// step, and a whole interaction of
/// each model (a synthesised swipe in, a trace out), both as one simulation run per operation and frame
/// by frame on the frame clock (the whole-interaction target is judged on the latter).
enum InteractionsSuite: BenchmarkSuite {
    static let group = "Interactions"
    static func handle(_ name: String) -> BenchmarkHandle { BenchmarkHandle(group: group, name: name) }
    static let popoversDrag = handle("Popovers drag frame (handle moved + advance + frame)")
    static let popupSnapDrag = handle(
        "LNPopupController snap frame, pulling the open popup (handle moved + advance + frame)")
    static let popupDrag = handle(
        "LNPopupController drag frame, pulling the open popup (handle moved + advance + frame)")
    static let menuDrag = handle("Popovers Menu drag frame, hovering an item (handle moved + advance + frame)")
    static let floatingPanelDrag = handle(
        "FloatingPanel sheet frame, dragging from half (handle moved + advance + frame)")
    static let panModalDrag = handle(
        "PanModal sheet frame, dragging from the short form (handle moved + advance + frame)")
    static let floatingPanelScrollDrag = handle(
        "FloatingPanel sheet frame with a scroll view, "
            + "scrolling its content at full (handle moved + advance + frame)")
    static let springTrackAnalytic = handle("frame clock: SpringTrack frame step, analytic (exact propagator)")

    static func benchmarks() -> [Benchmark] {
        dragFrames() + springTracks() + wholeRuns()
    }

    static func scenarios() -> [FrameLoopScenario] {
        [
            FrameLoopScenario(
                group: group, name: "whole interaction, Popovers: swipe down and dismiss",
                detail: popoverSwipeDetail, isWholeInteraction: true
            ) { rate in
                try playback(
                    stream: try popoverSwipe(), rate: rate,
                    model: try PopoverInteractionModel(configuration: popoverConfiguration))
            },
            FrameLoopScenario(
                group: group, name: "whole interaction, LNPopupController: flick the bar open",
                detail: popupFlickDetail, isWholeInteraction: true
            ) { rate in
                try playback(
                    stream: try popupFlick(), rate: rate, model: try PopupModel(configuration: PopupConfiguration()))
            },
            FrameLoopScenario(
                group: group, name: "whole interaction, FloatingPanel: flick from half to full",
                detail: sheetFlickDetail, isWholeInteraction: true
            ) { rate in
                try playback(
                    stream: try sheetFlick(), rate: rate,
                    model: try SheetModel(configuration: try floatingPanelConfiguration()))
            },
        ]
    }

    static func targets() -> [Target] {
        [
            Target("whole interaction frame at p99", .wholeInteractionShare(rate: .hz120, atMostFraction: 0.001)),
            Target(
                "zero allocations: Popovers drag frame", .allocationsPerOperation(benchmark: popoversDrag, atMost: 0)),
            Target(
                "zero allocations: Popovers Menu drag frame", .allocationsPerOperation(benchmark: menuDrag, atMost: 0)),
            Target(
                "zero allocations: LNPopupController snap frame",
                .allocationsPerOperation(benchmark: popupSnapDrag, atMost: 0)),
            Target(
                "zero allocations: LNPopupController drag frame",
                .allocationsPerOperation(benchmark: popupDrag, atMost: 0)),
            Target(
                "zero allocations: FloatingPanel sheet frame",
                .allocationsPerOperation(benchmark: floatingPanelDrag, atMost: 0)),
            Target(
                "zero allocations: PanModal sheet frame", .allocationsPerOperation(benchmark: panModalDrag, atMost: 0)),
            Target(
                "zero allocations: FloatingPanel sheet frame with a scroll view",
                .allocationsPerOperation(benchmark: floatingPanelScrollDrag, atMost: 0)),
            Target(
                "zero allocations: SpringTrack frame step",
                .allocationsPerOperation(benchmark: springTrackAnalytic, atMost: 0)),
        ]
    }

    // MARK: Scenes

    /// A 200 × 100 popover centred on the 393 × 852 iPhone window (centre (196.5, 426)), dismissed by
    /// dragging down, SwiftUI's velocity estimator (the model's defaults).
    static let popoverConfiguration = PopoverModelConfiguration(
        window: .iPhone,
        popovers: [
            PopoverAttributes(
                size: Size(width: 200, height: 100), position: .absolute(originAnchor: .center, popoverAnchor: .center),
                sourceFrame: PopoverWindow.iPhone.bounds, dismissal: .init(mode: .dragDown))
        ])
    static let popoverCentre = Point(x: 196.5, y: 426)
    /// The Menu template on main (item hits follow the drawn scale): a 93 × 44 label at (150, 100) whose
    /// 240 × 176 menu opens below it with four 44 pt rows from y = 152; the finger presses the label's
    /// centre, then moves back and forth 40-57 pt below it, inside the first row (y 162-179): every move
    /// hit-tests the items, and the hovered item (an event) changes once, when the menu opens.
    static let menuConfiguration = MenuConfiguration(
        libraryVersion: .main, labelFrame: Rect(x: 150, y: 100, width: 93, height: 44))
    static let menuLabel = Point(x: 196.5, y: 122)
    static func menuTravel(_ k: Int) -> Double { 40 + Double(k % 18) }
    /// A finger on the open popup's content, and on the closed popup's bar (LNPopupController's default
    /// geometry: 393 × 852, bar docked at 769).
    static let popupContent = Point(x: 196.5, y: 300)
    static let popupBar = Point(x: 196.5, y: 745)
    /// Sheets on the 393 × 852 window: a FloatingPanel with full 80, half 426, tip 700 resting at half,
    /// and a PanModal with long 80, short 500 resting at the short form; the finger touches down 44 pt
    /// inside the moving edge (the pipeline's touch-down).
    static func floatingPanelConfiguration() throws -> SheetConfiguration {
        SheetConfiguration(
            layout: try SheetLayout(
                library: .floatingPanel,
                stops: [
                    SheetStop(.full, y: 80), SheetStop(.half, y: 426),
                    SheetStop(.tip, y: 700),
                ]), initialStop: .half)
    }
    static func panModalConfiguration() throws -> SheetConfiguration {
        SheetConfiguration(
            layout: try SheetLayout(library: .panModal, stops: [SheetStop(.long, y: 80), SheetStop(.short, y: 500)]),
            initialStop: .short)
    }
    /// The same panel at full with a scroll view: 2000 pt of content scrolled 1000 pt down, so the drag
    /// frames (20-200 pt below the touch) scroll it and the panel's handlers arbitrate every sample.
    static func floatingPanelScrollConfiguration() throws -> SheetConfiguration {
        var configuration = try floatingPanelConfiguration()
        configuration.initialStop = .full
        configuration.scrollView = SheetScrollView(contentHeight: 2000, contentOffset: 1000)
        return configuration
    }
    static let floatingPanelScrollTouch = Point(x: 196.5, y: 200)
    static let floatingPanelTouch = Point(x: 196.5, y: 470)
    static let panModalTouch = Point(x: 196.5, y: 544)

    /// A ProMotion iPhone's touches (120 Hz scan and delivery, @3x) with 0.3 pt of sensor noise.
    static var proMotion: Digitiser {
        var digitiser = DevicePreset.iPhoneProMotion.digitiser
        digitiser.positionNoise = 0.3
        return digitiser
    }

    static let popoverSwipeDetail =
        "160 pt flick down at 1 200 pt/s, iphone-15-pro digitiser with 0.3 pt noise; stream in, "
        + "trace row out per frame, until settled, then again"
    static func popoverSwipe() throws -> TouchStream {
        try GestureScript.swipe(from: popoverCentre, to: popoverCentre + Vector(dx: 0, dy: 160), releaseVelocity: 1_200)
            .touchStream(digitiser: proMotion, seed: 1)
    }

    static let popupFlickDetail =
        "200 pt flick up from the bar at 1 500 pt/s (automatic style: snap open), "
        + "iphone-15-pro digitiser with 0.3 pt noise; stream in, trace row out per frame, until settled, then again"
    static func popupFlick() throws -> TouchStream {
        try GestureScript.swipe(from: popupBar, to: popupBar + Vector(dx: 0, dy: -200), releaseVelocity: 1_500)
            .touchStream(digitiser: proMotion, seed: 2)
    }

    static let sheetFlickDetail =
        "150 pt flick up from half at 1 200 pt/s (FloatingPanel full 80, half 426, "
        + "tip 700: settles on full by its own integrator), iphone-15-pro digitiser with 0.3 pt noise; stream in, "
        + "trace row out per frame, until settled, then again"
    static func sheetFlick() throws -> TouchStream {
        try GestureScript.swipe(
            from: floatingPanelTouch, to: floatingPanelTouch + Vector(dx: 0, dy: -150), releaseVelocity: 1_200
        )
        .touchStream(digitiser: proMotion, seed: 3)
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
    static func dragFrame<Model: InteractionModel>(
        _ handle: BenchmarkHandle, from start: Point, travel: @escaping (Int) -> Double = travel,
        make: @escaping () throws -> Model,
        read: @escaping (Model.Frame) -> Double
    ) -> Benchmark {
        Benchmark(handle, operation: "frame") {
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
                try model.pointee.handle(
                    TouchSample(time: tick.time, phase: .moved, location: start + Vector(dx: 0, dy: travel(k))))
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
            dragFrame(
                popoversDrag, from: popoverCentre,
                make: { try PopoverInteractionModel(configuration: popoverConfiguration) }, read: { $0.origin.y }),
            dragFrame(
                menuDrag, from: menuLabel, travel: menuTravel,
                make: { try PopoverMenuModel(configuration: menuConfiguration) },
                read: { $0.scale + Double($0.hoveredItem ?? -1) }),
            dragFrame(
                popupSnapDrag, from: popupContent,
                make: { try PopupModel(configuration: PopupConfiguration(style: .snap, initialState: .open)) },
                read: { $0.contentY }),
            dragFrame(
                popupDrag, from: popupContent,
                make: { try PopupModel(configuration: PopupConfiguration(style: .drag, initialState: .open)) },
                read: { $0.contentY }),
            dragFrame(
                floatingPanelDrag, from: floatingPanelTouch,
                make: { try SheetModel(configuration: try floatingPanelConfiguration()) }, read: { $0.y }),
            dragFrame(
                panModalDrag, from: panModalTouch,
                make: { try SheetModel(configuration: try panModalConfiguration()) }, read: { $0.y }),
            dragFrame(
                floatingPanelScrollDrag, from: floatingPanelScrollTouch,
                make: { try SheetModel(configuration: try floatingPanelScrollConfiguration()) },
                read: { $0.y + $0.contentOffset }),
        ]
    }

    // MARK: Spring tracks

    /// One drawn frame of a spring track at 120 Hz: a release 120 pt from its target at −800 pt/s,
    /// retargeted (to the other end) every 200 frames, as the frame clock drives a popup's content.
    static func springTracks() -> [Benchmark] {
        let solvers: [(BenchmarkHandle, SpringSolver)] = [
            (springTrackAnalytic, .analytic),
            (handle("frame clock: SpringTrack frame step, GSL rkf45"), .integrated(.rkf45, ODETolerance())),
        ]
        return solvers.map { handle, solver in
            Benchmark(handle, operation: "frame") {
                let slot = Slot(
                    try SpringTrack(
                        spring: opaque(BenchSprings.underdamped), from: BenchSprings.displacement, to: 0,
                        velocity: BenchSprings.velocity, at: 0, solver: solver))
                let counter = Slot(0)
                return { n in
                    let track = slot.pointer
                    var sum = 0.0
                    var k = counter.pointer.pointee
                    defer { counter.pointer.pointee = k }
                    for _ in 0..<n {
                        k += 1
                        let tick = FrameTick(index: k, vsyncRate: 120, vsyncsSincePrevious: 1)
                        if k % BenchSprings.episode == 0 {
                            try track.pointee.retarget(
                                to: track.pointee.target == 0 ? BenchSprings.displacement : 0, at: tick.time)
                        }
                        sum += try track.pointee.advance(to: tick.time, tick: tick)
                    }
                    blackHole(sum)
                }
            }
        }
    }

    // MARK: Whole runs

    /// `PopoverSimulation.run` / `PopupSimulation.run` / `SheetSimulation.run` on the swipe at 120 Hz: stream in, trace
    /// out, everything a caller pays (the model, the trace and event arrays), per drawn frame.
    static func wholeRuns() -> [Benchmark] {
        let popoverRun = try? PopoverSimulation.run(popoverConfiguration, stream: popoverSwipe(), rate: .oneTwenty)
        let popoverFrames = popoverRun?.trace.rows.count ?? 1
        let popupRun = try? PopupSimulation.run(PopupConfiguration(), stream: popupFlick(), rate: .oneTwenty)
        let popupFrames = popupRun?.trace.rows.count ?? 1
        let sheetRun = try? SheetSimulation.run(floatingPanelConfiguration(), stream: sheetFlick(), rate: .oneTwenty)
        let sheetFrames = sheetRun?.trace.rows.count ?? 1
        return [
            Benchmark(
                group: group, name: "PopoverSimulation.run, swipe down and dismiss, 120 Hz (per frame)",
                operation: "frame",
                operationsPerIteration: max(popoverFrames, 1)
            ) {
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
            Benchmark(
                group: group, name: "PopupSimulation.run, flick the bar open, 120 Hz (per frame)", operation: "frame",
                operationsPerIteration: max(popupFrames, 1)
            ) {
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
            Benchmark(
                group: group, name: "SheetSimulation.run, FloatingPanel flick from half to full, 120 Hz (per frame)",
                operation: "frame",
                operationsPerIteration: max(sheetFrames, 1)
            ) {
                let stream = try sheetFlick()
                let configuration = try floatingPanelConfiguration()
                return { n in
                    var sum = 0.0
                    for _ in 0..<n {
                        let result = try SheetSimulation.run(configuration, stream: stream, rate: .oneTwenty)
                        sum += result.trace.rows[result.trace.rows.count - 1].frame.y
                    }
                    blackHole(sum)
                }
            },
        ]
    }

    /// A whole interaction frame by frame on the frame clock: each timed frame is one
    /// `FrameClock.Playback.drawNextFrame()`, the step `FrameClock.run` loops over (delivering the
    /// samples due by the vsync, advancing the model, appending the drawn row). The trace's storage is
    /// reserved in setup, so a frame appends without allocating. When a run ends, the next frame starts
    /// it again with a fresh copy of the model: that frame pays for the copy-on-write of the model's
    /// arrays and the event log's first appends (the allocation column is their average over all
    /// frames). Setup plays one run through and checks its trace against `FrameClock.run`'s, row by row.
    static func playback<Model: InteractionModel>(stream: TouchStream, rate: RefreshRate, model fresh: Model) throws
        -> FrameWork
    {
        let clock = FrameClock(rate: .fixed(hertz: Double(rate.hertz)))
        var reference = fresh
        let expected = try clock.run(&reference, stream: stream)
        let slot = Slot(try FrameClock.Playback(clock: clock, model: fresh, stream: stream))
        slot.pointer.pointee.reserveFrames(expected.rows.count)
        while try slot.pointer.pointee.drawNextFrame() {}
        let played = slot.pointer.pointee.trace
        func log(_ trace: Trace<Model.Frame, Model.Event>) -> [String] { trace.events.map { "\($0.time) \($0.event)" } }
        guard played.rows.count == expected.rows.count,
            zip(played.rows, expected.rows).allSatisfy({ $0.time == $1.time && $0.frame.fields == $1.frame.fields }),
            log(played) == log(expected)
        else {
            throw PlaybackMismatch(model: "\(Model.self)")
        }
        return { _ in
            let playback = slot.pointer
            if playback.pointee.isFinished { playback.pointee.restart(with: fresh) }
            _ = try playback.pointee.drawNextFrame()
        }
    }
}

/// Stepping the frame clock did not reproduce `FrameClock.run`'s trace, so its times would describe a
/// different run.
struct PlaybackMismatch: Error, CustomStringConvertible {
    let model: String

    var description: String {
        "FrameClock.Playback and FrameClock.run produced different traces for \(model): "
            + "the bench would time another run"
    }
}
