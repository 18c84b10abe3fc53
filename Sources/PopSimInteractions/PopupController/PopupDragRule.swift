import PopSimDynamics

/// Where the bar (and the content below it) is while a pan displaces the popup, and the drag/scroll
/// release rule (Documentation/lnpopupcontroller.md §3b, §3c).
///
/// When the dismiss starts (the first change with a nonzero translation, LNPopupController.mm:1078-1121)
/// the handler records the bar's centre c0 and the start offset o, then on every change sets
///
///     y* = max(min(c0 + t_y, Y_c − h/2) − o, −h/2)        (LNPopupController.mm:1123-1124)
///
/// in the bar superview's coordinates. h is the bar's current height: its closed height when the drag
/// starts from the bar, 0 when it starts from the open popup (LNPopupController.mm:610-622). The clamp is
/// hard at both ends: the content moves 1:1 with the finger (drag, scroll) and the bar's bottom never
/// goes above the screen's top or below Y_c. Snap maps y* through the rubber band (``PopupSnapRule``).
public struct PopupDisplacement: Sendable, Hashable {
    /// c0.y, the bar's centre when the dismiss started.
    public let startCentre: Double
    /// Y_c − h/2.
    public let closedCentre: Double
    /// −h/2 (the open bar frame is (0, −h, W, h), LNPopupController.mm:267-270).
    public let openCentre: Double
    /// h during the drag.
    public let barHeight: Double
    /// o: the translation when a scroll view's pan started the dismiss, else 0 (LNPopupController.mm:1113-1120).
    public let startOffset: Double

    /// The displacement of a pan that starts from `state` (`.closed` or `.open`).
    @inlinable
    public init(from state: PopupPresentationState, geometry: PopupGeometry, startOffset: Double = 0) {
        if state == .open {
            barHeight = 0
            startCentre = 0
        } else {
            barHeight = geometry.barHeight
            // The closed frame's origin plus half its height (CGRect centre).
            startCentre = (geometry.dockTop - geometry.barHeight + geometry.barOffset) + geometry.barHeight / 2
        }
        closedCentre = geometry.dockTop - barHeight / 2
        openCentre = -barHeight + barHeight / 2
        self.startOffset = startOffset
    }

    /// y*, the clamped bar centre for a translation (LNPopupController.mm:1123-1124).
    @inlinable
    public func clampedCentre(translation ty: Double) -> Double {
        max(min(startCentre + ty, closedCentre) - startOffset, openCentre)
    }

    /// The content's top edge (the bar's bottom edge) for a bar centre.
    @inlinable
    public func contentTop(centre: Double) -> Double { centre + barHeight / 2 }
}

/// The drag and scroll release rule, `_popupBarPresentationByUserPanGestureHandler_endedOrCancelled:`
/// (LNPopupController.mm:1199-1227). With S0 the state before the drag, p the progress at release and v
/// the release velocity's y component in the container (pt/s, positive downward):
///
/// 1. v ≤ 0: closed if S0 = open and p < 0.5, else open;
/// 2. else if v > 0 and p ≠ 1: closed;
/// 3. else, if the "height threshold" was passed (p > 0.2 from closed, p < 0.8 from open), the opposite
///    of S0, else S0.
///
/// Only the sign of v matters (no pt/s threshold), v = 0 counts as upward, and branch 3 is reached only
/// with v > 0 and p = 1 exactly, where the 0.2 threshold (`LNPopupBarGestureHeightPercentThreshold`,
/// l.50) is always passed from closed and never from open. The branch is kept for fidelity.
public enum PopupDragRule {
    /// `LNPopupBarGestureHeightPercentThreshold` (LNPopupController.mm:50).
    public static let heightPercentThreshold = 0.2

    /// The state the popup animates to when a drag or scroll pan that started from `start` is released
    /// at progress `progress` with vertical velocity `velocity`.
    @inlinable
    public static func target(from start: PopupPresentationState, progress p: Double, velocity v: Double)
        -> PopupPresentationState
    {
        let passedThreshold = start == .closed ? p > heightPercentThreshold : p < 1.0 - heightPercentThreshold
        var target = start
        if v <= 0 {
            target = start == .open && p < 0.5 ? .closed : .open
        } else if v > 0 && p != 1.0 {
            target = .closed
        } else if passedThreshold {
            target = start == .closed ? .open : .closed
        }
        return target
    }
}
