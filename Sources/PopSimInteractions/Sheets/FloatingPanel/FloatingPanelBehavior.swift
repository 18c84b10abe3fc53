import PopSimDynamics

/// The knobs of `FloatingPanelBehavior` and the controller that the release and its animation read,
/// with `FloatingPanelDefaultBehavior`'s values (scenee/FloatingPanel@7efcc76 Sources/Behavior.swift:61-85),
/// each written beside its knob: start from ``default`` and set the knobs that differ.
public struct FloatingPanelBehavior: Sendable, Hashable {
    /// `UIScrollView.DecelerationRate.normal`, 0.998 per millisecond (Apple documents the value).
    public static let normalDecelerationRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`, 0.99 per millisecond.
    public static let fastDecelerationRate = 0.99

    /// `momentumProjectionRate` r: the release projects the panel by (v/1000)·r/(1 − r) points, the
    /// distance a scroll view decelerating at r per millisecond travels (Sources/Core.swift:1049-1053).
    /// Default `DecelerationRate.normal` (Sources/Behavior.swift:72-74): 0.499 s × v.
    public var momentumProjectionRate: Double = Self.normalDecelerationRate
    /// The states for which `shouldProjectMomentum(_:to:)` returns true: a projection may then reach
    /// them past the neighbouring state. Default none (`?? false`, Sources/Behavior.swift:116-118).
    public var projectsMomentum: Set<FloatingPanelState> = []
    /// `redirectionalProgress(_:from:to:)` p: the release goes on to the next state only if the projected
    /// progress is strictly greater than p (Sources/Core.swift:1104-1106), clamped to [0, 1] there.
    /// Default 0.5 (Sources/Behavior.swift:76-78).
    public var redirectionalProgress: Double = 0.5
    /// `FloatingPanelController.isRemovalInteractionEnabled`. Default false (Sources/Core.swift:65).
    public var isRemovalInteractionEnabled: Bool = false
    /// `removalInteractionVelocityThreshold`, 1/s: release velocity divided by the distance to the hidden
    /// position. Default 5.5 (Sources/Behavior.swift:84).
    public var removalInteractionVelocityThreshold: Double = 5.5
    /// `springDecelerationRate`: sets the attraction spring's damping ratio for fast releases.
    /// Default `DecelerationRate.fast + 0.001` = 0.991 (Sources/Behavior.swift:64-66).
    public var springDecelerationRate: Double = Self.fastDecelerationRate + 0.001
    /// `springResponseTime`, seconds: the attraction spring's period. Default 0.4 (Sources/Behavior.swift:68-70).
    public var springResponseTime: Double = 0.4
    /// The edges `allowsRubberBanding(for:)` returns true for. Default none (Sources/Behavior.swift:80-82).
    public var allowsRubberBanding: Set<FloatingPanelRubberBandEdge> = []

    /// `FloatingPanelDefaultBehavior`.
    public static let `default` = FloatingPanelBehavior()

    /// `shouldProjectMomentum` true for every state (the library's test behaviour
    /// `FloatingPanelProjectableBehavior`, Tests/TestSupports.swift:85-89; `--project-momentum`).
    public static let projectingMomentum = FloatingPanelBehavior(projectsMomentum: Set(FloatingPanelState.allCases))

    /// `shouldProjectMomentum(_:to:)`.
    @inlinable
    public func shouldProjectMomentum(to state: FloatingPanelState) -> Bool { projectsMomentum.contains(state) }

    /// Checks every number: r in (0, 1), the deceleration rate in (0, 1), p, the threshold and the
    /// response time finite (the response time positive). The library checks none of them.
    public func validate() throws(DynamicsError) {
        try Self.require(
            momentumProjectionRate.isFinite && momentumProjectionRate > 0 && momentumProjectionRate < 1,
            "momentumProjectionRate", momentumProjectionRate, "in (0, 1): a deceleration rate per millisecond")
        try Self.require(
            redirectionalProgress.isFinite, "redirectionalProgress", redirectionalProgress,
            "a finite number (the library clamps it to [0, 1])")
        try Self.require(
            removalInteractionVelocityThreshold.isFinite, "removalInteractionVelocityThreshold",
            removalInteractionVelocityThreshold, "a finite number (1/s)")
        try Self.require(
            springDecelerationRate.isFinite && springDecelerationRate > 0 && springDecelerationRate < 1,
            "springDecelerationRate", springDecelerationRate, "in (0, 1): a deceleration rate per millisecond")
        try Self.require(
            springResponseTime.isFinite && springResponseTime > 0 && springResponseTime <= 1e3,
            "springResponseTime", springResponseTime, "a positive finite number of seconds ≤ 1000")
    }

    static func require(
        _ condition: Bool, _ parameter: String, _ value: Double, _ requirement: String
    ) throws(DynamicsError) {
        if !condition { throw .invalidParameter(parameter: parameter, value: value, requirement: requirement) }
    }
}

/// The edge `allowsRubberBanding(for:)` is asked about: `.top` past the least coordinate, `.bottom`
/// past the greatest (scenee/FloatingPanel@7efcc76 Sources/Layout.swift:740-750).
public enum FloatingPanelRubberBandEdge: String, Sendable, Hashable, CaseIterable {
    case top, bottom
}
