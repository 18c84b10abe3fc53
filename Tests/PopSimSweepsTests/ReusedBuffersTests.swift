import PopSimGeometry
import PopSimGestures
import PopSimInteractions
import Testing

@testable import PopSimSweeps

/// A sweep's thread decides point after point in the same buffers (``PipelineEvaluator``): the script,
/// the digitiser's arrays, the samples, the configuration and the model of one decision are reused by
/// the next. Each outcome must be the one a decision made on its own gives, whatever came before it:
/// random problems of every family, their models' configurations changing from one decision to the next
/// (so the kept configuration must be rebuilt), stopped early or run until settled, min-jerk and human
/// releases.
@Suite("Reused pipeline buffers")
struct ReusedBuffersTests {
    @Test func popoverDecisionsInSharedBuffersAreTheirOwn() {
        var random = SplitMix64(state: 31)
        var buffers = PopoverDecisionProblem.Buffers()
        var words: Set<String> = []
        for point in 0..<160 {
            var problem = PopoverDecisionProblem()
            problem.mode = random.next() % 2 == 0 ? .dragDown : .dragUp
            // Few distinct configurations, so some decisions reuse the one before and some rebuild it.
            problem.proximity = [0.1, 0.25][Int(random.next() % 2)]
            problem.release.translation.dy = uniform(&random, -400, 400)
            problem.release.velocity.dy = uniform(&random, -2000, 2000)
            words.insert(Self.expectOwnOutcome(problem, point: point, &buffers, &random))
        }
        #expect(words.isSuperset(of: ["dismissed-down", "dismissed-up", "returned"]), "\(words)")
    }

    @Test func popupDecisionsInSharedBuffersAreTheirOwn() {
        var random = SplitMix64(state: 32)
        var buffers = PopupDecisionProblem.Buffers()
        var words: Set<String> = []
        for point in 0..<160 {
            let from: PopupDecisionProblem.From = random.next() % 2 == 0 ? .open : .closed
            var problem = PopupDecisionProblem(from: from, style: random.next() % 2 == 0 ? .drag : .snap)
            problem.release.translation.dy = from == .open ? uniform(&random, -100, 800) : uniform(&random, -800, 100)
            problem.release.velocity.dy = uniform(&random, -2000, 2000)
            words.insert(Self.expectOwnOutcome(problem, point: point, &buffers, &random))
        }
        #expect(words.isSuperset(of: ["open", "closed"]), "\(words)")
    }

    @Test func sheetDecisionsInSharedBuffersAreTheirOwn() {
        var random = SplitMix64(state: 33)
        var buffers = SheetDecisionProblem.Buffers()
        var words: Set<String> = []
        for point in 0..<160 {
            var problem = SheetDecisionProblem()
            if random.next() % 2 == 0 {
                problem.library = .panModal
                problem.from = random.next() % 2 == 0 ? .long : .short
            } else {
                problem.detents = [SheetStop(.full, y: 80), SheetStop(.half, y: 426), SheetStop(.tip, y: 700)]
                problem.from = [.full, .half, .tip][Int(random.next() % 3)]
            }
            problem.release.translation.dy = uniform(&random, -300, 300)
            problem.release.velocity.dy = uniform(&random, -2000, 2000)
            words.insert(Self.expectOwnOutcome(problem, point: point, &buffers, &random))
        }
        #expect(words.count >= 4, "\(words)")
    }

    /// The outcome in `buffers` (kept from the decisions before), expected to equal a decision made on
    /// its own with the same settings and seed.
    static func expectOwnOutcome<Problem: SimulatedProblem>(
        _ problem: Problem, point: Int, _ buffers: inout PipelineEvaluator<Problem>, _ random: inout SplitMix64
    ) -> String where Problem.Buffers == PipelineEvaluator<Problem> {
        var settings = EarlyStoppingTests.settings(&random)
        settings.profileName = random.next() % 2 == 0 ? .human : .minimumJerk
        settings.stopsAtFinalOutcome = random.next() % 4 != 0
        let seed = random.next()
        let reused = problem.pipelineOutcome(settings, seed: seed, buffers: &buffers)
        #expect(reused == problem.pipelineOutcome(settings, seed: seed), "point \(point): \(problem), \(settings)")
        return reused.word
    }
}
