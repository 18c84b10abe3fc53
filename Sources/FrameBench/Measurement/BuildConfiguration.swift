/// Whether this code was compiled for debugging: SwiftPM passes `-D DEBUG` in debug builds only, and
/// builds every module of a package in the same configuration, so this is the configuration of the
/// code being timed too. A debug build's timings are many times a release build's and mean nothing for a
/// frame budget.
public enum BuildConfiguration {
    public static var isDebug: Bool {
        #if DEBUG
            return true
        #else
            return false
        #endif
    }

    /// `debug` or `release`.
    public static var name: String { isDebug ? "debug" : "release" }
}
