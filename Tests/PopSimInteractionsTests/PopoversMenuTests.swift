import Foundation
import PopSimGeometry
import PopSimGestures
import PopSimPlatform
import Testing

@testable import PopSimInteractions

/// Documentation/popovers.md §7: the Menu template. The label (150, 100, 93, 44) inset by −8 is (142, 92, 109, 60);
/// its bottom (196.5, 152) takes the 240 × 176 menu's top: menu (76.5, 152, 240, 176), centre
/// (196.5, 240), four 44 pt rows starting at y = 152, 196, 240, 284.
@Suite("Popovers menu")
struct PopoversMenuTests {
    /// The main branch's template (its behaviours differ from 1.3.2's: see PopoversVersionTests).
    static let configuration = MenuConfiguration(
        libraryVersion: .main, labelFrame: Rect(x: 150, y: 100, width: 93, height: 44))
    static let label = Point(x: 196.5, y: 122)
    static func row(_ k: Int) -> Point { Point(x: 196.5, y: 152 + 44 * Double(k) + 22) }

    static func run(_ samples: [TouchSample], rate: FrameRate = .oneTwenty, duration: Double? = nil) throws
        -> (Trace<MenuTraceFrame, MenuEvent>, PopoverMenuModel)
    {
        var model = try PopoverMenuModel(configuration: configuration)
        let trace = try FrameClock(rate: rate, duration: duration).run(&model, stream: TouchStream(samples))
        return (trace, model)
    }

    static func words(_ trace: Trace<MenuTraceFrame, MenuEvent>) -> [String] { trace.events.map(\.event.description) }

    @Test func menuFrameFollowsTheTemplateGeometry() {
        #expect(Self.configuration.menuFrame == Rect(x: 76.5, y: 152, width: 240, height: 176))
        #expect(Self.configuration.itemFrames[2] == Rect(x: 76.5, y: 240, width: 240, height: 44))
    }

    /// The template's init defaults, not the property initial values (Documentation/popovers.md §7).
    @Test func defaults() {
        let c = Self.configuration
        #expect(c.holdDelay == 0.2)
        #expect(c.rubberBand == MenuRubberBandScale(lowerBound: 30, upperBound: 80, minimumScale: 0.85))
        #expect(
            abs(c.presentationSpring.response - 0.3) < 1e-12 && abs(c.presentationSpring.dampingRatio - 0.7) < 1e-12)
        #expect(abs(c.dismissalSpring.response - 0.4) < 1e-12 && abs(c.dismissalSpring.dampingRatio - 0.9) < 1e-12)
        #expect(c.sourceFrameInset == EdgeInsets(all: -8))
        #expect(c.screenEdgePadding == EdgeInsets(top: 48, left: 16, bottom: 32, right: 16))
    }

    /// Centre (196.5, 240), half sizes 120 × 88.
    @Test(arguments: [
        (Point(x: 196.5, y: 383), 55.0, 0.925),  // below: |dy| 143 − 88 = 55 → 1 − 0.15·25/50
        (Point(x: 196.5, y: 358), 30, 1),  // the lower bound is in the range: exactly 1
        (Point(x: 196.5, y: 408), 80, 0.85),  // the upper bound: exactly the minimum
        (Point(x: 196.5, y: 500), 172, 0.85),  // beyond: the minimum
        (Point(x: 356.5, y: 240), 40, 0.97),  // right: |dx| 160 − 120 = 40 → 1 − 0.15·0.2
        (Point(x: 196.5, y: 240), -120, 1),  // the centre: inside, negative
        // |dy| = 100 ≥ 88 but |dx| = 150 > |dy|: the horizontal rule, 150 − 120 = 30.
        (Point(x: 46.5, y: 340), 30, 1),
    ])
    func rubberBandScale(point: Point, distance: Double, scale: Double) {
        let frame = Self.configuration.menuFrame
        #expect(MenuRubberBandScale.distance(from: point, toMenu: frame) == distance)
        #expect(abs(MenuRubberBandScale().scale(at: point, menuFrame: frame) - scale) < 1e-12)
    }

    /// Hold on the label: faded at touch-down, presented exactly 0.2 s after the first event.
    @Test func holdPresents() throws {
        let (trace, _) = try Self.run(
            [
                TouchSample(time: 0.1, phase: .began, location: Self.label),
                TouchSample(time: 0.5, phase: .ended, location: Self.label),
            ], duration: 1)
        #expect(Self.words(trace) == ["label-faded", "menu-presented", "lift-without-selecting"])
        #expect(abs(trace.events[1].time - 0.3) < 1e-12)
    }

    /// The timer checks the *latest* location: a finger that left the label does not present, and the
    /// label comes back as soon as the finger leaves it.
    @Test func holdChecksTheLatestLocation() throws {
        let (trace, model) = try Self.run([
            TouchSample(time: 0.1, phase: .began, location: Self.label),
            TouchSample(time: 0.25, phase: .moved, location: Point(x: 20, y: 122)),
            TouchSample(time: 0.6, phase: .ended, location: Point(x: 20, y: 122)),
        ])
        #expect(Self.words(trace) == ["label-faded", "label-restored"])
        #expect(!model.isPresented)
    }

    @Test func quickTapPresentsOnLift() throws {
        let (trace, _) = try Self.run([
            TouchSample(time: 0.1, phase: .began, location: Self.label),
            TouchSample(time: 0.15, phase: .ended, location: Self.label),
        ])
        #expect(Self.words(trace) == ["label-faded", "menu-presented"])
        #expect(trace.events[1].time == 0.15)
    }

    /// Press, hold, slide down to the third row and lift: hover follows, the item is selected (then the
    /// hover cleared, in the library's order), the menu dismisses (dismissAfterSelecting) and the label
    /// comes back.
    @Test func slideToAnItemAndLift() throws {
        let samples = [
            TouchSample(time: 0.1, phase: .began, location: Self.label),
            TouchSample(time: 0.4, phase: .moved, location: Self.row(0)),
            TouchSample(time: 0.5, phase: .moved, location: Self.row(2)),
            TouchSample(time: 0.6, phase: .ended, location: Self.row(2)),
        ]
        let (trace, model) = try Self.run(samples)
        #expect(
            Self.words(trace) == [
                "label-faded", "menu-presented", "hover:0", "hover:2", "selected:2", "hover:none",
                "menu-dismissed:selection", "label-restored",
            ])
        #expect(!model.isPresented)
        let last = try #require(trace.rows.last)
        #expect(abs(last.frame.expansion - 0.2) <= 1e-3 && last.frame.opacity == 0 && last.frame.scale == 1)
    }

    /// After presentation the expansion follows the present spring from 0.2 to 1,
    /// 1 − 0.8·e^(−ζω₀τ)(cos ω_d τ + ζω₀/ω_d sin ω_d τ) with ω₀ = 2π/0.3, ζ = 0.7, and the
    /// opacity the 0.35 s ease-out.
    @Test func presentationAnimations() throws {
        let (trace, _) = try Self.run(
            [
                TouchSample(time: 0.1, phase: .began, location: Self.label),
                TouchSample(time: 0.15, phase: .ended, location: Self.label),
            ], duration: 1)
        let w0 = 2 * Double.pi / 0.3
        let zeta = 0.7
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        for row in trace.rows where row.time >= 0.15 && row.time <= 0.6 {
            let tau = row.time - 0.15
            let expected =
                1 - 0.8 * Double.exp(-zeta * w0 * tau) * (Double.cos(wd * tau) + zeta * w0 / wd * Double.sin(wd * tau))
            #expect(abs(row.frame.expansion - expected) < 1e-9)
            let opacity = tau >= 0.35 ? 1 : PopoverScenes.easeOut(tau / 0.35)
            #expect(abs(row.frame.opacity - opacity) < 1e-9)
        }
    }

    /// `blendDuration: 1` on the menu's springs. Presented by a quick tap at 0.15 s (the present spring,
    /// response 0.3, ζ 0.7, from 0.2) and dismissed by a touch outside at 0.25 s: the dismiss spring
    /// (response 0.4, ζ 0.9) takes over the running one with its position and velocity, and its response
    /// blends from 0.3 to 0.4 over 1 s with a smoothstep (SwiftUI's FluidSpringAnimation). The expected
    /// trajectory is integrated here with a plain RK4 (step 1e-5 s) from the present spring's closed-form
    /// state at 0.25 s (E(τ) = 1 − 0.8·e^(−aτ)(cos ω_dτ + a/ω_d sin ω_dτ),
    /// E′ = 0.8·e^(−aτ) sin ω_dτ·ω₀²/ω_d, a = ζω₀); a dismiss without the blend is visibly different
    /// (more than 0.01).
    @Test func dismissBlendsTheSpringResponse() throws {
        let open = [
            TouchSample(time: 0.1, phase: .began, location: Self.label),
            TouchSample(time: 0.15, phase: .ended, location: Self.label),
        ]
        let outside = Point(x: 10, y: 800)
        let (trace, _) = try Self.run(
            open + [
                TouchSample(time: 0.25, phase: .began, location: outside),
                TouchSample(time: 0.3, phase: .ended, location: outside),
            ], duration: 1.5)
        let w0 = 2 * Double.pi / 0.3
        let zeta = 0.7
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let a = zeta * w0
        let tau = 0.1
        var x = 1 - 0.8 * Double.exp(-a * tau) * (Double.cos(wd * tau) + a / wd * Double.sin(wd * tau)) - 0.2
        var v = 0.8 * Double.exp(-a * tau) * Double.sin(wd * tau) * w0 * w0 / wd
        var unblendedX = x
        var unblendedV = v
        func response(_ t: Double) -> Double {
            let p = min(max((t - 0.25) / 1, 0), 1)
            return 0.4 + (0.3 - 0.4) * (1 - p * p * (3 - 2 * p))
        }
        func acceleration(_ t: Double, _ x: Double, _ v: Double, blended: Bool) -> Double {
            let k = Double.pow(2 * Double.pi / (blended ? response(t) : 0.4), 2)
            return -k * x - 2 * 0.9 * k.squareRoot() * v
        }
        func step(_ t: Double, _ h: Double, _ x: inout Double, _ v: inout Double, blended: Bool) {
            let k1x = v
            let k1v = acceleration(t, x, v, blended: blended)
            let k2x = v + h / 2 * k1v
            let k2v = acceleration(t + h / 2, x + h / 2 * k1x, v + h / 2 * k1v, blended: blended)
            let k3x = v + h / 2 * k2v
            let k3v = acceleration(t + h / 2, x + h / 2 * k2x, v + h / 2 * k2v, blended: blended)
            let k4x = v + h * k3v
            let k4v = acceleration(t + h, x + h * k3x, v + h * k3v, blended: blended)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        var t = 0.25
        var largestGap = 0.0
        for row in trace.rows where row.time > 0.25 && row.time <= 1.5 {
            let steps = Int(((row.time - t) / 1e-5).rounded())
            let h = (row.time - t) / Double(steps)
            for _ in 0..<steps {
                step(t, h, &x, &v, blended: true)
                step(t, h, &unblendedX, &unblendedV, blended: false)
                t += h
            }
            t = row.time
            // Once settled (within the settle tolerance, 1e-3) the model draws the target exactly.
            let settled = row.frame.expansion == 0.2
            #expect(abs(row.frame.expansion - (0.2 + x)) < (settled ? 1e-3 : 1e-6), "t = \(row.time)")
            largestGap = max(largestGap, abs(x - unblendedX))
        }
        #expect(largestGap > 0.01)
    }

    /// Dragging 55 pt below the menu rubber-bands it to 0.925 (under `.default`), the lift resets it to 1.
    @Test func rubberBandInTheModel() throws {
        let below = Point(x: 196.5, y: 383)
        let samples = [
            TouchSample(time: 0.1, phase: .began, location: Self.label),
            TouchSample(time: 0.4, phase: .moved, location: below),
            TouchSample(time: 3, phase: .ended, location: below),
        ]
        let (trace, _) = try Self.run(samples, duration: 5)
        let held = try #require(trace.rows.first { abs($0.time - 2.9) < 1e-9 })
        #expect(abs(held.frame.scale - 0.925) < 1e-3)
        #expect(trace.rows.last!.frame.scale == 1)
        #expect(Self.words(trace).contains("lift-without-selecting"))
    }

    /// Open menu: a touch outside dismisses on touch-down; a press on the label (excluded) does not, and
    /// lifting on the label closes it.
    @Test func closing() throws {
        let open = [
            TouchSample(time: 0.1, phase: .began, location: Self.label),
            TouchSample(time: 0.15, phase: .ended, location: Self.label),
        ]
        let (outside, _) = try Self.run(
            open + [
                TouchSample(time: 1, phase: .began, location: Point(x: 10, y: 800)),
                TouchSample(time: 1.05, phase: .ended, location: Point(x: 10, y: 800)),
            ])
        #expect(
            Self.words(outside) == ["label-faded", "menu-presented", "menu-dismissed:tap-outside", "label-restored"])
        #expect(outside.events[2].time == 1)
        let (onLabel, model) = try Self.run(
            open + [
                TouchSample(time: 1, phase: .began, location: Self.label),
                TouchSample(time: 1.05, phase: .ended, location: Self.label),
            ])
        #expect(Self.words(onLabel) == ["label-faded", "menu-presented", "menu-dismissed:label", "label-restored"])
        #expect(onLabel.events[2].time == 1.05)
        #expect(!model.isPresented)
    }

    /// A tap on the open menu's item selects it; a lift between items calls onLiftWithoutSelecting.
    @Test func tapsOnTheOpenMenu() throws {
        let open = [
            TouchSample(time: 0.1, phase: .began, location: Self.label),
            TouchSample(time: 0.15, phase: .ended, location: Self.label),
        ]
        let (trace, _) = try Self.run(
            open + [
                TouchSample(time: 1, phase: .began, location: Self.row(1)),
                TouchSample(time: 1.05, phase: .ended, location: Self.row(1)),
            ])
        #expect(
            Self.words(trace) == [
                "label-faded", "menu-presented", "hover:1", "selected:1", "hover:none",
                "menu-dismissed:selection", "label-restored",
            ])
        let (lift, _) = try Self.run(
            open + [
                TouchSample(time: 1, phase: .began, location: Self.row(1)),
                TouchSample(time: 1.05, phase: .ended, location: Point(x: 196.5, y: 600)),
            ])
        #expect(Self.words(lift).suffix(3) == ["hover:1", "hover:none", "lift-without-selecting"])
    }

    @Test func frameRateDoesNotChangeEvents() throws {
        let samples = [
            TouchSample(time: 0.1, phase: .began, location: Self.label),
            TouchSample(time: 0.4, phase: .moved, location: Self.row(3)),
            TouchSample(time: 0.6, phase: .ended, location: Self.row(3)),
        ]
        let (t60, _) = try Self.run(samples, rate: .sixty, duration: 1.5)
        let (t120, _) = try Self.run(samples, rate: .oneTwenty, duration: 1.5)
        #expect(t60.events.map(\.event) == t120.events.map(\.event))
        #expect(t60.events.map(\.time) == t120.events.map(\.time))
        for (k, row) in t60.rows.enumerated() {
            #expect(abs(t120.rows[2 * k].frame.expansion - row.frame.expansion) <= 1e-3)
        }
    }
}
