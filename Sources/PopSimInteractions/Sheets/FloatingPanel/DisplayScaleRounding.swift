/// FloatingPanel's rounding of a coordinate to the display's pixel grid, `CGFloat.rounded(by:)`
/// (scenee/FloatingPanel@7efcc76 Sources/Extensions.swift:9-13): the value is first cut to nine decimal
/// places toward zero (so that 333.33333333374 and 333.33333333307 land on the same pixel), then
/// rounded to the nearest multiple of 1/scale, halves away from zero. Anchor positions
/// (`LayoutAdapter.position(for:)`, Sources/Layout.swift:318-320) and offsets from a state
/// (Sources/Layout.swift:279-288) pass through it; the interactive position does not.
public enum DisplayScaleRounding {
    /// The cut before rounding: 10⁹ (nanopoints).
    public static let truncationFactor = 1.0e9

    /// `value` on the pixel grid of `scale` pixels per point. Callers keep |value| ≤ 10⁹ pt and
    /// 0 < scale ≤ 100 (``SheetLayoutLimits``): the products stay below 10²⁰, finite doubles.
    @inlinable
    public static func round(_ value: Double, scale: Double) -> Double {
        let cut = (value * truncationFactor).rounded(.towardZero) / truncationFactor
        return (cut * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}
