import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// A model restarted in place (``SimulatedModel/restart()``) after a run must play the next run exactly
/// as a model built fresh from the same configuration: every frame and every event, the sheet's scroll
/// view, lock and taken-over snap, the popup's queue and transition included. The first run is a
/// different drag, so state it leaves behind (a scrolled content, a moved popup, events) would show.
@Suite("Models restarted in place")
struct ModelRestartTests {
    static let clock = FrameClock(rate: .oneTwenty)

    /// A straight drag from `start` at `velocity` for `seconds`, then released.
    static func drag(from start: Point, velocity: Double, seconds: Double) -> TouchStream {
        PopupTestStreams.path(from: start, at: 0.1003, rate: 120, segments: [(Vector(dx: 0, dy: velocity), seconds)])
    }

    /// The second run of a restarted model against a fresh model's run, frame for frame and event for event.
    static func expectRestartedRunIsFresh<Model: SimulatedModel>(
        _: Model.Type, _ configuration: Model.Configuration, first: TouchStream, second: TouchStream
    ) throws where Model.Frame: Equatable, Model.Event: Equatable {
        var restarted = try Model(configuration: configuration)
        let before = try clock.run(&restarted, stream: first)
        try restarted.restart()
        let again = try clock.run(&restarted, stream: second)
        var fresh = try Model(configuration: configuration)
        let expected = try clock.run(&fresh, stream: second)
        #expect(!before.events.isEmpty)
        #expect(again.rows.map(\.time) == expected.rows.map(\.time))
        #expect(again.rows.map(\.frame) == expected.rows.map(\.frame))
        #expect(again.events.map(\.time) == expected.events.map(\.time))
        #expect(again.events.map(\.event) == expected.events.map(\.event))
    }

    /// LNPopupController, open, dragged down past the snap point and then a short drag up.
    @Test func popupRestartedPlaysAsFresh() throws {
        let configuration = PopupDecisionProblem(from: .open, style: .drag).modelConfiguration()
        try Self.expectRestartedRunIsFresh(
            PopupModel.self, configuration,
            first: Self.drag(from: Point(x: 196.5, y: 200), velocity: 1500, seconds: 0.3),
            second: Self.drag(from: Point(x: 196.5, y: 200), velocity: 400, seconds: 0.15))
    }

    /// FloatingPanel at full with a scroll view 40 pt down: the first drag scrolls the content and moves
    /// the panel (Documentation/arbitration.md §3), the second starts again from the configured offset.
    @Test func floatingPanelWithAScrollViewRestartedPlaysAsFresh() throws {
        let layout = SheetArbitrationScenarioTests.panel
        let configuration = SheetConfiguration(
            layout: layout, initialStop: .full, scrollView: SheetScrollView(contentHeight: 2000, contentOffset: 40))
        try Self.expectRestartedRunIsFresh(
            SheetModel.self, configuration,
            first: Self.drag(from: Point(x: 196.5, y: 200), velocity: 1200, seconds: 0.2),
            second: Self.drag(from: Point(x: 196.5, y: 200), velocity: -600, seconds: 0.1))
    }

    /// PanModal at short, dragged down to a dismissal, then a drag up.
    @Test func panModalRestartedPlaysAsFresh() throws {
        let configuration = SheetConfiguration(layout: SheetArbitrationScenarioTests.modal, initialStop: .short)
        try Self.expectRestartedRunIsFresh(
            SheetModel.self, configuration,
            first: Self.drag(from: Point(x: 196.5, y: 560), velocity: 1500, seconds: 0.2),
            second: Self.drag(from: Point(x: 196.5, y: 560), velocity: -800, seconds: 0.15))
    }
}
