/// FloatingPanel's release decision, `Core.targetState(from:with:)` (scenee/FloatingPanel@7efcc76
/// Sources/Core.swift:1055-1107), evaluated with the same operations in the same order so that a
/// position exactly on a boundary resolves as the library resolves it.
///
/// 1. Projection (l.1064-1068): b = |position(least expanded) − position(most expanded)| and
///    pY = ((v/b)/1000 · r/(1 − r)) · b + y, with r = `momentumProjectionRate` (l.1049-1053). In exact
///    arithmetic pY = y + (v/1000)·r/(1 − r): 0.499·v for r = 0.998.
/// 2. Direction (l.1070-1071): forward (y increasing) when v > 0; when v = 0, forward when y lies
///    strictly past the current state's position (y − position(state) > 0).
/// 3. The segment around pY (``FloatingPanelLayout/segment(at:forward:)``); a missing end is the first
///    or last state. `from` is the segment's start in the direction of travel, `to` its end (l.1073-1079).
/// 4. Unless `shouldProjectMomentum(to:)` holds for `to` (l.1081-1101), the segment is taken around y
///    instead (widened to the neighbouring state when y lies beyond the outermost one), and pY is
///    trimmed to lie between `from` and the state after `to`: a flick crosses at most one stop.
/// 5. Redirection (l.1103-1106): progress = |pY − position(from)| / |position(from) − position(to)|;
///    the target is `to` when progress > p (strictly; p = `redirectionalProgress` clamped to [0, 1]),
///    else `from`.
///
/// A layout with a single state returns the current state (l.1060-1062).
public enum FloatingPanelReleaseRule {
    /// The target state of a release at `y` (the moving edge, pt) with velocity `v` (pt/s along y, the
    /// pan's `velocity(in:)`), from the current state `state`.
    public static func targetState(
        layout: FloatingPanelLayout, behavior: FloatingPanelBehavior = .default,
        from state: FloatingPanelState, y: Double, velocity v: Double
    ) -> FloatingPanelState {
        let states = layout.statesByCoordinate
        guard states.count > 1 else { return state }

        let rate = behavior.momentumProjectionRate
        let base = abs(layout.position(for: layout.leastExpandedState) - layout.position(for: layout.mostExpandedState))
        let normalisedVelocity = v / base
        var projected = projection(velocity: normalisedVelocity, decelerationRate: rate) * base + y

        let offset = y - layout.position(for: state)
        let forward = v == 0 ? offset > 0 : v > 0

        let around = layout.segment(at: projected, forward: forward)
        let lower = around.lower ?? states[0]
        let upper = around.upper ?? states[states.count - 1]
        var from = forward ? lower : upper
        var to = forward ? upper : lower

        if !behavior.shouldProjectMomentum(to: to) {
            let here = layout.segment(at: y, forward: forward)
            var near = here.lower ?? states[0]
            var far = here.upper ?? states[states.count - 1]
            if near == far {
                // Beyond the outermost state: the outermost segment.
                if forward { far = near.next(in: states) } else { near = near.pre(in: states) }
            }
            from = forward ? near : far
            to = forward ? far : near
            if forward {
                projected = max(min(projected, layout.position(for: to.next(in: states))), layout.position(for: from))
            } else {
                projected = max(min(projected, layout.position(for: from)), layout.position(for: to.pre(in: states)))
            }
        }

        let threshold = max(min(behavior.redirectionalProgress, 1), 0)
        let start = layout.position(for: from)
        let progress = abs(projected - start) / abs(start - layout.position(for: to))
        return progress > threshold ? to : from
    }

    /// `project(initialVelocity:decelerationRate:)` (Sources/Core.swift:1051-1053): the distance a motion
    /// at `velocity` per second travels while decelerating by `decelerationRate` every millisecond,
    /// (v/1000)·r/(1 − r) (Apple's "Designing Fluid Interfaces", WWDC 2018 talk 803, slide 176, as the
    /// source's comment says).
    @inlinable
    public static func projection(velocity: Double, decelerationRate rate: Double) -> Double {
        (velocity / 1000.0) * rate / (1.0 - rate)
    }

    /// The removal interaction's ratio, `removalVector` (Sources/Core.swift:774-781): the release velocity
    /// divided by the distance from the moving edge to the hidden position, 1/s; 0 when the edge is
    /// exactly at the hidden position.
    @inlinable
    public static func removalRatio(layout: FloatingPanelLayout, y: Double, velocity v: Double) -> Double {
        let distance = abs(y - layout.hiddenPosition)
        return distance != 0 ? v / distance : 0
    }

    /// `shouldRemove(with:)` without a delegate (Sources/Core.swift:808-824): a bottom panel is removed
    /// when the ratio is ≥ the threshold, a top panel when it is ≤ −threshold (inclusive both).
    @inlinable
    public static func shouldRemove(
        layout: FloatingPanelLayout, behavior: FloatingPanelBehavior = .default,
        y: Double, velocity v: Double
    ) -> Bool {
        let ratio = removalRatio(layout: layout, y: y, velocity: v)
        let threshold = behavior.removalInteractionVelocityThreshold
        switch layout.position {
        case .bottom: return ratio >= threshold
        case .top: return ratio <= -threshold
        }
    }

    /// The whole of `panningEnd(with:velocity:)`'s decision (Sources/Core.swift:760-804): nothing happens
    /// while the state is `hidden` (l.763-766, the state stays hidden); otherwise the target state,
    /// then, with the removal interaction enabled, removal when ``shouldRemove(layout:behavior:y:velocity:)``
    /// holds, whatever the target was (l.770-786).
    public static func decide(
        layout: FloatingPanelLayout, behavior: FloatingPanelBehavior = .default,
        from state: FloatingPanelState, y: Double, velocity v: Double
    ) -> SheetOutcome {
        if state == .hidden { return .stop(.hidden) }
        let target = targetState(layout: layout, behavior: behavior, from: state, y: y, velocity: v)
        if behavior.isRemovalInteractionEnabled && shouldRemove(layout: layout, behavior: behavior, y: y, velocity: v) {
            return .removed
        }
        return .stop(target.stopName)
    }
}
