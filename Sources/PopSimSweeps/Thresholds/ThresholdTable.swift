import PopSimInteractions
import PopSimTextIO

/// A decision problem solved for its thresholds: a grid over some of its parameters (the *lines*, one
/// per grid point, as in ``DecisionTable``) and one more parameter solved along an interval by a
/// ``BoundarySearch``: what `popsim threshold` computes.
///
/// Each line gives one row per boundary, in increasing order: the grid values, the boundary, and the
/// outcomes `below` and `above` it; a line without a change on the interval gives one row with the
/// boundary empty and `below` = `above`. Through the pipeline, line i is decided with its own seed
/// (``PipelineSettings/seed(forPoint:)``) for every value along it, so a line is one realisation whose
/// boundaries the search can resolve. With trials (K ≥ 2 realisations per line, seeds
/// ``PipelineSettings/seed(forPoint:trial:)``) each transition `below → above` seen in any realisation
/// gives one row: the 50 % point of the realisations' thresholds, with its distribution-free 95 %
/// interval (``CrossingMedian``), in increasing order of the 50 % point.
///
/// Through the pipeline each row also says what kind of boundary it is (``boundaryColumn``): a `step`,
/// where the outcome changes, or a `point`, where an outcome holds on less than the tolerance, a rule
/// discontinuity (``Boundary/isPoint``: a release at v = 0, which the pipeline synthesises as a finger
/// lifting at rest), which a plot draws as a point rather than joining it into a curve.
public struct ThresholdTable<Problem: DecisionProblem>: Sendable {
    /// The lines: the grid over every parameter but the solved one.
    public let lines: DecisionTable<Problem>
    /// The solved parameter's column, e.g. `velocity_y`.
    public let column: String
    public let search: BoundarySearch
    @usableFromInline let solved: WritableKeyPath<Problem, Double> & Sendable

    /// The problem at the interval's ends is validated together with every axis's ends (for every
    /// variant of `categories`, whose labels then come first, as in a ``DecisionTable``).
    public init(
        base: Problem, categories: CategoryGrid<Problem>? = nil, axes: [GridAxis], solving column: String,
        search: BoundarySearch
    ) throws(ThresholdError) {
        guard let (parameter, component) = Problem.parameters.component(column) else {
            throw .table(.unknownColumn(column, known: Problem.parameters.columns.joined(separator: ", ")))
        }
        func table(_ axes: [GridAxis]) throws(DecisionTableError) -> DecisionTable<Problem> {
            if let categories { return try DecisionTable(categories: categories, axes: axes) }
            return try DecisionTable(base: base, axes: axes)
        }
        let solvedPath = parameter.components[component]
        guard !axes.contains(where: { $0.column == column }) else { throw .table(.repeatedColumn(column)) }
        do {
            lines = try table(axes)
            // The interval's ends, at both ends of every axis and for every variant, through the
            // problem's own checks (the grid itself is counted once: a line is one grid point).
            for variant in categories?.variants.map(\.problem) ?? [base] {
                for end in [search.lower, search.upper] {
                    var problem = variant
                    problem[keyPath: solvedPath] = end
                    _ = try DecisionTable(base: problem, axes: axes)
                }
            }
        } catch {
            throw .table(error)
        }
        self.column = column
        self.search = search
        solved = solvedPath
    }

    /// Lines (grid points of the other parameters).
    public var count: Int { lines.count }

    /// Line `line`'s realisation `trial` scanned along the solved parameter: ideal without a pipeline.
    @inlinable
    public func scan(line: Int, pipeline: PipelineSettings? = nil, trial: Int = 0) -> BoundaryScan {
        var problem = lines.problem(at: line)
        let keyPath = solved
        guard let pipeline else {
            return search.scan { value in
                problem[keyPath: keyPath] = value
                return problem.outcome().word
            }
        }
        let seed = pipeline.seed(forPoint: line, trial: trial)
        let settings = lines.pipeline(pipeline, at: line)
        var buffers = Problem.Buffers()
        return search.scan(marksPoints: true) { value in
            problem[keyPath: keyPath] = value
            return problem.pipelineOutcome(settings, seed: seed, buffers: &buffers).word
        }
    }

    /// Line `line`'s rows.
    @inlinable
    public func solve(line: Int, pipeline: PipelineSettings? = nil) -> ThresholdLine {
        guard let pipeline, let trials = pipeline.trials else {
            let scan = scan(line: line, pipeline: pipeline)
            let rows =
                scan.boundaries.isEmpty
                ? [ThresholdRow(value: nil, below: scan.first, above: scan.first)]
                : scan.boundaries.map {
                    ThresholdRow(value: $0.value, below: $0.below, above: $0.above, isPoint: $0.isPoint)
                }
            return ThresholdLine(index: line, rows: rows, evaluations: scan.evaluations, truncated: scan.truncated)
        }
        let scans = (0..<trials).map { scan(line: line, pipeline: pipeline, trial: $0) }
        return ThresholdLine(
            index: line, rows: Self.trialRows(scans, search: search),
            evaluations: scans.reduce(0) { $0 + $1.evaluations }, truncated: scans.contains(where: \.truncated))
    }

    /// One row per transition `below → above` seen in any realisation (first seen first). A realisation
    /// gives its first boundary of that transition as an exact threshold; one without it that has the
    /// `above` outcome at both ends crossed before the start, one with `below` at both ends had not
    /// crossed by the end; any other took another path and is left out of this transition's median.
    /// Without any boundary, one row per outcome seen (every realisation constant on the interval).
    /// Points (``Boundary/isPoint``) are no crossing: each pair `below → above` seen as a point gives a
    /// row of its own, at the median of the realisations' values, without an interval, and the outcome
    /// at an end of the interval within a tolerance of a point is the one beside the point.
    @usableFromInline
    static func trialRows(_ scans: [BoundaryScan], search: BoundarySearch) -> [ThresholdRow] {
        var transitions: [(below: String, above: String)] = []
        var points: [(below: String, above: String, values: [Double])] = []
        for scan in scans {
            for boundary in scan.boundaries {
                if boundary.isPoint {
                    if let index = points.firstIndex(where: { ($0.below, $0.above) == (boundary.below, boundary.above) }
                    ) {
                        points[index].values.append(boundary.value)
                    } else {
                        points.append((boundary.below, boundary.above, [boundary.value]))
                    }
                } else if !transitions.contains(where: { $0 == (boundary.below, boundary.above) }) {
                    transitions.append((boundary.below, boundary.above))
                }
            }
        }
        // The outcomes just inside the interval's ends, past a point there.
        func ends(_ scan: BoundaryScan) -> (first: String, last: String) {
            let first = scan.boundaries.first.flatMap {
                $0.isPoint && $0.value - search.lower <= search.tolerance ? $0.above : nil
            }
            let last = scan.boundaries.last.flatMap {
                $0.isPoint && search.upper - $0.value <= search.tolerance ? $0.below : nil
            }
            return (first ?? scan.first, last ?? scan.last)
        }
        var rows: [(order: Double, row: ThresholdRow)] = points.map { point in
            let sorted = point.values.sorted()
            let median = sorted[(sorted.count - 1) / 2]
            return (median, ThresholdRow(value: median, below: point.below, above: point.above, isPoint: true))
        }
        guard !transitions.isEmpty else {
            var words: [String] = []
            for scan in scans where !words.contains(ends(scan).first) { words.append(ends(scan).first) }
            let constant = words.map { ThresholdRow(value: nil, below: $0, above: $0) }
            return constant + rows.sorted { $0.order < $1.order }.map(\.row)
        }
        for transition in transitions {
            var data = CrossingMedian.Data(exact: [])
            for scan in scans {
                let (first, last) = ends(scan)
                if let boundary = scan.boundaries.first(where: { !$0.isPoint && ($0.below, $0.above) == transition }) {
                    data.exact.append(boundary.value)
                } else if first == transition.above && last == transition.above {
                    data.crossedBeforeStart += 1
                } else if first == transition.below && last == transition.below {
                    data.notCrossedByEnd += 1
                }
            }
            let point = CrossingMedian.of(data)
            let order = point?.median ?? data.exact.reduce(0, +) / Double(max(1, data.exact.count))
            rows.append(
                (
                    order,
                    ThresholdRow(
                        value: point?.median, low: point?.lower95, high: point?.upper95,
                        below: transition.below, above: transition.above)
                ))
        }
        // Stable: equal 50 % points keep the order the transitions were first seen in.
        return rows.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(
            \.element.row)
    }

    /// The lines of `range` in order, solved on `jobs` threads and handed to `body` chunk by chunk with
    /// their CSV text, as ``DecisionTable/forEachChunk(_:pipeline:jobs:progress:_:)`` does for a sweep.
    @inlinable
    public func forEachChunk<Failure: Error>(
        _ range: Range<Int>? = nil, pipeline: PipelineSettings? = nil, jobs: Int = 1,
        progress: (@Sendable (Int) -> Void)? = nil,
        _ body: (ThresholdChunk) throws(Failure) -> Void
    ) throws(Failure) {
        // A line is hundreds of decisions: small chunks keep threads busy to the end.
        let range = range ?? 0..<count
        try forEachChunkInOrder(
            range, jobs: jobs, chunkSize: ParallelChunking.chunkSize(count: range.count, jobs: jobs, maximum: 16),
            produce: { indices in
                var chunk = ThresholdChunk()
                for index in indices {
                    let line = solve(line: index, pipeline: pipeline)
                    chunk.text += text(of: line, intervals: pipeline?.trials != nil, marksPoints: pipeline != nil)
                    chunk.results.append(line)
                }
                progress?(indices.count)
                return chunk
            }, consume: body)
    }

    /// The CSV header: the grid columns, the solved column (and `<column>_low`, `<column>_high` with
    /// trials), `below`, `above`, and ``boundaryColumn`` when `marksPoints` (through the pipeline).
    public func header(trials: Bool, marksPoints: Bool = false) -> String {
        (lines.columns + [column] + (trials ? [column + "_low", column + "_high"] : []) + ["below", "above"]
            + (marksPoints ? [Self.boundaryColumn] : []))
            .joined(separator: ",") + "\n"
    }

    /// The last column of a pipeline threshold: `step` where the outcome changes, `point` where the
    /// outcome beside the number holds on less than the tolerance (``Boundary/isPoint``), empty on a line
    /// without a boundary.
    public static var boundaryColumn: String { "boundary" }

    /// A line's rows as CSV (shortest round-trip numbers; an empty field where there is no value), with
    /// the interval columns when `intervals` (trials) and ``boundaryColumn`` when `marksPoints`.
    @inlinable
    public func text(of line: ThresholdLine, intervals: Bool, marksPoints: Bool = false) -> String {
        var prefix = ""
        lines.appendGridValues(at: line.index, to: &prefix)
        var text = ""
        for row in line.rows {
            text += prefix
            text += row.value.map(formatNumber) ?? ""
            if intervals {
                text += ","
                text += row.low.map(formatNumber) ?? ""
                text += ","
                text += row.high.map(formatNumber) ?? ""
            }
            text += ","
            text += row.below
            text += ","
            text += row.above
            if marksPoints {
                text += row.value == nil ? "," : row.isPoint ? ",point" : ",step"
            }
            text += "\n"
        }
        return text
    }

    /// The whole table as CSV, header first.
    public func csv(pipeline: PipelineSettings? = nil, jobs: Int = 1) -> String {
        var text = header(trials: pipeline?.trials != nil, marksPoints: pipeline != nil)
        forEachChunk(pipeline: pipeline, jobs: jobs) { (chunk: ThresholdChunk) in text += chunk.text }
        return text
    }
}

/// One row of a threshold table.
public struct ThresholdRow: Sendable, Hashable {
    /// The boundary, or the realisations' 50 % point; nil when the line has no change (or the 50 % point
    /// lies outside the interval).
    public let value: Double?
    /// The 95 % interval of the realisations' 50 % point (nil at an end beyond the interval).
    public let low: Double?
    public let high: Double?
    public let below: String
    public let above: String
    /// A rule discontinuity, no crossing (``Boundary/isPoint``).
    public let isPoint: Bool

    public init(
        value: Double?, low: Double? = nil, high: Double? = nil, below: String, above: String, isPoint: Bool = false
    ) {
        self.value = value
        self.low = low
        self.high = high
        self.below = below
        self.above = above
        self.isPoint = isPoint
    }
}

/// One solved line.
public struct ThresholdLine: Sendable, Hashable {
    /// The line's index in ``ThresholdTable/lines``.
    public let index: Int
    public let rows: [ThresholdRow]
    /// Decisions evaluated for it (every realisation's probes and bisection steps).
    public let evaluations: Int
    /// A realisation had more boundaries than ``BoundarySearch/maximumBoundaries``.
    public let truncated: Bool

    public init(index: Int, rows: [ThresholdRow], evaluations: Int, truncated: Bool) {
        self.index = index
        self.rows = rows
        self.evaluations = evaluations
        self.truncated = truncated
    }
}

/// Consecutive solved lines and their CSV text.
public typealias ThresholdChunk = TableChunk<ThresholdLine>
