import Foundation
import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// The model on the frame clock, scenario by scenario. Streams start at t = 0 with samples on the
/// 120 Hz grid, so frames and samples share instants.
@Suite("LNPopupController model")
struct PopupModelTests {
    typealias S = PopupTestStreams

    static func run(
        _ configuration: PopupConfiguration = PopupConfiguration(), _ stream: TouchStream,
        rate: FrameRate = .oneTwenty, duration: Double? = nil
    ) throws -> PopupSimulation.Result {
        try PopupSimulation.run(configuration, stream: stream, rate: rate, duration: duration)
    }

    static func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    // MARK: Tap and close button (§8)

    /// A tap on the bar opens at once with ζ = 1 over 0.5 s, in every style. With ω₀ = 9.2334/0.5 (the
    /// envelope mapping's check value, §10) the content top 0.175 s in is 769·e^(−ω₀t)(1 + ω₀t) = 128.5,
    /// and the bar alpha, interpolated by the same curve, is that over 769.
    @Test(arguments: PopupInteractionStyle.allCases)
    func tapOnTheBarOpens(style: PopupInteractionStyle) throws {
        let result = try Self.run(PopupConfiguration(style: style), S.tap(at: S.onBar, at: 0, duration: 0.1))
        let trace = result.trace
        #expect(result.outcome == .open)
        #expect(Self.near(trace.time(of: "bar-tapped"), 0.1))
        #expect(Self.near(trace.time(of: "open-started"), 0.1))
        #expect(Self.near(trace.time(of: "opened"), 0.6))
        let w = 9.2334 / 0.5
        let t = 33.0 / 120 - 0.1
        let row = try #require(trace.row(at: 33.0 / 120))
        let expected: Double = 769 * Foundation.exp(-w * t) * (1 + w * t)
        #expect(abs(row.contentY - expected) < 0.01)
        #expect(abs(row.barAlpha - row.contentY / 769) < 1e-12)
        #expect(row.state == .transitioning)
        let last = try #require(trace.rows.last)
        #expect(last.frame == PopupFrame(contentY: 0, progress: 1, barAlpha: 0, state: .open))
        #expect(trace.row(at: 0.05) == PopupFrame(contentY: 769, progress: 0, barAlpha: 1, state: .closed))
    }

    /// The close button closes with ζ = 1 (not triggered by a gesture), in every style.
    @Test(arguments: PopupInteractionStyle.allCases)
    func closeButtonCloses(style: PopupInteractionStyle) throws {
        let result = try Self.run(
            PopupConfiguration(style: style, initialState: .open), S.tap(at: S.onCloseButton, at: 0))
        #expect(result.outcome == .closed)
        #expect(result.trace.eventWords.contains("close-started"))
        #expect(!result.trace.eventWords.contains("close-started:gesture"))
        #expect(Self.near(result.trace.time(of: "closed"), 0.08 + 0.5))
        // ζ = 1 never passes the dock.
        #expect(result.trace.rows.allSatisfy { $0.frame.contentY <= 769 })
    }

    /// A touch that wanders more than 10 pt is not a tap.
    @Test func aWanderingTouchIsNotATap() throws {
        let stream = S.path(from: S.onBar, at: 0, segments: [(Vector(dx: 200, dy: 0), 0.1)])
        let result = try Self.run(PopupConfiguration(style: .none), stream)
        #expect(result.outcome == .closed)
        #expect(!result.trace.eventWords.contains("bar-tapped"))
    }

    // MARK: Snap (§4)

    /// An upward flick on the bar (automatic = snap from closed): the pan begins at the first sample
    /// more than 10 pt from touch-down (2 × 8.33 pt at 1000 pt/s and 120 Hz, t = 2/120), the popup opens
    /// 0.15 s later and the content does not move before.
    @Test func snapFlickOpensAfterTheDelay() throws {
        let stream = S.path(from: S.onBar, at: 0, segments: [(Vector(dx: 0, dy: -1000), 0.1)])
        let result = try Self.run(PopupConfiguration(), stream)
        let trace = result.trace
        let began = 2.0 / 120
        #expect(result.outcome == .open)
        #expect(Self.near(trace.time(of: "pan-began:bar"), began))
        #expect(Self.near(trace.time(of: "snap-open-scheduled"), began))
        #expect(Self.near(trace.time(of: "open-started"), began + 0.15))
        #expect(Self.near(trace.time(of: "opened"), began + 0.65))
        for row in trace.rows where row.time < began + 0.15 { #expect(row.frame.contentY == 769) }
        #expect(!trace.eventWords.contains("drag-started:closed"))
    }

    /// Stopped at the final outcome, the flick's run lasts until the scheduled open has fired (an
    /// animation could otherwise still report its own target first): the open animation is then
    /// running and nothing is left that could change the outcome.
    @Test func snapFlickStopsOnceTheOpenHasStarted() throws {
        let stream = S.path(from: S.onBar, at: 0, segments: [(Vector(dx: 0, dy: -1000), 0.1)])
        var model = try PopupModel(configuration: PopupConfiguration())
        try FrameClock(rate: .oneTwenty).runUntilOutcomeIsFinal(&model, stream: stream)
        #expect(model.outcome == .open)
        #expect(model.snapOpenTime == nil)
        #expect(model.transition != nil)
        #expect(model.events.map(\.event.description).contains("open-started"))
        #expect(!model.events.map(\.event.description).contains("opened"))
        #expect(
            try PopupSimulation.outcome(PopupConfiguration(), stream: stream, rate: .oneTwenty)
                == Self.run(PopupConfiguration(), stream).outcome)
    }

    /// A downward or sideways pan on the bar never opens in snap.
    @Test(arguments: [Vector(dx: 0, dy: 800), Vector(dx: 800, dy: -100), Vector(dx: -800, dy: 0)])
    func snapPanThatIsNotAnUpwardFlick(velocity: Vector) throws {
        let stream = S.path(from: S.onBar, at: 0, segments: [(velocity, 0.1)])
        let result = try Self.run(PopupConfiguration(style: .snap), stream)
        #expect(result.outcome == .closed)
        #expect(result.trace.rows.allSatisfy { $0.frame.contentY == 769 && $0.frame.state == .closed })
    }

    /// Closing from open in snap: the content follows R(t) = t·d·c/(d + c·t) and closes during the drag
    /// at the first sample with travel > c·d = 272.64 (5 pt per sample at 600 pt/s: the 55th, 275 pt),
    /// where the content sits at R(275) = 275·852·0.32/(852 + 88) = 79.7617 pt. The close is a gesture
    /// close (ζ = 0.87): it overshoots the dock by 0.3913 % of its travel, 2.697 pt.
    @Test func snapCloseDuringTheDrag() throws {
        var model = try PopupModel(configuration: PopupConfiguration(style: .snap, initialState: .open))
        let stream = S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 600), 0.6)])
        let r: (Double) -> Double = { t in t * 852 * 0.32 / (852 + 0.32 * t) }
        var trigger: Double?
        for sample in stream {
            try model.advance(to: sample.time, tick: nil)
            try model.handle(sample)
            guard sample.phase == .moved else { continue }
            let ty = sample.location.y - S.inContent.y
            if trigger == nil, model.transition != nil {
                trigger = ty
                #expect(abs(model.contentTop - r(ty)) < 1e-9)
            } else if trigger == nil, ty > 10 + 1e-9, model.dismiss != nil {
                #expect(abs(model.contentTop - r(ty)) < 1e-9)
            }
        }
        #expect(trigger == 275)
        #expect(abs(r(275) - 79.7617) < 1e-4)

        let result = try Self.run(PopupConfiguration(style: .snap, initialState: .open), stream)
        let trace = result.trace
        #expect(result.outcome == .closed)
        #expect(trace.eventWords.contains("snap-close-triggered"))
        #expect(Self.near(trace.time(of: "close-started:gesture"), 55.0 / 120))
        #expect(!trace.eventWords.contains { $0.hasPrefix("released") })
        let peak = trace.rows.map(\.frame.contentY).max()!
        #expect(abs(peak - 769 - 0.003913 * (769 - r(275))) < 0.01)
    }

    /// Releasing before the trigger springs back open with ζ = 1 (target = the public state).
    @Test func snapReleaseBeforeTheTriggerSpringsBack() throws {
        let stream = S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 600), 0.4)])
        let result = try Self.run(PopupConfiguration(style: .snap, initialState: .open), stream)
        #expect(result.outcome == .open)
        #expect(result.trace.eventWords.contains("released:open"))
        #expect(result.trace.eventWords.contains("open-started"))
        #expect(result.trace.rows.allSatisfy { $0.frame.contentY >= 0 && $0.frame.contentY < 80 })
    }

    // MARK: Drag (§3b, §3c)

    /// From open (automatic = drag): the content top is the finger's translation 1:1 (from touch-down),
    /// hard-clamped at 0 above; any downward release closes, even at p = 0.61.
    @Test func dragFromOpenFollowsTheFinger() throws {
        var model = try PopupModel(configuration: PopupConfiguration(initialState: .open))
        let stream = S.path(
            from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: -300), 0.1), (Vector(dx: 0, dy: 600), 0.6)])
        var checked = 0
        for sample in stream {
            try model.advance(to: sample.time, tick: nil)
            try model.handle(sample)
            guard sample.phase == .moved else { continue }
            if model.dismiss != nil {
                #expect(model.contentTop == max(sample.location.y - S.inContent.y, 0))
                checked += 1
            }
        }
        #expect(checked >= 60)
        let result = try Self.run(
            PopupConfiguration(initialState: .open),
            S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 600), 0.5)]))
        #expect(result.outcome == .closed)
        #expect(result.trace.eventWords.contains("released:closed"))
        #expect(result.trace.eventWords.contains("close-started:gesture"))
    }

    /// Upward release from open: p ≥ 0.5 → open; p < 0.5 → closed (the midpoint rule). 600 pt/s down
    /// for 0.5 s then 300 pt/s up for 0.1 s leaves 270 pt (p = 0.649); 1.0 s down then up leaves 570 pt
    /// (p = 0.259).
    @Test(arguments: [(0.5, PopupPresentationState.open), (1.0, .closed)])
    func upwardReleaseFromOpen(down: Double, expected: PopupPresentationState) throws {
        let stream = S.path(
            from: Point(x: 196.5, y: 150), at: 0,
            segments: [(Vector(dx: 0, dy: 600), down), (Vector(dx: 0, dy: -300), 0.1)])
        let result = try Self.run(PopupConfiguration(initialState: .open), stream)
        #expect(result.outcome == expected)
        #expect(result.trace.eventWords.contains(expected == .open ? "open-started" : "close-started:gesture"))
    }

    /// A pause longer than the estimator's 40 ms before lifting reads as v = 0, which counts as upward:
    /// from open at p = 0.61 (300 pt) the popup springs back open.
    @Test func aPauseBeforeLiftingCountsAsUpward() throws {
        let stream = S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 600), 0.5)], hold: 0.1)
        let result = try Self.run(PopupConfiguration(initialState: .open), stream)
        #expect(result.outcome == .open)
    }

    /// From the bar in drag: only an upward-dominant pan starts; the content top is 769 + t_y.
    @Test func dragFromTheBar() throws {
        var model = try PopupModel(configuration: PopupConfiguration(style: .drag))
        let stream = S.path(from: S.onBar, at: 0, segments: [(Vector(dx: 0, dy: -800), 0.3)])
        var checked = 0
        for sample in stream {
            try model.advance(to: sample.time, tick: nil)
            try model.handle(sample)
            guard sample.phase == .moved else { continue }
            if model.dismiss != nil {
                #expect(abs(model.contentTop - (769 + sample.location.y - S.onBar.y)) < 1e-9)
                #expect(model.preferredFrameRate == 120)
                checked += 1
            }
        }
        #expect(checked == 34)
        let up = try Self.run(PopupConfiguration(style: .drag), stream)
        #expect(up.outcome == .open)
        #expect(up.trace.eventWords.contains("drag-started:closed"))
        let down = try Self.run(
            PopupConfiguration(style: .drag), S.path(from: S.onBar, at: 0, segments: [(Vector(dx: 0, dy: 400), 0.1)]))
        #expect(down.outcome == .closed)
        #expect(down.trace.eventWords.contains("pan-cancelled"))
    }

    /// The close after a drag release is the ζ = 0.87 spring: it overshoots the dock by 0.3913 % of
    /// its travel (from 300 pt: 0.003913 · 469 = 1.835 pt) and the trace settles exactly on it.
    @Test func gestureCloseOvershoot() throws {
        let stream = S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 600), 0.5)])
        let result = try Self.run(PopupConfiguration(initialState: .open), stream)
        let rows = result.trace.rows.map(\.frame)
        let peak = rows.map(\.contentY).max()!
        #expect(abs(peak - 769 - 0.003913 * (769 - 300)) < 0.01)
        #expect(rows.last == PopupFrame(contentY: 769, progress: 0, barAlpha: 1, state: .closed))
        #expect(rows.allSatisfy { $0.barAlpha >= 0 && $0.barAlpha <= 1 })
    }

    // MARK: Scroll (§7)

    static let scrollView = PopupScrollView(
        frame: Rect(x: 0, y: 120, width: 393, height: 700),
        contentSize: Size(width: 393, height: 2000))

    /// A pan on the bar never opens in the scroll style; the tap still does.
    @Test func scrollStyleBarPanNeverOpens() throws {
        let stream = S.path(from: S.onBar, at: 0, segments: [(Vector(dx: 0, dy: -1000), 0.2)])
        let result = try Self.run(PopupConfiguration(style: .scroll), stream)
        #expect(result.outcome == .closed)
        #expect(result.trace.eventWords.contains("pan-ignored"))
    }

    /// At the top, pulled down: the dismiss starts at the first change (t = 20 pt, so o = 20) and the
    /// content follows t − 20; released going down, it closes.
    @Test func scrollViewAtTopPulledDownCloses() throws {
        var configuration = PopupConfiguration(style: .scroll, initialState: .open)
        configuration.scrollView = Self.scrollView
        var model = try PopupModel(configuration: configuration)
        let stream = S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 600), 0.5)])
        for sample in stream {
            try model.advance(to: sample.time, tick: nil)
            try model.handle(sample)
            guard sample.phase == .moved else { continue }
            let ty = sample.location.y - S.inContent.y
            if ty >= 20 { #expect(model.contentTop == ty - 20) }
            #expect(model.scrollOffsetY == 0)
        }
        #expect(try Self.run(configuration, stream).outcome == .closed)
    }

    /// Not at the top (offset 100): the pull scrolls first (5 pt a sample from the pan's recognition at
    /// 15 pt), reaches the top at t = 115 pt, and only then the popup moves, by t − 115, while the offset
    /// stays pinned at the top.
    @Test func scrollViewScrollsToTheTopFirst() throws {
        var configuration = PopupConfiguration(style: .scroll, initialState: .open)
        configuration.scrollView = PopupScrollView(
            frame: Self.scrollView.frame, contentSize: Self.scrollView.contentSize,
            contentOffset: Point(x: 0, y: 100))
        var model = try PopupModel(configuration: configuration)
        let stream = S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 600), 0.5)])
        for sample in stream {
            try model.advance(to: sample.time, tick: nil)
            try model.handle(sample)
            guard sample.phase == .moved else { continue }
            let ty = sample.location.y - S.inContent.y
            if ty <= 115 {
                #expect(model.contentTop == 0)
                #expect(model.scrollOffsetY == max(100 - max(ty - 15, 0), 0))
            } else {
                #expect(model.contentTop == ty - 115)
                #expect(model.scrollOffsetY == 0)
            }
        }
        #expect(model.events.contains { $0.event == .dragStarted(from: .open) && abs($0.time - 23.0 / 120) < 1e-12 })
    }

    /// At the top but pushed up: the scroll view scrolls, the popup never moves.
    @Test func scrollViewPushedUpDoesNotClose() throws {
        var configuration = PopupConfiguration(style: .drag, initialState: .open)
        configuration.scrollView = Self.scrollView
        let stream = S.path(from: Point(x: 196.5, y: 600), at: 0, segments: [(Vector(dx: 0, dy: -600), 0.5)])
        let result = try Self.run(configuration, stream)
        #expect(result.outcome == .open)
        #expect(result.trace.rows.allSatisfy { $0.frame.contentY == 0 })
    }

    // MARK: None

    @Test func noneIgnoresPans() throws {
        let fromBar = try Self.run(
            PopupConfiguration(style: .none), S.path(from: S.onBar, at: 0, segments: [(Vector(dx: 0, dy: -1000), 0.2)]))
        #expect(fromBar.outcome == .closed)
        #expect(fromBar.trace.events.allSatisfy { !$0.event.description.hasPrefix("pan-began") })
        let fromOpen = try Self.run(
            PopupConfiguration(style: .none, initialState: .open),
            S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 1000), 0.3)]))
        #expect(fromOpen.outcome == .open)
        #expect(fromOpen.trace.rows.allSatisfy { $0.frame.contentY == 0 })
    }

    // MARK: Queue (§8)

    /// The close button, tapped while the tap-open runs, waits for it: the close starts when the open
    /// completes (0.1 + 0.5), never interrupting it.
    @Test func closeDuringOpenIsQueued() throws {
        let stream = S.concatenate(
            S.tap(at: S.onBar, at: 0, duration: 0.1), S.tap(at: S.onCloseButton, at: 0.3, duration: 0.05))
        let result = try Self.run(PopupConfiguration(), stream)
        let trace = result.trace
        #expect(result.outcome == .closed)
        #expect(Self.near(trace.time(of: "close-button-tapped"), 0.35))
        #expect(Self.near(trace.time(of: "queued:close"), 0.35))
        #expect(Self.near(trace.time(of: "opened"), 0.6))
        #expect(Self.near(trace.time(of: "close-started"), 0.6))
        #expect(Self.near(trace.time(of: "closed"), 1.1))
        #expect(try #require(trace.row(at: 0.6)).contentY == 0)
    }

    /// Programmatic calls: present the bar (0.5 s, ζ = 500), then an open requested meanwhile waits; a
    /// dismiss while open first closes (ζ = 1) and then dismisses the bar.
    @Test func programmaticRequestsAreQueued() throws {
        var present = PopupConfiguration(initialState: .barHidden)
        present.requests = [PopupRequest(time: 0, action: .presentBar), PopupRequest(time: 0.1, action: .open)]
        let presented = try Self.run(present, TouchStream())
        #expect(presented.outcome == .open)
        #expect(Self.near(presented.trace.time(of: "queued:open"), 0.1))
        #expect(Self.near(presented.trace.time(of: "bar-presented"), 0.5))
        #expect(Self.near(presented.trace.time(of: "open-started"), 0.5))
        #expect(Self.near(presented.trace.time(of: "opened"), 1.0))
        #expect(presented.trace.rows.first?.frame.state == .transitioning)

        var dismiss = PopupConfiguration(initialState: .open)
        dismiss.requests = [PopupRequest(time: 0.2, action: .dismissBar)]
        let dismissed = try Self.run(dismiss, TouchStream())
        #expect(dismissed.outcome == .barHidden)
        #expect(Self.near(dismissed.trace.time(of: "close-started"), 0.2))
        #expect(Self.near(dismissed.trace.time(of: "bar-dismiss-started"), 0.7))
        #expect(Self.near(dismissed.trace.time(of: "bar-dismissed"), 1.2))
        #expect(dismissed.trace.rows.last?.frame.state == .hidden)
    }

    /// A second tap on the bar during the snap delay opens at once; the delayed open finds the popup
    /// open and does nothing (`_openPopupAnimated` checks the target state).
    @Test func tapDuringTheSnapDelay() throws {
        let flick = S.path(from: S.onBar, at: 0, segments: [(Vector(dx: 0, dy: -1000), 0.05)])
        let stream = S.concatenate(flick, S.tap(at: S.onBar, at: 0.08, duration: 0.02))
        let result = try Self.run(PopupConfiguration(), stream)
        #expect(result.outcome == .open)
        #expect(Self.near(result.trace.time(of: "open-started"), 0.1))
        #expect(result.trace.eventWords.filter { $0 == "open-started" }.count == 1)
        #expect(result.trace.eventWords.contains("queued:open"))
        // The no-op open still starts the display link and nothing ends it (the source's quirk); it
        // raises the rate but does not keep the trace going: the run ends once the open has settled.
        #expect(result.trace.eventWords.last == "display-link-started:120")
        #expect(result.trace.rows.last!.time < 0.7)
    }

    // MARK: Display-link hint (§9)

    /// The hint runs from the animation's start to its completion; snap ends it at the pan's start.
    @Test func displayLinkHint() throws {
        let result = try Self.run(PopupConfiguration(), S.tap(at: S.onBar, at: 0, duration: 0.1))
        #expect(Self.near(result.trace.time(of: "display-link-started:120"), 0.1))
        #expect(Self.near(result.trace.time(of: "display-link-stopped"), 0.6))
        var model = try PopupModel(configuration: PopupConfiguration(maximumFramesPerSecond: 120))
        #expect(model.preferredFrameRate == nil)
        try model.advance(to: 0, tick: nil)
        try model.handle(TouchSample(time: 0, phase: .began, location: S.onBar))
        try model.advance(to: 0.05, tick: nil)
        try model.handle(TouchSample(time: 0.05, phase: .ended, location: S.onBar))
        #expect(model.preferredFrameRate == 120)
    }

    // MARK: Errors

    @Test func samplesGoingBackInTimeAreRejected() throws {
        var model = try PopupModel(configuration: PopupConfiguration())
        try model.advance(to: 1, tick: nil)
        #expect(throws: InteractionError.self) {
            try model.handle(TouchSample(time: 0.5, phase: .began, location: S.onBar))
        }
        #expect(throws: InteractionError.self) {
            try model.handle(TouchSample(time: 2, phase: .began, location: Point(x: .nan, y: 0)))
        }
    }

    @Test func invalidConfigurationsAreRejected() {
        #expect(throws: InteractionError.self) { try PopupModel(configuration: PopupConfiguration(snapPercent: .nan)) }
        #expect(throws: InteractionError.self) {
            try PopupModel(configuration: PopupConfiguration(geometry: PopupGeometry(containerHeight: -1)))
        }
        #expect(throws: InteractionError.self) {
            try PopupModel(configuration: PopupConfiguration(timing: PopupAnimationTiming(popupDuration: 0)))
        }
        #expect(throws: InteractionError.self) {
            try PopupSimulation.run(PopupConfiguration(), stream: TouchStream(), rate: .sixty, duration: .infinity)
        }
    }
}

extension PopupModelTests {
    /// A request due while a finger is down waits for the lift, then runs (after the release's own
    /// animation, which it is queued behind and coalesces with).
    @Test func requestsWaitForTheFinger() throws {
        var configuration = PopupConfiguration(initialState: .open)
        configuration.requests = [PopupRequest(time: 0.1, action: .close)]
        let stream = S.path(from: S.inContent, at: 0, segments: [(Vector(dx: 0, dy: 100), 0.3)])
        let result = try Self.run(configuration, stream)
        let lift = try #require(stream.samples.last?.time)
        #expect(Self.near(result.trace.time(of: "requested:close"), lift))
        #expect(result.outcome == .closed)
    }
}
