import PopSim

/// A model a synthesised gesture can be played through.
public enum ModelUnderTest: Sendable {
    /// aheze/Popovers: the outcome word is `decide popover`'s (dismissed-down, returned, …), or
    /// `presented` when nothing dismissed the popover.
    case popover(PopoverModelConfiguration)
    /// LNPopupController: the settled state, `open` or `closed`.
    case popup(PopupConfiguration)
    /// FloatingPanel or PanModal: the word `decide sheet` prints, the stop the sheet settles on
    /// (`full`, `half`, `tip`, `hidden`, `long`, `short`) or `dismissed`, `removed`; with a scroll view,
    /// what moved first (`both:half`).
    case sheet(SheetConfiguration)

    /// The popover a `decide popover` problem describes, with its model's estimator.
    public static func popover(_ problem: PopoverDecisionProblem) -> ModelUnderTest {
        .popover(problem.modelConfiguration())
    }

    /// The popup a `decide popup` problem describes, with its model's estimator.
    public static func popup(_ problem: PopupDecisionProblem) -> ModelUnderTest { .popup(problem.modelConfiguration()) }

    /// The sheet a `decide sheet` problem describes, with its model's estimator; throws when its stops
    /// do not describe a sheet the library can lay out (what `validate()` refuses).
    public static func sheet(_ problem: SheetDecisionProblem) throws -> ModelUnderTest {
        .sheet(try problem.modelConfiguration())
    }

    /// Runs `stream` on a frame clock at `rate` and returns the outcome word.
    public func outcome(of stream: TouchStream, rate: FrameRate) throws -> String {
        switch self {
        case let .popover(configuration):
            return try PopoverSimulation.run(configuration, stream: stream, rate: rate).outcome.word
        case let .popup(configuration):
            return try PopupSimulation.run(configuration, stream: stream, rate: rate).outcome.word
        case let .sheet(configuration):
            return try SheetSimulation.run(configuration, stream: stream, rate: rate).decision.word
        }
    }
}

/// The outcome of one synthesised gesture through a model, against the expected word: a value a test
/// asserts on (`#expect(Bool(check.passed), "\(check)")`) and prints.
public struct GestureOutcomeCheck: Sendable, CustomStringConvertible {
    public let expected: String
    /// The model's outcome, or nil when the gesture could not be synthesised or played (see ``error``).
    public let actual: String?
    /// Why there is no outcome.
    public let error: String?
    public let rate: FrameRate
    /// The touch samples the gesture produced.
    public let samples: Int

    public var passed: Bool { actual == expected }

    public var description: String {
        if let error { return "expected \(expected) at \(rate), but the gesture failed: \(error)" }
        let verdict = passed ? "got" : "but got"
        return "expected \(expected) at \(rate), \(verdict) \(actual ?? "nothing") (\(samples) touch samples)"
    }

    /// Synthesises `gesture` through `digitiser` (default: scanning at the display rate, no noise) with
    /// `seed`, plays it through `model` at `rate` and compares the outcome with `expected`, in one call.
    public static func expect(
        _ expected: String, of gesture: GestureScript, through model: ModelUnderTest,
        at rate: FrameRate = .sixty, digitiser: Digitiser? = nil, seed: UInt64 = 0
    ) -> GestureOutcomeCheck {
        let digitiser = digitiser ?? Digitiser(sampleRate: rate.vsyncRate)
        do {
            let stream = try gesture.touchStream(digitiser: digitiser, seed: seed)
            let outcome = try model.outcome(of: stream, rate: rate)
            return GestureOutcomeCheck(
                expected: expected, actual: outcome, error: nil, rate: rate, samples: stream.samples.count)
        } catch {
            return GestureOutcomeCheck(expected: expected, actual: nil, error: "\(error)", rate: rate, samples: 0)
        }
    }
}
