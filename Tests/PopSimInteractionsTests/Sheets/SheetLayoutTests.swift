import PopSimGeometry
import Testing

@testable import PopSimInteractions

/// Building the stops of each library: the values, the rounding, and every refusal naming the stop.
@Suite("Sheet layouts")
struct SheetLayoutTests {
    func stops(_ pairs: [(String, Double)]) -> [SheetStop] { pairs.map { SheetStop(name: $0.0, y: $0.1) } }

    func error(_ build: () throws(SheetLayoutError) -> SheetLayout) -> SheetLayoutError? {
        do {
            _ = try build()
            return nil
        } catch {
            return error
        }
    }

    /// FloatingPanel rounds every anchor to the display scale (Sources/Layout.swift:318-320): 426.2 at
    /// scale 3 is round(1278.6)/3 = 1279/3; the default hidden position of an 852 pt window is 952.
    @Test func floatingPanelPositionsAreRounded() throws {
        let layout = try SheetLayout(
            library: .floatingPanel, stops: stops([("half", 426.2), ("full", 80)]), windowHeight: 852,
            displayScale: 3)
        #expect(layout.position(of: .half) == 1279.0 / 3)
        #expect(layout.position(of: .full) == 80)
        #expect(layout.position(of: .tip) == nil)
        #expect(layout.stops.map(\.name) == ["full", "half"])
        guard case .floatingPanel(let panel) = layout else {
            Issue.record("not a FloatingPanel layout")
            return
        }
        #expect(panel.hiddenPosition == 952)
    }

    /// Unknown names, duplicates, positions beyond ±10⁶ pt and an empty list are refused by name, as are a
    /// zero window and an infinite display scale.
    @Test func floatingPanelRefusals() {
        #expect(
            error { () throws(SheetLayoutError) in
                try SheetLayout(library: .floatingPanel, stops: stops([("long", 80)]))
            }
                == .unknownStop(name: "long", library: .floatingPanel))
        #expect(
            error { () throws(SheetLayoutError) in
                try SheetLayout(library: .floatingPanel, stops: stops([("half", 400), ("half", 420)]))
            } == .duplicateStop(name: "half"))
        #expect(
            error { () throws(SheetLayoutError) in
                try SheetLayout(library: .floatingPanel, stops: stops([("tip", 2e9)]))
            }
                == .stopOutOfRange(name: "tip", y: 2e9))
        #expect(
            error { () throws(SheetLayoutError) in try SheetLayout(library: .floatingPanel, stops: []) }
                == .noStops(library: .floatingPanel))
        #expect(
            error { () throws(SheetLayoutError) in
                try SheetLayout(library: .floatingPanel, stops: stops([("full", 80)]), windowHeight: 0)
            } != nil)
        #expect(
            error { () throws(SheetLayoutError) in
                try SheetLayout(library: .floatingPanel, stops: stops([("full", 80)]), displayScale: .infinity)
            } != nil)
    }

    /// A NaN position is refused naming the stop (NaN ≠ NaN, so the message is checked).
    @Test func nonFinitePositionNamesTheStop() {
        let refusal = error { () throws(SheetLayoutError) in
            try SheetLayout(library: .floatingPanel, stops: stops([("tip", .nan)]))
        }
        guard case .stopOutOfRange(let name, _)? = refusal else {
            Issue.record("expected stopOutOfRange, got \(String(describing: refusal))")
            return
        }
        #expect(name == "tip")
        #expect(refusal!.description.contains("'tip'"))
    }

    /// Bottom panels need y increasing from full to hidden, top panels decreasing; equal positions, or two
    /// that round to the same pixel (400 and 400.1 at scale 2 both give 400), are out of order too.
    @Test func floatingPanelOrder() {
        let inverted = error { () throws(SheetLayoutError) in
            try SheetLayout(library: .floatingPanel, stops: stops([("full", 500), ("half", 400)]))
        }
        guard case .outOfOrder(let name, _, let neighbour, _, let relation, _)? = inverted else {
            Issue.record("expected outOfOrder")
            return
        }
        #expect(name == "half" && neighbour == "full" && relation == "below")
        #expect(inverted!.description.contains("'half'"))
        #expect(
            error { () throws(SheetLayoutError) in
                try SheetLayout(
                    library: .floatingPanel, stops: stops([("tip", 100), ("half", 300), ("full", 700)]),
                    attachment: .top)
            } == nil)
        #expect(
            error { () throws(SheetLayoutError) in
                try SheetLayout(
                    library: .floatingPanel, stops: stops([("full", 100), ("half", 300)]), attachment: .top)
            } != nil)
        #expect(
            error { () throws(SheetLayoutError) in
                try SheetLayout(library: .floatingPanel, stops: stops([("half", 400), ("tip", 400)]))
            } != nil)
        let samePixel = error { () throws(SheetLayoutError) in
            try SheetLayout(library: .floatingPanel, stops: stops([("half", 400), ("tip", 400.1)]), displayScale: 2)
        }
        #expect(samePixel?.description.contains("same pixel") == true)
    }

    /// PanModal: missing stops take the library's defaults (long = topOffset = 59 + 21, short = long).
    @Test func panModalDefaults() throws {
        let layout = try SheetLayout(library: .panModal, stops: stops([("short", 500)]))
        #expect(layout.position(of: .long) == 80)
        #expect(layout.position(of: .short) == 500)
        let empty = try SheetLayout(library: .panModal, stops: [])
        #expect(empty.position(of: .short) == 80)
    }

    /// PanModal's refusals: names it does not have, the short form above the long form, a long form above
    /// topOffset, a stop below the container, a top attachment.
    @Test func panModalRefusals() {
        #expect(
            error { () throws(SheetLayoutError) in try SheetLayout(library: .panModal, stops: stops([("half", 400)])) }
                == .unknownStop(name: "half", library: .panModal))
        #expect(
            error { () throws(SheetLayoutError) in
                try SheetLayout(library: .panModal, stops: stops([("long", 400), ("long", 300)]))
            } == .duplicateStop(name: "long"))
        let above = error { () throws(SheetLayoutError) in
            try SheetLayout(library: .panModal, stops: stops([("long", 400), ("short", 300)]))
        }
        guard
            case .outOfOrder(name: "short", y: 300, neighbour: "long", neighbourY: 400, relation: _, reason: _)? = above
        else {
            Issue.record("expected outOfOrder for short, got \(String(describing: above))")
            return
        }
        #expect(
            error { () throws(SheetLayoutError) in try SheetLayout(library: .panModal, stops: stops([("long", 60)])) }
                != nil)
        #expect(
            error { () throws(SheetLayoutError) in try SheetLayout(library: .panModal, stops: stops([("short", 900)])) }
                != nil)
        #expect(
            error { () throws(SheetLayoutError) in try SheetLayout(library: .panModal, stops: [], attachment: .top) }
                == .unsupportedAttachment(library: .panModal, attachment: .top))
    }

    /// A release from a stop the layout lacks is refused, naming it and the stops there are.
    @Test func unknownFrom() throws {
        let layout = try SheetLayout(library: .floatingPanel, stops: stops([("full", 80), ("half", 426)]))
        #expect(throws: SheetLayoutError.unknownFrom(name: "tip", available: ["full", "half"])) {
            try SheetReleaseDecision.decide(layout: layout, from: .tip, translation: .zero, velocity: .zero)
        }
        #expect(throws: SheetLayoutError.unknownFrom(name: "long", available: ["full", "half"])) {
            try layout.stop(named: "long")
        }
    }

    /// The outcome words round-trip and are the CSV vocabulary.
    @Test func outcomeWords() {
        for word in SheetOutcome.allWords { #expect(SheetOutcome(word: word)?.word == word) }
        #expect(SheetOutcome.allWords == ["full", "half", "tip", "hidden", "long", "short", "dismissed", "removed"])
        #expect(SheetOutcome(word: "open") == nil)
    }

    /// On a device: the iPhone SE (375 × 667 @2x, 20 pt status bar) puts PanModal's default long form at
    /// 20 + 21 = 41 (the value PanModal's own test expects on that phone, Tests/PanModalTests.swift:47 at
    /// slackhq/PanModal@b012aec), its container bottom at 667 and FloatingPanel's hidden position at 767,
    /// and rounds 426.2 to the 2× grid: 426.
    @Test func onADevice() throws {
        let modal = try SheetLayout(library: .panModal, stops: [], device: .iPhoneSE)
        #expect(modal.position(of: .long) == 41)
        guard case let .panModal(layout) = modal else {
            Issue.record("not PanModal")
            return
        }
        #expect(layout.containerHeight == 667)
        let panel = try SheetLayout(library: .floatingPanel, stops: stops([("half", 426.2)]), device: .iPhoneSE)
        #expect(panel.position(of: .half) == 426)
        guard case let .floatingPanel(floating) = panel else {
            Issue.record("not FloatingPanel")
            return
        }
        #expect(floating.hiddenPosition == 767)
    }

    /// The pinned versions.
    @Test func libraryVersions() {
        #expect(SheetLibrary.floatingPanel.version == "3.2.2" && SheetLibrary.floatingPanel.commit == "7efcc76")
        #expect(SheetLibrary.panModal.version == "1.2.7" && SheetLibrary.panModal.commit == "b012aec")
    }
}

/// The numbers Documentation/sheets.md states.
@Suite("Sheets documentation numbers")
struct SheetDocumentationTests {
    /// §2.3: on the default phone with full 80, half 426, tip 700, a release at rest on half skips to full
    /// above 346.69 pt/s: −346 stays (progress 0.499), −347 goes (0.5005). From tip no flick reaches full
    /// unless momentum projection is on for full.
    @Test func skipThresholdFromHalf() throws {
        let layout = try SheetLayout(
            library: .floatingPanel,
            stops: [SheetStop(.full, y: 80), SheetStop(.half, y: 426), SheetStop(.tip, y: 700)])
        func decide(
            _ from: SheetStopName, _ v: Double, _ behavior: FloatingPanelBehavior = .default
        ) throws -> SheetOutcome {
            try SheetReleaseDecision.decide(
                layout: layout, from: from, translation: .zero, velocity: Vector(dx: 0, dy: v),
                floatingPanel: behavior)
        }
        #expect(try decide(.half, -346) == .stop(.half))
        #expect(try decide(.half, -347) == .stop(.full))
        #expect(try decide(.tip, -8000) == .stop(.half))
        #expect(try decide(.tip, -8000, FloatingPanelBehavior(projectsMomentum: [.full])) == .stop(.full))
    }

    /// §2.4: ω = 2π/0.4 and ζ = 0.5756 for the default deceleration rate 0.991; §3.1: topOffset 80 on the
    /// default phone.
    @Test func constants() throws {
        let attraction = FloatingPanelAttraction(value: 0, velocity: 1000, target: 100, displayScale: 3)
        #expect((attraction.angularFrequency * 1000).rounded() / 1000 == 15.708)
        #expect((attraction.dampingRatio * 10000).rounded() / 10000 == 0.5756)
        #expect(try PanModalLayout().topOffset == 80)
    }
}
