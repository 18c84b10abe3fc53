import PopSimDynamics

/// Every animation constant of the model (Documentation/lnpopupcontroller.md §6). LNPopupController gives each spring
/// as a UIKit (duration, damping ratio) pair; ``PopupConfiguration/springMapping`` turns a pair into a
/// physical spring (an approximation: Apple does not publish how, §10). Each constant's value stands beside
/// it: start from ``default`` and set the ones that differ.
public struct PopupAnimationTiming: Sendable, Hashable {
    /// D for every open and close, every style (`resolvedStyle == Snap ? 0.5 : 0.5`,
    /// LNPopupController.mm:786).
    public var popupDuration: Double = 0.5
    /// ζ for closes triggered by a gesture: the snap auto-close (l.1157) and a drag release that closes
    /// (l.1237) (`UISpringTimingParameters(dampingRatio: 0.87)`, l.798).
    public var gestureCloseDampingRatio: Double = 0.87
    /// ζ for every open and every close not triggered by a gesture (tap, close button, programmatic).
    public var dampingRatio: Double = 1.0
    /// `LNPopupBarTransitionDuration` (l.48): bar present and dismiss.
    public var barDuration: Double = 0.5
    /// The bar present/dismiss animators' damping ratio (l.1930, l.2223). UIKit treats any ζ ≥ 1 as
    /// non-bouncing; the envelope mapping clamps it to 1.
    public var barDampingRatio: Double = 500
    /// The snap flick's delay before opening (l.956).
    public var snapOpenDelay: Double = PopupSnapRule.openDelay

    public static let `default` = PopupAnimationTiming()

    func validate() throws(DynamicsError) {
        try PopupGeometry.require(
            popupDuration.isFinite && popupDuration > 0, "popupDuration", popupDuration, "a positive finite number")
        try PopupGeometry.require(
            barDuration.isFinite && barDuration > 0, "barDuration", barDuration, "a positive finite number")
        try PopupGeometry.require(
            snapOpenDelay.isFinite && snapOpenDelay >= 0, "snapOpenDelay", snapOpenDelay, "a finite number ≥ 0")
        for (name, zeta) in [
            ("gestureCloseDampingRatio", gestureCloseDampingRatio), ("dampingRatio", dampingRatio),
            ("barDampingRatio", barDampingRatio),
        ] {
            try PopupGeometry.require(zeta.isFinite && zeta > 0, name, zeta, "a positive finite number")
        }
    }
}

/// The three physical springs the timing needs, built once through a mapping.
struct PopupSprings: Sendable {
    let open: Spring
    let close: Spring
    let gestureClose: Spring
    let bar: Spring

    init(timing: PopupAnimationTiming, mapping: any UIKitSpringMapping) throws(DynamicsError) {
        open = try mapping.spring(duration: timing.popupDuration, dampingRatio: timing.dampingRatio)
        close = open
        gestureClose = try mapping.spring(duration: timing.popupDuration, dampingRatio: timing.gestureCloseDampingRatio)
        bar = try mapping.spring(duration: timing.barDuration, dampingRatio: timing.barDampingRatio)
    }
}
