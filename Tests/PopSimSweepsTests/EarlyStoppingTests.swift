import PopSimGestures
import PopSimInteractions
import Testing

@testable import PopSimSweeps

/// A pipeline point stops simulating once its outcome can no longer change; these compare that
/// outcome with the one of a run until everything has settled, on random problems of both models
/// (the golden pipeline tables are compared in the CLI tests, where their commands are parsed).
@Suite("Early stopping")
struct EarlyStoppingTests {
    static let rates = [60.0, 120.0]

    /// Random Popovers problems: modes, proximities, sizes, picture-in-picture anchors, moved
    /// popovers, drags and flicks both ways, gestures too short to drag, 60 and 120 Hz, every
    /// estimator, noise or not.
    @Test func popoverOutcomesAreTheSame() {
        var random = SplitMix64(state: 2024)
        var checked: [String: Int] = [:]
        for point in 0..<240 {
            var problem = PopoverDecisionProblem()
            problem.mode =
                [[.dragDown], [.dragUp], [.dragDown, .dragUp], [.tapOutside, .dragDown]][Int(random.next() % 4)]
            problem.proximity = uniform(&random, 0.05, 0.5)
            problem.size.height = uniform(&random, 60, 300)
            problem.release.translation.dx = uniform(&random, -150, 150)
            problem.release.translation.dy = uniform(&random, -450, 450)
            problem.release.velocity.dx = uniform(&random, -1500, 1500)
            problem.release.velocity.dy = uniform(&random, -3000, 3000)
            if random.next() % 8 == 0 {
                // Hardly moved: no drag may begin (2 pt minimum).
                (problem.release.translation.dx, problem.release.translation.dy) = (
                    uniform(&random, -1, 1), uniform(&random, -1, 1)
                )
                (problem.release.velocity.dx, problem.release.velocity.dy) = (
                    uniform(&random, -20, 20), uniform(&random, -20, 20)
                )
            }
            problem.changeLocationOnDismiss = random.next() % 8 == 0
            if random.next() % 4 == 0 {
                problem.anchors = [.topLeft, .topRight, .bottomLeft, .bottomRight, .center]
                problem.containerFrame = .init(x: 16, y: 59, width: 361, height: 759)
                problem.size = .init(width: 120, height: 80)
            }
            checked[Self.expectSameOutcome(problem, point: point, &random), default: 0] += 1
        }
        // The sample reaches every kind of outcome.
        for word in ["dismissed-down", "dismissed-up", "returned", "presented"] {
            #expect(checked[word, default: 0] > 0, "\(word)")
        }
    }

    /// Random LNPopupController problems: every style from both states, snap percents, drags and
    /// flicks both ways (snap from the bar schedules an open; a snap close starts during the drag).
    @Test func popupOutcomesAreTheSame() {
        var random = SplitMix64(state: 77)
        var checked: [String: Int] = [:]
        for point in 0..<240 {
            let from: PopupDecisionProblem.From = random.next() % 2 == 0 ? .open : .closed
            let style = PopupInteractionStyle.allCases[
                Int(random.next() % UInt64(PopupInteractionStyle.allCases.count))]
            var problem = PopupDecisionProblem(from: from, style: style)
            problem.snapPercent = uniform(&random, 0.1, 0.9)
            problem.release.translation.dx = uniform(&random, -60, 60)
            problem.release.translation.dy = from == .open ? uniform(&random, -100, 800) : uniform(&random, -800, 100)
            problem.release.velocity.dx = uniform(&random, -600, 600)
            problem.release.velocity.dy = uniform(&random, -2000, 2000)
            checked[Self.expectSameOutcome(problem, point: point, &random), default: 0] += 1
        }
        #expect(checked["open", default: 0] > 0 && checked["closed", default: 0] > 0)
    }

    /// Random pipeline settings and seed; the outcome stopped early, expected to equal the full run's.
    static func expectSameOutcome<Problem: DecisionProblem>(_ problem: Problem, point: Int, _ random: inout SplitMix64)
        -> String
    {
        let settings = Self.settings(&random)
        let seed = random.next()
        var full = settings
        full.stopsAtFinalOutcome = false
        let early = problem.pipelineOutcome(settings, seed: seed)
        #expect(early == problem.pipelineOutcome(full, seed: seed), "point \(point): \(problem), \(settings)")
        return early.word
    }

    static func settings(_ random: inout SplitMix64) -> PipelineSettings {
        let estimators: [VelocityEstimatorKind?] = [nil, .lsq2, .impulse, .ios, .swiftui]
        return PipelineSettings(
            rate: rates[Int(random.next() % 2)], estimator: estimators[Int(random.next() % 5)],
            noise: random.next() % 2 == 0 ? 0 : uniform(&random, 0, 1), seed: random.next())
    }
}

/// Uniform in [low, high) from 53 random bits.
func uniform(_ random: inout SplitMix64, _ low: Double, _ high: Double) -> Double {
    low + (high - low) * Double(random.next() >> 11) * 0x1p-53
}
