import PopSimDynamics

/// A scalar view property animated the way SwiftUI combines animations (see ``AdditivelyAnimatedPoint``
/// for the rule): drawn = model + what remains of the running spring; animated changes merge into a
/// running spring keeping position and velocity.
struct AdditivelyAnimatedScalar {
    private(set) var model: Double
    private var remainder: SpringTrack?

    init(_ value: Double) { model = value }

    var drawn: Double { remainder.map { model + ($0.position - $0.target) } ?? model }
    var isAnimating: Bool { remainder != nil }

    mutating func set(_ value: Double, animatedWith spring: Spring?, at time: Double, solver: SpringSolver) throws(InteractionError) {
        defer { model = value }
        guard let spring, value != model else { return }
        let jump = value - model
        if var running = remainder, running.spring == spring {
            try running.retarget(to: running.target + jump, at: time)
            remainder = running
        } else {
            let start = remainder.map { $0.position - $0.target } ?? 0
            remainder = try SpringTrack(spring: spring, from: start - jump, to: 0, velocity: remainder?.velocity ?? 0,
                                        at: time, solver: solver)
        }
    }

    mutating func advance(to time: Double, tick: FrameTick?, tolerance: Tolerance) throws(InteractionError) {
        guard var running = remainder else { return }
        try running.advance(to: time, tick: tick)
        remainder = running.isSettled(tolerance: tolerance) ? nil : running
    }
}
