/// How PopSim prints numbers in CSV and `key=value` output: the shortest decimal string that reads back
/// as the same double (Swift's `description`, which is platform-independent), with −0 printed as 0 so
/// that traces do not flicker between "0.0" and "-0.0".
@inline(__always)
public func formatNumber(_ value: Double) -> String {
    value == 0 ? "0.0" : value.description
}
