import PopSimGeometry
import PopSimTextIO

/// How one stroke's release reads through PopSim's four estimators, and how fast its last segment was
/// against its fastest (Documentation/gestures.md §8, where the figures are defined).
///
/// Each estimator is fed the stroke's samples before its `ended` sample and asked at the `ended` time,
/// as ``ReleaseVelocityMeter`` does. Segment speeds are |Δp|/Δt between consecutive samples before the
/// `ended` sample, over pairs with Δt > 0.
public struct ReleaseReading: Sendable, Hashable {
    public var lsq2: Vector
    public var impulse: Vector
    public var ios: Vector
    public var swiftui: Vector
    /// The last segment's speed over the largest segment speed of the stroke.
    public var lastToPeakSegmentSpeed: Double
    /// Samples before the `ended` sample (the estimators' input).
    public var samplesBeforeLiftOff: Int

    /// Reads a stroke: `began` first, `ended` last. Nil for anything else (a cancelled or unfinished
    /// stroke), or when no segment moved.
    public init?(stroke: some BidirectionalCollection<TouchSample>) {
        guard let last = stroke.last, last.phase == .ended, stroke.first?.phase == .began else { return nil }
        var readings: [VelocityEstimatorKind: Vector] = [:]
        for kind in VelocityEstimatorKind.allCases {
            var meter = ReleaseVelocityMeter(kind: kind)
            var release: Vector?
            for sample in stroke { if let reading = meter.consume(sample) { release = reading.velocity } }
            readings[kind] = release ?? .zero
        }
        var lastSpeed: Double?
        var peakSpeed = 0.0
        var previous: TouchSample?
        for sample in stroke.dropLast() {
            if let previous, sample.time > previous.time {
                let speed = (sample.location - previous.location).length / (sample.time - previous.time)
                lastSpeed = speed
                peakSpeed = max(peakSpeed, speed)
            }
            previous = sample
        }
        guard let lastSpeed, peakSpeed > 0 else { return nil }
        lsq2 = readings[.lsq2]!
        impulse = readings[.impulse]!
        ios = readings[.ios]!
        swiftui = readings[.swiftui]!
        lastToPeakSegmentSpeed = lastSpeed / peakSpeed
        samplesBeforeLiftOff = stroke.count - 1
    }

    /// The reading of `kind`.
    public func velocity(_ kind: VelocityEstimatorKind) -> Vector {
        switch kind {
        case .lsq2: return lsq2
        case .impulse: return impulse
        case .ios: return ios
        case .swiftui: return swiftui
        }
    }

    /// (v · v_LSQ2)/|v_LSQ2|²: `kind`'s reading along LSQ2's velocity, over LSQ2's speed (negative when it
    /// points back). Nil when LSQ2 reads zero (its stop rule, or fewer than three samples).
    public func ratioToLeastSquares(_ kind: VelocityEstimatorKind) -> Double? {
        let reference = lsq2.dx * lsq2.dx + lsq2.dy * lsq2.dy
        guard reference > 0 else { return nil }
        let reading = velocity(kind)
        return (reading.dx * lsq2.dx + reading.dy * lsq2.dy) / reference
    }
}

/// The six figures by which PopSim compares synthesised releases with recorded ones
/// (Documentation/gestures.md §8): over the strokes every estimator can read in full (at least
/// ``minimumSamples`` samples before lift-off, and LSQ2 reading a motion), the medians of the
/// iOS-proxy/LSQ2, impulse/LSQ2 and SwiftUI/LSQ2 ratios (``ReleaseReading/ratioToLeastSquares(_:)``),
/// the 10th and 90th percentiles of iOS-proxy/LSQ2, and the median last/peak segment speed.
public struct ReleaseFigures: Sendable, Hashable, CustomStringConvertible {
    public var iosMedian: Double
    public var impulseMedian: Double
    public var swiftuiMedian: Double
    public var iosTenthPercentile: Double
    public var iosNinetiethPercentile: Double
    public var lastToPeakMedian: Double
    /// Strokes in the figures.
    public var count: Int
    /// Strokes read but left out: too few samples, or LSQ2 read zero, so no ratio exists.
    public var leftOut: Int

    /// Four: the iOS proxy's three segments need four samples, and with fewer it counts the missing
    /// segment as zero (Flutter's empty ring slot), a reading of the window rather than of the finger.
    /// The corpus's shortest stroke has 7.
    public static let minimumSamples = 4

    /// The fewest samples before lift-off of any stroke in the corpus (Swordfish's 7): a stroke with fewer
    /// is one the corpus has nothing like, and `minimumSamples: corpusShortestStroke` compares like with
    /// like.
    public static let corpusShortestStroke = 7

    /// The figures of `readings` that have at least `minimumSamples` samples before lift-off (default
    /// ``minimumSamples``); nil when none can enter.
    public init?(readings: [ReleaseReading], minimumSamples: Int = Self.minimumSamples) {
        let used = readings.filter { reading in
            reading.samplesBeforeLiftOff >= max(minimumSamples, Self.minimumSamples)
                && reading.ratioToLeastSquares(.lsq2) != nil
        }
        guard !used.isEmpty else { return nil }
        let ios = used.map { $0.ratioToLeastSquares(.ios)! }
        iosMedian = Self.percentile(ios, 50)
        impulseMedian = Self.percentile(used.map { $0.ratioToLeastSquares(.impulse)! }, 50)
        swiftuiMedian = Self.percentile(used.map { $0.ratioToLeastSquares(.swiftui)! }, 50)
        iosTenthPercentile = Self.percentile(ios, 10)
        iosNinetiethPercentile = Self.percentile(ios, 90)
        lastToPeakMedian = Self.percentile(used.map(\.lastToPeakSegmentSpeed), 50)
        count = used.count
        leftOut = readings.count - used.count
    }

    /// The figures of every stroke of `streams` that ``ReleaseReading`` can read.
    public init?(strokesOf streams: [TouchStream]) {
        self.init(readings: streams.flatMap { stream in stream.strokes.compactMap { ReleaseReading(stroke: $0) } })
    }

    /// The `p`th percentile of `values` by linear interpolation between order statistics (Hyndman &
    /// Fan 1996, definition 7; NumPy's and R's default): with h = (n − 1)·p/100 and x sorted, 0-based,
    /// x₍⌊h⌋₎ + (h − ⌊h⌋)·(x₍⌊h⌋+1₎ − x₍⌊h⌋₎). The median is p = 50.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard sorted.count > 1 else { return sorted.first ?? .nan }
        let h = Double(sorted.count - 1) * p / 100
        let low = Int(h.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        return sorted[low] + (h - Double(low)) * (sorted[high] - sorted[low])
    }

    /// The figures in pairs, named as Documentation/gestures.md §8 names them.
    public var named: [(name: String, value: Double)] {
        [
            ("ios/lsq2 median", iosMedian), ("impulse/lsq2 median", impulseMedian),
            ("swiftui/lsq2 median", swiftuiMedian),
            ("ios/lsq2 p10", iosTenthPercentile), ("ios/lsq2 p90", iosNinetiethPercentile),
            ("last/peak median", lastToPeakMedian),
        ]
    }

    public var description: String {
        let figures = named.map { "\($0.name) \(NumberFormat.fixed(3).format($0.value))" }.joined(separator: ", ")
        return figures + " (\(count) strokes, \(leftOut) left out)"
    }
}
