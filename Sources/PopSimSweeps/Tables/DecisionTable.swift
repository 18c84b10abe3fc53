import PopSimTextIO

/// A decision problem over a grid: a base ``DecisionProblem`` and axes, each naming one of the
/// problem's parameters by its column (`translation_y`). Grid point i is the base problem with every
/// swept parameter set to its axis value at i (row-major: the first axis varies slowest).
///
/// A ``CategoryAxis`` adds named variants of the base problem (devices) in front of the numeric axes:
/// the table then runs the whole grid once per variant, the variant's label in the first column.
///
/// The same type behind `popsim sweep` and PopSimTesting, so a table built in code renders exactly the
/// CSV the command writes (``header(for:)``, ``append(_:pipeline:to:)``, ``csv(pipeline:jobs:)``).
public struct DecisionTable<Problem: DecisionProblem>: Sendable {
    public let base: Problem
    public let grid: ParameterGrid
    /// The variants iterated slowest, or nil for a table over the numeric grid alone.
    public let category: CategoryAxis<Problem>?
    /// Where each axis's value goes in the problem, in axis order.
    @usableFromInline let setters: [WritableKeyPath<Problem, Double> & Sendable]
    /// Each axis's values as CSV text, formatted once (nil for an axis longer than
    /// ``maximumLabelledAxis``, whose values are formatted row by row).
    @usableFromInline let axisLabels: [[String]?]
    /// The outcome words a sweep with trials counts, in the order of its `p_` columns: the base
    /// problem's ``DecisionProblem/pipelineOutcomeWords``, then `error` (a realisation the pipeline
    /// could not run, or a word the problem does not list).
    public let outcomeWords: [String]

    /// The longest axis whose labels are kept (65 536 short strings, about 2 MB).
    public static var maximumLabelledAxis: Int { 1 << 16 }

    /// Both ends of every axis are validated through the problem's own checks before anything runs
    /// (the valid sets are intervals, so the whole grid is then valid).
    public init(base: Problem, axes: [GridAxis]) throws(DecisionTableError) {
        try self.init(base: base, category: nil, axes: axes)
    }

    /// The grid run once per variant of `category` (the base problem is its first variant). Both ends
    /// of every axis are validated for every variant.
    public init(category: CategoryAxis<Problem>, axes: [GridAxis]) throws(DecisionTableError) {
        try self.init(base: category.variants[0].problem, category: category, axes: axes)
    }

    private init(base: Problem, category: CategoryAxis<Problem>?, axes: [GridAxis]) throws(DecisionTableError) {
        var setters: [WritableKeyPath<Problem, Double> & Sendable] = []
        for axis in axes {
            guard let parameter = Problem.parameter(named: axis.column) else {
                throw .unknownColumn(axis.column, known: Problem.parameterNames)
            }
            guard !setters.contains(where: { $0 == parameter.keyPath }) else { throw .repeatedColumn(axis.column) }
            setters.append(parameter.keyPath)
        }
        for variant in category?.variants.map(\.problem) ?? [base] {
            var low = variant, high = variant
            for (axis, keyPath) in zip(axes, setters) {
                low[keyPath: keyPath] = axis.start
                high[keyPath: keyPath] = axis.end
            }
            do {
                try low.validate()
                try high.validate()
            } catch {
                throw .invalidProblem(error)
            }
        }
        do {
            self.grid = try ParameterGrid(axes: axes)
        } catch {
            throw .invalidGrid(error)
        }
        if let category {
            let (total, overflow) = grid.count.multipliedReportingOverflow(by: category.variants.count)
            guard !overflow, total <= ParameterGrid.maximumPoints else { throw .invalidGrid(.tooLarge(overflow ? .max : total)) }
        }
        self.base = base
        self.category = category
        self.setters = setters
        axisLabels = axes.map { axis in axis.count <= Self.maximumLabelledAxis ? axis.values.map(formatNumber) : nil }
        var words: [String] = []
        for word in base.pipelineOutcomeWords + [OutcomeTally.errorWord] where !words.contains(word) { words.append(word) }
        outcomeWords = words
    }

    /// Rows: grid points times variants.
    public var count: Int { grid.count * (category?.variants.count ?? 1) }

    /// The columns before `outcome`: the category's, then the swept ones in axis order.
    public var columns: [String] { (category.map { [$0.column] } ?? []) + grid.axes.map(\.column) }

    // The per-point functions are inlinable so a caller's sweep is specialised for its problem type
    // (generic code would look up type metadata at every point).

    /// The problem at row `index`.
    @inlinable
    public func problem(at index: Int) -> Problem {
        var problem = category.map { $0.variants[index / grid.count].problem } ?? base
        let point = index % grid.count
        var axis = 0
        while axis < setters.count {
            problem[keyPath: setters[axis]] = grid.value(axis: axis, at: point)
            axis += 1
        }
        return problem
    }

    /// The outcome at grid point `index`: ideal, or through the pipeline with the point's own seed.
    public func outcome(at index: Int, pipeline: PipelineSettings? = nil) -> String {
        let problem = problem(at: index)
        guard let pipeline else { return problem.outcome() }
        return problem.pipelineOutcome(pipeline, seed: pipeline.seed(forPoint: index))
    }

    /// Grid point `index` evaluated as a sweep row: the ideal outcome; through the pipeline, its outcome
    /// beside the ideal one; with `pipeline.trials`, the realisations counted per word of
    /// ``outcomeWords`` and the most frequent one as the outcome.
    @inlinable
    public func row(at index: Int, pipeline: PipelineSettings? = nil) -> DecisionTableRow {
        let problem = problem(at: index)
        let ideal = problem.outcome()
        guard let pipeline else { return DecisionTableRow(index: index, outcome: ideal, ideal: nil) }
        guard let trials = pipeline.trials else {
            return DecisionTableRow(index: index, outcome: problem.pipelineOutcome(pipeline, seed: pipeline.seed(forPoint: index)),
                                    ideal: ideal)
        }
        var tally = OutcomeTally(words: outcomeWords)
        for trial in 0..<trials {
            tally.add(problem.pipelineOutcome(pipeline, seed: pipeline.seed(forPoint: index, trial: trial)))
        }
        return DecisionTableRow(index: index, outcome: tally.mostFrequent(preferring: ideal), ideal: ideal, counts: tally.counts)
    }

    /// Every row of `range` (default: the whole table), in order, computed on `jobs` threads; the
    /// result does not depend on `jobs`. For tables that fit in memory; a sweep of any size streams
    /// through ``forEachChunk(_:pipeline:jobs:progress:_:)``.
    public func evaluate(_ range: Range<Int>? = nil, pipeline: PipelineSettings? = nil, jobs: Int = 1,
                         progress: (@Sendable (Int) -> Void)? = nil) -> [DecisionTableRow] {
        evaluateInParallel(range ?? 0..<count, jobs: jobs, progress: progress) { row(at: $0, pipeline: pipeline) }
    }

    /// The rows of `range` in grid order, computed on `jobs` threads and handed to `body` chunk by
    /// chunk (each with its CSV text, formatted on the thread that computed it) as soon as every row
    /// before it is done: what `popsim sweep` writes. Memory stays bounded whatever the grid's size; the
    /// chunks `body` sees concatenate to the same rows for every number of jobs.
    @inlinable
    public func forEachChunk<Failure: Error>(_ range: Range<Int>? = nil, pipeline: PipelineSettings? = nil, jobs: Int = 1,
                                             progress: (@Sendable (Int) -> Void)? = nil,
                                             _ body: (DecisionTableChunk) throws(Failure) -> Void) throws(Failure) {
        try forEachChunkInOrder(range ?? 0..<count, jobs: jobs, produce: { indices in
            var chunk = DecisionTableChunk(rows: [], text: "")
            chunk.rows.reserveCapacity(indices.count)
            for index in indices {
                let row = row(at: index, pipeline: pipeline)
                append(row, pipeline: pipeline, to: &chunk.text)
                chunk.rows.append(row)
            }
            progress?(indices.count)
            return chunk
        }, consume: body)
    }

    /// The CSV header `popsim sweep` writes for `pipeline` (nil: ideal): the table's columns,
    /// `outcome`, with trials a `p_<word>` column per outcome word, and `ideal` for a pipeline.
    public func header(for pipeline: PipelineSettings?) -> String {
        var header = columns + ["outcome"]
        if let pipeline {
            if pipeline.trials != nil { header += outcomeWords.map { "p_" + $0 } }
            header.append("ideal")
        }
        return header.joined(separator: ",") + "\n"
    }

    /// One evaluated row as `popsim sweep` writes it, appended to `line`: the grid values, the outcome,
    /// the trials' fractions (count/K, shortest round-trip numbers, summing to 1 up to rounding), the
    /// ideal outcome.
    @inlinable
    public func append(_ row: DecisionTableRow, pipeline: PipelineSettings?, to line: inout String) {
        appendGridValues(at: row.index, to: &line)
        line += row.outcome
        if let counts = row.counts, let trials = pipeline?.trials, trials > 0 {
            for count in counts {
                line += ","
                line += formatNumber(Double(count) / Double(trials))
            }
        }
        if let ideal = row.ideal {
            line += ","
            line += ideal
        }
        line += "\n"
    }

    /// Row `index`'s variant label and grid values, each followed by a comma.
    @inlinable
    public func appendGridValues(at index: Int, to line: inout String) {
        if let category {
            line += category.variants[index / grid.count].label
            line += ","
        }
        let point = index % grid.count
        var axis = 0
        while axis < axisLabels.count {
            if let labels = axisLabels[axis] {
                line += labels[grid.coordinate(axis: axis, at: point)]
            } else {
                line += formatNumber(grid.value(axis: axis, at: point))
            }
            line += ","
            axis += 1
        }
    }

    /// The whole table as CSV text, header first: what `popsim sweep` writes for this grid.
    public func csv(pipeline: PipelineSettings? = nil, jobs: Int = 1) -> String {
        var text = header(for: pipeline)
        forEachChunk(pipeline: pipeline, jobs: jobs) { (chunk: DecisionTableChunk) in text += chunk.text }
        return text
    }
}

/// Consecutive rows of a sweep and their CSV text.
public struct DecisionTableChunk: Sendable {
    public var rows: [DecisionTableRow]
    public var text: String

    public init(rows: [DecisionTableRow], text: String) {
        self.rows = rows
        self.text = text
    }
}

/// Named variants of a problem that a table iterates over before its numeric axes (`device`:
/// `iphone-se`, `iphone-15-pro`, …). Labels are written as they are, so they must not contain commas.
public struct CategoryAxis<Problem: Sendable>: Sendable {
    public let column: String
    public let variants: [(label: String, problem: Problem)]

    /// Throws for no variants, a repeated label, or a label with a comma or line break.
    public init(column: String, variants: [(label: String, problem: Problem)]) throws(SweepError) {
        guard !variants.isEmpty else { throw .invalidAxis(column, "it needs at least one value") }
        var seen = Set<String>()
        for variant in variants {
            guard !variant.label.isEmpty, !variant.label.contains(where: { $0 == "," || $0 == "\n" }) else {
                throw .invalidAxis(column, "'\(variant.label)' cannot be a CSV cell")
            }
            guard seen.insert(variant.label).inserted else { throw .invalidAxis(column, "'\(variant.label)' is listed twice") }
        }
        self.column = column
        self.variants = variants
    }
}

/// One evaluated grid point.
public struct DecisionTableRow: Sendable, Hashable {
    public let index: Int
    /// The outcome; with trials, the most frequent one (ties go to the ideal outcome, then to the
    /// first word in the table's order).
    public let outcome: String
    /// The ideal outcome beside a pipeline outcome; nil for ideal tables.
    public let ideal: String?
    /// With trials: how many realisations gave each word of ``DecisionTable/outcomeWords``.
    public let counts: [Int]?

    public init(index: Int, outcome: String, ideal: String?, counts: [Int]? = nil) {
        self.index = index
        self.outcome = outcome
        self.ideal = ideal
        self.counts = counts
    }
}

/// Why a decision table cannot be built.
public enum DecisionTableError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownColumn(String, known: String)
    case repeatedColumn(String)
    case invalidProblem(DecisionProblemError)
    case invalidGrid(SweepError)

    public var description: String {
        switch self {
        case let .unknownColumn(column, known): return "no parameter '\(column)' to sweep; the problem has \(known)"
        case let .repeatedColumn(column): return "'\(column)' is swept twice; give each parameter one axis"
        case let .invalidProblem(error): return error.description
        case let .invalidGrid(error): return error.description
        }
    }
}
