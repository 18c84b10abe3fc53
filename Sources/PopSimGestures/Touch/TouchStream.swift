/// An ordered sequence of touch samples from one or several fingers: what a synthesiser produces, a
/// recording contains and an interaction model consumes. A value: comparing two streams compares
/// every sample, and the same inputs always build the same stream.
public struct TouchStream: Sendable, Hashable, Codable, RandomAccessCollection {
    public private(set) var samples: [TouchSample]

    public init(_ samples: [TouchSample] = []) {
        self.samples = samples
    }

    public var startIndex: Int { samples.startIndex }
    public var endIndex: Int { samples.endIndex }
    public subscript(position: Int) -> TouchSample { samples[position] }

    public mutating func append(_ sample: TouchSample) { samples.append(sample) }

    public mutating func reserveCapacity(_ count: Int) { samples.reserveCapacity(count) }

    /// The ids of the touches, in order of first appearance.
    public var touchIDs: [Int] {
        var seen: Set<Int> = []
        return samples.compactMap { seen.insert($0.touch).inserted ? $0.touch : nil }
    }

    /// The samples of one touch, in stream order.
    public func samples(ofTouch id: Int) -> [TouchSample] { samples.filter { $0.touch == id } }

    /// Time of the first and last sample (0 for an empty stream).
    public var duration: Double { (samples.last?.time ?? 0) - (samples.first?.time ?? 0) }

    /// Each touch from its `began` to its `ended`/`cancelled` (or to the end of the stream), in order
    /// of `began`. A finger that taps twice with the same id gives two strokes.
    public var strokes: [[TouchSample]] {
        var strokes: [[TouchSample]] = []
        var open: [Int: Int] = [:]
        for sample in samples {
            if sample.phase == .began {
                open[sample.touch] = strokes.count
                strokes.append([sample])
            } else if let index = open[sample.touch] {
                strokes[index].append(sample)
                if sample.phase.isTerminal { open[sample.touch] = nil }
            }
        }
        return strokes
    }

    /// Throws the first sample that breaks the rules of ``TouchSequenceValidator`` (the same rules the
    /// CSV reader enforces), located at the line it would have in the stream's CSV form.
    public func validate() throws(TouchStreamError) {
        var validator = TouchSequenceValidator()
        for (index, sample) in samples.enumerated() {
            if let (reason, field) = validator.check(sample) {
                throw TouchStreamError(
                    source: "stream", line: index + 2, column: field == .time ? 1 : nil, reason: reason)
            }
        }
    }
}
