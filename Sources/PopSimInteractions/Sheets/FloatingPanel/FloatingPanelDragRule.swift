/// Where FloatingPanel puts the panel while a finger drags it: `LayoutAdapter.updateInteractiveEdgeConstraint`
/// (scenee/FloatingPanel@7efcc76 Sources/Layout.swift:729-765) fed by `Core.panningChange(with:)`
/// (Sources/Core.swift:697-721).
///
/// The edge is the position where the interaction started plus the pan's translation since its first
/// change (`initialTranslation` is the translation at the first `.changed` callback, Sources/Core.swift:892,
/// so the movement up to and including that callback is not applied). Beyond the outermost states the
/// panel keeps following the finger 1:1: there is no limit unless
/// - the behaviour allows rubber banding for that edge: the overshoot x past the state becomes
///   (1 − 1/(0.55·x/H + 1))·H with H the window height (UIScrollView's constant 0.55, l.759-765), or
/// - a tracked scroll view is scrolling its content (`scrollingContent`, Sources/Core.swift:729-758):
///   the edge is then clamped to the outermost states (l.752-754). Without a scroll view this never
///   applies.
public enum FloatingPanelDragRule {
    /// UIScrollView's rubber-band constant in the library's formula (Sources/Layout.swift:763-765).
    public static let rubberBandConstant = 0.55

    /// The edge for a pan whose displacement since the interaction started is `diff` (pt, along y).
    /// - Parameters:
    ///   - start: `initialConst`, the edge when the interaction started (Sources/Layout.swift:501-511).
    ///   - scrollingContent: whether a tracked scroll view's pan is changing with content taller than
    ///     its bounds (false without a scroll view).
    public static func edge(
        layout: FloatingPanelLayout, behavior: FloatingPanelBehavior = .default,
        start: Double, diff: Double, scrollingContent: Bool = false
    ) -> Double {
        let states = layout.statesByCoordinate
        let minimum = layout.position(for: states[0])
        let maximum = layout.position(for: states[states.count - 1])
        var edge = start + diff
        let base = layout.windowHeight
        if behavior.allowsRubberBanding.contains(.top), edge < minimum {
            edge = minimum - rubberBand(overshoot: minimum - edge, dimension: base)
        }
        if behavior.allowsRubberBanding.contains(.bottom), edge > maximum {
            edge = maximum + rubberBand(overshoot: edge - maximum, dimension: base)
        }
        if scrollingContent {
            edge = min(max(edge, minimum), maximum)
        }
        return edge
    }

    /// `rubberBandEffect(for:base:)`: (1 − 1/(x·0.55/d + 1))·d.
    @inlinable
    public static func rubberBand(overshoot x: Double, dimension d: Double) -> Double {
        (1.0 - (1.0 / ((x * rubberBandConstant / d) + 1.0))) * d
    }
}
