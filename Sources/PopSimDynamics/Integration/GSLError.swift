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

    /// What usually fixes a failure, for front ends that name their own flags for these parameters.
    public enum Remedy: Sendable, Equatable {
        /// The step limit was reached (GSL_EMAXITER): raise it, or loosen the tolerance.
        case raiseStepLimit
        /// The step could not shrink further (GSL_ENOPROG, GSL_FAILURE): loosen the tolerance or lower
        /// the minimum step.
        case loosenToleranceOrMinimumStep
        /// Anything else: ``hint`` says what to check.
        case other
    }

    public var remedy: Remedy {
        switch code {
        case Int32(GSL_EMAXITER): return .raiseStepLimit
        case Int32(GSL_ENOPROG), Int32(GSL_FAILURE): return .loosenToleranceOrMinimumStep
        default: return .other
        }
    }

    /// What usually fixes it, by code, in the library's parameter names (a front end names its own
    /// flags for the same parameters).
    public var hint: String {
        switch code {
        case Int32(GSL_EMAXITER): return "raise ODEStepLimits.maximumSteps or loosen the ODETolerance"
        case Int32(GSL_ENOPROG), Int32(GSL_FAILURE): return "loosen the ODETolerance or lower ODEStepLimits.minimumStep"
        case Int32(GSL_EBADFUNC): return "the system's derivative function reported a failure (non-finite state?)"
        case Int32(GSL_EINVAL): return "check the arguments (time direction, dimension, step)"
        default: return "check the solver settings"
        }
    }

    /// What failed, where and when, without the hint.
    public var summary: String {
        let at = time.map { " at t = \($0)" } ?? ""
        return "GSL error \(code) (\(reason)) in \(function)\(at)"
    }

    public var description: String { "\(summary): \(hint)" }
}
