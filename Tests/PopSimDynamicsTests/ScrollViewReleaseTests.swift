import PopSimPlatform
import Testing

@testable import PopSimDynamics

/// UIScrollView after lift-off as super-ultra/ScrollMechanics@587660a reconstructs it
/// (Documentation/arbitration.md §2): deceleration at r per ms, a bounce off an edge.
@Suite("Scroll view release")
struct ScrollViewReleaseTests {
    /// κ = 1000·ln 0.998.
    static let kappa = 1000 * Double.log(0.998)

    /// Inside the range the offset follows x₀ + v₀(r^(1000t) − 1)/κ and stops when 0.5 pt is left to go:
    /// from 100 at 1000 pt/s it is at 100 + 1000(0.998^100 − 1)/κ after 0.1 s and rests at
    /// 100 + 1000/(−κ) − 0.5 = 599.0 after ln(−κ·0.5/1000)/κ = 3.450 s.
    @Test func decelerationFollowsTheClosedForm() {
        var release = ScrollViewRelease(offset: 100, velocity: 1000, minimum: 0, maximum: 5000, at: 0)
        let at = release.advance(to: 0.1)
        #expect(abs(at - (100 + 1000 * (Double.pow(0.998, 100) - 1) / Self.kappa)) < 1e-9)
        #expect(release.isDecelerating)
        let end = Double.log(-Self.kappa * 0.5 / 1000) / Self.kappa
        #expect(abs(end - 3.4499) < 1e-3)
        let justBefore = release.advance(to: end - 1e-6)
        #expect(!release.isFinished && justBefore < 100 + 1000 / -Self.kappa - 0.5)
        let rest = release.advance(to: end + 1)
        #expect(release.isFinished)
        #expect(abs(rest - (100 + 1000 / -Self.kappa - 0.5)) < 1e-9)
    }

    /// A path that would end past the bottom edge (max 300: 100 + 499.5 > 300) stops decelerating where it
    /// crosses it, at t = ln(1 + κ·200/1000)/κ, and bounces from there with the velocity it has: it goes
    /// past the edge, comes back, and rests exactly on it.
    @Test func crossingAnEdgeBouncesBackToIt() {
        var release = ScrollViewRelease(offset: 100, velocity: 1000, minimum: 0, maximum: 300, at: 0)
        let crossing = Double.log(1 + Self.kappa * 200 / 1000) / Self.kappa
        #expect(abs(release.advance(to: crossing) - 300) < 1e-9)
        var peak = 300.0
        var t = crossing
        while !release.isFinished && t < 10 {
            t += 1.0 / 120
            peak = max(peak, release.advance(to: t))
        }
        #expect(peak > 300)
        #expect(release.isFinished && release.offset == 300)
    }

    /// A release past an edge (rubber-banded 30 pt above the top) bounces at once: the critically damped
    /// spring x(t) = e^(−10t)(x₀ + (v₀ + 10x₀)t) with x₀ = −30, v₀ = 0, ending on the edge after
    /// max(ln(2·30/ε)/10, (2/10)·ln(4·300/(e·10·ε))), ε = 0.5/3.
    @Test func releasePastAnEdgeSpringsBack() {
        var release = ScrollViewRelease(offset: -30, velocity: 0, minimum: 0, maximum: 1000, at: 1)
        let t = 0.05
        #expect(abs(release.advance(to: 1 + t) - Double.exp(-10 * t) * (-30 + (-300) * t)) < 1e-9)
        let epsilon = 0.5 / 3
        let duration = max(
            Double.log(2 * 30 / epsilon) / 10, 2.0 / 10 * Double.log(4 * 300 / (Double.exp(1) * 10 * epsilon)))
        _ = release.advance(to: 1 + duration - 1e-6)
        #expect(!release.isFinished)
        #expect(release.advance(to: 1 + duration) == 0 && release.isFinished)
    }

    /// Without bounces the offset stops on the edge it reaches; a slow release does not move at all
    /// (|v| ≤ −κ·0.5 = 1.0 pt/s).
    @Test func withoutBouncesTheEdgeStopsIt() {
        var release = ScrollViewRelease(
            offset: 100, velocity: -1000, minimum: 0, maximum: 300, at: 0,
            parameters: .init(bounces: false))
        _ = release.advance(to: 5)
        #expect(release.isFinished && release.offset == 0)
        #expect(ScrollViewRelease(offset: 50, velocity: 0.9, minimum: 0, maximum: 300, at: 0).isFinished)
    }
}
