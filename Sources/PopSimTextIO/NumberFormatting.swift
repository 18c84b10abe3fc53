/// How PopSim prints numbers in CSV and `key=value` output: the shortest decimal string that reads back
/// as the same double (Swift's `description`, which is platform-independent), with −0 printed as 0 so
/// that traces do not flicker between "0.0" and "-0.0".
@inline(__always)
public func formatNumber(_ value: Double) -> String {
    value == 0 ? "0.0" : value.description
}

/// The one number formatter behind every text PopSim prints: data (CSV, `key=value`), the text a
/// person reads (help, ranges, canonical command lines) and reports. Every style is computed from the
/// double's own digits or with integer arithmetic, never through the C library's `printf`, so the text
/// is the same on every machine.
public enum NumberFormat: Sendable, Hashable {
    /// Shortest round-trip text, `0.0` for ±0: data files (``formatNumber(_:)``).
    case roundTrip
    /// Whole numbers without a fractional part (`852`, `-1500`), powers of ten from 10⁴ up and 10⁻⁴
    /// down as `1e9`, `1e-6`, anything else in shortest round-trip form: help text, ranges and the
    /// command lines PopSim writes, which must read back as the same number.
    case compact
    /// Rounded to a fixed number of decimals (0…9), no exponent: `fixed(2)` writes 2.998 as `3.00`.
    case fixed(Int)
    /// One decimal from 10 up, three below: speeds, distances and seconds in messages.
    case readable
    /// A number of significant digits in fixed notation (0.000123, 1.23, 12.3, 123, 1234): reports.
    case significant(Int)

    public func format(_ value: Double) -> String {
        switch self {
        case .roundTrip: return formatNumber(value)
        case .compact: return Self.compact(value)
        case let .fixed(digits): return Self.fixed(value, digits: digits)
        case .readable: return Self.fixed(value, digits: abs(value) >= 10 ? 1 : 3)
        case let .significant(digits): return Self.significant(value, digits: digits)
        }
    }

    private static func compact(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        for exponent in [Int](-30...(-4)) + [Int](4...30) where Double("1e\(exponent)") == magnitude {
            return (value < 0 ? "-" : "") + "1e\(exponent)"
        }
        if magnitude < 1e15, value == value.rounded() { return String(Int(value)) }
        return value.description
    }

    private static func fixed(_ value: Double, digits: Int) -> String {
        let digits = min(max(digits, 0), 9)
        guard value.isFinite, abs(value) < 1e15 else { return value.description }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return value.description }
        let integer = Int(scaled)
        let unit = Int(scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(integer) }
        let fraction = String(integer % unit)
        return sign + String(integer / unit) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    private static func significant(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        if value == 0 { return "0" }
        let digits = max(digits, 1)
        // The decimal exponent from the round-trip text's digits, not from log10 (which rounds).
        var exponent = 0
        var magnitude = abs(value)
        while magnitude >= 10 {
            magnitude /= 10
            exponent += 1
        }
        while magnitude < 1 {
            magnitude *= 10
            exponent -= 1
        }
        var decimals = max(0, digits - 1 - exponent)
        if decimals > 9 { return value.description }
        var text = fixed(value, digits: decimals)
        // Rounding can carry into a new digit (9.996 → "10.00"); drop the surplus decimal.
        if decimals > 0, let rounded = Double(text), abs(rounded) >= pow10(exponent + 1) {
            decimals -= 1
            text = fixed(value, digits: decimals)
        }
        return text
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        if exponent >= 0 { for _ in 0..<exponent { result *= 10 } } else { for _ in 0..<(-exponent) { result /= 10 } }
        return result
    }
}
