import PopSimGeometry
import PopSimGestures
import Testing

/// The human release model reads like the recorded flings through PopSim's estimators
/// (Documentation/gestures.md §8): every figure is computed here, from the corpus files and from the
/// synthesiser, and compared within the tolerances the model was fitted to meet.
@Suite struct HumanReleaseFigureTests {
    static func corpusFigures() throws -> ReleaseFigures {
        let readings = try RecordedFlings.load().map { fling in
            try #require(ReleaseReading(stroke: fling.stroke.samples), "\(fling)")
        }
        return try #require(ReleaseFigures(readings: readings))
    }

    @Test func synthesisedSwipesReadLikeTheCorpus() throws {
        let corpus = try Self.corpusFigures()
        let check = SwipeReleaseCheck()
        let (all, perRate) = try check.figures()
        let synthetic = try #require(all)
        print("corpus:    \(corpus)")
        print("synthetic: \(synthetic)")
        for (rate, figures) in perRate { print("  \(rate) Hz: \(figures.map(\.description) ?? "-")") }
        // The comparison can fail: the minimum-jerk swipe with its lift-off tail, always slowing at the
        // release, misses the corpus's iOS-proxy median and last/peak speed.
        var minimumJerk = check
        minimumJerk.synthesis = .profile(.minimumJerk, .default)
        let jerk = try #require(minimumJerk.figures().all)
        print("min-jerk:  \(jerk)")
        #expect(abs(jerk.iosMedian - corpus.iosMedian) > 0.03)
        #expect(abs(jerk.lastToPeakMedian - corpus.lastToPeakMedian) > 0.05)
        #expect(abs(synthetic.iosMedian - corpus.iosMedian) <= 0.03)
        #expect(abs(synthetic.impulseMedian - corpus.impulseMedian) <= 0.03)
        #expect(abs(synthetic.swiftuiMedian - corpus.swiftuiMedian) <= 0.03)
        #expect(abs(synthetic.iosTenthPercentile - corpus.iosTenthPercentile) <= 0.05)
        #expect(abs(synthetic.iosNinetiethPercentile - corpus.iosNinetiethPercentile) <= 0.05)
        #expect(abs(synthetic.lastToPeakMedian - corpus.lastToPeakMedian) <= 0.05)
    }
}
