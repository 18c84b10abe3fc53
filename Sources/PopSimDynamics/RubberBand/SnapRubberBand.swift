/// LNPopupController's resistance while the open popup is pulled down in the snap style:
/// R(x) = x·d·c/(d + c·x), with d the container height and c = `popupSnapPercent`
/// (Documentation/lnpopupcontroller.md §5, `rubberbandFromHeight:`, LNPopupController.mm:987-1000). The source notes
/// UIScrollView's c = 0.55; the library uses the snap percent instead. Slope c at 0, R → d as x → ∞.
/// Defined for x > −d/c (the pole); the library only applies it to downward pulls.
public struct SnapRubberBand: RubberBand, Hashable {
    /// c, `popupSnapPercent` (default 0.32).
    public let snapPercent: Double
    /// d, the container height in points.
    public let dimension: Double

    public init(snapPercent: Double = 0.32, dimension: Double) throws(DynamicsError) {
        try DynamicsError.requirePositive(snapPercent, .snapPercent)
        try DynamicsError.requirePositive(dimension, .dimension)
        self.snapPercent = snapPercent
        self.dimension = dimension
    }

    public func displayed(forPull pull: Double) -> Double {
        pull * dimension * snapPercent / (dimension + snapPercent * pull)
    }

    /// x = d·R/(c·(d − R)).
    public func pull(forDisplayed displayed: Double) -> Double {
        dimension * displayed / (snapPercent * (dimension - displayed))
    }
}
