import PopSim

/// A model a synthesised gesture can be played through: any model family's, from its decision problem
/// or from a model configuration built in code. The outcome word is the one `popsim decide` and
/// `popsim simulate --outcome` print for the family (``SimulatedModel/decision``).
public struct ModelUnderTest: Sendable {
    private let play: @Sendable (_ stream: TouchStream, _ rate: FrameRate) throws -> String

    /// The model a family's decision problem describes, with its model's estimator. Throws what the
    /// problem's model configuration throws (a sheet whose stops the library cannot lay out).
    public init<Problem: SimulatedProblem>(_ problem: Problem) throws(InteractionError) {
        self.init(
            Problem.Model.self,
            try problem.modelConfiguration(solver: .analytic, estimator: Problem.modelEstimator))
    }

    /// `model` with `configuration` (`ModelUnderTest(PopupModel.self, PopupConfiguration(…))`).
    public init<Model: SimulatedModel>(_ model: Model.Type, _ configuration: Model.Configuration) {
        play = { stream, rate in try Simulation<Model>.run(configuration, stream: stream, rate: rate).decision.word }
    }

    /// Runs `stream` on a frame clock at `rate` until everything has settled and returns the outcome word.
    public func outcome(of stream: TouchStream, rate: FrameRate) throws -> String {
        try play(stream, rate)
    }
}

/// The outcome of one synthesised gesture through a model, against the expected word: a value a test
/// asserts on (`#expect(Bool(check.passed), "\(check)")`) and prints.
public struct GestureOutcomeCheck: Sendable, CustomStringConvertible {
    public let expected: String
    /// The model's outcome, or nil when the gesture could not be synthesised or played (see ``error``).
    public let actual: String?
    /// Why there is no outcome: the gesture could not be synthesised, the model not built or the stream
    /// not played.
    public let error: String?
    public let rate: FrameRate
    /// The touch samples the gesture produced.
    public let samples: Int

    public var passed: Bool { actual == expected }

    public var description: String {
        if let error { return "expected \(expected) at \(rate), but the gesture could not be played: \(error)" }
        let verdict = passed ? "got" : "but got"
        return "expected \(expected) at \(rate), \(verdict) \(actual ?? "nothing") (\(samples) touch samples)"
    }

    /// Synthesises `gesture` through `digitiser` (default: scanning at the display rate, no noise) with
    /// `seed`, plays it through `model` at `rate` and compares the outcome with `expected`, in one call.
    public static func expect(
        _ expected: String, of gesture: GestureScript, through model: ModelUnderTest,
        at rate: FrameRate = .sixty, digitiser: Digitiser? = nil, seed: UInt64 = 0
    ) -> GestureOutcomeCheck {
        expect(expected, of: gesture, at: rate, digitiser: digitiser, seed: seed) { model }
    }

    /// The same through the model a family's decision problem describes (``ModelUnderTest/init(_:)``); a
    /// problem that describes no model fails the check with its error.
    public static func expect<Problem: SimulatedProblem>(
        _ expected: String, of gesture: GestureScript, through problem: Problem,
        at rate: FrameRate = .sixty, digitiser: Digitiser? = nil, seed: UInt64 = 0
    ) -> GestureOutcomeCheck {
        expect(expected, of: gesture, at: rate, digitiser: digitiser, seed: seed) { try ModelUnderTest(problem) }
    }

    private static func expect(
        _ expected: String, of gesture: GestureScript, at rate: FrameRate, digitiser: Digitiser?, seed: UInt64,
        model: () throws -> ModelUnderTest
    ) -> GestureOutcomeCheck {
        let digitiser = digitiser ?? Digitiser(sampleRate: rate.vsyncRate)
        do {
            let stream = try gesture.touchStream(digitiser: digitiser, seed: seed)
            let outcome = try model().outcome(of: stream, rate: rate)
            return GestureOutcomeCheck(
                expected: expected, actual: outcome, error: nil, rate: rate, samples: stream.samples.count)
        } catch {
            return GestureOutcomeCheck(expected: expected, actual: nil, error: "\(error)", rate: rate, samples: 0)
        }
    }
}
