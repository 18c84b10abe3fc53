import PopSimTesting
import Testing
import ThresholdGuard

@Suite("Share sheet: Popovers drag to dismiss")
struct ShareSheetTests {
    /// The golden table was written with
    ///     popsim sweep popover --window 430x932 --size 320x240 --mode drag-down --proximity 0.2 \
    ///       --translation 0,-100:500:61 --velocity 0,-1500:1500:31 --golden --output share-sheet-drag-down.csv
    /// Rerunning it catches any change in PopSim's Popovers rules.
    @Test func goldenDecisionsHold() throws {
        let check = try GoldenTableCheck.rerun(goldenAt: fixturePath("Golden/share-sheet-drag-down.csv"))
        #expect(Bool(check.passed), "\(check)")
    }

    /// The app's configuration in code still produces the shipped table: catches a change of the
    /// app's own parameters that nobody re-recorded.
    @Test func shippedConfigurationMatchesTheGolden() throws {
        let table = try DecisionTable(
            base: SheetFeel.shareSheet,
            axes: [
                try GridAxis(column: "translation_y", start: -100, end: 500, count: 61),
                try GridAxis(column: "velocity_y", start: -1500, end: 1500, count: 31),
            ])
        let check = try GoldenTableCheck.compare(table, withGoldenAt: fixturePath("Golden/share-sheet-drag-down.csv"))
        #expect(Bool(check.passed), "\(check)")
    }

    /// The sheet is centred: top y = (932 − 240)/2 = 346, centre (215, 466); the dismissal line is
    /// 932 − 0.2·932 = 745.6. A 100 pt flick at 1500 pt/s projects the top to 346 + 100 + 0.25·1500
    /// = 821 (dismissed); at 300 pt/s to 346 + 100 + 75 = 521 (returned).
    @Test(arguments: [FrameRate.sixty, FrameRate.oneTwenty])
    func flicks(rate: FrameRate) throws {
        let centre = Point(x: 215, y: 466)
        let end = Point(x: 215, y: 566)
        let fast = GestureOutcomeCheck.expect(
            "dismissed-down", of: try .swipe(from: centre, to: end, releaseVelocity: 1500),
            through: SheetFeel.shareSheet, at: rate)
        let slow = GestureOutcomeCheck.expect(
            "returned", of: try .swipe(from: centre, to: end, releaseVelocity: 300),
            through: SheetFeel.shareSheet, at: rate)
        #expect(Bool(fast.passed), "\(fast)")
        #expect(Bool(slow.passed), "\(slow)")
    }
}

@Suite("Now playing: LNPopupController snap close")
struct NowPlayingTests {
    /// Snap from open closes when the travel exceeds c·d = 0.32 × 932 = 298.24 pt, strictly.
    @Test func snapCloseBoundary() {
        var problem = SheetFeel.nowPlaying
        problem.release.translation.dy = 298
        #expect(problem.outcome() == .open)
        problem.release.translation.dy = 298.25
        #expect(problem.outcome() == .closed)
    }

    /// The same boundary through the whole model: pulls of 260 and 340 pt from the content.
    @Test func snapCloseThroughTheModel() throws {
        let start = Point(x: 215, y: 283)
        let short = try GestureScript.pan(from: start, to: Point(x: 215, y: 283 + 260), duration: 0.4)
        let long = try GestureScript.pan(from: start, to: Point(x: 215, y: 283 + 340), duration: 0.4)
        for rate in [FrameRate.sixty, .oneTwenty] {
            let stays = GestureOutcomeCheck.expect("open", of: short, through: SheetFeel.nowPlaying, at: rate)
            let closes = GestureOutcomeCheck.expect("closed", of: long, through: SheetFeel.nowPlaying, at: rate)
            #expect(Bool(stays.passed), "\(stays)")
            #expect(Bool(closes.passed), "\(closes)")
        }
    }
}

@Suite("Details panel and comments modal: sheets as configured")
struct ConfiguredSheetTests {
    /// On the default phone (852 pt, safe area 59/34, 3×): full 59 + 18 = 77; half 818 − 0.4·759 = 514.4,
    /// 1543.2 px on the pixel grid, 1543 px = 514.33; tip 818 − 120 + 0 = 698.
    @Test func panelStopsAreWhereFloatingPanelPutsThem() throws {
        let layout = try SheetFeel.detailsPanel.layout()
        #expect(layout.position(of: .full) == 77)
        #expect(layout.position(of: .half) == 1543.0 / 3)
        #expect(layout.position(of: .tip) == 698)
    }

    /// From tip a 2000 pt/s flick up projects 698 − 998 = −300, beyond full; projecting to full skips half.
    /// A flick down at 4 × (952 − 698) = 1016 pt/s removes the panel (the hidden state is 100 pt below).
    @Test func panelDecisions() {
        var problem = SheetFeel.detailsPanel
        problem.release.velocity.dy = -2000
        #expect(problem.outcome().outcome == .stop(.full))
        problem.release.velocity.dy = 1016
        #expect(problem.outcome().outcome == .removed)
        problem.release.velocity.dy = 1015
        #expect(problem.outcome().outcome == .stop(.tip))
    }

    /// The short form 300 pt tall rests at 852 − 34 − 300 = 518 (PanModal's topMargin keeps the content above
    /// the home indicator), the long form at topOffset 59 + 21 = 80. A 1200 pt/s flick up goes long, through
    /// the model at 60 and 120 Hz.
    @Test(arguments: [FrameRate.sixty, FrameRate.oneTwenty])
    func modalShortFormAndFlick(rate: FrameRate) throws {
        let layout = try SheetFeel.commentsModal.layout()
        #expect(layout.position(of: .short) == 518)
        #expect(layout.position(of: .long) == 80)
        let flick = try GestureScript.swipe(
            from: Point(x: 196.5, y: 600), to: Point(x: 196.5, y: 450), releaseVelocity: 1200)
        let check = GestureOutcomeCheck.expect("long", of: flick, through: SheetFeel.commentsModal, at: rate)
        #expect(Bool(check.passed), "\(check)")
    }
}
