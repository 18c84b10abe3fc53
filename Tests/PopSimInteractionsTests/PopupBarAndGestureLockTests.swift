import Foundation
import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// Hand-made touch streams for three behaviours of LNPopupController 4.5.6.1: the gesture lock checked on
/// every pan callback, the floating bar's inset touch area with its bar button items, and taps during
/// the bar's present animation.
@Suite("LNPopupController gesture lock and bar touches")
struct PopupBarAndGestureLockTests {
    static func run(_ configuration: PopupConfiguration, _ samples: [TouchSample], duration: Double? = nil) throws
        -> PopupSimulation.Result
    {
        try PopupSimulation.run(configuration, stream: TouchStream(samples), rate: .oneTwenty, duration: duration)
    }

    /// Touch 0: a short pull on the open content, 60 pt down in 0.2 s, resting 50 ms and released at
    /// 0.25 s: at rest the velocity reads 0 (v ≤ 0) and p = 1 − 60/769 ≥ 0.5, so it springs back open,
    /// 0.25 … 0.75 s. Touch 1: down at 0.35 s at y = 200 and pulled 500 pt down at a constant speed, its
    /// last move at 1.2417 s and its lift at 1.25 s at y = 700.
    static func twoTouches() -> [TouchSample] {
        var samples = [TouchSample(time: 0, phase: .began, location: Point(x: 196.5, y: 300), touch: 0)]
        for k in 1...24 {
            samples.append(
                TouchSample(
                    time: Double(k) / 120, phase: .moved, location: Point(x: 196.5, y: 300 + 2.5 * Double(k)), touch: 0)
            )
        }
        samples.append(TouchSample(time: 0.25, phase: .ended, location: Point(x: 196.5, y: 360), touch: 0))
        samples.append(TouchSample(time: 0.35, phase: .began, location: Point(x: 196.5, y: 200), touch: 1))
        let speed = 500 / 0.9
        for k in 1...107 {
            let dt = Double(k) / 120
            samples.append(
                TouchSample(time: 0.35 + dt, phase: .moved, location: Point(x: 196.5, y: 200 + speed * dt), touch: 1))
        }
        samples.append(TouchSample(time: 1.25, phase: .ended, location: Point(x: 196.5, y: 700), touch: 1))
        return samples
    }

    /// The second pan begins during the spring back (its Began is ignored: `_gesturesIgnored` is set until
    /// the open completes at 0.75 s, LNPopupController.mm:1227-1233, 1247-1252), but its Changed callbacks
    /// after 0.75 s act: the first one starts the dismiss from open with the pan's whole translation
    /// (l.1078-1126), and the release at 1.25 s, moving down with p = 1 − 500/769 ≠ 1, closes with the
    /// gesture spring (l.1216-1218, 1237). The library ends closed, in the drag style and in automatic
    /// (drag from open).
    @Test(arguments: [PopupInteractionStyle.drag, .automatic])
    func aPanDuringTheSpringBackActsWhenItEnds(style: PopupInteractionStyle) throws {
        let result = try Self.run(PopupConfiguration(style: style, initialState: .open), Self.twoTouches())
        let trace = result.trace
        #expect(result.outcome == .closed)
        #expect(
            trace.eventWords.filter { !$0.hasPrefix("display-link") }.prefix(4)
                == ["pan-began:content", "drag-started:open", "released:open", "open-started"])
        #expect(trace.eventWords.contains("pan-ignored"))
        #expect(abs(try #require(trace.time(of: "opened")) - 0.75) < 1e-9)
        let second = trace.events.filter { $0.event.label == "drag-started:open" }
        #expect(second.count == 2)
        // The move at 0.75 s, the completion's own instant (the completion runs first).
        #expect(abs(second[1].time - 0.75) < 1e-9)
        // Up to the completion the content follows the spring back, never the second finger.
        for row in trace.rows where row.time > 0.4 && row.time < 0.75 {
            #expect(row.frame.contentY < 60)
        }
        // The first acting move puts the content at the pan's whole translation, 500/0.9 · 0.4.
        let jumped = try #require(trace.row(at: 0.35 + 48.0 / 120))
        #expect(abs(jumped.contentY - 500 / 0.9 * 48 / 120) < 1e-9)
        #expect(abs(try #require(trace.time(of: "released:closed")) - 1.25) < 1e-9)
        #expect(trace.eventWords.contains("close-started:gesture"))
    }

    /// Touch 0: an upward flick on the closed bar (y 709…765): snap schedules the open 0.15 s
    /// after its Began and cancels the pan (LNPopupController.mm:955-961). Touch 1: down on the bar at
    /// 0.2 s, within the delay, pulled up 150 pt by 0.4 s (its Began is ignored: `_gesturesIgnored`), then
    /// held still and dragged down 300 pt from 0.9 s, after the open (0.1 + 0.15 … +0.5 s) has completed,
    /// and lifted while moving.
    static func panDuringTheSnapDelay() -> [TouchSample] {
        var samples = [TouchSample(time: 0.1, phase: .began, location: Point(x: 196.5, y: 740), touch: 0)]
        for k in 1...4 {
            samples.append(
                TouchSample(
                    time: 0.1 + Double(k) / 120, phase: .moved, location: Point(x: 196.5, y: 740 - 12 * Double(k)),
                    touch: 0))
        }
        samples.append(TouchSample(time: 0.15, phase: .ended, location: Point(x: 196.5, y: 692), touch: 0))
        samples.append(TouchSample(time: 0.2, phase: .began, location: Point(x: 196.5, y: 737), touch: 1))
        for k in 1...24 {
            samples.append(
                TouchSample(
                    time: 0.2 + Double(k) / 120, phase: .moved, location: Point(x: 196.5, y: 737 - 6.25 * Double(k)),
                    touch: 1))
        }
        for k in 1...36 {
            samples.append(
                TouchSample(
                    time: 0.9 + Double(k) / 120, phase: .moved,
                    location: Point(x: 196.5, y: 587 + 300 * Double(k) / 36), touch: 1))
        }
        samples.append(TouchSample(time: 0.9 + 37.0 / 120, phase: .ended, location: Point(x: 196.5, y: 887), touch: 1))
        return samples
    }

    /// When the open completes (0.75 s) the pan's recogniser moves from the bar onto the content
    /// (l.741-742). By default the pan on the bar ends there: the later 300 pt drag does nothing and the
    /// popup stays open. With ``PopupRecogniserMove/keepsPan`` the recogniser keeps the touch and, the lock
    /// cleared, its changes drag the open popup down (the dismiss starts from open, l.1078-1126) and the
    /// release moving down with p = 1 − 150/769 ≠ 1 closes it (l.1216-1218).
    @Test(arguments: [(PopupRecogniserMove.cancelsPan, PopupPresentationState.open), (.keepsPan, .closed)])
    func aPanBegunOnTheBarDuringTheSnapDelay(move: PopupRecogniserMove, expected: PopupPresentationState) throws {
        // Automatic: snap while closed (touch 0's flick), drag once open (touch 1's release), LPC:52-83.
        let configuration = PopupConfiguration(style: .automatic, recogniserMove: move)
        let result = try Self.run(configuration, Self.panDuringTheSnapDelay())
        let words = result.trace.events.map(\.event.label)
        #expect(result.outcome == expected, "\(result.trace.events.map(\.event.description))")
        #expect(words.prefix(3) == ["pan-began:bar", "display-link-started:120", "display-link-stopped"])
        #expect(words.contains("snap-open-scheduled") && words.contains("opened"))
        #expect(words.contains("pan-ignored"))
        // Touch 0's pan begins at its first move, 12 pt > 10 pt from touch-down: the open starts 0.15 s later.
        let opened = try #require(result.trace.events.first { $0.event == .opened })
        #expect(abs(opened.time - (0.1 + 1.0 / 120 + 0.15 + 0.5)) < 1e-9)
        if move == .cancelsPan {
            let ended = try #require(result.trace.events.first { $0.event == .panEndedByRecogniserMove })
            #expect(ended.time == opened.time)
            #expect(!words.contains { $0.hasPrefix("drag-started") })
        } else {
            #expect(!words.contains("pan-cancelled:recogniser-moved"))
            #expect(words.contains("drag-started:open") && words.contains("released:closed"))
        }
    }

    /// A touch on the bar that had not become a pan when the recogniser left can no longer become one
    /// (by default); a pan begun on the content during a spring back to open keeps its recogniser, which
    /// never left the content (the first test above).
    @Test func anUnrecognisedTouchCannotBecomeThePanAfterTheMove() throws {
        var samples = Array(Self.panDuringTheSnapDelay().prefix(7))  // touch 0, then touch 1's touch-down at 0.2 s
        for k in 1...36 {
            samples.append(
                TouchSample(
                    time: 0.9 + Double(k) / 120, phase: .moved, location: Point(x: 196.5, y: 737 - 5 * Double(k)),
                    touch: 1))
        }
        samples.append(TouchSample(time: 1.3, phase: .ended, location: Point(x: 196.5, y: 557), touch: 1))
        let cancels = try Self.run(PopupConfiguration(style: .snap), samples)
        #expect(cancels.outcome == .open)
        #expect(cancels.trace.events.filter { $0.event == .panBegan(.bar) }.count == 1)
        let keeps = try Self.run(PopupConfiguration(style: .snap, recogniserMove: .keepsPan), samples)
        #expect(keeps.trace.events.filter { $0.event == .panBegan(.bar) }.count == 2)
    }

    /// The default bar (floating, no glass) is 64 pt: frame (0, 705, 393, 64), content view
    /// (12, 709, 369, 56) (LNPopupBar.mm:80-83, 926-927). A tap at x = 4 lands on the bar's margin and does
    /// nothing; at x = 20 it opens. A prominent bar has no margin: x = 4 opens.
    @Test(arguments: [
        (PopupBarLayout(), 4.0, PopupPresentationState.closed),
        (PopupBarLayout(), 20.0, .open),
        (PopupBarLayout(), 12.0, .open),
        (PopupBarLayout(), 381.0, .closed),
        (PopupBarLayout(style: .prominent), 4.0, .open),
        // Glass phone: the floating layout margins, 16 + 1 pt (LNPopupBar.mm:722-740).
        (PopupBarLayout(style: .floatingCompact, glass: true), 16.0, .closed),
        (PopupBarLayout(style: .floatingCompact, glass: true), 18.0, .open),
    ])
    func floatingBarTouchArea(bar: PopupBarLayout, x: Double, expected: PopupPresentationState) throws {
        let geometry = PopupGeometry(bar: bar)
        let y = geometry.closedBarFrame.midY
        let result = try Self.run(
            PopupConfiguration(geometry: geometry),
            [
                TouchSample(time: 0, phase: .began, location: Point(x: x, y: y)),
                TouchSample(time: 0.08, phase: .ended, location: Point(x: x, y: y)),
            ])
        #expect(result.outcome == expected)
    }

    @Test func defaultBarGeometry() {
        let geometry = PopupGeometry()
        #expect(geometry.closedBarFrame == Rect(x: 0, y: 705, width: 393, height: 64))
        #expect(geometry.closedBarTouchFrame == Rect(x: 12, y: 709, width: 369, height: 56))
    }

    /// A bar button item at (300, 10, 44, 44) in bar coordinates: a tap on it never opens
    /// (LNPopupOpenTapGestureRecognizer.m:32-37); an upward pan that starts on it still opens in the drag
    /// style (the pan recogniser does not exclude items).
    @Test func barButtonItemsAreNeverAnOpenTap() throws {
        var configuration = PopupConfiguration(style: .drag)
        configuration.barButtonItemFrames = [Rect(x: 300, y: 10, width: 44, height: 44)]
        let onItem = Point(x: 322, y: 737)
        let tap = try Self.run(
            configuration,
            [
                TouchSample(time: 0, phase: .began, location: onItem),
                TouchSample(time: 0.08, phase: .ended, location: onItem),
            ])
        #expect(tap.outcome == .closed)
        #expect(!tap.trace.eventWords.contains("bar-tapped"))
        let beside = try Self.run(
            configuration,
            [
                TouchSample(time: 0, phase: .began, location: Point(x: 200, y: 737)),
                TouchSample(time: 0.08, phase: .ended, location: Point(x: 200, y: 737)),
            ])
        #expect(beside.outcome == .open)
        let pan = PopupTestStreams.path(from: onItem, at: 0, segments: [(Vector(dx: 0, dy: -1200), 0.3)])
        #expect(try PopupSimulation.run(configuration, stream: pan, rate: .oneTwenty).outcome == .open)
    }

    /// The bar presents 0 … 0.5 s (ζ = 500). A tap on it at 0.1 … 0.18 s queues an open that starts when
    /// the present ends (LNPopupController.mm:886-907, 1609-1651, 1930-1935). With glass the transition view
    /// covers the bar until then (l.1784-1808, 1892-1898): the tap does nothing.
    @Test(arguments: [(false, PopupPresentationState.open), (true, .closed)])
    func tapDuringTheBarPresent(glass: Bool, expected: PopupPresentationState) throws {
        var configuration = PopupConfiguration(initialState: .barHidden, glass: glass)
        configuration.requests = [PopupRequest(time: 0, action: .presentBar)]
        let result = try Self.run(
            configuration,
            [
                TouchSample(time: 0.1, phase: .began, location: Point(x: 196.5, y: 737)),
                TouchSample(time: 0.18, phase: .ended, location: Point(x: 196.5, y: 737)),
            ])
        #expect(result.outcome == expected)
        if glass {
            #expect(!result.trace.eventWords.contains("bar-tapped"))
        } else {
            #expect(abs(try #require(result.trace.time(of: "bar-tapped")) - 0.18) < 1e-12)
            #expect(abs(try #require(result.trace.time(of: "queued:open")) - 0.18) < 1e-12)
            #expect(abs(try #require(result.trace.time(of: "open-started")) - 0.5) < 1e-9)
        }
    }
}
