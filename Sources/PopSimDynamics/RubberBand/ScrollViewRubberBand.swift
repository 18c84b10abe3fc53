/// UIScrollView's overscroll resistance as reverse-engineered by the community (Apple never documented
/// it): b(x) = (1 − 1/(x·c/d + 1))·d with c = 0.55 and d the viewport length on that axis
/// (Documentation/springs-and-gsl.md §5; @chpwn via gist originell/6961057). b′(0) = c, b → d as x → ∞,
/// b(d) ≈ 0.355·d. Applied symmetrically to negative pulls.
public struct ScrollViewRubberBand: RubberBand, Hashable {
    /// c, the initial slope. UIScrollView's 0.55 by default.
    public let constant: Double
    /// d, the viewport length on the axis, in points.
    public let dimension: Double

    public init(constant: Double = 0.55, dimension: Double) throws(DynamicsError) {
        try DynamicsError.requirePositive(constant, .constant)
        try DynamicsError.requirePositive(dimension, .dimension)
        self.constant = constant
        self.dimension = dimension
    }

    public func displayed(forPull pull: Double) -> Double {
        let x = abs(pull)
        let b = (1 - 1 / (x * constant / dimension + 1)) * dimension
        return pull < 0 ? -b : b
    }

    /// x = (d/c)·b/(d − b); infinite for |b| ≥ d (the band never reaches its asymptote).
    public func pull(forDisplayed displayed: Double) -> Double {
        let b = abs(displayed)
        guard b < dimension else { return displayed < 0 ? -.infinity : .infinity }
        let x = (dimension / constant) * b / (dimension - b)
        return displayed < 0 ? -x : x
    }
}
