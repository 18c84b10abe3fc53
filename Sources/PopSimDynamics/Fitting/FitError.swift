import CPopSimGSL

/// Why a fit gave no answer. Each case says what was wrong with the data or the solver and what would
/// help, so a command-line front end can pass the text straight on.
public enum FitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data cannot determine the model's parameters: too few points, nothing moves, a parameter
    /// that has no effect on the data. `reason` names the quantity and the fix.
    case undetermined(reason: String)
    /// Input values that no fit accepts: non-finite numbers, time going backwards, negative weights.
    case invalidData(reason: String)
    /// The solver used its whole iteration budget without meeting its convergence test.
    case notConverged(iterations: Int)
    /// GSL reported a failure.
    case solver(GSLError)
    /// A setting or an input value out of its domain (library use; the command line checks its flags first).
    case invalidParameter(DynamicsError)

    public var description: String {
        switch self {
        case let .undetermined(reason):
            return "the data cannot determine the fit: \(reason)"
        case let .invalidData(reason):
            return "invalid data: \(reason)"
        case let .notConverged(iterations):
            return
                "the fit did not converge in \(iterations) iterations: give more iterations, "
                + "fix a start or target you know, or trim the trace to the motion"
        case let .solver(error) where error.code == GSL_EBADFUNC:
            return
                "the fit failed: the model's derivatives stopped being finite during the iterations "
                + "(GSL error \(error.code) in \(error.function)): the recording may not be this model's motion"
        case let .solver(error):
            return "the fit failed: \(error.summary)"
        case let .invalidParameter(error):
            return error.description
        }
    }
}
