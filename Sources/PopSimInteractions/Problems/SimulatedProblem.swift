import PopSimGeometry
import PopSimGestures
import PopSimParameters

/// A decision problem posed on a model family's full model: the release it decides can also be played
/// as a touch stream through the model on the frame clock (``pipelineOutcome(_:seed:)``), and the same
/// model is what `popsim simulate` and PopSimTesting run.
///
/// A family says where the finger touches down and how the problem configures its model; the pipeline
/// (gesture, digitised stream, frame clock, early stop) is this one, shared by every family.
///
/// A family's problem implements ``DecisionProblem/pipelineOutcome(_:seed:buffers:)`` itself, as
/// `buffers.outcome(of: self, settings, seed: seed)` with `Buffers` a ``PipelineEvaluator`` of itself:
/// a caller in another module (a sweep specialised for the problem, the bench) then reaches the evaluator
/// and frame loop compiled for that family. A default here would be compiled once for every problem and
/// reach the model through protocol dispatch at every sample and frame (about 5k instructions more per
/// 60 Hz Popovers decision).
public protocol SimulatedProblem: DecisionProblem where Outcome == Model.Decision {
    associatedtype Model: SimulatedModel

    /// The model these values describe, with a spring solver and a release-velocity estimator.
    func modelConfiguration(solver: SpringSolver, estimator: VelocityEstimatorKind) throws(InteractionError)
        -> Model.Configuration

    /// Where a pipeline gesture touches down, or nil when the problem cannot place it.
    var pipelineTouchDown: Point? { get }

    /// The release the problem decides.
    var release: Release { get set }

    /// Whether `other` configures the same model as this problem (``modelConfiguration(solver:estimator:)``
    /// gives the same value for both): a pipeline run decision after decision then builds it once
    /// (``PipelineEvaluator``). False unless the family says.
    func configuresSameModel(as other: Self) -> Bool

    /// The parameters a touch stream gives instead of a number (the release, and what describes how the
    /// finger got there): a simulation of the problem leaves them out (``ProblemScene``).
    static var releaseParameters: ParameterList<Self> { get }
}

extension SimulatedProblem {
    public func configuresSameModel(as other: Self) -> Bool { false }

    /// Touch down at ``pipelineTouchDown``, drag by the translation and let go at the velocity, on the
    /// problem's device or at the settings' rate (``PipelineSettings/gesture(from:translation:velocity:seed:device:)``).
    public func pipelineGesture(_ settings: PipelineSettings, seed: UInt64) -> GestureRequest? {
        var request = GestureRequest(kind: .release)
        return pipelineGesture(settings, seed: seed, into: &request) ? request : nil
    }

    /// ``pipelineGesture(_:seed:)`` written into `request` (one the pipeline keeps from decision to
    /// decision; see ``PipelineSettings/setGesture(_:from:translation:velocity:seed:device:)``); false
    /// when the problem cannot place the gesture.
    func pipelineGesture(_ settings: PipelineSettings, seed: UInt64, into request: inout GestureRequest) -> Bool {
        guard let touchDown = pipelineTouchDown else { return false }
        settings.setGesture(
            &request, from: touchDown, translation: release.translation, velocity: release.velocity, seed: seed,
            device: device)
        return true
    }

    /// The pipeline every family shares: ``pipelineGesture(_:seed:)`` synthesised and digitised with
    /// `seed`, then played through the model (the settings' estimator, or the model's own) on the clock
    /// `settings` give ``DecisionProblem/device`` for that seed, stopped once every sample is delivered
    /// and the outcome is final (``PipelineSettings/stopsAtFinalOutcome``) or run until everything has
    /// settled. A gesture the problem cannot place, and any failure on the way, is the `error` outcome.
    public func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64) -> PipelineOutcome<Outcome> {
        var evaluator = PipelineEvaluator<Self>()
        return evaluator.outcome(of: self, settings, seed: seed)
    }
}
