import FrameBench

/// One benchmark's instruction counts, as the counting child reports them to the bench (one JSON
/// line each, written as soon as the benchmark is counted).
public struct CountedBenchmark: Codable, Sendable, Equatable {
    public var id: String
    public var count: InstructionCount?
    /// The count of its reference, when it has one.
    public var reference: InstructionCount?
    /// Why it could not be counted.
    public var error: String?

    public init(id: String, count: InstructionCount? = nil, reference: InstructionCount? = nil, error: String? = nil) {
        self.id = id
        self.count = count
        self.reference = reference
        self.error = error
    }
}
