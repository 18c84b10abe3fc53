import Foundation
import FrameBench
import PopSimTextIO

/// Number formats of the text report.
public enum Formatting {
    /// A time unit for one row: ns below 1 µs, µs below 1 ms, ms above. Every time in a row uses the
    /// unit of its median, so a row reads left to right without unit changes.
    public struct TimeUnit: Sendable, Equatable {
        public let symbol: String
        public let nanoseconds: Double

        public static let ns = TimeUnit(symbol: "ns", nanoseconds: 1)
        public static let us = TimeUnit(symbol: "µs", nanoseconds: 1e3)
        public static let ms = TimeUnit(symbol: "ms", nanoseconds: 1e6)
        public static let s = TimeUnit(symbol: "s", nanoseconds: 1e9)

        public static func forValue(_ nanoseconds: Double) -> TimeUnit {
            let magnitude = abs(nanoseconds)
            if magnitude < 999.5 { return .ns }
            if magnitude < 999_500 { return .us }
            if magnitude < 999_500_000 { return .ms }
            return .s
        }
    }

    /// Three significant digits in fixed notation (0.000123, 1.23, 12.3, 123, 1234).
    public static func significant(_ value: Double, digits: Int = 3) -> String {
        NumberFormat.significant(digits).format(value)
    }

    public static func time(_ nanoseconds: Double, in unit: TimeUnit) -> String {
        significant(nanoseconds / unit.nanoseconds)
    }

    /// A time with its own unit, e.g. "14.5 ns", "2.31 ms".
    public static func time(_ nanoseconds: Double) -> String {
        let unit = TimeUnit.forValue(nanoseconds)
        return "\(time(nanoseconds, in: unit)) \(unit.symbol)"
    }

    /// A rate with an SI prefix and three significant digits: 2.21 M, 104 k, 950.
    public static func rate(_ perSecond: Double) -> String {
        let magnitude = abs(perSecond)
        if magnitude >= 999_500 { return "\(significant(perSecond / 1e6)) M" }
        if magnitude >= 999.5 { return "\(significant(perSecond / 1e3)) k" }
        return significant(perSecond)
    }

    /// A measured value and its unit: rates (units ending in "/s") with an SI prefix, others with three
    /// significant digits: "2.21 M decisions/s", "30.1 MB".
    public static func measured(_ value: Double, unit: String) -> String {
        unit.hasSuffix("/s") ? "\(rate(value)) \(unit)" : "\(significant(value)) \(unit)"
    }

    /// A fraction as a percentage with three significant digits, e.g. 0.000123 → "0.0123 %".
    public static func percent(_ fraction: Double) -> String {
        "\(significant(fraction * 100)) %"
    }

    /// A change as a signed percentage: "+1.23 %", "-0.500 %", "+∞" from zero.
    public static func change(_ fraction: Double) -> String {
        guard fraction.isFinite else { return fraction > 0 ? "+∞" : "-∞" }
        return (fraction >= 0 ? "+" : "") + percent(fraction)
    }

    /// An integer with thin-space-free groups of three, "1 000 000" (SI style, as the documentation writes it).
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: " ")
    }

    /// Allocations per operation: "0" exactly when none, else three significant digits.
    public static func allocations(_ value: Double?) -> String {
        guard let value else { return "n/a" }
        return value == 0 ? "0" : significant(value)
    }
}

/// A plain-text table with aligned columns (first column left, the others right unless told).
struct TextTable {
    var header: [String]
    var rows: [[String]] = []
    var leftAligned: Set<Int> = [0]

    init(_ header: [String], leftAligned: Set<Int> = [0]) {
        self.header = header
        self.leftAligned = leftAligned
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    func render(indent: String = "") -> String {
        let all = [header] + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in all {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        var lines: [String] = []
        for row in all {
            var cells: [String] = []
            for i in 0..<columns {
                let cell = i < row.count ? row[i] : ""
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                cells.append(leftAligned.contains(i) ? cell + pad : pad + cell)
            }
            var line = indent + cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// One table of a report with the lines around it, as both the text and the HTML report print it:
/// the rows are built once, by the report's section functions.
struct ReportSection {
    /// A stable name (the HTML element's id), e.g. "targets".
    var name: String
    /// Lines before the table (its caption), printed unindented.
    var heading: [String] = []
    var table: TextTable
    /// Lines after it (notes, totals), printed as they are.
    var notes: [String] = []

    /// The section in the text report: heading, table, notes, a blank line.
    var text: String {
        heading.map { $0 + "\n" }.joined() + table.render() + notes.map { $0 + "\n" }.joined() + "\n"
    }
}
