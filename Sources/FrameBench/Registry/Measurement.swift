/// A figure taken once per run rather than sampled: a whole workload, typically in a child process,
/// reported as named values with units (its throughput, its peak resident memory). What a value means
/// and how it was taken is the measurement's `detail`, printed beside it.
public struct Measurement {
    /// What targets refer to it by.
    public let handle: MeasurementHandle
    /// How it is measured, e.g. "popsim sweep … in a child process; wall clock and ru_maxrss of the child".
    public let detail: String
    /// Takes the measurement; `quick` asks for a smaller workload (say so in a value's note).
    public let measure: (_ quick: Bool) throws -> [MeasuredValue]

    public init(
        _ handle: MeasurementHandle, detail: String, measure: @escaping (_ quick: Bool) throws -> [MeasuredValue]
    ) {
        self.handle = handle
        self.detail = detail
        self.measure = measure
    }

    /// A measurement no target refers to, registered by its group and name.
    public init(
        group: String, name: String, detail: String, measure: @escaping (_ quick: Bool) throws -> [MeasuredValue]
    ) {
        self.init(MeasurementHandle(group: group, name: name), detail: detail, measure: measure)
    }

    public var group: String { handle.group }
    public var name: String { handle.name }
    public var id: String { handle.id }
}

/// One value of a ``Measurement``.
public struct MeasuredValue: Codable, Sendable, Equatable {
    /// e.g. "peak resident memory".
    public var name: String
    public var value: Double
    /// e.g. "MB", "decisions/s".
    public var unit: String
    /// What the value covers when that is not obvious (e.g. "1001 × 1001 grid (--quick)").
    public var note: String?

    public init(name: String, value: Double, unit: String, note: String? = nil) {
        self.name = name
        self.value = value
        self.unit = unit
        self.note = note
    }
}
