import PopSimGestures

/// What a sweep keeps from one pipeline decision to the next on one thread
/// (``DecisionProblem/pipelineOutcome(_:seed:buffers:)``): made empty, filled by the first decisions.
public protocol PipelineBuffers {
    init()
}

/// Nothing kept: each decision is ``DecisionProblem/pipelineOutcome(_:seed:)`` on its own.
public struct NoPipelineBuffers: PipelineBuffers {
    public init() {}
}

/// The pipeline every simulated family shares (``SimulatedProblem/pipelineOutcome(_:seed:)``), run decision
/// after decision in storage kept between them: the gesture's script, the digitiser's arrays, the touch
/// samples, the model's configuration (built again only when the problem configures another model) and the
/// model itself, restarted in place (``SimulatedModel/restart()``). Once its arrays are large
/// enough a decision allocates nothing. The outcomes are `pipelineOutcome(_:seed:)`'s, decision for decision.
public struct PipelineEvaluator<Problem: SimulatedProblem>: PipelineBuffers {
    typealias Model = Problem.Model

    /// The gesture of the last decision, rewritten in place for the next.
    private var gesture = GestureRequest(kind: .release)
    private var script: GestureScript?
    private var digitiserStorage = DigitiserStorage()
    private var samples: [TouchSample] = []
    /// The configuration built for `configuredProblem` with `configuredEstimator`.
    private var configuration: Model.Configuration?
    private var configuredProblem: Problem?
    private var configuredEstimator: VelocityEstimatorKind?
    /// The model of the last decision stopped at its final outcome (built from ``configuration``),
    /// restarted for the next. It is used in place (`model!`), never copied: the model is a large value,
    /// and even comparing the optional with nil would copy it (`hasModel` says whether there is one).
    private var model: Model?
    private var hasModel = false

    public init() {}

    /// `problem`'s pipeline outcome with `settings` and `seed` (``SimulatedProblem/pipelineOutcome(_:seed:)``).
    public mutating func outcome(of problem: Problem, _ settings: PipelineSettings, seed: UInt64)
        -> PipelineOutcome<Problem.Outcome>
    {
        guard problem.pipelineGesture(settings, seed: seed, into: &gesture) else { return .error }
        do {
            try configure(for: problem, estimator: settings.estimator ?? Problem.modelEstimator)
            try Self.script(of: &gesture, into: &script)
            try Self.digitiser(of: &gesture).sample(script!, seed: seed, into: &samples, storage: &digitiserStorage)
            let clock = settings.clock(on: problem.device, seed: seed)
            guard settings.stopsAtFinalOutcome else {
                return .decided(
                    try Simulation<Model>.run(configuration!, stream: TouchStream(samples), clock: clock).decision)
            }
            if hasModel {
                try model!.restart()
            } else {
                model = try Model(configuration: Model.decidingOnly(configuration!))
                hasModel = true
            }
            try clock.runUntilOutcomeIsFinal(&model!, checkingAsItGoes: samples)
            return .decided(Self.decision(of: &model!))
        } catch {
            return .error
        }
    }

    /// Builds `problem`'s model configuration unless the last decision's problem configures the same model
    /// (``SimulatedProblem/configuresSameModel(as:)``); a new configuration drops the kept model.
    private mutating func configure(for problem: Problem, estimator: VelocityEstimatorKind) throws(InteractionError) {
        // An estimator equal to the configured one means a problem is kept (both are set together).
        if estimator == configuredEstimator, Self.problem(problem, configuresSameModelAs: &configuredProblem!) {
            return
        }
        (configuration, configuredProblem, configuredEstimator, model, hasModel) = (nil, nil, nil, nil, false)
        configuration = try problem.modelConfiguration(solver: .analytic, estimator: estimator)
        (configuredProblem, configuredEstimator) = (problem, estimator)
    }

    /// The kept gesture's script and digitiser, read in place: asked of the stored request, its methods
    /// would copy it first.
    private static func script(of gesture: inout GestureRequest, into script: inout GestureScript?) throws {
        try gesture.script(into: &script)
    }

    private static func digitiser(of gesture: inout GestureRequest) -> Digitiser { gesture.digitiser }

    /// The kept model's decision, read in place: a getter called on `model!` copies the whole model first.
    private static func decision(of model: inout Model) -> Model.Decision { model.decision }

    /// ``SimulatedProblem/configuresSameModel(as:)`` of the kept problem, read in place (unwrapped into a
    /// constant, the kept problem is copied).
    private static func problem(_ problem: Problem, configuresSameModelAs kept: inout Problem) -> Bool {
        problem.configuresSameModel(as: kept)
    }
}
