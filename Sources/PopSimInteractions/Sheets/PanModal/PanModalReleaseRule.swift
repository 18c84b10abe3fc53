/// PanModal's release decision: the `default:` branch of `didPanOnPresentedView(_:)` (slackhq/PanModal@b012aec
/// PanModal/Controller/PanModalPresentationController.swift:502-547), with `nearest(to:inValues:)`
/// (l.678-682) and `isVelocityWithinSensitivityRange(_:)` (l.638-640).
///
/// - A fling, |v| − 1000·(1 − s) > 0 (s = 0.7: strictly above 300.00000000000006 pt/s):
///   - upward (v < 0): the long form;
///   - downward: the short form when the nearer of (long form, container bottom) is the long form *and*
///     the modal's top lies strictly above the short form, or when drag-to-dismiss is off; else dismiss.
/// - Otherwise the nearest of (container bottom, short form, long form), ties to the first in that order
///   (`min(by:)` keeps the first of equal elements): the long form; the short form (or any non-long
///   choice with drag-to-dismiss off); else dismiss. The comparisons are by value, as in the source: when
///   the short form equals the long form the choice is the long form.
///
/// The modal's position is `presentedView.frame.minY`, where the last `.changed` callback left it; the
/// release velocity is the pan's `velocity(in: presentedView)`. The velocity's size never matters
/// beyond the fling test: nothing is projected.
public enum PanModalReleaseRule {
    /// Whether a release at `v` (pt/s) is a fling: (|v| − 1000·(1 − s)) > 0, evaluated as written.
    @inlinable
    public static func isFling(
        velocity v: Double, snapMovementSensitivity s: Double = PanModalBehavior.default.snapMovementSensitivity
    ) -> Bool {
        (abs(v) - (1000 * (1 - s))) > 0
    }

    /// `nearest(to:inValues:)` for two values: the first unless the second is strictly nearer.
    @inlinable
    public static func nearest(to y: Double, _ a: Double, _ b: Double) -> Double {
        abs(y - b) < abs(y - a) ? b : a
    }

    /// `nearest(to:inValues:)` for three values, ties to the earliest.
    @inlinable
    public static func nearest(to y: Double, _ a: Double, _ b: Double, _ c: Double) -> Double {
        nearest(to: y, nearest(to: y, a, b), c)
    }

    /// The decision for a release with the modal's top edge at `y` (pt) and velocity `v` (pt/s, y down).
    public static func decide(
        layout: PanModalLayout, behavior: PanModalBehavior = .default,
        y: Double, velocity v: Double
    ) -> SheetOutcome {
        let long = layout.longFormY
        let short = layout.shortFormY
        let bottom = layout.containerHeight
        if isFling(velocity: v, snapMovementSensitivity: behavior.snapMovementSensitivity) {
            if v < 0 { return .stop(.long) }
            if (nearest(to: y, long, bottom) == long && y < short) || !behavior.allowsDragToDismiss {
                return .stop(.short)
            }
            return .dismissed
        }
        let position = nearest(to: y, bottom, short, long)
        if position == long { return .stop(.long) }
        if position == short || !behavior.allowsDragToDismiss { return .stop(.short) }
        return .dismissed
    }
}
