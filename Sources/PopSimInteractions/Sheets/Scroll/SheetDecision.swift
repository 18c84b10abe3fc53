/// What `decide sheet` prints: where the sheet ends (``SheetOutcome``) and, with a scroll view inside it,
/// what the finger moved: `MOVERS:STOP` (`scroll:full`, `both:half`, `sheet:dismissed`, `none:full`).
/// Without a scroll view the word is the outcome's alone (`half`).
public struct SheetDecision: Sendable, Hashable, DecisionOutcome {
    public let outcome: SheetOutcome
    /// nil without a scroll view.
    public let movers: SheetMovers?

    public init(_ outcome: SheetOutcome, movers: SheetMovers? = nil) {
        self.outcome = outcome
        self.movers = movers
    }

    /// Every word, built once: the word of a decision is one table read, no allocation.
    private static let words: [[String]] = SheetMovers.allCases.map { movers in
        outcomes.map { "\(movers.rawValue):\($0.word)" }
    }

    /// Every outcome in a fixed order: the stops, then the two exits.
    static let outcomes: [SheetOutcome] = SheetStopName.allCases.map(SheetOutcome.stop) + [.dismissed, .removed]

    public var word: String {
        guard let movers else { return outcome.word }
        return Self.words[Self.index(of: movers)][Self.index(of: outcome)]
    }

    static func index(of movers: SheetMovers) -> Int {
        switch movers {
        case .none: return 0
        case .sheet: return 1
        case .scroll: return 2
        case .both: return 3
        }
    }

    static func index(of outcome: SheetOutcome) -> Int {
        switch outcome {
        case .stop(let name):
            switch name {
            case .full: return 0
            case .half: return 1
            case .tip: return 2
            case .hidden: return 3
            case .long: return 4
            case .short: return 5
            }
        case .dismissed: return 6
        case .removed: return 7
        }
    }
}
