/// The version of PopSim (semantic versioning; see CHANGELOG.md). Golden decision tables record it so
/// a table written by another version is recognised as such.
public enum PopSimVersion {
    public static let current = "0.4.0"
}
