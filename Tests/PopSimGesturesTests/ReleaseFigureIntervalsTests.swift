import PopSimGeometry
import PopSimGestures
import Testing

/// ``ReleaseFigureIntervals``: the percentile bootstrap over strokes, on cases worked by hand.
@Suite struct ReleaseFigureIntervalsTests {
    /// A stroke along x at 1000 pt/s, sampled every 1/120 s: every estimator reads 1000 pt/s.
    static func reading(ios: Double) throws -> ReleaseReading {
        let samples =
            (0...12).map { k in
                TouchSample(
                    time: Double(k) / 120, phase: k == 0 ? .began : .moved,
                    location: Point(x: 1000 * Double(k) / 120, y: 0))
            } + [TouchSample(time: 13.0 / 120, phase: .ended, location: Point(x: 100, y: 0))]
        var reading = try #require(ReleaseReading(stroke: samples))
        reading.ios = Vector(dx: ios * reading.lsq2.dx, dy: 0)
        return reading
    }

    /// Two strokes, one reading each, iOS-proxy ratios a and b: a resample is {a, a}, {b, b} or a mix
    /// (median (a + b)/2), the first two with probability ¼ each, so with 2000 resamples the 2.5th
    /// percentile is a and the 97.5th is b. Every stroke reads the other figures the same, so their
    /// intervals are points.
    @Test func twoStrokesSpanTheirValues() throws {
        let strokes = [[try Self.reading(ios: 0.5)], [try Self.reading(ios: 0.9)]]
        let intervals = try #require(ReleaseFigureIntervals(strokes: strokes))
        #expect(intervals.low[0] == 0.5)
        #expect(intervals.high[0] == 0.9)
        #expect(intervals.level == 0.95)
        let figures = try #require(ReleaseFigures(readings: strokes.flatMap { $0 }))
        for index in 1..<6 where index != 3 && index != 4 {
            #expect(intervals.low[index] == figures.named[index].value)
            #expect(intervals.high[index] == figures.named[index].value)
        }
        #expect(intervals.outside(figures).isEmpty)
        var fast = figures
        fast.iosMedian = 0.95
        #expect(intervals.outside(fast) == ["ios/lsq2 median"])
    }

    /// A stroke's readings travel together: one stroke of two readings has one resample, itself.
    @Test func aStrokeIsResampledWhole() throws {
        let stroke = [try Self.reading(ios: 0.5), try Self.reading(ios: 0.9)]
        let intervals = try #require(ReleaseFigureIntervals(strokes: [stroke]))
        #expect(intervals.low[0] == 0.7 && intervals.high[0] == 0.7)
    }

    /// Same strokes and seed, same intervals; nothing to resample or a level outside (0, 1), none.
    @Test func deterministicAndRefusals() throws {
        var strokes: [[ReleaseReading]] = []
        for k in 0..<9 { strokes.append([try Self.reading(ios: 0.5 + 0.05 * Double(k))]) }
        #expect(ReleaseFigureIntervals(strokes: strokes, seed: 3) == ReleaseFigureIntervals(strokes: strokes, seed: 3))
        #expect(ReleaseFigureIntervals(strokes: []) == nil)
        #expect(ReleaseFigureIntervals(strokes: strokes, level: 1) == nil)
        #expect(ReleaseFigureIntervals(strokes: strokes, resamples: 0) == nil)
    }
}
