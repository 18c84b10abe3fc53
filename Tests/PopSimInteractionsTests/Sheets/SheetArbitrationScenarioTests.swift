import PopSimDynamics
import PopSimGeometry
import PopSimGestures
import Testing

@testable import PopSimInteractions

/// Who gets the touch, library by library: a finger moving at 1200 pt/s (10 pt per 120 Hz sample) over a
/// sheet with a scroll view, each row's owners, final stop and final content offset worked out by hand
/// from the lines it cites (Documentation/arbitration.md §3-§5).
///
/// Common to every row: the pans begin at the second move (20 pt > the 10 pt hysteresis); the scroll
/// view's pan moves its content by each later move before the library's handlers run; a release at
/// 1200 pt/s lets the content go at 1200 pt/s, which decelerating at 0.998 per ms would travel
/// 1200/(−1000·ln 0.998) = 599.4 pt (less the 0.5 pt rest distance).
@Suite("Sheet and scroll view arbitration")
struct SheetArbitrationScenarioTests {
    /// FloatingPanel with full 80, half 426, tip 700 in the 852 pt window: the scroll view is 852 − 80 − 36
    /// = 736 pt tall below the 36 pt grabber area; 2000 pt of content scroll to 1264.
    static let panel = try! SheetLayout(
        library: .floatingPanel,
        stops: [SheetStop(.full, y: 80), SheetStop(.half, y: 426), SheetStop(.tip, y: 700)])
    /// PanModal with long 80, short 500: the modal's scroll view is 852 − 80 = 772 pt tall with a 34 pt
    /// bottom inset; 2000 pt of content scroll to 1262.
    static let modal = try! SheetLayout(
        library: .panModal, stops: [SheetStop(.long, y: 80), SheetStop(.short, y: 500)])

    /// Where a content let go at 1200 pt/s comes to rest from `offset`, moving the offset up (+) or down.
    static func coasted(from offset: Double, sign: Double) -> Double {
        offset + sign * (1200 / (-1000 * DeterministicMath.log(0.998)) - 0.5)
    }

    struct Run {
        let result: SheetSimulation.Result
        /// The owners frame by frame, repeats and `none` left out.
        var owners: [TouchOwner] {
            var seen: [TouchOwner] = []
            for row in result.trace.rows where row.frame.owner != .none && row.frame.owner != seen.last {
                seen.append(row.frame.owner)
            }
            return seen
        }
        var handoffRules: [SheetArbitrationRule] {
            result.trace.events.compactMap {
                if case .handoff(_, let rule) = $0.event { return rule } else { return nil }
            }
        }
        var finalOffset: Double { result.trace.rows.last!.frame.contentOffset }
        var finalY: Double { result.trace.rows.last!.frame.y }
        var labels: [String] { result.trace.events.map(\.event.label) }
    }

    static func run(
        _ layout: SheetLayout, from stop: SheetStopName, offset: Double, content: Double = 2000,
        touch y: Double, velocity: Double, seconds: Double
    ) throws -> Run {
        let bottomInset = layout.library == .panModal ? 34.0 : 0
        let configuration = SheetConfiguration(
            layout: layout, initialStop: stop,
            scrollView: SheetScrollView(contentHeight: content, contentOffset: offset, bottomInset: bottomInset))
        let stream = PopupTestStreams.path(
            from: Point(x: 196.5, y: y), at: 0.1003, rate: 120,
            segments: [(Vector(dx: 0, dy: velocity), seconds)])
        return Run(result: try SheetSimulation.run(configuration, stream: stream, rate: .oneTwenty))
    }

    // MARK: FloatingPanel (scenee/FloatingPanel@7efcc76 Sources/Core.swift)

    /// At full with the content 40 pt down, pulled down 240 pt. Moves 3-6 scroll it 40 → 0:
    /// `shouldScrollViewHandleTouch` sees offset > 0 (l.668-670). At move 6 the offset is 0: the scroll
    /// handler locks the bounce (allowScroll false, v > 0, l.516-533) and the panel starts its interaction
    /// (l.577-582, offset 0 and v > 0 decline at l.667-674); from move 7 the edge is 80 + 10·(k − 6) and
    /// the content is pinned at 0 (l.449-456). Released at y = 260 moving down: half (the projection
    /// 599 pt is trimmed to the full → half segment, Documentation/sheets.md §2.3).
    @Test func floatingPanelScrolledContentHandsOverAtItsTop() throws {
        let run = try Self.run(Self.panel, from: .full, offset: 40, touch: 200, velocity: 1200, seconds: 0.2)
        #expect(run.owners == [.scroll, .sheet])
        #expect(run.handoffRules == [.floatingPanelScrollViewHandlesTouch, .floatingPanelContentAtTop])
        #expect(run.result.decision.word == "both:half")
        let rows = run.result.trace.rows.map(\.frame)
        #expect(rows.contains { $0.owner == .sheet && $0.y == 260 && $0.contentOffset == 0 })
        #expect(rows.allSatisfy { $0.contentOffset >= 0 && $0.contentOffset <= 40 })
        #expect(run.finalY == 426 && run.finalOffset == 0)
    }

    /// At full with the content at its top, pulled down: the scroll view's `.began` already locks the
    /// bounce (l.531-533), the panel starts at move 3 (l.667-674) and follows to 80 + 210 = 290; half.
    @Test func floatingPanelContentAtTopGivesThePanelTheWholePull() throws {
        let run = try Self.run(Self.panel, from: .full, offset: 0, touch: 200, velocity: 1200, seconds: 0.2)
        #expect(run.owners == [.sheet])
        #expect(run.handoffRules == [.floatingPanelContentAtTop])
        #expect(run.result.decision.word == "sheet:half")
        #expect(run.result.trace.rows.allSatisfy { $0.frame.contentOffset == 0 })
        #expect(run.result.trace.rows.contains { $0.frame.y == 290 })
    }

    /// At full with the content 300 pt down, pulled 220 pt after recognition: the content scrolls to 80
    /// and the panel never moves (l.668-670); let go at 1200 pt/s it decelerates past its top (599 pt to
    /// go) and bounces back to 0 (Documentation/arbitration.md §2).
    @Test func floatingPanelContentKeepsAPullThatDoesNotReachItsTop() throws {
        let run = try Self.run(Self.panel, from: .full, offset: 300, touch: 200, velocity: 1200, seconds: 0.2)
        #expect(run.owners == [.scroll])
        #expect(run.result.decision.word == "scroll:full")
        #expect(run.result.trace.rows.allSatisfy { $0.frame.y == 80 })
        #expect(run.result.trace.rows.contains { $0.frame.owner == .scroll && $0.frame.contentOffset == 80 })
        #expect(run.result.trace.rows.contains { $0.frame.contentOffset < 0 })
        #expect(run.labels.contains("content-released") && run.finalOffset == 0)
    }

    /// At full with the content at its top, pushed up 100 pt: the scroll view moves its content first
    /// (10 pt at move 3), so the panel's handler sees offset > 0 and leaves it the touch (l.668-670); the
    /// panel stays at full; the content coasts from 100 to 100 + 598.9.
    @Test func floatingPanelPushAtFullScrollsTheContent() throws {
        let run = try Self.run(Self.panel, from: .full, offset: 0, touch: 400, velocity: -1200, seconds: 0.1)
        #expect(run.owners == [.scroll])
        #expect(run.result.decision.word == "scroll:full")
        #expect(run.result.trace.rows.allSatisfy { $0.frame.y == 80 })
        #expect(abs(run.finalOffset - Self.coasted(from: 100, sign: 1)) < 0.5)
    }

    /// At half with the content at 100, pushed up 600 pt. Half is not scrollable (l.1227-1235): the panel
    /// takes the touch at move 3 (l.648) and the scroll handler pins the content at its offset when the pan
    /// began, 100 (l.469-472, 686-695). The edge 426 − 10·(k − 3) reaches 86 at move 37; at move 38 the
    /// panel is held at full (the scroll view's pan changes over a tall content, l.729-758); from move 39
    /// the scroll handler unlocks the content at the anchor (l.494-508): 110 at move 39, 320 at move 60.
    /// Released at full moving up: full without attraction (l.792-795, 1018-1030), the content coasting
    /// from 320.
    @Test func floatingPanelPushFromHalfHandsOverAtFull() throws {
        let run = try Self.run(Self.panel, from: .half, offset: 100, touch: 470, velocity: -1200, seconds: 0.5)
        #expect(run.owners == [.sheet, .scroll])
        #expect(run.handoffRules == [.floatingPanelStateNotScrollable, .floatingPanelSeamlessScroll])
        #expect(run.result.decision.word == "both:full")
        let rows = run.result.trace.rows.map(\.frame)
        #expect(rows.filter { $0.owner == .sheet }.allSatisfy { $0.contentOffset == 100 })
        #expect(rows.contains { $0.owner == .scroll && $0.y == 80 && $0.contentOffset == 320 })
        #expect(run.finalY == 80)
        #expect(abs(run.finalOffset - Self.coasted(from: 320, sign: 1)) < 0.5)
    }

    /// The same push from the grabber area (20 pt below the edge, inside its 36 pt): the touch is not in
    /// the scroll view, whose pan never begins, so nothing holds the panel at full (l.731-733): it follows
    /// the finger 1:1 to 426 − 570 = −144 and is attracted back to full; the content never moves (l.628, 651).
    @Test func floatingPanelGrabberTouchNeverScrolls() throws {
        let run = try Self.run(Self.panel, from: .half, offset: 0, touch: 446, velocity: -1200, seconds: 0.5)
        #expect(run.owners == [.sheet])
        #expect(run.handoffRules == [.floatingPanelTouchOutsideScrollView])
        #expect(run.result.trace.rows.contains { $0.frame.y == -144 })
        #expect(run.result.trace.rows.allSatisfy { $0.frame.contentOffset == 0 })
        #expect(run.result.decision.word == "sheet:full" && run.finalY == 80)
    }

    /// A content no taller than its 736 pt scroll view does not scroll: the sheet behaves as without one.
    @Test func floatingPanelShortContentLeavesEverythingToThePanel() throws {
        let run = try Self.run(
            Self.panel, from: .full, offset: 0, content: 700, touch: 400, velocity: -1200, seconds: 0.1)
        #expect(run.owners == [.sheet])
        #expect(run.result.trace.rows.contains { $0.frame.y < 80 })
        #expect(run.result.decision.word == "sheet:full")
    }

    // MARK: PanModal (slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift)

    /// Anchored at the long form with the content 40 pt down, pulled down 280 pt. The modal's pan fails
    /// while the offset is > 0 (`shouldFail`, l.599-624): moves 2-5 (the recognition's 20 pt are dropped,
    /// l.479-485); the content tracks 30, 20, 10, 0 (l.730-737). At move 6 the offset is 0: the pan
    /// responds with move 6's 10 pt (l.573-588), so the modal is at 80 + 10·(k − 5), 330 at move 30; the
    /// observer holds the content at 0 once the modal is not anchored (l.740-743). A fling down at 330,
    /// nearer the long form than the bottom and above the short form: short (Documentation/sheets.md §3.3).
    @Test func panModalScrolledContentHandsOverAtItsTop() throws {
        let run = try Self.run(Self.modal, from: .long, offset: 40, touch: 200, velocity: 1200, seconds: 0.25)
        #expect(run.owners == [.scroll, .sheet])
        #expect(run.handoffRules == [.panModalPanFails, .panModalPanResponds])
        #expect(run.result.trace.rows.contains { $0.frame.y == 330 && $0.frame.contentOffset == 0 })
        #expect(run.result.decision.word == "both:short")
        #expect(run.finalY == 500 && run.finalOffset == 0)
    }

    /// Anchored with the content at its top, pulled down 280 pt: the pan never fails (offset 0 is not > 0),
    /// so its first callback moves the modal by the whole 20 pt since touch-down: 80 + 10·k, 380 at move
    /// 30; a fling down there: short. The content's bounce past its top is held at 0 (l.740-743).
    @Test func panModalContentAtTopGivesTheModalTheWholePull() throws {
        let run = try Self.run(Self.modal, from: .long, offset: 0, touch: 200, velocity: 1200, seconds: 0.25)
        #expect(run.owners == [.sheet])
        #expect(run.result.trace.rows.contains { $0.frame.y == 380 })
        #expect(run.result.trace.rows.filter { $0.frame.owner == .sheet }.allSatisfy { $0.frame.contentOffset == 0 })
        #expect(run.result.decision.word == "sheet:short")
    }

    /// Anchored with the content 300 pt down, pulled down 240 pt: the pan fails throughout; the content
    /// scrolls to 80 and, let go at 1200 pt/s, decelerates past its top. The observer's top-bounce
    /// handler (l.745-752, 785-812) moves the modal down with the bounce (its top at 80 − offset) and,
    /// when the offset turns back, snaps it to the long form and holds the content at 0.
    @Test func panModalFlickedContentBouncesTheModal() throws {
        let run = try Self.run(Self.modal, from: .long, offset: 300, touch: 200, velocity: 1200, seconds: 0.2)
        #expect(run.owners == [.scroll])
        #expect(run.labels.contains("top-bounce-followed") && run.labels.contains("top-bounce-snapped"))
        let rows = run.result.trace.rows.map(\.frame)
        #expect(rows.contains { $0.contentOffset < 0 && $0.y == 80 - $0.contentOffset })
        #expect(run.result.decision.word == "scroll:long")
        #expect(run.finalY == 80 && run.finalOffset == 0)
    }

    /// Anchored with the content at its top, pushed up: the modal is held at its anchor (l.654-655) and
    /// the content moves first, so from move 3 the pan fails (offset > 0): 100 pt scrolled, then coasting.
    @Test func panModalPushWhenAnchoredScrollsTheContent() throws {
        let run = try Self.run(Self.modal, from: .long, offset: 0, touch: 400, velocity: -1200, seconds: 0.1)
        #expect(run.owners == [.scroll])
        #expect(run.result.trace.rows.allSatisfy { $0.frame.y == 80 })
        #expect(abs(run.finalOffset - Self.coasted(from: 100, sign: 1)) < 0.5)
        #expect(run.result.decision.word == "scroll:long")
    }

    /// Not anchored at the short form, pushed up 600 pt: the modal takes the finger (500 − 10·k) and the
    /// observer holds the content at 0 (l.723-728) until the modal reaches the long form at move 42; from
    /// move 43 the anchored content scrolls (l.730-737) and the pan fails: 180 pt at move 60. At the
    /// release the pan fails too: no decision, the modal rests at the long form.
    @Test func panModalPushFromShortHandsOverAtTheLongForm() throws {
        let run = try Self.run(Self.modal, from: .short, offset: 0, touch: 560, velocity: -1200, seconds: 0.5)
        #expect(run.owners == [.sheet, .scroll])
        #expect(
            run.result.trace.rows.contains {
                $0.frame.owner == .scroll && $0.frame.y == 80 && $0.frame.contentOffset == 180
            })
        #expect(!run.labels.contains { $0.hasPrefix("released:") })
        #expect(run.result.decision.word == "both:long")
        #expect(abs(run.finalOffset - Self.coasted(from: 180, sign: 1)) < 0.5)
    }

    /// Not anchored, pulled down 240 pt: the modal follows to 740, where a fling down is nearer the
    /// bottom than the long form: dismissed.
    @Test func panModalPullFromShortDismisses() throws {
        let run = try Self.run(Self.modal, from: .short, offset: 0, touch: 560, velocity: 1200, seconds: 0.2)
        #expect(run.owners == [.sheet])
        #expect(run.result.decision.word == "sheet:dismissed")
    }

    /// A pan on the dimmed background above the modal moves it (the recogniser is on the container view,
    /// l.348) and never the content.
    @Test func panModalBackgroundPanMovesTheModalOnly() throws {
        let run = try Self.run(Self.modal, from: .short, offset: 100, touch: 300, velocity: 1200, seconds: 0.2)
        #expect(run.owners == [.sheet])
        #expect(run.result.trace.rows.allSatisfy { $0.frame.contentOffset == 100 })
        #expect(run.result.decision.word == "sheet:dismissed")
    }

    // MARK: What every replay shows

    /// Over every sheet scenario above, frame by frame: while the content owns the finger the sheet does
    /// not move, and while the sheet owns it the content does not scroll, but for the one frame of a
    /// handoff (the step that carries the content to its top, its bounce passed to the sheet).
    @Test(arguments: [
        (SheetStopName.full, 40.0, 200.0, 1200.0, 0.2), (.full, 0, 200, 1200, 0.2), (.full, 300, 200, 1200, 0.2),
        (.full, 0, 400, -1200, 0.1), (.half, 100, 470, -1200, 0.5), (.half, 0, 446, -1200, 0.5),
        (.long, 40, 200, 1200, 0.25), (.long, 0, 200, 1200, 0.25), (.long, 300, 200, 1200, 0.2),
        (.long, 0, 400, -1200, 0.1),
        (.short, 0, 560, -1200, 0.5), (.short, 0, 560, 1200, 0.2), (.short, 100, 300, 1200, 0.2),
    ])
    func ownerMovesAndTheOtherHolds(
        from stop: SheetStopName, offset: Double, touch: Double, velocity: Double,
        seconds: Double
    ) throws {
        let layout = stop.library == .floatingPanel ? Self.panel : Self.modal
        let run = try Self.run(layout, from: stop, offset: offset, touch: touch, velocity: velocity, seconds: seconds)
        let rows = run.result.trace.rows.map(\.frame)
        // A drag of `seconds` at 120 Hz draws at least that many frames with an owner.
        #expect(rows.filter { $0.owner != .none }.count >= Int(seconds * 120) / 2, "\(stop) \(offset)")
        var handoffs = 0
        for (previous, frame) in zip(rows, rows.dropFirst()) where frame.owner == previous.owner {
            switch frame.owner {
            case .scroll: #expect(frame.y == previous.y, "\(stop) \(offset): the sheet moved under a scrolling content")
            case .sheet:
                if frame.contentOffset != previous.contentOffset { handoffs += 1 }
            case .none: break
            }
        }
        // The content moves under a moving sheet at most in the frame after a handoff (pinned back to its top).
        #expect(handoffs <= 1, "\(stop) \(offset): the content moved \(handoffs) times under a moving sheet")
    }

    // MARK: The ideal decision against the model

    /// `decide sheet`'s ideal arbitration (no hysteresis, no rubber band) agrees with the model's owners
    /// and stop on the rows above where the drag is long enough that the hysteresis does not change the
    /// split: the same words.
    @Test(arguments: [
        (SheetLibrary.floatingPanel, SheetStopName.full, 40.0, 240.0, 1200.0, "both:half"),
        (.floatingPanel, .full, 0, 240, 1200, "sheet:half"),
        (.floatingPanel, .full, 300, 220, 1200, "scroll:full"),
        (.floatingPanel, .half, 100, -600, -1200, "both:full"),
        (.panModal, .long, 40, 280, 1200, "both:short"),
        (.panModal, .long, 300, 240, 1200, "scroll:long"),
        (.panModal, .short, 0, -600, -1200, "both:long"),
        (.panModal, .short, 0, 240, 1200, "sheet:dismissed"),
    ])
    func idealDecisionNamesTheSameMovers(
        library: SheetLibrary, from: SheetStopName, offset: Double, translation: Double,
        velocity: Double, word: String
    ) throws {
        let layout = library == .floatingPanel ? Self.panel : Self.modal
        let scrollView = SheetScrollView(
            contentHeight: 2000, contentOffset: offset, bottomInset: library == .panModal ? 34 : 0)
        let decision = try SheetArbitrationDecision.decide(
            layout: layout, scrollView: scrollView, from: from,
            translation: translation, velocity: velocity)
        #expect(decision.word == word)
    }

    /// With a scroll view every pipeline outcome says what moved (the `p_` columns of a sweep with
    /// trials): each stop with sheet, scroll, both and none; without one, the stops alone.
    @Test func pipelineOutcomesNameWhatMoved() {
        var problem = SheetDecisionProblem()
        problem.detents = [SheetStop(.full, y: 80), SheetStop(.half, y: 426)]
        #expect(problem.pipelineOutcomes.map(\.word) == ["full", "half"])
        problem.placement.scrollContentHeight = 2000
        #expect(
            problem.pipelineOutcomes.map(\.word)
                == [
                    "sheet:full", "scroll:full", "both:full", "none:full", "sheet:half", "scroll:half", "both:half",
                    "none:half",
                ])
    }

    // MARK: LNPopupController's scroll style (LeoNatan/LNPopupController@be3afaa LNPopupController.mm)

    static func popup(offset: Double, velocity: Double, seconds: Double) throws -> PopupSimulation.Result {
        var configuration = PopupConfiguration(style: .scroll, initialState: .open)
        configuration.scrollView = PopupScrollView(
            frame: Rect(x: 0, y: 0, width: 393, height: 852),
            contentSize: Size(width: 393, height: 3000), contentOffset: Point(x: 0, y: offset))
        let stream = PopupTestStreams.path(
            from: Point(x: 196.5, y: 300), at: 0.1003, rate: 120,
            segments: [(Vector(dx: 0, dy: velocity), seconds)])
        return try PopupSimulation.run(configuration, stream: stream, rate: .oneTwenty)
    }

    static func owners(_ rows: [Trace<PopupFrame, PopupEvent>.Row]) -> [TouchOwner] {
        var seen: [TouchOwner] = []
        for row in rows where row.frame.owner != .none && row.frame.owner != seen.last { seen.append(row.frame.owner) }
        return seen
    }

    /// The content at its top pulled down: the scroll view's pan starts the dismiss at its first change
    /// (l.1057, 1078-1120) and the popup takes the finger; released moving down it closes.
    @Test func popupContentAtTopPulledDownCloses() throws {
        let result = try Self.popup(offset: 0, velocity: 1200, seconds: 0.25)
        #expect(Self.owners(result.trace.rows) == [.sheet])
        #expect(result.outcome == .closed)
        #expect(result.trace.rows.allSatisfy { $0.frame.contentOffset == 0 })
    }

    /// 100 pt down: the content scrolls to its top first (moves 3-12, l.1057 returns while not at the top),
    /// then the dismiss starts and the popup takes the finger.
    @Test func popupScrolledContentHandsOverAtItsTop() throws {
        let result = try Self.popup(offset: 100, velocity: 1200, seconds: 0.3)
        #expect(Self.owners(result.trace.rows) == [.scroll, .sheet])
        #expect(result.outcome == .closed)
        #expect(result.trace.events.contains { $0.event == .handoff(.sheet, rule: .popupDismissStarted) })
    }

    /// Pushed up: the scroll view keeps the pan (l.1057: translation.y < 0), the popup stays open and the
    /// content coasts from 100 after lift-off.
    @Test func popupPushScrollsAndCoasts() throws {
        let result = try Self.popup(offset: 0, velocity: -1200, seconds: 0.1)
        #expect(Self.owners(result.trace.rows) == [.scroll])
        #expect(result.outcome == .open)
        #expect(abs(result.trace.rows.last!.frame.contentOffset - Self.coasted(from: 100, sign: 1)) < 0.5)
    }
}
