import CPopSimGSL

/// A non-success status returned by a GSL function, with GSL's own text for it.
public struct GSLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `gsl_errno.h` code (e.g. 11 = GSL_EMAXITER).
    public let code: Int32
    /// `gsl_strerror(code)`.
    public let reason: String
    /// The GSL function that reported it.
    public let function: String
    /// The integration time reached when it failed, when there is one.
    public let time: Double?

    public init(code: Int32, function: String, time: Double? = nil) {
        self.code = code
        self.reason = GSLRuntime.describe(status: code)
        self.function = function
        self.time = time
    }

    /// The driver's step limit was reached (GSL_EMAXITER): the caller's work bound, not a numerical
    /// failure.
    public var isStepLimit: Bool { code == Int32(GSL_EMAXITER) }

    /// What usually fixes it, by code.
    public var hint: String {
        switch code {
        case Int32(GSL_EMAXITER): return "raise the step limit or loosen the tolerances"
        case Int32(GSL_ENOPROG), Int32(GSL_FAILURE): return "loosen the tolerances or lower the minimum step"
        case Int32(GSL_EBADFUNC): return "the system's derivative function reported a failure (non-finite state?)"
        case Int32(GSL_EINVAL): return "check the arguments (time direction, dimension, step)"
        default: return "check the solver settings"
        }
    }

    public var description: String {
        let at = time.map { " at t = \($0)" } ?? ""
        return "GSL error \(code) (\(reason)) in \(function)\(at): \(hint)"
    }
}
