/// How often each outcome word came out of a grid point's realisations (`--trials K`), in a fixed order
/// of words, so the fractions can be written as columns.
public struct OutcomeTally: Sendable, Hashable {
    /// What a realisation that could not run counts as (``DecisionProblem/pipelineOutcome(_:seed:)``
    /// says `error`), and what a word missing from ``words`` counts as.
    public static let errorWord = "error"

    public let words: [String]
    public private(set) var counts: [Int]

    public init(words: [String]) {
        self.words = words
        counts = Array(repeating: 0, count: words.count)
    }

    /// Counts one realisation's outcome.
    public mutating func add(_ word: String) {
        if let slot = words.firstIndex(of: word) ?? words.firstIndex(of: Self.errorWord) {
            counts[slot] += 1
        }
    }

    public var total: Int { counts.reduce(0, +) }

    /// The most frequent word; a tie goes to `preferred` when it is among the most frequent (the ideal
    /// outcome), otherwise to the first of them in ``words``.
    public func mostFrequent(preferring preferred: String) -> String {
        let most = counts.max() ?? 0
        if let slot = words.firstIndex(of: preferred), counts[slot] == most { return preferred }
        return counts.firstIndex(of: most).map { words[$0] } ?? preferred
    }
}
