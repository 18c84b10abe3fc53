import PopSimGestures
import PopSimInteractions
import PopSimParameters
import PopSimTextIO

/// A sweep or a threshold search as one value: the model family, the problem's parameters as given
/// (any numeric component may be a grid axis `A:B:N`; a threshold solves along exactly one interval
/// `A:B`; a categorical parameter such as `device` may list several values), the pipeline's (nil for
/// the ideal decision, trials and seed included) and, for a threshold, the search.
///
/// Its canonical text is the `popsim` command that computes it (``text``), and decodes back to the
/// same value (``init(text:)``) without any command-line code: golden tables record it, `popsim
/// check` and PopSimTesting rerun it, and a user can paste it into a shell.
public struct Sweep<Family: ModelFamily>: Sendable {
    public typealias Problem = Family.Problem

    public typealias Verb = SweepVerb

    public let verb: Verb
    /// The problem's assignments, in its parameter order.
    public let problem: [Assignment<Problem>]
    /// The pipeline's assignments, in its parameter order; nil for the ideal decision.
    public let pipeline: [Assignment<PipelineSettings>]?
    /// The threshold search's assignments (probes, tolerance).
    public let search: [Assignment<SearchSettings>]

    /// The problem at the low end of every axis and of the interval (the first variant's with
    /// categories).
    public let base: Problem
    public let categories: CategoryGrid<Problem>?
    public let axes: [GridAxis]
    /// The interval a threshold solves along.
    public let interval: (column: String, lower: Double, upper: Double)?
    public private(set) var pipelineSettings: PipelineSettings?
    public let boundarySearch: BoundarySearch?
    /// Each variant's categorical assignments of the problem (one value per listed parameter), in variant
    /// order.
    private let variantChoices: [[Assignment<Problem>]]

    /// The sweep the assignments describe; throws when they do not describe one (an axis in the wrong
    /// verb, a pipeline setting without a pipeline, a problem invalid at an end of an axis).
    public init(
        _ verb: Verb, problem: [Assignment<Problem>], pipeline: [Assignment<PipelineSettings>]? = nil,
        search: [Assignment<SearchSettings>] = []
    ) throws(ParameterError) {
        self.verb = verb
        self.problem = Problem.parameters.ordered(problem)
        self.pipeline = pipeline.map { Self.pipelineParameters(verb).ordered($0) }
        self.search = Self.searchParameters.ordered(search)
        (axes, interval) = try Self.numericAxes(verb, self.problem)
        if let pipeline = self.pipeline {
            pipelineSettings = try Self.pipelineParameters(verb).applying(
                pipeline.filter { !$0.value.isList }, to: PipelineSettings())
        } else {
            pipelineSettings = nil
        }
        let (categories, choices) = try Self.categories(self.problem, pipeline: self.pipeline ?? [])
        self.categories = categories
        variantChoices = choices
        if let categories {
            base = categories.variants[0].problem
        } else {
            base = try Problem.make(self.problem.map { Assignment($0.parameter, $0.value.end(upper: false)) })
        }
        boundarySearch = try Self.boundarySearch(verb, interval, self.search)
    }

    /// The grid axes (`A:B:N`) and the interval a threshold solves along (`A:B`) of the problem's
    /// numeric components.
    private static func numericAxes(_ verb: Verb, _ problem: [Assignment<Problem>]) throws(ParameterError) -> (
        [GridAxis], (column: String, lower: Double, upper: Double)?
    ) {
        var axes: [GridAxis] = []
        var interval: (column: String, lower: Double, upper: Double)?
        for assignment in problem {
            let description = assignment.parameter.description
            switch assignment.value {
            case let .numbers(entries):
                for (entry, column) in zip(entries, description.columns) {
                    switch entry {
                    case .value: break
                    case let .axis(from, to, count):
                        do { axes.append(try GridAxis(column: column, start: from, end: to, count: count)) } catch {
                            throw ParameterError(error.description)
                        }
                    case let .interval(from, to):
                        if let interval {
                            throw ParameterError(
                                "\(interval.column) and \(column) are both written A:B; "
                                    + "solve along one parameter only (write the others A:B:N or as numbers)"
                            )
                        }
                        interval = (column, from, to)
                    }
                }
            default: break
            }
        }
        if verb == .threshold, interval == nil {
            throw ParameterError(
                "no parameter to solve along: write exactly one numeric component A:B "
                    + "(no count), e.g. \(ReleaseParameter.velocity.flag) 0,-3000:3000")
        }
        return (axes, interval)
    }

    /// The variants of the parameters that list several values (the problem's, then the pipeline's),
    /// every combination one, the first varying slowest; each with the problem's choices.
    private static func categories(
        _ problem: [Assignment<Problem>], pipeline: [Assignment<PipelineSettings>]
    ) throws(ParameterError) -> (CategoryGrid<Problem>?, [[Assignment<Problem>]]) {
        let problemColumns = problem.filter(\.isCategoryList)
        let pipelineColumns = pipeline.filter(\.value.isList)
        guard !problemColumns.isEmpty || !pipelineColumns.isEmpty else { return (nil, []) }
        let lowEnds = problem.filter { !$0.isCategoryList }.map { Assignment($0.parameter, $0.value.end(upper: false)) }
        var variants: [CategoryGrid<Problem>.Variant] = []
        var choices: [[Assignment<Problem>]] = []
        for combination in combinations(of: problemColumns) {
            let variantProblem = try Problem.make(lowEnds + combination)
            for pipelineCombination in combinations(of: pipelineColumns) {
                choices.append(combination)
                variants.append(
                    .init(
                        labels: combination.map(\.label) + pipelineCombination.map(\.label), problem: variantProblem,
                        pipelineChoices: pipelineCombination))
            }
        }
        let columns = problemColumns.map(\.parameter.name) + pipelineColumns.map(\.parameter.name)
        do { return (try CategoryGrid(columns: columns, variants: variants), choices) } catch {
            throw ParameterError(error.description)
        }
    }

    /// Every combination of one value of each listed parameter, the first varying slowest.
    private static func combinations<Root>(of lists: [Assignment<Root>]) -> [[Assignment<Root>]] {
        var combinations: [[Assignment<Root>]] = [[]]
        for list in lists {
            guard case let .list(values) = list.value else { continue }
            combinations = combinations.flatMap { prefix in values.map { prefix + [Assignment(list.parameter, $0)] } }
        }
        return combinations
    }

    /// A threshold's search along `interval`, nil for a sweep.
    private static func boundarySearch(
        _ verb: Verb, _ interval: (column: String, lower: Double, upper: Double)?,
        _ search: [Assignment<SearchSettings>]
    ) throws(ParameterError) -> BoundarySearch? {
        guard verb == .threshold, let interval else { return nil }
        let settings = try searchParameters.applying(search, to: SearchSettings())
        do {
            return try BoundarySearch(
                lower: interval.lower, upper: interval.upper, probes: settings.probes, tolerance: settings.tolerance)
        } catch {
            throw ParameterError(error.description)
        }
    }

    /// Checks a pipeline's frame-times file and its frame timing: once, before the sweep runs; its SHA-256
    /// is taken when `digesting` (for a golden). With `folder`, the file is one a golden table records
    /// (``FrameTiming/load(limit:confinedTo:fix:digesting:)``).
    public mutating func prepareFrameTiming(
        confinedTo folder: ConfinedFolder? = nil, fix: String = "", digesting: Bool = false
    ) throws {
        try pipelineSettings?.prepareTiming(confinedTo: folder, fix: fix, digesting: digesting)
    }

    /// This sweep with its frame-times file named `path` and given `digest` (what a golden records:
    /// the path relative to the golden's folder, the file's SHA-256).
    public func recording(frameTimesAt path: String, digest: String) throws(ParameterError) -> Sweep {
        let file = FrameTimingParameter.frameTimes.lifted(\PipelineSettings.timing)
        let fileDigest = FrameTimingParameter.frameTimesDigest.lifted(\PipelineSettings.timing)
        let pipeline =
            (self.pipeline ?? []).filter { $0.parameter != file && $0.parameter != fileDigest } + [
                Assignment(file, .text(path)), Assignment(fileDigest, .text(digest)),
            ]
        return try Sweep(verb, problem: problem, pipeline: pipeline, search: search)
    }

    /// This sweep with its pipeline's profile written out, `profile` when it names none: what a golden
    /// records (the default hand changed in 0.4.0, so a golden names the one it was decided with), and
    /// what a golden that records none means (``PipelineSettings/unrecordedProfile``).
    public func recordingProfile(_ profile: MotionProfile.Name = PipelineSettings.defaultProfile)
        throws(ParameterError) -> Sweep
    {
        let parameter = PipelineParameter.profile
        guard let pipeline, !pipeline.contains(where: { $0.parameter == parameter }) else { return self }
        return try Sweep(
            verb, problem: problem, pipeline: pipeline + [Assignment(parameter, .word(profile.rawValue))],
            search: search)
    }

    /// The files the sweep reads (a pipeline's frame-times file), which no output may replace.
    public var inputFiles: [String] { pipelineSettings?.timing.frameTimesPath.map { [$0] } ?? [] }

    /// The rates the pipeline runs at when its variants set them (a `--rate` list), in order; nil for one.
    public var pipelineRates: [Double]? {
        guard let pipelineSettings, let variants = categories?.variants,
            variants.contains(where: { !$0.pipelineChoices.isEmpty })
        else { return nil }
        var rates: [Double] = []
        for rate in variants.compactMap({ $0.pipeline(pipelineSettings).rate }) where !rates.contains(rate) {
            rates.append(rate)
        }
        return rates
    }

    // MARK: Tables

    /// The decision table this sweep computes (a threshold's lines).
    public func decisionTable() throws(ParameterError) -> DecisionTable<Problem> {
        do {
            if let categories { return try DecisionTable(categories: categories, axes: axes) }
            return try DecisionTable(base: base, axes: axes)
        } catch {
            throw ParameterError(error.description)
        }
    }

    /// The threshold table this search computes.
    public func thresholdTable() throws(ParameterError) -> ThresholdTable<Problem> {
        guard let interval, let boundarySearch else {
            throw ParameterError("a sweep has no interval to solve along; write one numeric component A:B")
        }
        do {
            return try ThresholdTable(
                base: base, categories: categories, axes: axes, solving: interval.column, search: boundarySearch)
        } catch {
            throw ParameterError(error.description)
        }
    }

    // MARK: Replay

    /// The problem's assignments at row `row` of ``decisionTable()``: every axis at the row's value and
    /// every listed parameter at the row's choice (what `popsim decide` would be given for that row).
    public func assignments(atRow row: Int) throws(ParameterError) -> [Assignment<Problem>] {
        let table = try decisionTable()
        guard (0..<table.count).contains(row) else {
            throw ParameterError("row \(row + 1) is not in the table, which has \(table.count) rows")
        }
        let point = row % table.grid.count
        let choices = variantChoices.isEmpty ? [] : variantChoices[row / table.grid.count]
        return problem.map { assignment in
            if let choice = choices.first(where: { $0.parameter == assignment.parameter }) { return choice }
            guard case let .numbers(entries) = assignment.value else { return assignment }
            let columns = assignment.parameter.description.columns
            return Assignment(
                assignment.parameter,
                .numbers(
                    zip(entries, columns).map { entry, column in
                        guard case .axis = entry, let axis = axes.firstIndex(where: { $0.column == column }) else {
                            return .value(entry.lower)
                        }
                        return .value(table.grid.value(axis: axis, at: point))
                    }))
        }
    }

    /// The commands that replay row `row` (from 0) of a pipeline sweep, realisation `trial` (0 without
    /// `--trials`): `popsim synth release …` writing exactly the stream the row was decided on, seed and
    /// noise included, and `popsim simulate <family> …` with the row's flags, rate and estimator, which
    /// run on that stream decides as the row did.
    public func replay(row: Int, trial: Int = 0) throws(ParameterError) -> SweepReplay {
        guard verb == .sweep, let pipeline = pipelineSettings else {
            throw ParameterError("only a \(Self.pipelineSwitch.flag) sweep has touch streams to replay")
        }
        let table = try decisionTable()
        guard (0..<table.count).contains(row) else {
            throw ParameterError("row \(row + 1) is not in the table, which has \(table.count) rows")
        }
        guard (0..<(pipeline.trials ?? 1)).contains(trial) else {
            throw ParameterError("trial \(trial) is not run: the sweep runs trials 0 to \((pipeline.trials ?? 1) - 1)")
        }
        let settings = table.pipeline(pipeline, at: row)
        let seed = pipeline.seed(forPoint: row, trial: trial)
        guard let gesture = table.problem(at: row).pipelineGesture(settings, seed: seed) else {
            throw ParameterError("a \(Family.name) pipeline gesture cannot be replayed by hand yet")
        }
        var simulate = try assignments(atRow: row).map(\.erased).filter {
            Family.Scene.parameters.contains($0.parameter)
        }
        if let rate = settings.rate { simulate.append(Assignment(SimulationParameter.rate, .number(rate)).erased) }
        if let estimator = settings.estimator {
            simulate.append(Assignment(SimulationParameter.estimator, .word(estimator.rawValue)).erased)
        }
        let timing = (self.pipeline ?? []).map(\.erased).filter { FrameTiming.parameters.contains($0.parameter) }
        if !timing.isEmpty { simulate += timing + [Assignment(SimulationParameter.frameSeed, .seed(seed)).erased] }
        let descriptions = Family.Scene.parameters.descriptions + SimulationSettings.parameters.descriptions
        return SweepReplay(
            seed: seed, gesture: gesture,
            synth: ["popsim", "synth", gesture.kind.rawValue] + gesture.words,
            simulate: ["popsim", "simulate", Family.name] + ParameterWords.encode(simulate, parameters: descriptions))
    }

    // MARK: Text

    /// The parameters a sweep's text may hold for `verb`: the problem's, `pipeline` and the pipeline's,
    /// and a threshold's search.
    public static func parameters(_ verb: Verb) -> [ParameterDescription] {
        Problem.parameters.descriptions + [pipelineSwitch] + pipelineParameters(verb).descriptions
            + (verb == .threshold ? searchParameters.descriptions : [])
    }

    /// The sweep forms numeric components may take for `verb`.
    public static func forms(_ verb: Verb) -> NumberForms {
        NumberForms(
            axisPoints: ParameterGrid.maximumPoints, intervals: verb == .threshold, categoryLists: true,
            sweptParameters: Set(Problem.parameters.parameters.filter { !$0.components.isEmpty }.map(\.name)))
    }

    /// The words after `popsim <verb> <family>`.
    public var words: [String] {
        var words = ParameterWords.encode(problem)
        if let pipeline { words += [Self.pipelineSwitch.flag] + ParameterWords.encode(pipeline) }
        return words + ParameterWords.encode(search)
    }

    /// The command that computes this sweep: `popsim sweep popover --mode drag-down --translation 0,0:400:81`.
    public var text: String { ShellWords.join(["popsim", verb.rawValue, Family.name] + words) }

    /// Decodes the words after `popsim <verb> <family>` (typed values, nothing else).
    public init(_ verb: Verb, words: [String]) throws(ParameterError) {
        let decoded = try ParameterWords.decode(
            words, parameters: Self.parameters(verb), forms: Self.forms(verb),
            command: "popsim \(verb.rawValue) \(Family.name)")
        guard !decoded.helpRequested else { throw ParameterError("\(ParameterWords.helpFlag) is not part of a sweep") }
        try self.init(verb, decoded.assignments)
    }

    /// The sweep of decoded assignments (from any text form), sorted into problem, pipeline and search.
    public init(_ verb: Verb, _ assignments: [AnyAssignment]) throws(ParameterError) {
        let pipelineGiven = assignments.contains { $0.isValue(of: Self.pipelineSwitch) }
        let pipeline = Self.pipelineParameters(verb).assignments(of: assignments)
        if !pipelineGiven, let first = pipeline.first {
            let flag = first.parameter.flag
            let pipelineFlag = Self.pipelineSwitch.flag
            throw ParameterError("\(flag) only applies to \(pipelineFlag) sweeps; add \(pipelineFlag) or drop \(flag)")
        }
        try self.init(
            verb, problem: Problem.parameters.assignments(of: assignments), pipeline: pipelineGiven ? pipeline : nil,
            search: Self.searchParameters.assignments(of: assignments))
    }

    /// Decodes ``text``: `popsim <verb> <family> …` with this family's name.
    public init(text: String) throws(ParameterError) {
        let words = try ShellWords.split(text)
        guard words.count >= 3, words[0] == "popsim", let verb = Verb(rawValue: words[1]), words[2] == Family.name
        else {
            throw ParameterError("expected 'popsim sweep \(Family.name) …' or 'popsim threshold \(Family.name) …'")
        }
        try self.init(verb, words: Array(words.dropFirst(3)))
    }

    // MARK: Parameters besides the problem's

    /// `--pipeline`: decide through a synthesised touch stream and the model instead of the numbers.
    public static var pipelineSwitch: ParameterDescription {
        ParameterDescription(
            name: "pipeline", syntax: .toggle,
            summary:
                "instead of the ideal decision, "
                + "synthesise a touch stream per grid point and run it through the model (adds an 'ideal' column)"
        )
    }

    /// The pipeline's parameters as `verb` describes them (a threshold fits trials, K ≥ 2).
    public static func pipelineParameters(_ verb: Verb) -> ParameterList<PipelineSettings> {
        guard verb == .threshold else { return PipelineSettings.parameters }
        return ParameterList(
            PipelineSettings.parameters.parameters.map { parameter in
                if parameter == PipelineParameter.seed {
                    return parameter.described("pipeline: random seed; line i uses a seed derived from it and i")
                }
                guard parameter == PipelineParameter.trials else { return parameter }
                return Parameter<PipelineSettings>.integer(
                    PipelineParameter.trials.name, \.trialCount, 2...PipelineSettings.maximumTrials, placeholder: "K",
                    "pipeline: K realisations per line (seeds from \(PipelineParameter.seed.flag), the line and the "
                        + "trial); each transition's 50 % point with its 95 % interval (<column>_low, <column>_high)",
                    hint: "a fit needs at least 2 realisations (leave \(PipelineParameter.trials.flag) out for one)")
            })
    }

    /// The threshold search's settings.
    public struct SearchSettings: Sendable {
        public var probes = BoundarySearch.defaultProbes
        public var tolerance = BoundarySearch.defaultTolerance
    }

    public static var searchParameters: ParameterList<SearchSettings> {
        ParameterList([
            .integer(
                "probes", \.probes, 2...BoundarySearch.maximumProbes,
                "coarse scan: N evenly spaced values on [A, B], both ends included",
                default: String(BoundarySearch.defaultProbes), hint: "the probe count includes both ends of A:B"),
            .number(
                "tolerance", \.tolerance, .above(0, through: 1e9), placeholder: "T",
                "bisect each change down to a bracket of width ≤ T, in the solved parameter's unit",
                default: NumberFormat.compact.format(BoundarySearch.defaultTolerance)),
        ])
    }
}

/// How to replay one row of a pipeline sweep by hand (``Sweep/replay(row:trial:)``).
public struct SweepReplay: Sendable {
    /// The row's seed (``PipelineSettings/seed(forPoint:trial:)``).
    public let seed: UInt64
    /// The row's gesture, as `popsim synth release` takes it.
    public let gesture: GestureRequest
    /// `popsim synth release …`: the row's touch stream.
    public let synth: [String]
    /// `popsim simulate <family> …`: the row's model, display and estimator, reading the stream.
    public let simulate: [String]
}

/// What a ``Sweep`` computes.
public enum SweepVerb: String, Sendable, CaseIterable {
    /// The decision at every grid point (`popsim sweep`).
    case sweep
    /// Where the decision changes along one interval, per grid point (`popsim threshold`).
    case threshold
}

extension PipelineSettings {
    /// ``trials`` as a key path target for a parameter that is always a count.
    var trialCount: Int {
        get { trials ?? 1 }
        set { trials = newValue }
    }
}

extension Assignment {
    /// Whether this is a categorical parameter given several values (a category column).
    fileprivate var isCategoryList: Bool { value.isList && parameter.description.isCategorical }

    /// The value as a category column's cell.
    fileprivate var label: String { parameter.description.syntax.encode(value) ?? "" }
}

extension ParameterValue {
    fileprivate var isList: Bool {
        if case .list = self { return true }
        return false
    }
}
