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
        (includesLower ? "[" : "(") + Self.format(lower) + ", " + Self.format(upper) + (includesUpper ? "]" : ")")
    }

    /// Powers of ten from 10⁴ up and 10⁻⁴ down as `1e9`, `1e-6`; whole numbers as integers; otherwise
    /// the shortest round-trip form.
    static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        let magnitude = abs(value)
        for exponent in [Int](-30...(-4)) + [Int](4...30) where Double("1e\(exponent)") == magnitude {
            return (value < 0 ? "-" : "") + "1e\(exponent)"
        }
        if magnitude < 1e15, value == value.rounded() { return String(Int(value)) }
        return value.description
    }
}
