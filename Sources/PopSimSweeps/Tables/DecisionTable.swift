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

    /// Every row of `range` (default: the whole grid), in grid order, computed on `jobs` threads; the
    /// result does not depend on `jobs`.
    public func evaluate(_ range: Range<Int>? = nil, pipeline: PipelineSettings? = nil, jobs: Int = 1,
                         progress: (@Sendable (Int) -> Void)? = nil) -> [DecisionTableRow] {
        let range = range ?? 0..<grid.count
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
        for axis in grid.axes.indices {
            line += formatNumber(grid.value(axis: axis, at: index))
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
