import PopSimGestures
import PopSimInteractions
import PopSimParameters
import PopSimSweeps

/// An outcome that is its word: the test problems' outcomes.
struct Word: DecisionOutcome, ExpressibleByStringLiteral {
    let word: String

    init(_ word: String) { self.word = word }
    init(stringLiteral word: String) { self.word = word }
}

/// A stand-in decision problem for the table machinery: dismissed when y + T·v ≥ line.
struct LineProblem: DecisionProblem {
    var line = 600.0
    var y = 0.0
    var velocity = 0.0
    var predictionTime = 0.25

    static let parameters = ParameterList<LineProblem>([
        .number("line", \.line, .coordinate, placeholder: "Y", "the dismissal line"),
        .number("position_y", \.y, .coordinate, placeholder: "Y", "where the release is"),
        .number("velocity_y", \.velocity, .velocity, placeholder: "V", "the release velocity"),
        .number("prediction_time", \.predictionTime, .nonNegativeDuration, placeholder: "T", "the prediction horizon"),
    ])

    static let modelEstimator = VelocityEstimatorKind.lsq2

    func validate() throws(ParameterError) { try validateRanges() }

    func outcome() -> Word { y + predictionTime * velocity >= line ? "dismissed" : "returned" }

    /// The "pipeline" outcome names the point's seed, so tests can see which seed a point got.
    func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64) -> PipelineOutcome<Word> {
        .decided(Word("seed-\(seed % 1000)"))
    }

    var pipelineOutcomes: [Word] { [] }
}
