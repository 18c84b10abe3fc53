/// How far a pipeline sweep's decision boundary moved from the ideal one: the summary `popsim sweep
/// --pipeline` prints.
///
/// Cells are compared one by one; then, along the fastest-varying axis, each line of the grid (the
/// other coordinates fixed) is searched for its boundary, in the ideal and in the pipeline results:
/// where the final run of equal outcomes starts (robust to an island such as an undragged
/// `presented` cell near the start of a line). The shift of a line is the pipeline's boundary value
/// minus the ideal's (positive: the pipeline needs more of that parameter to change its decision).
///
/// Rows are fed in grid order through an ``Accumulator``, which keeps only the current line and the
/// running totals, so a sweep of any size summarises in constant memory.
public struct BoundaryShift: Sendable, CustomStringConvertible {
    public let differing: Int
    public let total: Int
    /// The fastest-varying axis, when it has more than one value.
    public let column: String?
    /// Whole lines of the grid along ``column``.
    public let lines: Int
    /// Lines with a boundary in both the ideal and the pipeline results.
    public let comparedLines: Int
    /// Of those, lines whose boundary moved.
    public let movedLines: Int
    /// The mean shift over ``comparedLines`` (0 when there are none).
    public let meanShift: Double
    /// The shift of largest magnitude (the first of equal ones), 0 when there are none.
    public let largestShift: Double
    /// Lines with a boundary in only one of the two.
    public let missing: Int

    public init(grid: ParameterGrid, range: Range<Int>, outcomes: [String], ideals: [String]) {
        var accumulator = Accumulator(grid: grid, range: range)
        for (offset, (outcome, ideal)) in zip(outcomes, ideals).enumerated() {
            accumulator.add(index: range.lowerBound + offset, outcome: outcome, ideal: ideal)
        }
        self = accumulator.result
    }

    fileprivate init(
        differing: Int, total: Int, column: String?, lines: Int, comparedLines: Int, movedLines: Int,
        meanShift: Double, largestShift: Double, missing: Int
    ) {
        self.differing = differing
        self.total = total
        self.column = column
        self.lines = lines
        self.comparedLines = comparedLines
        self.movedLines = movedLines
        self.meanShift = meanShift
        self.largestShift = largestShift
        self.missing = missing
    }

    /// Builds a ``BoundaryShift`` from rows fed in grid order, one at a time. A line's boundary is where
    /// its last run of equal outcomes starts, so only the start of the current run is kept.
    public struct Accumulator: Sendable {
        private let axis: GridAxis?
        private let range: Range<Int>
        private var differing = 0
        private var total = 0
        private var lines = 0
        private var compared = 0
        private var moved = 0
        private var sum = 0.0
        private var largest = 0.0
        private var missing = 0
        private var run = LineRuns()

        /// The current line's last outcome and ideal, and where their current runs started.
        private struct LineRuns: Sendable {
            var outcome: String?
            var ideal: String?
            var outcomeRunStart = 0
            var idealRunStart = 0
        }

        public init(grid: ParameterGrid, range: Range<Int>) {
            if let last = grid.axes.last, last.count > 1 { axis = last } else { axis = nil }
            self.range = range
        }

        /// The next row in grid order (`range.lowerBound` first).
        public mutating func add(index: Int, outcome: String, ideal: String) {
            total += 1
            if outcome != ideal { differing += 1 }
            guard let axis else { return }
            let position = index % axis.count
            if position == 0 { run = LineRuns() }
            if run.outcome != outcome { run.outcomeRunStart = position }
            if run.ideal != ideal { run.idealRunStart = position }
            run.outcome = outcome
            run.ideal = ideal
            // Only lines wholly inside the range count (a shard may cut its first and last line).
            guard position == axis.count - 1, index - position >= range.lowerBound else { return }
            lines += 1
            // A run starting at 0 is the whole line: no boundary.
            switch (run.idealRunStart > 0, run.outcomeRunStart > 0) {
            case (true, true):
                let shift = axis.value(run.outcomeRunStart) - axis.value(run.idealRunStart)
                compared += 1
                sum += shift
                if shift != 0 { moved += 1 }
                if abs(shift) > abs(largest) { largest = shift }
            case (false, false):
                break
            default:
                missing += 1
            }
        }

        public var result: BoundaryShift {
            BoundaryShift(
                differing: differing, total: total, column: axis?.column, lines: lines, comparedLines: compared,
                movedLines: moved, meanShift: compared > 0 ? sum / Double(compared) : 0, largestShift: largest,
                missing: missing)
        }
    }

    public var description: String {
        let percent = total > 0 ? (1000 * Double(differing) / Double(total)).rounded() / 10 : 0
        var text = "\(differing) of \(total) decisions differ (\(percent) %)"
        guard let column, lines > 0 else { return text }
        text += "; boundary along \(column) in \(lines) \(lines == 1 ? "line" : "lines"): "
        if comparedLines == 0 {
            text += "no line has a boundary in both"
        } else {
            text +=
                "moved in \(movedLines) of \(comparedLines), mean \(signed(meanShift)), largest \(signed(largestShift))"
        }
        if missing > 0 { text += ", \(missing) \(missing == 1 ? "line" : "lines") with a boundary in only one of them" }
        return text
    }

    private func signed(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded > 0 ? "+\(rounded)" : "\(rounded)"
    }
}
