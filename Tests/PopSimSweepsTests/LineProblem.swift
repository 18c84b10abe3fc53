import PopSimGestures
import PopSimSweeps

/// A stand-in decision problem for the table machinery: dismissed when y + T·v ≥ line.
struct LineProblem: DecisionProblem {
    var line = 600.0
    var y = 0.0
    var velocity = 0.0
    var predictionTime = 0.25

    static let parameters: [DecisionParameter<LineProblem>] = [
        DecisionParameter("line", \.line),
        DecisionParameter("position_y", \.y),
        DecisionParameter("velocity_y", \.velocity),
        DecisionParameter("prediction_time", \.predictionTime),
    ]

    static let modelEstimator = VelocityEstimatorKind.lsq2

    func validate() throws(DecisionProblemError) {
        if !(predictionTime >= 0) { throw DecisionProblemError(parameter: "prediction_time", value: predictionTime, requirement: "≥ 0") }
    }

    func outcome() -> String { y + predictionTime * velocity >= line ? "dismissed" : "returned" }

    /// The "pipeline" outcome names the point's seed, so tests can see which seed a point got.
    func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64) -> String { "seed-\(seed % 1000)" }
}
