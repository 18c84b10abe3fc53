import PopSimDynamics

/// A scalar view property animated the way SwiftUI combines animations (see ``AdditivelyAnimatedPoint``
/// for the rule): drawn = model + what remains of the running spring; animated changes merge into a
/// running spring keeping position and velocity.
///
/// A change animated with a spring of another response than the running one's, and a `blendDuration`
/// above 0, blends the response from the running spring's to the new one's over that time
/// (``ResponseBlend``), as the Menu template's present and dismiss springs do (`blendDuration: 1`,
/// aheze/Popovers@de44c4d Sources/Templates/Menu.swift:15-16,36-37 and aheze/Popovers@576b4d3
/// Sources/Templates/Menu/Menu.swift:17-18,43-44).
struct AdditivelyAnimatedScalar {
    private enum Remainder {
        case spring(SpringTrack)
        case blended(BlendedSpringTrack, Spring)

        /// What remains of the running spring above the model value (position − target), and its velocity.
        var remaining: (offset: Double, velocity: Double) {
            switch self {
            case let .spring(track): return (track.position - track.target, track.velocity)
            case let .blended(track, _): return (track.position - track.target, track.velocity)
            }
        }
        /// The spring the animation is (or ends as).
        var spring: Spring {
            switch self {
            case let .spring(track): return track.spring
            case let .blended(_, spring): return spring
            }
        }
    }

    private(set) var model: Double
    private var remainder: Remainder?

    init(_ value: Double) { model = value }

    var drawn: Double { remainder.map { model + $0.remaining.offset } ?? model }
    var isAnimating: Bool { remainder != nil }

    mutating func set(
        _ value: Double, animatedWith spring: Spring?, blendDuration: Double = 0, at time: Double,
        solver: SpringSolver
    ) throws(InteractionError) {
        defer { model = value }
        guard let spring, value != model else { return }
        let jump = value - model
        switch remainder {
        case var .spring(running) where running.spring == spring:
            try running.retarget(to: running.target + jump, at: time)
            remainder = .spring(running)
        case .blended(var running, let final) where final == spring:
            try running.retarget(to: running.target + jump, at: time)
            remainder = .blended(running, final)
        default:
            let (start, velocity) = remainder?.remaining ?? (0, 0)
            if let previous = remainder?.spring, blendDuration > 0, previous.response != spring.response {
                let blend: ResponseBlend
                do {
                    blend = try ResponseBlend(
                        fromResponse: previous.response, toResponse: spring.response,
                        dampingRatio: spring.dampingRatio, duration: blendDuration, start: time)
                } catch {
                    throw .invalidParameter(error)
                }
                remainder = .blended(
                    try BlendedSpringTrack(blend: blend, from: start - jump, to: 0, velocity: velocity, solver: solver),
                    spring)
            } else {
                remainder = .spring(
                    try SpringTrack(
                        spring: spring, from: start - jump, to: 0, velocity: velocity, at: time, solver: solver))
            }
        }
    }

    mutating func advance(to time: Double, tick: FrameTick?, tolerance: Tolerance) throws(InteractionError) {
        switch remainder {
        case nil:
            return
        case var .spring(running):
            try running.advance(to: time, tick: tick)
            remainder = running.isDone(within: tolerance) ? nil : .spring(running)
        case .blended(var running, let final):
            try running.advance(to: time)
            remainder = running.isDone(within: tolerance) ? nil : .blended(running, final)
        }
    }
}
