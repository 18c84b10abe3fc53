import PopSimGeometry
import PopSimGestures
import Testing

/// The human release model reads like the recorded flings through PopSim's estimators
/// (Documentation/gestures.md §8): every figure is computed here, from the corpus files and from the
/// synthesiser, and compared within the tolerances the model was fitted to meet, on the grid it was
/// fitted on and on others, pooled over 60/120/200 Hz and per rate where the corpus allows.
@Suite struct HumanReleaseFigureTests {
    static func corpusStrokes() throws -> [TouchStream] { try RecordedFlings.load().map(\.stroke) }

    static func corpusFigures() throws -> ReleaseFigures {
        let readings = try corpusStrokes().map { stroke in
            try #require(ReleaseReading(stroke: stroke.samples), "\(stroke)")
        }
        return try #require(ReleaseFigures(readings: readings))
    }

    /// The tolerances of gestures.md §8: 0.03 for the three medians of the ratios, 0.05 for the two
    /// percentiles and the median last/peak segment speed.
    static let tolerances = [0.03, 0.03, 0.03, 0.05, 0.05, 0.05]

    /// The figures of `synthetic` that miss the corpus's by more than their tolerance, by name.
    static func misses(_ synthetic: ReleaseFigures, _ corpus: ReleaseFigures) -> [String] {
        zip(zip(synthetic.named, corpus.named), tolerances).compactMap { pair, tolerance in
            abs(pair.0.value - pair.1.value) <= tolerance ? nil : pair.0.name
        }
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
        // release, misses the corpus's iOS-proxy and impulse medians and last/peak speed (gestures.md §8).
        var minimumJerk = check
        minimumJerk.synthesis = .profile(.minimumJerk, .default)
        let jerk = try #require(minimumJerk.figures().all)
        print("min-jerk:  \(jerk)")
        #expect(Self.misses(jerk, corpus) == ["ios/lsq2 median", "impulse/lsq2 median", "last/peak median"])
        #expect(Self.misses(synthetic, corpus).isEmpty, "\(synthetic)")
    }

    /// Grids the model was not fitted on: the same speeds and lengths swiped only straight up or down (a
    /// sheet's or popup's drag), and the fitted grid read only at 120 Hz, the corpus's own rate (Sailfish
    /// 8.5 ms, Flutter 7–8 ms), vertical or not. Every figure holds.
    @Test(arguments: [SwipeReleaseCheck.Directions.any, .vertical])
    func otherGridsReadLikeTheCorpus(directions: SwipeReleaseCheck.Directions) throws {
        let corpus = try Self.corpusFigures()
        var check = SwipeReleaseCheck()
        check.directions = directions
        let (all, perRate) = try check.figures()
        let pooled = try #require(all)
        let at120 = try #require(perRate.first { $0.rate == 120 }?.figures)
        print("\(directions): \(pooled)\n  120 Hz: \(at120)")
        #expect(Self.misses(pooled, corpus).isEmpty, "\(pooled)")
        #expect(Self.misses(at120, corpus).isEmpty, "\(at120)")
    }

    /// The coarse grid 1.5, 3 and 6k pt/s × 150, 300 and 600 pt (30 swipes a cell and rate, 810) weighs
    /// its corners as much as its middle. The three medians, the 90th percentile and last/peak hold; the
    /// iOS proxy's 10th percentile does not, and the swipes that pull it down are the ones over in 4–6
    /// scans (150 pt at 6000 pt/s, 35 ms; at 60 Hz also 150 pt at 3000 and 300 pt at 6000 pt/s), whose
    /// oldest iOS segment reaches back to the touch-down: they read the iOS proxy at a median 0.59. The
    /// corpus's shortest stroke has 7 samples, so it says nothing of them; over the swipes with 7 or
    /// more, the 10th percentile holds too.
    @Test func coarseGridHoldsExceptWhereTheCorpusHasNoLikeStroke() throws {
        let corpus = try Self.corpusFigures()
        var check = SwipeReleaseCheck()
        check.speeds = [1500, 3000, 6000]
        check.distances = [150, 300, 600]
        check.trials = 30
        let all = try #require(try check.figures().all)
        let likeTheCorpus = try #require(try check.figures(minimumSamples: ReleaseFigures.corpusShortestStroke).all)
        print("coarse: \(all)\n  ≥ 7 samples: \(likeTheCorpus)")
        #expect(Self.misses(all, corpus) == ["ios/lsq2 p10"], "\(all)")
        let short = try check.readings().compactMap(\.reading).filter {
            (ReleaseFigures.minimumSamples..<ReleaseFigures.corpusShortestStroke).contains($0.samplesBeforeLiftOff)
        }
        let shortFigures = try #require(ReleaseFigures(readings: short))
        #expect(shortFigures.iosMedian < 0.65, "\(shortFigures)")
        #expect(abs(likeTheCorpus.iosTenthPercentile - corpus.iosTenthPercentile) <= 0.05, "\(likeTheCorpus)")
    }

    /// 60 Hz against the corpus as a 60 Hz digitiser would have seen it (``StrokeRescan``: each recording
    /// scanned every 1/60 s, 8 alignments): real fingers read the iOS proxy at 0.64 of LSQ2 there, SwiftUI's
    /// at 0.76, and the iOS 10th percentile at 0.28. The model reads 0.79, 0.85 and 0.65: it rises earlier and
    /// flatter than the recorded flings, which accelerate through their last 50 ms, so at 60 Hz its
    /// releases read faster than real ones and a 60 Hz threshold it gives through the iOS proxy is low
    /// (gestures.md §8, "What this leaves open"). This pins that deviation, and its direction.
    @Test func sixtyHertzReadsFasterThanTheCorpusRescanned() throws {
        let rescanned = try #require(
            ReleaseFigures(
                readings: StrokeRescan.readings(
                    of: try Self.corpusStrokes().map(\.samples), rate: 60, phases: 8,
                    recordedInterval: StrokeRescan.corpusInterval)))
        var check = SwipeReleaseCheck()
        check.rates = [60]
        let model = try #require(try check.figures().all)
        print("corpus rescanned at 60 Hz: \(rescanned)\nmodel at 60 Hz: \(model)")
        #expect(model.iosMedian - rescanned.iosMedian > 0.1)
        #expect(model.swiftuiMedian - rescanned.swiftuiMedian > 0.05)
        #expect(model.iosTenthPercentile - rescanned.iosTenthPercentile > 0.2)
        #expect(abs(model.impulseMedian - rescanned.impulseMedian) <= 0.03)
        #expect(abs(model.lastToPeakMedian - rescanned.lastToPeakMedian) <= 0.05)
    }
}
