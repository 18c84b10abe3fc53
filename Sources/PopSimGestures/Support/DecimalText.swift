/// Numbers for people (messages, tables): fixed decimals, no exponent, computed with integer
/// arithmetic so the text is the same everywhere. Data files use `formatNumber` (round-trip) instead.
enum DecimalText {
    /// `value` rounded to `digits` decimals (0…9), e.g. fixed(2.998, 1) = "3.0".
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return value.description }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let integer = Int(scaled), unit = Int(scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(integer) }
        let fraction = String(integer % unit)
        return sign + String(integer / unit) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// Enough digits to read: one decimal from 10 up, three below (speeds, distances, seconds).
    static func readable(_ value: Double) -> String {
        abs(value) >= 10 ? fixed(value, 1) : fixed(value, 3)
    }
}
