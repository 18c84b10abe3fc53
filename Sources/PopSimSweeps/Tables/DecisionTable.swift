import PopSimInteractions
import PopSimParameters
import PopSimTextIO

/// A decision problem over a grid: a base ``DecisionProblem`` and axes, each naming one of the
/// problem's numeric components by its column (`translation_y`). Grid point i is the base problem with
/// every swept component set to its axis value at i (row-major: the first axis varies slowest).
///
/// A ``CategoryGrid`` adds named variants of the base problem (devices, pipeline rates) in front of the
/// numeric axes: the table then runs the whole grid once per variant, the variant's labels in the first
/// columns.
///
/// The same type behind `popsim sweep` and PopSimTesting, so a table built in code renders exactly the
/// CSV the command writes (``header(for:)``, ``append(_:pipeline:to:)``, ``csv(pipeline:jobs:)``).
public struct DecisionTable<Problem: DecisionProblem>: Sendable {
    public let base: Problem
    public let grid: ParameterGrid
    /// The variants iterated slowest, or nil for a table over the numeric grid alone.
    public let categories: CategoryGrid<Problem>?
    /// Where each axis's value goes in the problem, in axis order.
    @usableFromInline let setters: [WritableKeyPath<Problem, Double> & Sendable]
    /// Each axis's values as CSV text, formatted once (nil for an axis longer than
    /// ``maximumLabelledAxis``, whose values are formatted row by row).
    @usableFromInline let axisLabels: [[String]?]
    /// The outcome words a sweep with trials counts, in the order of its `p_` columns: the base
    /// problem's ``DecisionProblem/pipelineOutcomes``, then `error` (a realisation the pipeline could
    /// not run).
    public let outcomeWords: [String]

    /// The longest axis whose labels are kept (65 536 short strings, about 2 MB).
    public static var maximumLabelledAxis: Int { 1 << 16 }

    /// Both ends of every axis are validated through the problem's own checks before anything runs
    /// (the valid sets are intervals, so the whole grid is then valid).
    public init(base: Problem, axes: [GridAxis]) throws(DecisionTableError) {
        try self.init(base: base, categories: nil, axes: axes)
    }

    /// The grid run once per variant of `categories` (the base problem is its first variant's). Both
    /// ends of every axis are validated for every variant.
    public init(categories: CategoryGrid<Problem>, axes: [GridAxis]) throws(DecisionTableError) {
        try self.init(base: categories.variants[0].problem, categories: categories, axes: axes)
    }

    private init(base: Problem, categories: CategoryGrid<Problem>?, axes: [GridAxis]) throws(DecisionTableError) {
        var setters: [WritableKeyPath<Problem, Double> & Sendable] = []
        for axis in axes {
            guard let (parameter, component) = Problem.parameters.component(axis.column) else {
                throw .unknownColumn(axis.column, known: Problem.parameters.columns.joined(separator: ", "))
            }
            let keyPath = parameter.components[component]
            guard !setters.contains(where: { $0 == keyPath }) else { throw .repeatedColumn(axis.column) }
            setters.append(keyPath)
        }
        for variant in categories?.variants.map(\.problem) ?? [base] {
            var low = variant
            var high = variant
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
        if let categories {
            let (total, overflow) = grid.count.multipliedReportingOverflow(by: categories.variants.count)
            guard !overflow, total <= ParameterGrid.maximumPoints else {
                throw .invalidGrid(.tooLarge(overflow ? .max : total))
            }
        }
        self.base = base
        self.categories = categories
        self.setters = setters
        axisLabels = axes.map { axis in axis.count <= Self.maximumLabelledAxis ? axis.values.map(formatNumber) : nil }
        var words: [String] = []
        for word in base.pipelineOutcomes.map(\.word) + [PipelineOutcome<Problem.Outcome>.errorWord]
        where !words.contains(word) {
            words.append(word)
        }
        outcomeWords = words
    }

    /// Rows: grid points times variants.
    public var count: Int { grid.count * (categories?.variants.count ?? 1) }

    /// The columns before `outcome`: the categories', then the swept ones in axis order.
    public var columns: [String] { (categories?.columns ?? []) + grid.axes.map(\.column) }

    // The per-point functions are inlinable so a caller's sweep is specialised for its problem type
    // (generic code would look up type metadata at every point).

    /// The problem at row `index`.
    @inlinable
    public func problem(at index: Int) -> Problem {
        var problem = categories.map { $0.variants[index / grid.count].problem } ?? base
        let point = index % grid.count
        var axis = 0
        while axis < setters.count {
            problem[keyPath: setters[axis]] = grid.value(axis: axis, at: point)
            axis += 1
        }
        return problem
    }

    /// The pipeline row `index` runs with: `pipeline` with its variant's pipeline choices (a rate).
    @inlinable
    public func pipeline(_ pipeline: PipelineSettings, at index: Int) -> PipelineSettings {
        guard let variant = categories?.variants[index / grid.count] else { return pipeline }
        return variant.pipeline(pipeline)
    }

    /// The outcome at grid point `index`: ideal, or through the pipeline with the point's own seed.
    public func outcome(at index: Int, pipeline: PipelineSettings? = nil) -> String {
        let problem = problem(at: index)
        guard let pipeline else { return problem.outcome().word }
        return problem.pipelineOutcome(self.pipeline(pipeline, at: index), seed: pipeline.seed(forPoint: index)).word
    }

    /// Grid point `index` evaluated as a sweep row: the ideal outcome; through the pipeline, its outcome
    /// beside the ideal one; with `pipeline.trials`, the realisations counted per word of
    /// ``outcomeWords`` and the most frequent one as the outcome.
    @inlinable
    public func row(at index: Int, pipeline: PipelineSettings? = nil) -> DecisionTableRow {
        guard pipeline != nil else {
            return DecisionTableRow(index: index, outcome: problem(at: index).outcome().word, ideal: nil)
        }
        var buffers = Problem.Buffers()
        return row(at: index, pipeline: pipeline, buffers: &buffers)
    }

    /// ``row(at:pipeline:)`` with the pipeline's decisions made in `buffers`, kept by the caller from one
    /// row to the next (one per thread): the same row, without allocating per decision.
    @inlinable
    public func row(at index: Int, pipeline: PipelineSettings?, buffers: inout Problem.Buffers) -> DecisionTableRow {
        let problem = problem(at: index)
        let ideal = problem.outcome().word
        guard let pipeline else { return DecisionTableRow(index: index, outcome: ideal, ideal: nil) }
        let settings = self.pipeline(pipeline, at: index)
        guard let trials = pipeline.trials else {
            return DecisionTableRow(
                index: index,
                outcome: problem.pipelineOutcome(settings, seed: pipeline.seed(forPoint: index), buffers: &buffers)
                    .word,
                ideal: ideal)
        }
        var tally = OutcomeTally(words: outcomeWords)
        for trial in 0..<trials {
            tally.add(
                problem.pipelineOutcome(
                    settings, seed: pipeline.seed(forPoint: index, trial: trial), buffers: &buffers
                ).word)
        }
        return DecisionTableRow(
            index: index, outcome: tally.mostFrequent(preferring: ideal), ideal: ideal, counts: tally.counts)
    }

    /// Every row of `range` (default: the whole table), in order, computed on `jobs` threads; the
    /// result does not depend on `jobs`. For tables that fit in memory; a sweep of any size streams
    /// through ``forEachChunk(_:pipeline:jobs:progress:_:)``.
    public func evaluate(
        _ range: Range<Int>? = nil, pipeline: PipelineSettings? = nil, jobs: Int = 1,
        progress: (@Sendable (Int) -> Void)? = nil
    ) -> [DecisionTableRow] {
        evaluateInParallel(range ?? 0..<count, jobs: jobs, progress: progress) { row(at: $0, pipeline: pipeline) }
    }

    /// The rows of `range` in grid order, computed on `jobs` threads and handed to `body` chunk by
    /// chunk (each with its CSV text, formatted on the thread that computed it) as soon as every row
    /// before it is done: what `popsim sweep` writes. Memory stays bounded whatever the grid's size; the
    /// chunks `body` sees concatenate to the same rows for every number of jobs.
    @inlinable
    public func forEachChunk<Failure: Error>(
        _ range: Range<Int>? = nil, pipeline: PipelineSettings? = nil, jobs: Int = 1,
        progress: (@Sendable (Int) -> Void)? = nil,
        _ body: (DecisionTableChunk) throws(Failure) -> Void
    ) throws(Failure) {
        try forEachChunkInOrder(
            range ?? 0..<count, jobs: jobs,
            produce: { indices in
                var chunk = DecisionTableChunk()
                chunk.results.reserveCapacity(indices.count)
                var buffers = Problem.Buffers()
                for index in indices {
                    let row = row(at: index, pipeline: pipeline, buffers: &buffers)
                    append(row, pipeline: pipeline, to: &chunk.text)
                    chunk.results.append(row)
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
        if let categories {
            for label in categories.variants[index / grid.count].labels {
                line += label
                line += ","
            }
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
public typealias DecisionTableChunk = TableChunk<DecisionTableRow>

/// Named variants of a problem that a table iterates over before its numeric axes: one or more
/// category columns of the problem's parameters, then of the pipeline's (`device`: `iphone-se`,
/// `iphone-15-pro`, …; `rate`: `60`, `120`), every combination a variant, the first column varying
/// slowest. Labels are written as they are, so they
/// must not contain commas.
public struct CategoryGrid<Problem: Sendable>: Sendable {
    /// One combination of category values: the labels (one per column), the problem it poses and the
    /// pipeline's values it sets (none, or a rate).
    public struct Variant: Sendable {
        public let labels: [String]
        public let problem: Problem
        public let pipelineChoices: [Assignment<PipelineSettings>]

        public init(labels: [String], problem: Problem, pipelineChoices: [Assignment<PipelineSettings>] = []) {
            self.labels = labels
            self.problem = problem
            self.pipelineChoices = pipelineChoices
        }

        /// `base` with this variant's pipeline choices set (each a value its parameter has accepted).
        @inlinable
        public func pipeline(_ base: PipelineSettings) -> PipelineSettings {
            var settings = base
            for choice in pipelineChoices { try? choice.parameter.apply(choice.value, to: &settings) }
            return settings
        }
    }

    public let columns: [String]
    public let variants: [Variant]

    /// Throws for no variants, labels that do not match the columns, a repeated combination, or a label
    /// with a comma or line break.
    public init(columns: [String], variants: [Variant]) throws(SweepError) {
        let name = columns.joined(separator: ",")
        guard !variants.isEmpty, !columns.isEmpty else { throw .invalidAxis(name, "it needs at least one value") }
        var seen = Set<[String]>()
        for variant in variants {
            guard variant.labels.count == columns.count else {
                throw .invalidAxis(name, "each variant needs one label per column")
            }
            for label in variant.labels where label.isEmpty || label.contains(where: { $0 == "," || $0 == "\n" }) {
                throw .invalidAxis(name, "'\(label)' cannot be a CSV cell")
            }
            guard seen.insert(variant.labels).inserted else {
                throw .invalidAxis(name, "'\(variant.labels.joined(separator: ","))' is listed twice")
            }
        }
        self.columns = columns
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
    case invalidProblem(ParameterError)
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
