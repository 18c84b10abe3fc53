import PopSimTextIO

/// One swept parameter component: N evenly spaced values from A to B inclusive, written `A:B:N`
/// on the command line (N = 1 is the single value A).
public struct GridAxis: Sendable, Hashable {
    /// The CSV column, e.g. `translation_y`.
    public let column: String
    public let start: Double
    public let end: Double
    public let count: Int

    public init(column: String, start: Double, end: Double, count: Int) throws(SweepError) {
        guard start.isFinite, end.isFinite else {
            throw .invalidAxis(column, "the ends \(start) and \(end) must be finite")
        }
        guard count >= 1 else { throw .invalidAxis(column, "N = \(count) must be at least 1") }
        // ``value(_:)`` forms (B − A)·i before dividing by N − 1: it must stay finite for every i.
        guard ((end - start) * Double(count - 1)).isFinite else {
            throw .invalidAxis(
                column, "(B − A)·(N − 1) = (\(end) − \(start))·\(count - 1) overflows; narrow the axis")
        }
        guard count > 1 || start == end else {
            throw .invalidAxis(column, "N = 1 needs A = B (a single value)")
        }
        self.column = column
        self.start = start
        self.end = end
        self.count = count
    }

    /// Parses `A:B:N`; returns nil when the text is not of that form (e.g. a plain number).
    public static func parse(_ text: Substring, column: String) throws(SweepError) -> GridAxis? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            if parts.count == 1 { return nil }
            throw .invalidAxis(column, "'\(DiagnosticText.excerpt(text))' is not A:B:N")
        }
        guard let a = Double(parts[0]), let b = Double(parts[1]) else {
            throw .invalidAxis(column, "'\(DiagnosticText.excerpt(text))': A and B must be numbers")
        }
        guard let n = Int(parts[2]) else {
            throw .invalidAxis(column, "'\(DiagnosticText.excerpt(text))': N must be a whole number")
        }
        return try GridAxis(column: column, start: a, end: b, count: n)
    }

    /// Value i of N: A + (B − A)·i/(N − 1), computed from the index so the ends are exact.
    public func value(_ index: Int) -> Double {
        if count == 1 || index == 0 { return start }
        if index == count - 1 { return end }
        return start + (end - start) * Double(index) / Double(count - 1)
    }

    public var values: [Double] { (0..<count).map(value) }
}

/// Why a sweep cannot run.
public enum SweepError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidAxis(String, String)
    case invalidShard(String)
    case tooLarge(Int)

    public var description: String {
        switch self {
        case let .invalidAxis(column, message): return "invalid grid axis for \(column): \(message)"
        case let .invalidShard(message): return "invalid --shard: \(message)"
        case let .tooLarge(count):
            return "the grid has \(count) points, more than the limit of \(ParameterGrid.maximumPoints)"
        }
    }
}
