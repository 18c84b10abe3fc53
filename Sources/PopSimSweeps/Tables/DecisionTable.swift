import PopSimTextIO

/// A decision problem over a grid: a base ``DecisionProblem`` and axes, each naming one of the
/// problem's parameters by its column (`translation_y`). Grid point i is the base problem with every
/// swept parameter set to its axis value at i (row-major: the first axis varies slowest).
///
/// The same type behind `popsim sweep` and PopSimTesting, so a table built in code renders exactly the
/// CSV the command writes (``header(pipeline:)``, ``row(at:outcome:ideal:)``).
public struct DecisionTable<Problem: DecisionProblem>: Sendable {
    public let base: Problem
    public let grid: ParameterGrid
    private let setters: [WritableKeyPath<Problem, Double> & Sendable]

    /// Both ends of every axis are validated through the problem's own checks before anything runs
    /// (the valid sets are intervals, so the whole grid is then valid).
    public init(base: Problem, axes: [GridAxis]) throws(DecisionTableError) {
        var setters: [WritableKeyPath<Problem, Double> & Sendable] = []
        var low = base, high = base
        for axis in axes {
            guard let parameter = Problem.parameter(named: axis.column) else {
                throw .unknownColumn(axis.column, known: Problem.parameterNames)
            }
            guard !setters.contains(where: { $0 == parameter.keyPath }) else { throw .repeatedColumn(axis.column) }
            setters.append(parameter.keyPath)
            low[keyPath: parameter.keyPath] = axis.start
            high[keyPath: parameter.keyPath] = axis.end
        }
        do {
            try low.validate()
            try high.validate()
        } catch {
            throw .invalidProblem(error)
        }
        do {
            self.grid = try ParameterGrid(axes: axes)
        } catch {
            throw .invalidGrid(error)
        }
        self.base = base
        self.setters = setters
    }

    /// Grid points.
    public var count: Int { grid.count }

    /// The swept columns, in axis order.
    public var columns: [String] { grid.axes.map(\.column) }

    /// The problem at grid point `index`.
    public func problem(at index: Int) -> Problem {
        var problem = base
        for (axis, keyPath) in setters.enumerated() {
            problem[keyPath: keyPath] = grid.value(axis: axis, at: index)
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
    /// ``outcomeWords(pipeline:)`` and the most frequent one as the outcome.
    public func row(at index: Int, pipeline: PipelineSettings? = nil) -> DecisionTableRow {
        let problem = problem(at: index)
        let ideal = problem.outcome()
        guard let pipeline else { return DecisionTableRow(index: index, outcome: ideal, ideal: nil) }
        guard let trials = pipeline.trials else {
            return DecisionTableRow(index: index, outcome: problem.pipelineOutcome(pipeline, seed: pipeline.seed(forPoint: index)),
                                    ideal: ideal)
        }
        let words = outcomeWords(pipeline: pipeline)
        var tally = OutcomeTally(words: words)
        for trial in 0..<trials {
            tally.add(problem.pipelineOutcome(pipeline, seed: pipeline.seed(forPoint: index, trial: trial)))
        }
        return DecisionTableRow(index: index, outcome: tally.mostFrequent(preferring: ideal), ideal: ideal, counts: tally.counts)
    }

    /// Every row of `range` (default: the whole grid), in grid order, computed on `jobs` threads; the
    /// result does not depend on `jobs`. For tables that fit in memory; a sweep of any size streams
    /// through ``forEachChunk(_:pipeline:jobs:progress:_:)``.
    public func evaluate(_ range: Range<Int>? = nil, pipeline: PipelineSettings? = nil, jobs: Int = 1,
                         progress: (@Sendable (Int) -> Void)? = nil) -> [DecisionTableRow] {
        evaluateInParallel(range ?? 0..<grid.count, jobs: jobs, progress: progress) { row(at: $0, pipeline: pipeline) }
    }

    /// The rows of `range` in grid order, computed on `jobs` threads and handed to `body` chunk by
    /// chunk (each with its CSV text, formatted on the thread that computed it) as soon as every row
    /// before it is done: what `popsim sweep` writes. Memory stays bounded whatever the grid's size; the
    /// chunks `body` sees concatenate to the same rows for every number of jobs.
    public func forEachChunk<Failure: Error>(_ range: Range<Int>? = nil, pipeline: PipelineSettings? = nil, jobs: Int = 1,
                                             progress: (@Sendable (Int) -> Void)? = nil,
                                             _ body: (DecisionTableChunk) throws(Failure) -> Void) throws(Failure) {
        try forEachChunkInOrder(range ?? 0..<grid.count, jobs: jobs, produce: { indices in
            var chunk = DecisionTableChunk(rows: [], text: "")
            chunk.rows.reserveCapacity(indices.count)
            for index in indices {
                let row = row(at: index, pipeline: pipeline)
                chunk.text += text(of: row, pipeline: pipeline)
                chunk.rows.append(row)
            }
            progress?(indices.count)
            return chunk
        }, consume: body)
    }

    /// The outcome words a sweep with `pipeline.trials` counts, in the order of its `p_` columns: the
    /// problem's ``DecisionProblem/pipelineOutcomeWords``, then `error` (a realisation the pipeline
    /// could not run, or a word the problem does not list).
    public func outcomeWords(pipeline: PipelineSettings) -> [String] {
        var words: [String] = []
        for word in base.pipelineOutcomeWords + [OutcomeTally.errorWord] where !words.contains(word) { words.append(word) }
        return words
    }

    /// The CSV header `popsim sweep` writes: the swept columns, `outcome`, and `ideal` for a pipeline.
    public func header(pipeline: Bool) -> String {
        (columns + ["outcome"] + (pipeline ? ["ideal"] : [])).joined(separator: ",") + "\n"
    }

    /// The CSV header for `pipeline` (nil: ideal): with trials, a `p_<word>` column per outcome word
    /// follows `outcome`.
    public func header(for pipeline: PipelineSettings?) -> String {
        guard let pipeline, pipeline.trials != nil else { return header(pipeline: pipeline != nil) }
        let fractions = outcomeWords(pipeline: pipeline).map { "p_" + $0 }
        return (columns + ["outcome"] + fractions + ["ideal"]).joined(separator: ",") + "\n"
    }

    /// One CSV row as `popsim sweep` writes it (shortest round-trip numbers).
    public func row(at index: Int, outcome: String, ideal: String?) -> String {
        text(of: DecisionTableRow(index: index, outcome: outcome, ideal: ideal), pipeline: nil)
    }

    /// One evaluated row as CSV: the grid values, the outcome, the trials' fractions (count/K, shortest
    /// round-trip numbers, summing to 1 up to rounding), the ideal outcome.
    public func text(of row: DecisionTableRow, pipeline: PipelineSettings?) -> String {
        var line = ""
        for axis in grid.axes.indices {
            line += formatNumber(grid.value(axis: axis, at: row.index))
            line += ","
        }
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
        return line
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
}

/// One evaluated grid point.
public struct DecisionTableRow: Sendable, Hashable {
    public let index: Int
    /// The outcome; with trials, the most frequent one (ties go to the ideal outcome, then to the
    /// first word in the table's order).
    public let outcome: String
    /// The ideal outcome beside a pipeline outcome; nil for ideal tables.
    public let ideal: String?
    /// With trials: how many realisations gave each word of ``DecisionTable/outcomeWords(pipeline:)``.
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
