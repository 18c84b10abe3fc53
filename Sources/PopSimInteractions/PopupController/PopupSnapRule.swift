import PopSimDynamics
import PopSimGeometry

/// The snap style's rules (Documentation/lnpopupcontroller.md §4, §5).
///
/// - Opening is never interactive: a pan on the bar whose velocity when it begins is vertical-dominant
///   and upward cancels itself and opens the popup 0.15 s later (LNPopupController.mm:946-975, the
///   `dispatch_after` at l.956). The bar does not follow the finger.
/// - Closing is interactive with resistance: the open content's top follows R(y) = y·d·c/(d + c·y) of the
///   clamped finger travel y, and the popup closes *during* the drag as soon as y/d > c
///   (LNPopupController.mm:1129-1160), ignoring the rest of the gesture. Releasing earlier springs back
///   open.
public enum PopupSnapRule {
    /// `LNSnapPercentDefault` (UIViewController+LNPopupSupport.mm:30).
    public static let defaultSnapPercent = 0.32
    /// The setter clamps `popupSnapPercent` to this range (`_ln_clamp(…, 0.1, 0.9)`,
    /// UIViewController+LNPopupSupport.mm:345).
    public static let snapPercentRange: ClosedRange<Double> = 0.1...0.9
    /// The delay between the flick and the open (LNPopupController.mm:956).
    public static let openDelay = 0.15

    /// c clamped as the `popupSnapPercent` setter does.
    @inlinable
    public static func clampedSnapPercent(_ c: Double) -> Double {
        min(max(c, snapPercentRange.lowerBound), snapPercentRange.upperBound)
    }

    /// Whether a snap pan beginning on the closed bar opens the popup: isVertical = |v_y| > |v_x| and
    /// v_y < 0 (upward), with v the pan's velocity when it begins (LNPopupController.mm:943-956). A
    /// downward pan is cancelled; any other pan continues but never moves the bar (snap never starts
    /// an interactive drag from the bar, l.1078).
    @inlinable
    public static func opensFromBar(beganVelocity v: Vector) -> Bool {
        abs(v.dy) > abs(v.dx) && v.dy < 0
    }

    /// The snap trigger: realY / d > c, strictly (LNPopupController.mm:1146). realY is the clamped bar
    /// centre before the rubber band, which from the open popup (bar height 0) is the finger travel
    /// clamped to [0, Y_c]. With c = 0.32 and d = 852 it fires past 272.64 pt of travel.
    @inlinable
    public static func triggers(realCentreY: Double, containerHeight d: Double, snapPercent c: Double) -> Bool {
        realCentreY / d > c
    }
}
