/// The typed handle of a registered benchmark, capacity probe or measurement: "group/name" as a value.
///
/// A suite declares each handle it refers to once (`static let propagatorStep = BenchmarkHandle(…)`),
/// registers the benchmark under it and names it in its targets; a target therefore refers to a
/// benchmark by value, never by its name in a string, and the kind parameter keeps a probe's handle
/// out of a benchmark's place. A handle that no suite registers fails the ``Catalog`` (and with it
/// every run of the bench, `--list` included), instead of leaving its target silently "not run".
public struct RegistrationHandle<Kind>: Hashable, Sendable, CustomStringConvertible {
    public let group: String
    public let name: String

    public init(group: String, name: String) {
        self.group = group
        self.name = name
    }

    /// "group/name": what `--filter` matches, what reports and baselines are keyed by.
    public var id: String { "\(group)/\(name)" }

    public var description: String { id }
}

/// A micro benchmark's handle.
public typealias BenchmarkHandle = RegistrationHandle<Benchmark>
/// A capacity probe's handle.
public typealias CapacityProbeHandle = RegistrationHandle<CapacityProbe>
/// A measurement's handle.
public typealias MeasurementHandle = RegistrationHandle<Measurement>
