import PopSimGestures
import PopSimInteractions
import Testing

@testable import PopSimSweeps

@Suite("Thresholds")
struct ThresholdTests {
    // MARK: The search

    /// A step at c: one boundary, its midpoint within T/2 of c (the bracket [lo, hi] holds c and is at
    /// most T wide), `a` below and `b` above.
    @Test(
        arguments: [
            (0.0, 10.0, 3.3), (-500.0, 500.0, 0.0), (-1.0, 1.0, 0.999_999), (0.0, 1.0, 1e-9), (100.0, 3000.0, 2999.5),
        ],
        [1e-6, 1e-3, 0.5])
    func aStepIsFoundWithinHalfTheTolerance(interval: (Double, Double, Double), tolerance: Double) throws {
        let (a, b, c) = interval
        let search = try BoundarySearch(lower: a, upper: b, probes: 16, tolerance: tolerance)
        let scan = search.scan { $0 >= c ? "b" : "a" }
        let boundary = try #require(scan.boundaries.first)
        #expect(scan.boundaries.count == 1)
        #expect(boundary.below == "a" && boundary.above == "b")
        #expect(boundary.lower < c && c <= boundary.upper)
        #expect(boundary.upper - boundary.lower <= tolerance)
        #expect(abs(boundary.value - c) <= tolerance / 2)
        #expect(scan.first == "a" && scan.last == "b")
    }

    /// Two probes only: a bracket whose midpoint gives a third outcome is split, and both changes come
    /// out in increasing order.
    @Test func aThirdOutcomeInsideABracketSplitsIt() throws {
        let search = try BoundarySearch(lower: 0, upper: 4, probes: 2, tolerance: 1e-9)
        let scan = search.scan { $0 < 1 ? "a" : $0 < 1.5 ? "b" : "c" }
        #expect(scan.boundaries.map { [$0.below, $0.above] } == [["a", "b"], ["b", "c"]])
        #expect(abs(scan.boundaries[0].value - 1) <= 1e-9)
        #expect(abs(scan.boundaries[1].value - 1.5) <= 1e-9)
    }

    /// A rule that compares against a number changes exactly there: the boundary is that number, not
    /// the bracket's midpoint, with the side whose outcome the number itself gives. A strict `v > 0`
    /// keeps 0 below; `120 + 0.25·v ≥ 263` (which rounds, so the change sits a few doubles off 572)
    /// puts 572 above; a change at 1/3, which no short decimal hits, stays the midpoint.
    @Test func aComparisonWithANumberGivesThatNumber() throws {
        let search = try BoundarySearch(lower: -3000, upper: 3000, tolerance: 1e-6)
        let sign = try #require(search.scan { $0 > 0 ? "above" : "below" }.boundaries.first)
        #expect(sign.value == 0 && sign.exact == ExactBoundary(value: 0, side: .below))
        let scaled = try #require(search.scan { 120 + 0.25 * $0 >= 263 ? "above" : "below" }.boundaries.first)
        #expect(scaled.value == 572 && scaled.exact?.side == .above)
        let third = try #require(
            try BoundarySearch(lower: 0, upper: 1, tolerance: 1e-6).scan { $0 >= 1.0 / 3 ? "b" : "a" }
                .boundaries.first)
        #expect(third.exact == nil)
        #expect(abs(third.value - 1.0 / 3) <= 0.5e-6)
        // Outcomes that change near, but not at, a short decimal (0.5 + 1e-9): the midpoint again.
        let near = try #require(
            try BoundarySearch(lower: 0, upper: 1, tolerance: 1e-6).scan { $0 >= 0.5 + 1e-9 ? "b" : "a" }
                .boundaries.first)
        #expect(near.exact == nil && near.value != 0.5)
    }

    /// The decimal with the fewest significant digits in an interval (the smallest of equally short ones),
    /// as the nearest double.
    @Test(arguments: [
        (-7e-7, 3e-7, 0.0), (571.9999992, 572.0000002, 572.0), (272.6399995, 272.6400004, 272.64),
        (0.333_333, 0.333_334, 0.333_333), (-0.5000001, -0.4999991, -0.5), (1234.5678, 1234.5678, 1234.5678),
        (1.5e-9, 3e-9, 2e-9), (95.1, 95.9, 95.1),
    ])
    func shortestDecimal(interval: (Double, Double, Double)) throws {
        let found = try #require(BoundarySearch.shortestDecimal(from: interval.0, to: interval.1))
        #expect(found == interval.2)
    }

    @Test func noChangeGivesNoBoundary() throws {
        let scan = try BoundarySearch(lower: -1, upper: 1).scan { _ in "same" }
        #expect(scan.boundaries.isEmpty)
        #expect(scan.first == "same" && scan.last == "same")
        #expect(scan.evaluations == BoundarySearch.defaultProbes)
    }

    /// An outcome that flips every 10⁻⁵: more changes than a line may resolve; the search stops at the
    /// bound and says so.
    @Test func aLineWithTooManyChangesIsTruncated() throws {
        let search = try BoundarySearch(lower: 0, upper: 1, probes: 200_001, tolerance: 1e-7)
        let scan = search.scan { Int(($0 * 1e5).rounded(.down)) % 2 == 0 ? "even" : "odd" }
        #expect(scan.truncated)
        #expect(scan.boundaries.count == BoundarySearch.maximumBoundaries)
    }

    static let badSearches: [(Double, Double, Int, Double)] = [
        (1, 1, 16, 1e-6), (2, 1, 16, 1e-6), (0, .infinity, 16, 1e-6), (.nan, 1, 16, 1e-6),
        (0, 1, 1, 1e-6), (0, 1, BoundarySearch.maximumProbes + 1, 1e-6), (0, 1, 16, 0), (0, 1, 16, -1),
        (0, 1, 16, .nan),
        (-1e308, 1e308, 16, 1e-6),  // B − A overflows to inf
    ]

    @Test(arguments: badSearches)
    func invalidSearchesAreRefused(search: (Double, Double, Int, Double)) {
        #expect(throws: ThresholdError.self) {
            _ = try BoundarySearch(lower: search.0, upper: search.1, probes: search.2, tolerance: search.3)
        }
    }

    // MARK: Closed forms

    /// The ideal Popovers drag-down rule: the popover at y₀ = (H − h)/2 (centred, inside the 16 pt
    /// padding) is dismissed iff y₀ + t + T·v ≥ H − H·p, so along the velocity the boundary is
    /// v = (H − H·p − y₀ − t)/T; drag-up: y₀ + t + T·v ≤ H·p, v = (H·p − y₀ − t)/T.
    @Test(arguments: [
        (852.0, 100.0, 0.25, 120.0, 0.25), (852.0, 100.0, 0.1, -50.0, 0.25), (600.0, 300.0, 0.4, 5.0, 0.1),
        (1000.0, 50.0, 0.05, 300.0, 0.4), (700.0, 200.0, 0.33, -120.5, 0.18),
    ])
    func popoverBoundariesAreTheClosedForm(H: Double, h: Double, p: Double, t: Double, T: Double) throws {
        var problem = PopoverDecisionProblem()
        problem.screen.window.height = H
        problem.size.height = h
        problem.proximity = p
        problem.release.translation.dy = t
        problem.predictionTime = T
        problem.mode = [.dragDown, .dragUp]
        let y0 = (H - h) / 2
        let down = (H - H * p - y0 - t) / T
        let up = (H * p - y0 - t) / T
        let tolerance = 1e-6
        let search = try BoundarySearch(lower: up - 3000, upper: down + 3000, tolerance: tolerance)
        let table = try ThresholdTable(base: problem, axes: [], solving: "velocity_y", search: search)
        let rows = table.solve(line: 0).rows
        #expect(rows.map { [$0.below, $0.above] } == [["dismissed-up", "returned"], ["returned", "dismissed-down"]])
        #expect(abs(rows[0].value! - up) <= tolerance / 2)
        #expect(abs(rows[1].value! - down) <= tolerance / 2)
    }

    /// LNPopupController's snap from open closes iff the travel min(ty, Y)/d > c, strictly: along the
    /// translation the boundary is c·d (for c·d < Y), open below, closed above.
    @Test(arguments: [
        (852.0, 769.0, 0.32), (852.0, 769.0, 0.1), (852.0, 769.0, 0.9), (700.0, 640.0, 0.5), (1000.0, 917.0, 0.25),
    ])
    func popupSnapBoundaryIsCTimesD(d: Double, Y: Double, c: Double) throws {
        var problem = PopupDecisionProblem(from: .open, style: .snap)
        problem.screenHeight = d
        problem.dockTop = Y
        problem.snapPercent = c
        let tolerance = 1e-6
        let table = try ThresholdTable(
            base: problem, axes: [], solving: "translation_y",
            search: try BoundarySearch(lower: 0, upper: d, tolerance: tolerance))
        let rows = table.solve(line: 0).rows
        #expect(rows.count == 1)
        #expect(rows[0].below == "open" && rows[0].above == "closed")
        #expect(abs(rows[0].value! - c * d) <= tolerance / 2)
    }

    /// The rules' own numbers come out as they are: LNPopupController's drag from open with the popup
    /// more than half open keeps it open for vy ≤ 0 and closes it for vy > 0 (LNPopupController.mm:1205-1218 at
    /// be3afaa), so along the velocity the boundary is 0, which is open; its snap from open closes iff
    /// 272.64/852 > 0.32, strictly, so 272.64 is open; Popovers' drag-down dismisses iff
    /// 376 + 120 + 0.25·v ≥ 639, so 572 dismisses.
    @Test func exactBoundariesOfTheModels() throws {
        var drag = PopupDecisionProblem(from: .open, style: .drag)
        drag.release.translation.dy = 100
        let along = try BoundarySearch(lower: -3000, upper: 3000)
        let dragRow = try ThresholdTable(base: drag, axes: [], solving: "velocity_y", search: along).solve(line: 0).rows
        #expect(dragRow == [ThresholdRow(value: 0, below: "open", above: "closed")])
        #expect(drag.outcome() == .open)

        let snap = PopupDecisionProblem(from: .open, style: .snap)
        let snapRow = try ThresholdTable(
            base: snap, axes: [], solving: "translation_y",
            search: try BoundarySearch(lower: 0, upper: 852)
        ).solve(line: 0).rows
        #expect(snapRow.map(\.value) == [272.64])

        var popover = PopoverDecisionProblem()
        popover.mode = [.dragDown]
        popover.release.translation.dy = 120
        let popoverRow = try ThresholdTable(
            base: popover, axes: [], solving: "velocity_y",
            search: try BoundarySearch(lower: 0, upper: 3000)
        ).solve(line: 0).rows
        #expect(popoverRow.map(\.value) == [572])
        popover.release.velocity.dy = 572
        #expect(popover.outcome() == .dismissedDown)
    }

    /// Grid axes give one line each, the header names the grid columns as a sweep does.
    @Test func gridLinesAndHeader() throws {
        var problem = PopoverDecisionProblem()
        problem.mode = .dragDown
        let table = try ThresholdTable(
            base: problem, axes: [try GridAxis(column: "translation_y", start: 100, end: 500, count: 5)],
            solving: "velocity_y", search: try BoundarySearch(lower: -3000, upper: 3000))
        #expect(table.count == 5)
        #expect(table.header(trials: false) == "translation_y,velocity_y,below,above\n")
        #expect(table.header(trials: true) == "translation_y,velocity_y,velocity_y_low,velocity_y_high,below,above\n")
        // y₀ = 376, H − H·p = 639: v = (263 − t)/0.25.
        for line in 0..<5 {
            let t = 100 + Double(line) * 100
            #expect(abs(table.solve(line: line).rows[0].value! - (263 - t) / 0.25) <= 5e-7)
        }
    }

    /// A line without a change: one row, the value empty, below = above.
    @Test func aLineWithoutAChangeHasOneEmptyRow() throws {
        var problem = PopoverDecisionProblem()
        problem.mode = .dragDown
        problem.release.translation.dy = 10
        let table = try ThresholdTable(
            base: problem, axes: [], solving: "velocity_y", search: try BoundarySearch(lower: -100, upper: 100))
        #expect(table.csv() == "velocity_y,below,above\n,returned,returned\n")
    }

    @Test func theSolvedColumnMustBeAParameterAndNotAnAxis() throws {
        let search = try BoundarySearch(lower: 0, upper: 1)
        #expect(throws: ThresholdError.self) {
            _ = try ThresholdTable(base: PopoverDecisionProblem(), axes: [], solving: "speed", search: search)
        }
        #expect(throws: ThresholdError.self) {
            _ = try ThresholdTable(
                base: PopoverDecisionProblem(), axes: [try GridAxis(column: "velocity_y", start: 0, end: 1, count: 2)],
                solving: "velocity_y", search: search)
        }
        // The interval's ends are validated as the problem's: a proximity of 2 is out of range.
        #expect(throws: ThresholdError.self) {
            _ = try ThresholdTable(
                base: PopoverDecisionProblem(), axes: [], solving: "proximity",
                search: try BoundarySearch(lower: 0, upper: 2))
        }
    }

    // MARK: Agreement with sweeps

    /// Every cell of a sweep over the solved parameter has the outcome the line's boundaries imply:
    /// below the first boundary its `below`, between two the outcome they share, past the last its
    /// `above` (cells within the tolerance of a boundary may be either).
    static func expectGridAgrees<Problem: DecisionProblem>(
        _ base: Problem, axes: [GridAxis], solving column: String,
        over range: (Double, Double), cells: Int,
        pipeline: PipelineSettings? = nil
    ) throws {
        let tolerance = 1e-6
        let thresholds = try ThresholdTable(
            base: base, axes: axes, solving: column,
            search: try BoundarySearch(lower: range.0, upper: range.1, tolerance: tolerance))
        let sweep = try DecisionTable(
            base: base, axes: axes + [try GridAxis(column: column, start: range.0, end: range.1, count: cells)])
        var checked = 0
        for line in 0..<thresholds.count {
            let rows = thresholds.solve(line: line, pipeline: pipeline).rows
            for cell in 0..<cells {
                let index = line * cells + cell
                let x = sweep.grid.value(axis: axes.count, at: index)
                if rows.contains(where: { $0.value.map { abs($0 - x) <= tolerance } ?? false }) { continue }
                let expected = rows.last(where: { ($0.value ?? .infinity) < x })?.above ?? rows[0].below
                #expect(sweep.outcome(at: index, pipeline: pipeline) == expected, "line \(line), \(column) = \(x)")
                checked += 1
            }
        }
        #expect(checked > thresholds.count * cells / 2)
    }

    @Test func popoverSweepAgreesWithThresholds() throws {
        var problem = PopoverDecisionProblem()
        problem.mode = [.dragDown, .dragUp]
        try Self.expectGridAgrees(
            problem,
            axes: [
                try GridAxis(column: "translation_y", start: -400, end: 400, count: 9),
                try GridAxis(column: "proximity", start: 0.1, end: 0.4, count: 4),
            ],
            solving: "velocity_y", over: (-4000, 4000), cells: 161)
    }

    @Test func picturePopoverSweepAgreesWithThresholds() throws {
        var problem = PopoverDecisionProblem()
        problem.anchors = [.topLeft, .topRight, .bottomLeft, .bottomRight, .center]
        problem.containerFrame = .init(x: 16, y: 59, width: 361, height: 759)
        problem.size = .init(width: 120, height: 80)
        // Never |t| < 2 pt (no drag): an island far narrower than the probe spacing.
        try Self.expectGridAgrees(
            problem, axes: [try GridAxis(column: "translation_x", start: -300, end: 300, count: 6)],
            solving: "translation_y", over: (-700, 700), cells: 141)
    }

    @Test func popupSweepAgreesWithThresholds() throws {
        try Self.expectGridAgrees(
            PopupDecisionProblem(from: .open, style: .drag),
            axes: [try GridAxis(column: "velocity_y", start: -500, end: 500, count: 5)],
            solving: "translation_y", over: (-100, 900), cells: 101)
        try Self.expectGridAgrees(
            PopupDecisionProblem(from: .open, style: .snap),
            axes: [try GridAxis(column: "snap_percent", start: 0.1, end: 0.9, count: 9)],
            solving: "translation_y", over: (0, 852), cells: 107)
    }

    /// Through the pipeline with the min-jerk drag and without noise every seed gives the same stream (a
    /// human release draws its shape from the seed), so a sweep's cells (each with its own seed) agree
    /// with the lines too.
    @Test func noiselessPipelineSweepAgreesWithThresholds() throws {
        var problem = PopoverDecisionProblem()
        problem.mode = .dragDown
        try Self.expectGridAgrees(
            problem, axes: [try GridAxis(column: "translation_y", start: 0, end: 300, count: 4)],
            solving: "velocity_y", over: (-2000, 3000), cells: 51,
            pipeline: PipelineSettings(rate: 60, profileName: .minimumJerk))
        try Self.expectGridAgrees(
            PopupDecisionProblem(from: .open, style: .drag),
            axes: [try GridAxis(column: "translation_y", start: 100, end: 700, count: 4)],
            solving: "velocity_y", over: (-1500, 1500), cells: 31,
            pipeline: PipelineSettings(rate: 120, profileName: .minimumJerk))
    }

    // MARK: Trials

    /// With the min-jerk drag and without noise every realisation is the same: the 50 % point is the
    /// common boundary, and the interval, the range of six equal thresholds, has no width.
    @Test func noiselessTrialsFitTheCommonBoundary() throws {
        var problem = PopoverDecisionProblem()
        problem.mode = .dragDown
        problem.release.translation.dy = 120
        let table = try ThresholdTable(
            base: problem, axes: [], solving: "velocity_y", search: try BoundarySearch(lower: 0, upper: 3000))
        let settings = PipelineSettings(rate: 120, profileName: .minimumJerk)
        let single = try #require(table.solve(line: 0, pipeline: settings).rows.first?.value)
        var trials = settings
        trials.trials = 6
        let fitted = try #require(table.solve(line: 0, pipeline: trials).rows.first)
        #expect(abs(fitted.value! - single) <= 1e-6)
        #expect(fitted.low == fitted.value && fitted.value == fitted.high)
    }

    /// With noise the realisations' thresholds spread (here noise alone, with the min-jerk drag): the
    /// 95 % interval holds the 50 % point, and a sweep with trials at that point finds the dismissal
    /// neither certain nor impossible, while far below and far above it is certain either way.
    @Test func noisyTrialsGiveAProbabilityThatRises() throws {
        var problem = PopoverDecisionProblem()
        problem.mode = .dragDown
        problem.release.translation.dy = 120
        let settings = PipelineSettings(rate: 60, noise: 0.5, profileName: .minimumJerk, seed: 11, trials: 40)
        let table = try ThresholdTable(
            base: problem, axes: [], solving: "velocity_y",
            search: try BoundarySearch(lower: 0, upper: 3000, tolerance: 1e-3))
        let row = try #require(table.solve(line: 0, pipeline: settings).rows.first { $0.above == "dismissed-down" })
        let middle = try #require(row.value)
        #expect(row.low! < middle && middle < row.high!)
        var sweepSettings = settings
        sweepSettings.trials = 100
        let sweep = try DecisionTable(
            base: problem, axes: [try GridAxis(column: "velocity_y", start: 0, end: 2 * middle, count: 3)])
        let words = sweep.outcomeWords
        let dismissed = try #require(words.firstIndex(of: "dismissed-down"))
        let fractions = (0..<3).map { index in
            let counts = sweep.row(at: index, pipeline: sweepSettings).counts!
            #expect(counts.reduce(0, +) == 100)
            return Double(counts[dismissed]) / 100
        }
        #expect(fractions[0] == 0)
        #expect(fractions[1] > 0.2 && fractions[1] < 0.8)
        #expect(fractions[2] == 1)
    }

    /// Rows of a transition seen only in some realisations: the others are censored at an end when they
    /// stayed on one side, and the rows come in increasing order of their 50 % points.
    @Test func trialRowsAreOrderedAndCensored() throws {
        let search = try BoundarySearch(lower: 0, upper: 10, tolerance: 1e-3)
        func scan(_ boundaries: [(Double, String, String)], first: String, last: String) -> BoundaryScan {
            BoundaryScan(
                boundaries: boundaries.map { Boundary(lower: $0.0, upper: $0.0, below: $0.1, above: $0.2) },
                first: first, last: last, evaluations: 1, truncated: false)
        }
        let scans = [
            scan([(7.0, "b", "c"), (8.0, "c", "d")], first: "b", last: "d"),
            scan([(2.0, "a", "b"), (7.5, "b", "c")], first: "a", last: "c"),
            scan([(3.0, "a", "b"), (6.5, "b", "c")], first: "a", last: "c"),
            scan([], first: "c", last: "c"),
        ]
        let rows = ThresholdTable<PopoverDecisionProblem>.trialRows(scans, search: search)
        #expect(rows.map { "\($0.below)>\($0.above)" } == ["a>b", "b>c", "c>d"])
        // a → b: two exact thresholds (2 and 3); the first realisation starts at b but leaves it and
        // the last stays at c, other paths, left out. b → c: three exact, the last realisation crossed
        // before the start.
        #expect(rows[0].value != nil && rows[1].value != nil)
        // c → d: one crossing, at 8, and one realisation that stayed at c (not crossed by the end): the
        // median of the two straddles the end and is left empty; the interval (their range) starts at 8.
        #expect(rows[2].value == nil && rows[2].low == 8 && rows[2].high == nil)
    }

    // MARK: Points

    /// An outcome at one number alone (a rule for v = 0 of its own, as a pipeline's release at rest):
    /// inside the interval it gives two boundaries at 0, at an end one; asked to tell, the search marks
    /// each a point, since a tolerance beyond it the other outcome is back. A step at 0 (LNPopupController's
    /// `velocity.y > 0`) and a narrow band of a third outcome wider than the tolerance are no points;
    /// a band narrower than the tolerance (|x| < 10⁻⁷, the human release's v = 0) is one.
    @Test func pointsAreToldFromSteps() throws {
        let isolated = { (x: Double) in x == 0 ? "rest" : "moving" }
        let inside = try BoundarySearch(lower: -1, upper: 1, probes: 3).scan(marksPoints: true, isolated)
        #expect(inside.boundaries.map(\.value) == [0, 0])
        #expect(inside.boundaries.map(\.isPoint) == [true, true])
        #expect(inside.boundaries.map { "\($0.below)>\($0.above)" } == ["moving>rest", "rest>moving"])
        let unmarked = try BoundarySearch(lower: -1, upper: 1, probes: 3).scan(isolated)
        #expect(unmarked.boundaries.map(\.isPoint) == [false, false])
        #expect(unmarked.evaluations < inside.evaluations)

        let end = try BoundarySearch(lower: -1, upper: 0).scan(marksPoints: true, isolated)
        #expect(end.boundaries.map(\.value) == [0] && end.boundaries[0].isPoint)
        #expect(end.boundaries[0].exact?.side == .above)

        let step = try BoundarySearch(lower: -1, upper: 1).scan(marksPoints: true) { $0 > 0 ? "closed" : "open" }
        #expect(step.boundaries.map(\.value) == [0] && !step.boundaries[0].isPoint)

        let search = try BoundarySearch(lower: -1, upper: 1, probes: 3, tolerance: 1e-6)
        let wide = search.scan(marksPoints: true) { abs($0) < 1e-3 ? "rest" : "moving" }
        #expect(wide.boundaries.count == 2 && wide.boundaries.allSatisfy { !$0.isPoint })
        let narrow = search.scan(marksPoints: true) { abs($0) < 1e-7 ? "rest" : "moving" }
        #expect(narrow.boundaries.count == 2 && narrow.boundaries.allSatisfy(\.isPoint))
        #expect(narrow.boundaries.allSatisfy { abs($0.value) <= 1e-7 + 1e-6 })
    }

    /// With trials, points are no crossing: the step's fit uses the steps alone, each pair of outcomes
    /// seen as a point is one row at its realisations' median value, without an interval, and a point
    /// within a tolerance of an end leaves the outcome beside it at that end.
    @Test func trialRowsKeepPointsApart() throws {
        let search = try BoundarySearch(lower: -10, upper: 0, tolerance: 1e-3)
        func scan(_ step: Double?, point: Double) -> BoundaryScan {
            let steps = step.map { [Boundary(lower: $0, upper: $0, below: "full", above: "half")] } ?? []
            return BoundaryScan(
                boundaries: steps + [Boundary(lower: point, upper: point, below: "half", above: "full", isPoint: true)],
                first: step == nil ? "half" : "full", last: "full", evaluations: 1, truncated: false)
        }
        let scans = [scan(-6, point: -3e-4), scan(-5, point: -1e-4), scan(-4, point: 0), scan(nil, point: -2e-4)]
        let rows = ThresholdTable<PopoverDecisionProblem>.trialRows(scans, search: search)
        #expect(rows.map { "\($0.below)>\($0.above):\($0.isPoint)" } == ["full>half:false", "half>full:true"])
        #expect(rows[1].value == -2e-4 && rows[1].low == nil && rows[1].high == nil)
        // Three exact thresholds, −6, −5 and −4, and one realisation at half from the start to the point
        // at the end: it crossed before the start (left-censored), which pulls the 50 % point below the
        // exact thresholds' mean, −5. Taken at its last outcome, full, it would be another path, left
        // out, and the fit would sit at −5.
        let fitted = try #require(rows[0].value)
        #expect(fitted < -5 && fitted > -10, "\(fitted)")
    }

    @Test func onlyConstantRealisationsGiveOneRowPerOutcome() throws {
        let search = try BoundarySearch(lower: 0, upper: 1)
        let scans = [
            BoundaryScan(boundaries: [], first: "x", last: "x", evaluations: 1, truncated: false),
            BoundaryScan(boundaries: [], first: "y", last: "y", evaluations: 1, truncated: false),
            BoundaryScan(boundaries: [], first: "x", last: "x", evaluations: 1, truncated: false),
        ]
        let rows = ThresholdTable<PopoverDecisionProblem>.trialRows(scans, search: search)
        #expect(
            rows == [
                ThresholdRow(value: nil, below: "x", above: "x"), ThresholdRow(value: nil, below: "y", above: "y"),
            ])
    }

    /// Streaming in chunks on any number of threads writes the same text.
    @Test(arguments: [1, 2, 5])
    func thresholdTextDoesNotDependOnJobs(jobs: Int) throws {
        var problem = PopoverDecisionProblem()
        problem.mode = [.dragDown, .dragUp]
        let table = try ThresholdTable(
            base: problem,
            axes: [
                try GridAxis(column: "translation_y", start: -300, end: 300, count: 13),
                try GridAxis(column: "proximity", start: 0.1, end: 0.3, count: 3),
            ],
            solving: "velocity_y", search: try BoundarySearch(lower: -5000, upper: 5000, probes: 32))
        #expect(table.csv(jobs: jobs) == table.csv(jobs: 1))
    }
}
