import CPopSimGSL

/// Process-wide GSL setup. GSL's default error handler prints and calls `abort()`, so a single bad
/// argument would kill the process. PopSim switches it off once, before its first GSL call, and checks
/// every status instead (GSL doc/err.rst; Documentation/springs-and-gsl.md §8). The handler lives in one static
/// variable, so it is set exactly once through a lazily initialised global, which Swift initialises
/// under `swift_once`: thread-safe, and never changed from worker threads afterwards.
public enum GSLRuntime {
    private static let errorHandlerSwitchedOff: Bool = {
        _ = gsl_set_error_handler_off()
        return true
    }()

    /// Makes sure GSL reports errors as status codes. Idempotent and cheap; every GSL entry point in
    /// PopSim calls it first.
    @inline(__always)
    public static func prepare() {
        _ = errorHandlerSwitchedOff
    }

    /// The version of the GSL library linked at run time, e.g. "2.7.1".
    public static var version: String { String(cString: cgsl_runtime_version()) }

    /// GSL's own description of a status code (`gsl_strerror`).
    public static func describe(status: Int32) -> String { String(cString: gsl_strerror(status)) }
}
