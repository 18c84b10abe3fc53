/// How far a pipeline sweep's decision boundary moved from the ideal one: the summary `popsim sweep
/// --pipeline` prints.
///
/// Cells are compared one by one; then, along the fastest-varying axis, each line of the grid (the
/// other coordinates fixed) is searched for its boundary, in the ideal and in the pipeline results:
/// where the final run of equal outcomes starts (robust to an island such as an undragged
/// `presented` cell near the start of a line). The shift of a line is the pipeline's boundary value minus the ideal's (positive:
/// the pipeline needs more of that parameter to change its decision).
public struct BoundaryShift: Sendable, CustomStringConvertible {
    public let differing: Int
    public let total: Int
    public let column: String?
    public let lines: Int
    public let shifts: [Double]
    public let missing: Int

    public init(grid: ParameterGrid, range: Range<Int>, outcomes: [String], ideals: [String]) {
        total = outcomes.count
        differing = zip(outcomes, ideals).filter { $0 != $1 }.count
        guard let last = grid.axes.indices.last, grid.axes[last].count > 1 else {
            column = nil
            lines = 0
            shifts = []
            missing = 0
            return
        }
        let axis = grid.axes[last]
        column = axis.column
        var shifts: [Double] = []
        var lines = 0, missing = 0
        var lineStart = range.lowerBound - range.lowerBound % axis.count
        while lineStart < range.upperBound {
            let indices = max(lineStart, range.lowerBound)..<min(lineStart + axis.count, range.upperBound)
            if indices.count == axis.count {
                lines += 1
                let offset = indices.lowerBound - range.lowerBound
                let ideal = Self.finalRunStart(ideals[offset..<(offset + axis.count)])
                let actual = Self.finalRunStart(outcomes[offset..<(offset + axis.count)])
                switch (ideal, actual) {
                case let (i?, a?): shifts.append(axis.value(a) - axis.value(i))
                case (nil, nil): break
                default: missing += 1
                }
            }
            lineStart += axis.count
        }
        self.lines = lines
        self.shifts = shifts
        self.missing = missing
    }

    /// The offset where the last run of equal outcomes begins, or nil when the line never changes.
    public static func finalRunStart(_ outcomes: ArraySlice<String>) -> Int? {
        guard let last = outcomes.last else { return nil }
        guard let lastDifferent = outcomes.lastIndex(where: { $0 != last }) else { return nil }
        return lastDifferent + 1 - outcomes.startIndex
    }

    public var description: String {
        let percent = total > 0 ? (1000 * Double(differing) / Double(total)).rounded() / 10 : 0
        var text = "\(differing) of \(total) decisions differ (\(percent) %)"
        guard let column, lines > 0 else { return text }
        let moved = shifts.filter { $0 != 0 }
        text += "; boundary along \(column) in \(lines) lines: "
        if shifts.isEmpty {
            text += "no line has a boundary in both"
        } else {
            let mean = shifts.reduce(0, +) / Double(shifts.count)
            let largest = shifts.max { abs($0) < abs($1) }!
            text += "moved in \(moved.count) of \(shifts.count), mean \(signed(mean)), largest \(signed(largest))"
        }
        if missing > 0 { text += ", \(missing) lines with a boundary in only one of them" }
        return text
    }

    private func signed(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded > 0 ? "+\(rounded)" : "\(rounded)"
    }
}
