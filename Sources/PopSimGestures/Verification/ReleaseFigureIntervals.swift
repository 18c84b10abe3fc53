/// How well a handful of strokes pins down their ``ReleaseFigures``: percentile-bootstrap intervals
/// (Efron & Tibshirani 1993, ch. 13) over the strokes, each stroke keeping all its readings (the phases of
/// a rescanned recording are one stroke, not independent ones). Documentation/gestures.md §8 judges the
/// human release model against the corpus's figures within these where the corpus is too small for the
/// tolerances.
public struct ReleaseFigureIntervals: Sendable, Hashable {
    /// The lower and upper ends of each figure's interval, in ``ReleaseFigures/named`` order.
    public var low: [Double]
    public var high: [Double]
    /// The probability each interval is built to cover.
    public var level: Double

    /// The intervals of the figures of `strokes` (one array of readings per stroke, entering as
    /// ``ReleaseFigures/init(readings:minimumSamples:)`` takes them): `resamples` times, as many strokes
    /// drawn with replacement, the figures of their readings; the (1 − level)/2 and (1 + level)/2
    /// percentiles of each figure over the resamples. Draws come from xoshiro256** seeded with `seed`, a
    /// stroke index as ⌊u·n⌋ of a uniform u. Nil when there are no strokes or the arguments are out of range.
    public init?(strokes: [[ReleaseReading]], resamples: Int = 2000, level: Double = 0.95, seed: UInt64 = 0) {
        guard !strokes.isEmpty, (1...Self.maximumResamples).contains(resamples), level > 0, level < 1 else {
            return nil
        }
        var generator = Xoshiro256StarStar(seed: seed)
        var samples: [[Double]] = Array(repeating: [], count: 6)
        for _ in 0..<resamples {
            let drawn = (0..<strokes.count).flatMap { _ in
                strokes[min(Int(generator.nextUnitInterval() * Double(strokes.count)), strokes.count - 1)]
            }
            guard let figures = ReleaseFigures(readings: drawn) else { continue }
            for (index, figure) in figures.named.enumerated() { samples[index].append(figure.value) }
        }
        guard !samples[0].isEmpty else { return nil }
        low = samples.map { ReleaseFigures.percentile($0, 50 * (1 - level)) }
        high = samples.map { ReleaseFigures.percentile($0, 50 * (1 + level)) }
        self.level = level
    }

    /// The most resamples one interval may take (a count typed wrong, not a measurement).
    public static let maximumResamples = 1_000_000

    /// The names of the figures of `figures` outside their interval.
    public func outside(_ figures: ReleaseFigures) -> [String] {
        zip(figures.named, zip(low, high)).compactMap { figure, interval in
            (interval.0...interval.1).contains(figure.value) ? nil : figure.name
        }
    }
}
