import PopSimGeometry
import Testing

@testable import PopSimDynamics

@Suite("Retargeting and 2-D springs")
struct RetargetingTests {
    /// SwiftUI behaviour: changing the target of a running spring keeps position and velocity.
    @Test(arguments: [0.3, 0.825, 1.0, 2.0])
    func positionAndVelocityAreContinuous(ratio: Double) throws {
        var animation = SpringAnimation(
            spring: try Spring(response: 0.5, dampingRatio: ratio), from: 0, to: 100, velocity: 0, at: 1)
        let t = 1.137
        let before = (animation.position(at: t), animation.velocity(at: t))
        animation.retarget(to: -50, at: t)
        #expect(abs(animation.position(at: t) - before.0) <= 1e-12 * abs(before.0))
        #expect(abs(animation.velocity(at: t) - before.1) <= 1e-12 * abs(before.1))
        #expect(animation.target == -50)
        #expect(abs(animation.position(at: t + 20) + 50) < 1e-6)
        #expect(animation.isDone(at: t + 20))
    }

    /// Retargeting to the same target is a no-op on the curve.
    @Test func retargetToSameTargetChangesNothing() throws {
        var animation = SpringAnimation(spring: .bouncy, from: 10, to: 80, velocity: 300)
        let original = animation
        animation.retarget(to: 80, at: 0.21)
        for t in [0.3, 0.5, 0.9] {
            #expect(abs(animation.position(at: t) - original.position(at: t)) < 1e-12)
        }
    }

    @Test func twoDimensionalSpringMovesEachAxisIndependently() throws {
        var spring2D = SpringAnimation2D(
            spring: .swiftUIDefault, from: Point(x: 0, y: 0), to: Point(x: 100, y: -40),
            velocity: Vector(dx: 0, dy: 500))
        let x = SpringAnimation(spring: .swiftUIDefault, from: 0, to: 100)
        let y = SpringAnimation(spring: .swiftUIDefault, from: 0, to: -40, velocity: 500)
        for t in [0.0, 0.1, 0.4] {
            #expect(spring2D.position(at: t) == Point(x: x.position(at: t), y: y.position(at: t)))
            #expect(spring2D.velocity(at: t) == Vector(dx: x.velocity(at: t), dy: y.velocity(at: t)))
        }
        let t = 0.25
        let before = (spring2D.position(at: t), spring2D.velocity(at: t))
        spring2D.retarget(to: Point(x: 0, y: 0), at: t)
        #expect(spring2D.position(at: t).distance(to: before.0) < 1e-12)
        #expect((spring2D.velocity(at: t) - before.1).length < 1e-10)
        #expect(spring2D.isDone(at: 10))
    }

    /// 60 Hz and 120 Hz sampling agree at the instants they share (every 60 Hz frame).
    @Test func sixtyAndOneTwentyHertzAgreeAtSharedInstants() throws {
        let simulation = try SpringSimulation(spring: .bouncy, start: 0, end: 1, initialVelocity: 2)
        let p60 = try SpringPropagator(spring: .bouncy, interval: 1.0 / 60)
        let p120 = try SpringPropagator(spring: .bouncy, interval: 1.0 / 120)
        var s60 = SpringState(displacement: -1, velocity: 2)
        var s120 = s60
        for frame in 1...60 {
            p60.advance(&s60)
            p120.advance(&s120)
            p120.advance(&s120)
            let exact = simulation.state(at: Double(frame) / 60)
            #expect(abs(s60.displacement - s120.displacement) < 1e-13)
            #expect(abs(s60.displacement - exact.displacement) < 1e-13)
        }
    }
}
