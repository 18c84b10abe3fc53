import PopSimDynamics

/// PanModal's knobs that the drag, the release and its animation read, with the presentable's
/// defaults (slackhq/PanModal@b012aec PanModal/Presentable/PanModalPresentable+Defaults.swift), each
/// written beside its knob: start from ``default`` and set the knobs that differ.
public struct PanModalBehavior: Sendable, Hashable {
    /// `allowsDragToDismiss` (+Defaults.swift:76-78): when false a release that would dismiss goes to the
    /// short form instead.
    public var allowsDragToDismiss: Bool = true
    /// `allowsTapToDismiss` (+Defaults.swift:80-82): a tap on the dimmed background above the modal dismisses
    /// it (PanModalPresentationController.swift:114-118).
    public var allowsTapToDismiss: Bool = true
    /// `Constants.snapMovementSensitivity` s (PanModalPresentationController.swift:41): a release flings
    /// when |v| − 1000·(1 − s) > 0 (PanModalPresentationController.swift:638-640), i.e. above 300 pt/s.
    public var snapMovementSensitivity: Double = 0.7
    /// `springDamping` (+Defaults.swift:38-40): the UIView spring's damping ratio for every snap and the
    /// dismissal.
    public var springDamping: Double = 0.8
    /// `transitionDuration`, seconds (+Defaults.swift:42-44, `PanModalAnimator.Constants.defaultTransitionDuration`,
    /// PanModal/Animator/PanModalAnimator.swift:20).
    public var transitionDuration: Double = 0.5
    /// `allowsExtendedPanScrolling` (+Defaults.swift:67-74): with a `panScrollable`, whether the modal can be
    /// anchored (`isPresentedViewAnchored`, PanModalPresentationController.swift:318-326), so that its pan
    /// fails for a scrolled content and its observer lets the content scroll. nil: the default, a content
    /// taller than the scroll view less the bottom inset (a content that scrolls).
    public var allowsExtendedPanScrolling: Bool? = nil

    public static let `default` = PanModalBehavior()

    /// The fling speed threshold as the source computes it, 1000·(1 − s): 300.00000000000006 pt/s for
    /// s = 0.7 in double arithmetic.
    public var flingSpeedThreshold: Double { 1000 * (1 - snapMovementSensitivity) }

    /// Checks every number: s finite, the damping ratio and the duration positive and finite.
    public func validate() throws(DynamicsError) {
        try FloatingPanelBehavior.require(
            snapMovementSensitivity.isFinite, "snapMovementSensitivity",
            snapMovementSensitivity, "a finite number")
        try FloatingPanelBehavior.require(
            springDamping.isFinite && springDamping > 0, "springDamping", springDamping,
            "a positive finite number")
        try FloatingPanelBehavior.require(
            transitionDuration.isFinite && transitionDuration > 0 && transitionDuration <= 1e3,
            "transitionDuration", transitionDuration, "a positive finite number of seconds ≤ 1000")
    }
}
