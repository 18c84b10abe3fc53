import PopSimTextIO

/// A decision problem over a grid: a base ``DecisionProblem`` and axes, each naming one of the
/// problem's parameters by its column (`translation_y`). Grid point i is the base problem with every
/// swept parameter set to its axis value at i (row-major: the first axis varies slowest).
///
/// A ``CategoryAxis`` adds named variants of the base problem (devices) in front of the numeric axes:
/// the table then runs the whole grid once per variant, the variant's label in the first column.
///
/// The same type behind `popsim sweep` and PopSimTesting, so a table built in code renders exactly the
/// CSV the command writes (``header(pipeline:)``, ``row(at:outcome:ideal:)``).
public struct DecisionTable<Problem: DecisionProblem>: Sendable {
    public let base: Problem
    public let grid: ParameterGrid
    /// The variants iterated slowest, or nil for a table over the numeric grid alone.
    public let category: CategoryAxis<Problem>?
    private let setters: [WritableKeyPath<Problem, Double> & Sendable]

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
    }

    /// Rows: grid points times variants.
    public var count: Int { grid.count * (category?.variants.count ?? 1) }

    /// The columns before `outcome`: the category's, then the swept ones in axis order.
    public var columns: [String] { (category.map { [$0.column] } ?? []) + grid.axes.map(\.column) }

    /// The problem at row `index`.
    public func problem(at index: Int) -> Problem {
        var problem = category.map { $0.variants[index / grid.count].problem } ?? base
        let point = index % grid.count
        for (axis, keyPath) in setters.enumerated() {
            problem[keyPath: keyPath] = grid.value(axis: axis, at: point)
        }
        return problem
    }

    /// The outcome at grid point `index`: ideal, or through the pipeline with the point's own seed.
    public func outcome(at index: Int, pipeline: PipelineSettings? = nil) -> String {
        let problem = problem(at: index)
        guard let pipeline else { return problem.outcome() }
        return problem.pipelineOutcome(pipeline, seed: pipeline.seed(forPoint: index))
    }

    /// Every row of `range` (default: the whole grid), in grid order, computed on `jobs` threads; the
    /// result does not depend on `jobs`.
    public func evaluate(_ range: Range<Int>? = nil, pipeline: PipelineSettings? = nil, jobs: Int = 1,
                         progress: (@Sendable (Int) -> Void)? = nil) -> [DecisionTableRow] {
        let range = range ?? 0..<count
        return evaluateInParallel(range, jobs: jobs, progress: progress) { index in
            let problem = problem(at: index)
            guard let pipeline else { return DecisionTableRow(index: index, outcome: problem.outcome(), ideal: nil) }
            return DecisionTableRow(index: index, outcome: problem.pipelineOutcome(pipeline, seed: pipeline.seed(forPoint: index)),
                                    ideal: problem.outcome())
        }
    }

    /// The CSV header `popsim sweep` writes: the swept columns, `outcome`, and `ideal` for a pipeline.
    public func header(pipeline: Bool) -> String {
        (columns + ["outcome"] + (pipeline ? ["ideal"] : [])).joined(separator: ",") + "\n"
    }

    /// One CSV row as `popsim sweep` writes it (shortest round-trip numbers).
    public func row(at index: Int, outcome: String, ideal: String?) -> String {
        var line = ""
        if let category {
            line += category.variants[index / grid.count].label
            line += ","
        }
        let point = index % grid.count
        for axis in grid.axes.indices {
            line += formatNumber(grid.value(axis: axis, at: point))
            line += ","
        }
        line += outcome
        if let ideal {
            line += ","
            line += ideal
        }
        line += "\n"
        return line
    }

    /// The whole table as CSV text, header first: what `popsim sweep` writes for this grid.
    public func csv(pipeline: PipelineSettings? = nil, jobs: Int = 1) -> String {
        var text = header(pipeline: pipeline != nil)
        for row in evaluate(pipeline: pipeline, jobs: jobs) {
            text += self.row(at: row.index, outcome: row.outcome, ideal: row.ideal)
        }
        return text
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
    public let outcome: String
    /// The ideal outcome beside a pipeline outcome; nil for ideal tables.
    public let ideal: String?
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
