import PopSimGestures
import PopSimRandom
import Testing

@testable import PopSimInteractions

/// Sheets as apps write them, placed by hand from the libraries' sources: FloatingPanel's anchors as
/// `LayoutAdapter._position(for:)` computes them on a `CGRect` (scenee/FloatingPanel@7efcc76
/// Sources/Layout.swift:322-392) then `rounded(by:)` (Sources/Extensions.swift:9-13); PanModal's forms as
/// `PanModalPresentable+LayoutHelpers.swift` computes them (slackhq/PanModal@b012aec, l.55-109).
@Suite("Sheet configurations: anchors and heights")
struct SheetConfigurationLayoutTests {
    /// The containers the layouts are placed in: four devices and a bare window without safe area.
    static let containers: [SheetContainer] =
        [DevicePreset.iPhoneSE, .iPhone15Pro, .iPhone15ProMax, .iPadPro11].map(SheetContainer.init)
        + [SheetContainer(height: 700, safeAreaTop: 0, safeAreaBottom: 0, displayScale: 2)]

    /// An anchor as the test draws it, independent of the library's representation.
    struct DrawnAnchor: CustomStringConvertible {
        enum Kind: CaseIterable { case absoluteInset, fractionalInset, absoluteOffset, fractionalOffset }
        var kind: Kind
        var value: Double
        var edgeIsTop: Bool
        var safeArea: Bool

        var anchor: FloatingPanelAnchor {
            let guide: FloatingPanelReferenceGuide = safeArea ? .safeArea : .superview
            let edge: FloatingPanelReferenceEdge = edgeIsTop ? .top : .bottom
            switch kind {
            case .absoluteInset: return FloatingPanelAnchor(absoluteInset: value, edge: edge, referenceGuide: guide)
            case .fractionalInset:
                return FloatingPanelAnchor(fractionalInset: value, edge: edge, referenceGuide: guide)
            case .absoluteOffset: return FloatingPanelAnchor(absoluteOffset: value, referenceGuide: guide)
            case .fractionalOffset: return FloatingPanelAnchor(fractionalOffset: value, referenceGuide: guide)
            }
        }

        var description: String { "\(kind)(\(value), top: \(edgeIsTop), safe: \(safeArea))" }
    }

    /// `_position(for:)` on the view's bounds rectangle (origin 0, the container's height) and its safe
    /// area, `bounds.inset(by: safeAreaInsets)`.
    static func handPosition(
        _ drawn: DrawnAnchor, top attachedTop: Bool, in c: SheetContainer, intrinsic length: Double
    ) -> Double {
        // The reference rectangle's minY and maxY.
        let (minY, maxY) = drawn.safeArea ? (c.safeAreaTop, c.height - c.safeAreaBottom) : (0, c.height)
        switch drawn.kind {
        case .absoluteInset:
            return drawn.edgeIsTop ? minY + drawn.value : maxY - drawn.value
        case .fractionalInset:
            let diff = (maxY - minY) * drawn.value
            return drawn.edgeIsTop ? minY + diff : maxY - diff
        case .absoluteOffset, .fractionalOffset:
            let diff = drawn.kind == .absoluteOffset ? drawn.value : length * drawn.value
            if attachedTop {
                let base = drawn.safeArea ? c.safeAreaTop : 0.0
                return base + length - diff
            }
            let base = drawn.safeArea ? c.height - c.safeAreaBottom : c.height
            return base - length + diff
        }
    }

    /// `CGFloat.rounded(by:)` as Sources/Extensions.swift:9-13 writes it.
    static func roundedByDisplayScale(_ value: Double, _ scale: Double) -> Double {
        let p = 1.0e9
        let v = (value * p).rounded(.towardZero) / p
        return (v * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    static func draw(_ random: inout SplitMix64) -> DrawnAnchor {
        func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        let kind = DrawnAnchor.Kind.allCases[random.index(below: 4)]
        // Absolute values on a 1/8 pt grid up to 400 pt, so that some land between pixels; fractions in [0, 1].
        let value =
            kind == .absoluteInset || kind == .absoluteOffset
            ? (unit() * 3200).rounded() / 8 : (unit() * 1000).rounded() / 1000
        return DrawnAnchor(
            kind: kind, value: value, edgeIsTop: random.next() & 1 == 0, safeArea: random.next() & 1 == 0)
    }

    /// 400 random layouts (one to four states, any anchor kinds) per container and attachment: every layout
    /// whose rounded positions are strictly in order for the attachment is accepted with exactly the hand
    /// positions (and the default hidden anchor for a state it lacks); every other one is refused naming
    /// two neighbouring states out of order. A release from each state then decides as the same stops
    /// given by position do.
    @Test(arguments: [FloatingPanelPosition.bottom, .top])
    func randomAnchorLayoutsPlaceAsLayoutAdapter(attachment: FloatingPanelPosition) throws {
        var random = SplitMix64(state: attachment == .bottom ? 0x5EED_0001 : 0x5EED_0002)
        var accepted = 0
        var refused = 0
        for container in Self.containers {
            for _ in 0..<400 {
                let count = 1 + random.index(below: 4)
                var states = FloatingPanelState.allCases
                while states.count > count { states.remove(at: random.index(below: states.count)) }
                let drawn = states.map { ($0, Self.draw(&random)) }
                let intrinsic = 100 + Double(random.index(below: 6000)) / 10
                let layout = FloatingPanelAnchoredLayout(
                    position: attachment, anchors: Dictionary(uniqueKeysWithValues: drawn.map { ($0.0, $0.1.anchor) }))
                let expected = drawn.map {
                    (
                        state: $0.0,
                        y: Self.roundedByDisplayScale(
                            Self.handPosition($0.1, top: attachment == .top, in: container, intrinsic: intrinsic),
                            container.displayScale)
                    )
                }
                // Most expanded first: y increases along it for a bottom panel, decreases for a top one.
                let byExpansion = expected.sorted { $0.state.order > $1.state.order }
                let outOfOrder = zip(byExpansion, byExpansion.dropFirst()).first { pair in
                    attachment == .bottom ? !(pair.1.y > pair.0.y) : !(pair.1.y < pair.0.y)
                }
                let result = Result { () throws(SheetLayoutError) in
                    try layout.resolved(in: container, intrinsicHeight: intrinsic)
                }
                if let outOfOrder {
                    refused += 1
                    guard case .failure(.outOfOrder(let name, _, let neighbour, _, _, _)) = result else {
                        Issue.record("\(drawn) in \(container): expected a refusal, got \(result)")
                        continue
                    }
                    #expect(
                        [neighbour, name] == [outOfOrder.0.state.rawValue, outOfOrder.1.state.rawValue], "\(drawn)")
                    continue
                }
                accepted += 1
                let placed = try result.get()
                for (state, y) in expected {
                    #expect(placed.position(for: state) == y, "\(state) of \(drawn) in \(container)")
                }
                let hiddenEdge = attachment == .bottom ? container.height + 100 : -100
                if !placed.contains(.hidden) {
                    #expect(placed.hiddenPosition == Self.roundedByDisplayScale(hiddenEdge, container.displayScale))
                }
                let byPosition = try FloatingPanelLayout(
                    position: attachment, stops: expected.map { SheetStop($0.state.stopName, y: $0.y) },
                    windowHeight: container.height, displayScale: container.displayScale)
                for (state, y) in expected where state != .hidden {
                    for velocity in [-900.0, -200, 0, 200, 900] {
                        #expect(
                            FloatingPanelReleaseRule.decide(layout: placed, from: state, y: y + 7, velocity: velocity)
                                == FloatingPanelReleaseRule.decide(
                                    layout: byPosition, from: state, y: y + 7, velocity: velocity))
                    }
                }
            }
        }
        // Both branches are exercised in earnest.
        #expect(accepted > 200 && refused > 200, "accepted \(accepted), refused \(refused)")
    }

    /// `FloatingPanelBottomLayout` on the default phone (852 pt, insets 59/34, 3×): full 59 + 18 = 77,
    /// half 818 − 0.5·759 = 438.5 → 1315.5 px rounds away from zero to 1316 px = 438.666…, tip 818 − 69 = 749.
    @Test func bottomLayoutOnTheDefaultPhone() throws {
        let layout = try FloatingPanelAnchoredLayout.bottomLayout.resolved(in: .default)
        #expect(layout.position(for: .full) == 77)
        #expect(layout.position(for: .half) == 1316.0 / 3)
        #expect(layout.position(for: .tip) == 749)
        #expect(layout.hiddenPosition == 952)
    }

    /// Intrinsic anchors need the surface's height, and negative or non-finite insets are refused,
    /// naming the state.
    @Test func anchorRefusals() {
        let intrinsic = FloatingPanelAnchoredLayout(anchors: [.full: FloatingPanelAnchor(absoluteOffset: 0)])
        #expect(throws: SheetLayoutError.missingIntrinsicHeight(library: .floatingPanel)) {
            try intrinsic.resolved(in: .default)
        }
        let negative = FloatingPanelAnchoredLayout(anchors: [
            .tip: FloatingPanelAnchor(absoluteInset: -5, edge: .bottom, referenceGuide: .safeArea)
        ])
        #expect {
            try negative.resolved(in: .default)
        } throws: {
            ($0 as? SheetLayoutError).map { "\($0)".contains("anchor tip") } ?? false
        }
    }

    // MARK: PanModal

    /// A height as the test draws it, with the form's top derived by hand from `topMargin(from:)` + topOffset
    /// (bottomYPos = H − topOffset, l.80-86): the offset cancels for the content kinds.
    static func handFormTop(
        _ height: PanModalHeight, topOffset t: Double, in c: SheetContainer, intrinsic: Double
    ) -> Double {
        switch height {
        case .maxHeight: return t
        case .maxHeightWithTopInset(let inset): return t + inset
        case .contentHeight(let h): return c.height - c.safeAreaBottom - h
        case .contentHeightIgnoringSafeArea(let h): return c.height - h
        case .intrinsicHeight: return c.height - c.safeAreaBottom - intrinsic
        }
    }

    static let heights: [PanModalHeight] = [
        .maxHeight, .maxHeightWithTopInset(0), .maxHeightWithTopInset(40), .maxHeightWithTopInset(333.3),
        .contentHeight(0), .contentHeight(300), .contentHeight(612.5), .contentHeight(2000),
        .contentHeightIgnoringSafeArea(300), .contentHeightIgnoringSafeArea(5000), .intrinsicHeight,
    ]

    /// Every pair of (long, short) height kinds, with the default and three given top offsets, in every
    /// container: long = max(its top, topOffset) (`longFormYPos`, l.72-74), short = max(its top, long)
    /// (`shortFormYPos`, l.55-64); a form below the container's bottom is refused.
    @Test func everyHeightKindAndTopOffset() throws {
        var placed = 0
        for container in Self.containers {
            for topOffset in [nil, 0.0, 44, 150] as [Double?] {
                let t = topOffset ?? container.safeAreaTop + 21
                for long in Self.heights {
                    for short in Self.heights {
                        let presentable = PanModalPresentable(
                            shortFormHeight: short, longFormHeight: long, topOffset: topOffset)
                        let longY = max(Self.handFormTop(long, topOffset: t, in: container, intrinsic: 250), t)
                        let shortY = max(Self.handFormTop(short, topOffset: t, in: container, intrinsic: 250), longY)
                        let result = Result { () throws(SheetLayoutError) in
                            try presentable.layout(in: container, intrinsicHeight: 250)
                        }
                        if shortY > container.height || longY > container.height {
                            guard case .failure(.stopOutsideLibraryRange) = result else {
                                Issue.record("\(long), \(short), \(t) in \(container): expected a refusal")
                                continue
                            }
                            continue
                        }
                        let layout = try result.get()
                        #expect(layout.longFormY == longY, "\(long) with topOffset \(t)")
                        #expect(layout.shortFormY == shortY, "\(short) under \(long) with topOffset \(t)")
                        #expect(layout.topOffset == t)
                        placed += 1
                    }
                }
            }
        }
        #expect(placed > 1500)
    }

    /// "My short form is 300 pt tall" on the default phone: topOffset 59 + 21 = 80, bottomYPos 852 − 80 =
    /// 772, topMargin(.contentHeight(300)) = 772 − (300 + 34) = 438, short form at 438 + 80 = 518 (not
    /// 852 − 300 = 552: the content sits above the home indicator). The long form defaults to .maxHeight, 80.
    @Test func shortFormOf300Points() throws {
        let layout = try PanModalPresentable(shortFormHeight: .contentHeight(300)).layout(in: .default)
        #expect(layout.shortFormY == 518)
        #expect(layout.longFormY == 80)
        // The short form defaults to the long form; a scroll view's content sets the default long form.
        #expect(try PanModalPresentable().layout(in: .default).shortFormY == 80)
        #expect(try PanModalPresentable().layout(in: .default, scrollContentHeight: 400).longFormY == 852 - 34 - 400)
    }

    /// A `--detents` long form above a given topOffset is refused, one at or below it accepted; without
    /// `.intrinsicHeight`'s height or with a negative height the presentable is refused.
    @Test func topOffsetBoundsTheLongForm() throws {
        #expect(throws: SheetLayoutError.self) {
            try PanModalLayout(stops: [SheetStop(.long, y: 40)])
        }
        let layout = try PanModalLayout(stops: [SheetStop(.long, y: 40)], topOffset: 40)
        #expect(layout.longFormY == 40 && layout.anchoredY == 40)
        #expect(throws: SheetLayoutError.missingIntrinsicHeight(library: .panModal)) {
            try PanModalPresentable(longFormHeight: .intrinsicHeight).layout(in: .default)
        }
        #expect(throws: SheetLayoutError.self) {
            try PanModalPresentable(shortFormHeight: .contentHeight(-1)).layout(in: .default)
        }
    }
}
