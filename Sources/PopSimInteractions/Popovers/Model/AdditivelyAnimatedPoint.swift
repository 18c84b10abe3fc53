import PopSimDynamics
import PopSimGeometry

/// A view property SwiftUI animates, as SwiftUI combines animations: the drawn value is the model value
/// plus what remains of the running spring.
///
/// SwiftUI keeps, per animatable attribute, one animator over the *interval* of the animated changes; an
/// un-animated change of the model value leaves the animator alone, so the drawn value is
/// `model − interval + animated(interval)`: the remainder is added on top of whatever the model says now
/// (OpenSwiftUI `AnimatableAttributeHelper`/`AnimatorState.update`). An animated change while a spring
/// runs merges into it keeping its position and velocity (`combine` with `shouldMerge`; Documentation/popovers.md §5:
/// "a spring retargeted while it runs keeps its velocity").
///
/// For Popovers' drag that means: the first `onChanged`, wrapped in `.spring()`, starts a spring over the
/// jump to D(t₁); later un-animated updates move the popover with the finger at once while the leftover
/// of that spring decays on top (PopoverContainerView.swift:109-119). The release spring then merges
/// with it.
///
/// The remainder is the displacement of a ``PointSpringTrack`` (position − target, target 0 in
/// remainder space), so the solver choice, the closed form and the exact propagator all apply. The
/// spring starts when the change happens (at event time); SwiftUI's render-loop latency is not modelled.
struct AdditivelyAnimatedPoint {
    /// The value the view is given (without animation).
    private(set) var model: Point
    private var remainder: PointSpringTrack?
    /// Whether ``remainder`` runs, kept beside it: asked of every popover at every frame and sample,
    /// and reading the optional track's tag takes an outlined call.
    private(set) var isAnimating = false

    init(_ value: Point) {
        model = value
    }

    /// The drawn value at the last advanced time.
    var drawn: Point {
        // Read in place: binding the track to a constant would copy both of its springs.
        guard isAnimating else { return model }
        let p = remainder!.position
        let t = remainder!.target
        return Point(x: model.x + (p.x - t.x), y: model.y + (p.y - t.y))
    }

    /// Sets the model value at `time`, with or without a spring.
    mutating func set(_ value: Point, animatedWith spring: Spring?, at time: Double, solver: SpringSolver)
        throws(InteractionError)
    {
        defer { model = value }
        guard let spring, value != model else { return }
        let jump = value - model
        if var running = remainder, running.x.spring == spring {
            // Merge: move the target by the jump, keeping position and velocity.
            try running.retarget(to: running.target + jump, at: time)
            remainder = running
            isAnimating = true
        } else {
            // A remainder of −jump decaying to 0; a running spring of another kind is carried over with
            // its state (position and velocity in remainder space).
            let start = remainder.map { Point(x: $0.position.x - $0.target.x, y: $0.position.y - $0.target.y) } ?? .zero
            let velocity = remainder?.velocity ?? .zero
            remainder = try PointSpringTrack(
                spring: spring, from: start - jump, to: .zero, velocity: velocity,
                at: time, solver: solver)
            isAnimating = true
        }
    }

    /// Advances the running spring to `time`; once it is done (within `tolerance` of rest) it is removed
    /// and the drawn value is the model value exactly (SwiftUI removes a finished animator).
    mutating func advance(to time: Double, tick: FrameTick?, tolerance: Tolerance) throws(InteractionError) {
        guard isAnimating else { return }
        try remainder!.advance(to: time, tick: tick)
        if remainder!.isDone(within: tolerance) {
            remainder = nil
            isAnimating = false
        }
    }
}
