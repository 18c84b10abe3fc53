import PopSimTextIO

/// The values a numeric flag accepts: an interval of finite numbers, each end open or closed, written
/// in the usual notation (`(0, 1e5]`, `[-1e9, 1e9]`). NaN and the infinities are never in a range.
public struct NumberRange: Sendable, Hashable, CustomStringConvertible {
    public let lower: Double
    public let upper: Double
    public let includesLower: Bool
    public let includesUpper: Bool

    public init(lower: Double, includesLower: Bool, upper: Double, includesUpper: Bool) {
        precondition(lower.isFinite && upper.isFinite && lower <= upper, "a number range has finite ends in order")
        self.lower = lower
        self.upper = upper
        self.includesLower = includesLower
        self.includesUpper = includesUpper
    }

    /// `[lower, upper]`.
    public static func closed(_ lower: Double, _ upper: Double) -> NumberRange {
        NumberRange(lower: lower, includesLower: true, upper: upper, includesUpper: true)
    }

    /// `(lower, upper]`, typically `(0, upper]` for a quantity that must be positive.
    public static func above(_ lower: Double, through upper: Double) -> NumberRange {
        NumberRange(lower: lower, includesLower: false, upper: upper, includesUpper: true)
    }

    /// `[lower, upper)`.
    public static func from(_ lower: Double, below upper: Double) -> NumberRange {
        NumberRange(lower: lower, includesLower: true, upper: upper, includesUpper: false)
    }

    public func contains(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        let aboveLower = includesLower ? value >= lower : value > lower
        let belowUpper = includesUpper ? value <= upper : value < upper
        return aboveLower && belowUpper
    }

    public var description: String {
        (includesLower ? "[" : "(") + NumberFormat.compact.format(lower) + ", " + NumberFormat.compact.format(upper)
            + (includesUpper ? "]" : ")")
    }
}

/// The valid ranges that many parameters share, each bound chosen so that everything computed from an
/// in-range value stays finite, exact enough and countable (products such as position × scale,
/// translation + time × velocity, duration × rate), while lying far beyond anything a gesture, a screen
/// or a display produces. Documentation/reliability.md lists every flag's range.
extension NumberRange {
    /// Positions and offsets, pt: a million screens in every direction. Sums and products with
    /// velocities and scales stay below 1e16, where doubles still resolve 1 pt.
    public static let coordinate = NumberRange.closed(-1e9, 1e9)
    /// Sizes and distances, pt.
    public static let length = NumberRange.above(0, through: 1e9)
    /// Sizes and distances that may be 0 (insets, travel), pt.
    public static let nonNegativeLength = NumberRange.closed(0, 1e9)
    /// Velocities, pt/s (or position units per second).
    public static let velocity = NumberRange.closed(-1e9, 1e9)
    /// Speeds, pt/s, from a thousandth of a point a second: a length divided by a speed is a duration,
    /// which must stay finite (5e-324 pt/s would make any swipe last forever).
    public static let speed = NumberRange.closed(1e-3, 1e9)
    /// Durations, s: up to 11.6 days. With rates up to ``rate`` a duration × rate product stays below
    /// 1e11, an exact integer; the sample, row and frame limits then apply to it.
    public static let duration = NumberRange.above(0, through: 1e6)
    /// Durations that may be 0, s.
    public static let nonNegativeDuration = NumberRange.closed(0, 1e6)
    /// Scan, frame and sample rates, Hz: 100 kHz, far above any digitiser (240 Hz on iPad, 720 Hz on
    /// gaming phones) or display, down to one frame in 1 000 s. A frame's duration is 1/rate, so a rate
    /// must keep it finite (5e-324 Hz would put the second frame at infinity) and within ``duration``.
    public static let rate = NumberRange.closed(1e-3, 1e5)
    /// Pixels per point (a pixel grid of 1/scale pt): from a millionth, so 1/scale stays a finite size.
    public static let pixelScale = NumberRange.closed(1e-6, 1e6)
    /// Standard deviations of noise (pt or s), and other non-negative scale factors.
    public static let nonNegative = NumberRange.closed(0, 1e6)
    /// Fractions and probabilities.
    public static let unitInterval = NumberRange.closed(0, 1)
}
