import PopSimGestures
import PopSimParameters
import PopSimSweeps
import Testing

@testable import PopSimInteractions

@Suite("Trials")
struct TrialsTests {
    /// Trial 0 is the point's own seed (one trial is the single-seed sweep); trial t ≥ 1 is output t of
    /// SplitMix64 seeded with it, computed here by stepping the generator.
    @Test func trialSeedsComeFromThePointSeed() {
        let settings = PipelineSettings(seed: 42)
        for index in [0, 1, 17, 1_000_000] {
            let pointSeed = settings.seed(forPoint: index)
            #expect(settings.seed(forPoint: index, trial: 0) == pointSeed)
            var generator = SplitMix64(state: pointSeed)
            for trial in 1...5 { #expect(settings.seed(forPoint: index, trial: trial) == generator.next()) }
        }
    }

    @Test func tallyCountsAndBreaksTiesTowardTheIdealOutcome() {
        var tally = OutcomeTally(words: ["a", "b", "c", "error"])
        for word in ["a", "b", "b", "a", "zzz"] { tally.add(word) }
        #expect(tally.counts == [2, 2, 0, 1])
        #expect(tally.total == 5)
        #expect(tally.mostFrequent(preferring: "b") == "b")
        #expect(tally.mostFrequent(preferring: "a") == "a")
        // The ideal outcome is not among the most frequent: the first of them in word order.
        #expect(tally.mostFrequent(preferring: "c") == "a")
    }

    /// Rows with trials: the counts of every realisation per word, the fractions in `p_` columns after
    /// the outcome, then the ideal outcome.
    @Test func trialRowsCountEveryRealisation() throws {
        let table = try DecisionTable(
            base: CoinProblem(), axes: [try GridAxis(column: "bias", start: 0, end: 1, count: 3)])
        let settings = PipelineSettings(seed: 5, trials: 400)
        #expect(table.header(for: settings) == "bias,outcome,p_heads,p_tails,p_error,ideal\n")
        let rows = table.evaluate(pipeline: settings)
        #expect(rows.map { $0.counts! }.allSatisfy { $0.reduce(0, +) == 400 })
        #expect(rows[0].counts == [0, 400, 0] && rows[0].outcome == "tails")
        #expect(rows[2].counts == [400, 0, 0] && rows[2].outcome == "heads")
        let heads = Double(rows[1].counts![0]) / 400
        #expect(heads > 0.4 && heads < 0.6)
        let text = table.csv(pipeline: settings)
        #expect(text.split(separator: "\n")[1] == "0.0,tails,0.0,1.0,0.0,tails")
    }

    /// Without listed words a problem cannot be counted word by word: everything is an error.
    @Test func aProblemWithoutWordsCountsEverythingAsAnError() throws {
        let table = try DecisionTable(base: LineProblem(), axes: [])
        let settings = PipelineSettings(trials: 3)
        #expect(table.outcomeWords == ["error"])
        #expect(table.row(at: 0, pipeline: settings).counts == [3])
    }

    @Test(arguments: [1, 2, 4])
    func trialsDoNotDependOnJobs(jobs: Int) throws {
        let table = try DecisionTable(
            base: CoinProblem(), axes: [try GridAxis(column: "bias", start: 0, end: 1, count: 41)])
        let settings = PipelineSettings(seed: 9, trials: 25)
        #expect(table.csv(pipeline: settings, jobs: jobs) == table.csv(pipeline: settings, jobs: 1))
    }
}

/// A coin whose pipeline outcome is heads with probability `bias`, drawn from the seed: what trials
/// count, without a model.
struct CoinProblem: DecisionProblem {
    var bias = 0.5

    static let parameters = ParameterList<CoinProblem>([
        .number("bias", \.bias, .unitInterval, placeholder: "P", "the chance of heads")
    ])
    static let modelEstimator = VelocityEstimatorKind.lsq2

    func validate() throws(ParameterError) { try validateRanges() }

    func outcome() -> Word { bias >= 0.5 ? "heads" : "tails" }

    func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64) -> PipelineOutcome<Word> {
        var generator = Xoshiro256StarStar(seed: seed)
        return .decided(generator.nextUnitInterval() < bias ? "heads" : "tails")
    }

    var pipelineOutcomes: [Word] { ["heads", "tails"] }
}
