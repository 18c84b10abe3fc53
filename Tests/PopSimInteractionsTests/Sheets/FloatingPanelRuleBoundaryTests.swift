import Testing

@testable import PopSimInteractions

/// FloatingPanel's release rule near every boundary, with expected values derived by hand from
/// `targetState(from:with:)` (scenee/FloatingPanel@7efcc76 Sources/Core.swift:1055-1107), the segment
/// lookup (Sources/Layout.swift:832-857) and the removal test (Sources/Core.swift:774-824).
///
/// Layout: a bottom panel in an 800 pt window with full 100, half 500, tip 700 (so b = 600) and the
/// default hidden position 800 + 100 = 900; r = 0.998, so a velocity v projects by 0.499·v.
@Suite("FloatingPanel rule boundaries")
struct FloatingPanelRuleBoundaryTests {
    static let layout = try! FloatingPanelLayout(
        position: .bottom, anchors: [(.full, 100), (.half, 500), (.tip, 700)],
        windowHeight: 800, displayScale: 2)

    func target(
        from: FloatingPanelState, y: Double, v: Double, _ behavior: FloatingPanelBehavior = .default
    ) -> FloatingPanelState {
        FloatingPanelReleaseRule.targetState(layout: Self.layout, behavior: behavior, from: from, y: y, velocity: v)
    }

    /// At rest (v = 0) from full, y − 100 > 0 so forward; the segment is (full, half) and pY = y. Progress
    /// (y − 100)/400 must exceed 0.5 *strictly*: 300 gives exactly 0.5 (stays full); the next double above
    /// 300 gives (200 + 2 ulp)/400, which rounds to 0.5 + 1 ulp (goes to half).
    @Test func redirectionIsStrict() {
        #expect(target(from: .full, y: 300, v: 0) == .full)
        #expect(target(from: .full, y: 300.0.nextUp, v: 0) == .half)
    }

    /// v = 0 from half: the direction comes from y − 500. Above half (y < 500) it is backward: segment
    /// (full, half), from half to full, progress (500 − y)/400: 301 → 0.4975 (half), 299 → 0.5025 (full),
    /// 499 → 0.0025 (half). Below half it is forward to tip: 601 → (601 − 500)/200 = 0.505 (tip).
    @Test(arguments: [(301.0, FloatingPanelState.half), (299.0, .full), (499.0, .half), (599.0, .half), (601.0, .tip)])
    func directionFromOffsetWhenAtRest(y: Double, expected: FloatingPanelState) {
        #expect(target(from: .half, y: y, v: 0) == expected)
    }

    /// v = 0 exactly at the current state: y − position = 0 is not > 0, so backward. The segments around
    /// 100 going backward are (nil, full): both ends full, progress 0/0 = NaN, and NaN > p is false: full,
    /// even with p = 0.
    @Test func atRestOnTheStateStays() {
        #expect(target(from: .full, y: 100, v: 0, FloatingPanelBehavior(redirectionalProgress: 0)) == .full)
        #expect(target(from: .half, y: 500, v: 0, FloatingPanelBehavior(redirectionalProgress: 0)) == .half)
    }

    /// From half at 500 going up: the projection 0.499·|v| must pass 200 pt (half the 400 pt to full), so
    /// |v| > 200/0.499 = 400.8016 pt/s: 400.8 projects 199.9992 (half), 400.81 projects 200.004 (full).
    @Test func projectionThresholdFromHalf() {
        #expect(target(from: .half, y: 500, v: -400.8) == .half)
        #expect(target(from: .half, y: 500, v: -400.81) == .full)
        // (1000/1000)·0.998/0.002 = 499 pt.
        #expect(abs(FloatingPanelReleaseRule.projection(velocity: 1000, decelerationRate: 0.998) - 499) < 1e-9)
    }

    /// From full at 100 with v = 3000: pY = 100 + 1497 = 1597. Without projection the segment is taken at y,
    /// (full, half), and pY is trimmed to the state after half, tip at 700: progress 600/400 = 1.5 > 0.5,
    /// half. With `shouldProjectMomentum` the segment at pY is (tip, nil) → (tip, tip) and progress is
    /// 897/0 = +∞: tip.
    @Test func trimmingBlocksASecondStop() {
        #expect(target(from: .full, y: 100, v: 3000) == .half)
        #expect(target(from: .full, y: 100, v: 3000, .projectingMomentum) == .tip)
    }

    /// p is clamped to [0, 1] (l.1104). With p = 1.5 → 1 the trimmed flick above still reaches half,
    /// because the trimmed progress can exceed 1 (1.5 > 1). With p = −0.5 → 0 any progress counts: from
    /// full at rest at 101, progress 1/400 > 0, half.
    @Test func redirectionalProgressIsClamped() {
        #expect(target(from: .full, y: 100, v: 3000, FloatingPanelBehavior(redirectionalProgress: 1.5)) == .half)
        #expect(target(from: .full, y: 100, v: 2000, FloatingPanelBehavior(redirectionalProgress: 1.5)) == .half)
        #expect(target(from: .full, y: 101, v: 0, FloatingPanelBehavior(redirectionalProgress: -0.5)) == .half)
        #expect(target(from: .full, y: 101, v: 0, FloatingPanelBehavior(redirectionalProgress: 0.5)) == .full)
    }

    /// A single state returns the current state whatever the release (l.1060-1062).
    @Test func singleState() throws {
        let single = try FloatingPanelLayout(
            position: .bottom, anchors: [(.half, 500)], windowHeight: 800, displayScale: 2)
        #expect(FloatingPanelReleaseRule.targetState(layout: single, from: .half, y: 100, velocity: -5000) == .half)
    }

    /// Removal: the ratio v/|y − hidden| against 5.5, inclusive. At y = 800 the distance to the default
    /// hidden position 900 is 100: v = 550 gives exactly 5.5 (removed); 549.99 gives 5.4999 (the target
    /// then: forward from tip past the last state, segment (tip, tip), 0/0, tip).
    @Test func removalIsInclusive() {
        let removal = FloatingPanelBehavior(isRemovalInteractionEnabled: true)
        #expect(FloatingPanelReleaseRule.removalRatio(layout: Self.layout, y: 800, velocity: 550) == 5.5)
        #expect(
            FloatingPanelReleaseRule.decide(layout: Self.layout, behavior: removal, from: .tip, y: 800, velocity: 550)
                == .removed)
        #expect(
            FloatingPanelReleaseRule.decide(
                layout: Self.layout, behavior: removal, from: .tip, y: 800, velocity: 549.99)
                == .stop(.tip))
        // Disabled (the default): never removed.
        #expect(FloatingPanelReleaseRule.decide(layout: Self.layout, from: .tip, y: 800, velocity: 550) == .stop(.tip))
        // The removal test ignores the target: from full at 100 (800 pt from hidden), v = 4400 is 5.5.
        #expect(
            FloatingPanelReleaseRule.decide(layout: Self.layout, behavior: removal, from: .full, y: 100, velocity: 4400)
                == .removed)
        // At the hidden position the distance is 0 and the ratio is 0 (l.778): not removed.
        #expect(FloatingPanelReleaseRule.removalRatio(layout: Self.layout, y: 900, velocity: 5000) == 0)
    }

    /// A top panel (tip 100, half 300, full 700 in an 800 pt window) is removed upward: its default hidden
    /// position is −100, and the ratio must be ≤ −5.5. At y = 0 (100 pt away) v = −550 gives −5.5. The
    /// opposite release, v = +550, is not a removal: forward, pY = 274.45, segment at y = 0 is (nil, tip),
    /// widened to (tip, half); progress (274.45 − 100)/200 = 0.87: half.
    @Test func removalOfATopPanel() throws {
        let top = try FloatingPanelLayout(
            position: .top, anchors: [(.tip, 100), (.half, 300), (.full, 700)], windowHeight: 800,
            displayScale: 2)
        let removal = FloatingPanelBehavior(isRemovalInteractionEnabled: true)
        #expect(top.hiddenPosition == -100)
        #expect(
            FloatingPanelReleaseRule.decide(layout: top, behavior: removal, from: .tip, y: 0, velocity: -550)
                == .removed)
        #expect(
            FloatingPanelReleaseRule.decide(layout: top, behavior: removal, from: .tip, y: 0, velocity: -549.99)
                == .stop(.tip))
        #expect(
            FloatingPanelReleaseRule.decide(layout: top, behavior: removal, from: .tip, y: 0, velocity: 550)
                == .stop(.half))
    }

    /// A layout with a hidden stop measures removal to it: hidden at 800, a release at 700 is 100 away.
    @Test func removalToAHiddenStop() throws {
        let withHidden = try FloatingPanelLayout(
            position: .bottom, anchors: [(.full, 100), (.half, 500), (.hidden, 800)],
            windowHeight: 800, displayScale: 2)
        let removal = FloatingPanelBehavior(isRemovalInteractionEnabled: true)
        #expect(
            FloatingPanelReleaseRule.decide(layout: withHidden, behavior: removal, from: .half, y: 700, velocity: 550)
                == .removed)
        // Without removal the same release projects 274.45 pt past hidden: segment (half, hidden), hidden.
        #expect(
            FloatingPanelReleaseRule.decide(layout: withHidden, from: .half, y: 700, velocity: 550) == .stop(.hidden))
    }

    /// From hidden nothing is decided (l.763-766): the state stays hidden.
    @Test func releaseFromHiddenStaysHidden() throws {
        let withHidden = try FloatingPanelLayout(
            position: .bottom, anchors: [(.full, 100), (.hidden, 800)], windowHeight: 800,
            displayScale: 2)
        #expect(
            FloatingPanelReleaseRule.decide(layout: withHidden, from: .hidden, y: 300, velocity: -3000)
                == .stop(.hidden))
    }

    /// The attraction's constants (Sources/Core.swift:1412-1415): ω = 2π/0.4 = 15.707963267948966; ζ = 1 up
    /// to |v| = 300 inclusive, above it ln(0.991)/(−2π·2.5·0.001) = 0.5755516802484569 (computed with
    /// Python's math.log; PopSim's deterministic log agrees to a few ulp).
    @Test func attractionConstants() {
        let slow = FloatingPanelAttraction(value: 0, velocity: 300, target: 100, displayScale: 3)
        let fast = FloatingPanelAttraction(value: 0, velocity: 300.0.nextUp, target: 100, displayScale: 3)
        #expect(slow.dampingRatio == 1)
        #expect(slow.angularFrequency == 15.707963267948966)
        #expect(abs(fast.dampingRatio - 0.5755516802484569) < 1e-15)
        #expect(FloatingPanelBehavior.default.springDecelerationRate == 0.99 + 0.001)
    }

    /// One step from rest at 0 toward 100 with h = 1/60, ζ = 1, ω = 5π: f = 1 + π/6, h²ω² = (π/12)²,
    /// det = 1 + π/6 + π²/144 = 1.592137695050308; x₁ = 100·(π²/144)/det = 4.304836174979435 and
    /// v₁ = (1/60)·25π²·(100 − x₁)/det = 247.1712018027192 (evaluated in Python from these closed forms).
    @Test func oneStepByHand() {
        var attraction = FloatingPanelAttraction(value: 0, velocity: 0, target: 100, displayScale: 3)
        attraction.step(interval: 1.0 / 60)
        #expect(abs(attraction.value - 4.304836174979435) < 1e-12)
        #expect(abs(attraction.velocity - 247.1712018027192) < 1e-10)
    }

    /// The stop rule: the animation stops at the first step that ends within one pixel of the target and
    /// moved at most a pixel, and the panel is then exactly at the target.
    static let scalesAndSteps: [(Double, Double)] = [(2, 1.0 / 60), (3, 1.0 / 60), (3, 1.0 / 120), (1, 1.0 / 120)]

    @Test(arguments: scalesAndSteps)
    func stopsWithinOnePixel(scale: Double, h: Double) {
        let pixel = 1 / scale
        for velocity in [0.0, -250, -1800, 2500] {
            var attraction = FloatingPanelAttraction(value: 426, velocity: velocity, target: 80, displayScale: scale)
            var finished = false
            for _ in 0..<10_000 where !finished {
                let before = attraction.value
                finished = attraction.step(interval: h)
                let x = attraction.integratedValue
                #expect(finished == (abs(80 - x) <= pixel && abs(before - x) <= pixel))
            }
            #expect(finished)
            #expect(attraction.value == 80)
        }
    }
}
