import PopSimGeometry

/// The release decision alone: the state a single pan leaves the popup in, without running the frame
/// clock. Pure, allocation-free and branch-light, for sweeps of millions of calls.
///
/// How the inputs map to LNPopupController for each resolved style (`automatic` resolves with `from`
/// as the public state: snap from closed, drag from open, LNPopupController.mm:52-83):
///
/// Per style and `from`: what decides, then the source.
///
/// - none: nothing: the state does not change. Source: l.909-985 (`_began` returns at once; PGR:66-191
///   refuses to begin).
/// - snap, closed: `velocity` is the pan's velocity when it *began*: opens iff |v_y| > |v_x| and v_y < 0;
///   `translation` is unused. Source: l.943-975.
/// - snap, open: `translation.y` is the largest finger travel reached: closes iff max(min(t_y, Y_c), 0)/d > c
///   (strictly), with c clamped to [0.1, 0.9]; `velocity` is unused (releasing before the trigger springs
///   back open). Source: l.1123-1160, 1189-1192.
/// - drag, closed or open: p from `translation.y` through the hard clamp of ``PopupDisplacement``, then
///   ``PopupDragRule`` with `velocity.y` at release. Source: l.1123-1126, 1199-1227.
/// - scroll, closed: a pan on the bar never opens: closed. Source: l.909-985 (`_began` ignores pans not on a
///   scroll view).
/// - scroll, open: as drag from open; `translation.y` counts from where the scroll view reached its top edge
///   (the start offset o is already subtracted). Source: l.1030-1076, 1113-1120.
///
/// Assumptions shared with ``PopupModel``: for drag and scroll the pan was allowed to begin (from
/// closed, an upward-dominant velocity when it began; for scroll, the scroll view at its top and pulled
/// down) and the dismiss started; the finger does not move between its last move and lift-off (the
/// bar is placed by the last *change*, while the velocity is read at the end).
public enum PopupReleaseDecision {
    /// The state after the pan and the animation it starts.
    ///
    /// - Parameters:
    ///   - style: the configured interaction style.
    ///   - start: the public state when the pan began (`.closed` or `.open`; `.barHidden` is returned
    ///     unchanged).
    ///   - geometry: d, Y_c, and the bar height and offset (they matter only at p = 1 exactly from closed).
    ///   - snapPercent: c, clamped to [0.1, 0.9] as `popupSnapPercent`'s setter does.
    ///   - translation: the finger's translation at release, points (y down).
    ///   - velocity: pt/s; see the table for which instant it is read at.
    @inlinable
    public static func decide(
        style: PopupInteractionStyle, from start: PopupPresentationState, geometry: PopupGeometry,
        snapPercent: Double = PopupSnapRule.defaultSnapPercent,
        translation: Vector, velocity: Vector
    ) -> PopupPresentationState {
        guard start != .barHidden else { return start }
        switch style.resolved(publicState: start) {
        case .none:
            return start
        case .snap:
            if start == .closed {
                return PopupSnapRule.opensFromBar(beganVelocity: velocity) ? .open : .closed
            }
            let displacement = PopupDisplacement(from: .open, geometry: geometry)
            let realY = displacement.clampedCentre(translation: translation.dy)
            let c = PopupSnapRule.clampedSnapPercent(snapPercent)
            return PopupSnapRule.triggers(realCentreY: realY, containerHeight: geometry.containerHeight, snapPercent: c)
                ? .closed : .open
        case .scroll where start == .closed:
            return .closed
        case .drag, .scroll:
            let displacement = PopupDisplacement(from: start, geometry: geometry)
            let top = displacement.contentTop(centre: displacement.clampedCentre(translation: translation.dy))
            return PopupDragRule.target(
                from: start, progress: geometry.progress(contentTop: top), velocity: velocity.dy)
        }
    }

    /// The same with d and Y_c given directly and the default bar (floating, offset 0; the bar cancels out).
    @inlinable
    public static func decide(
        style: PopupInteractionStyle, from start: PopupPresentationState,
        containerHeight: Double, dockTop: Double,
        snapPercent: Double = PopupSnapRule.defaultSnapPercent,
        translation: Vector, velocity: Vector
    ) -> PopupPresentationState {
        decide(
            style: style, from: start, geometry: PopupGeometry(containerHeight: containerHeight, dockTop: dockTop),
            snapPercent: snapPercent, translation: translation, velocity: velocity)
    }
}
