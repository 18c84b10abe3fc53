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

    /// The ids of the touches, in order of first appearance.
    public var touchIDs: [Int] {
        var seen: Set<Int> = []
        return samples.compactMap { seen.insert($0.touch).inserted ? $0.touch : nil }
    }

    /// The samples of one touch, in stream order.
    public func samples(ofTouch id: Int) -> [TouchSample] { samples.filter { $0.touch == id } }

    /// Time of the first and last sample (0 for an empty stream).
    public var duration: Double { (samples.last?.time ?? 0) - (samples.first?.time ?? 0) }
}
