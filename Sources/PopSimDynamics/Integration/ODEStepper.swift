import CPopSimGSL

/// GSL's odeiv2 step types (GSL doc/ode-initval.rst; Documentation/springs-and-gsl.md §8).
public enum ODEStepper: String, Sendable, CaseIterable {
    /// Explicit embedded Runge-Kutta (2, 3).
    case rk2
    /// Classical 4th-order Runge-Kutta; error estimate by step doubling (≈ 3× the RHS cost).
    case rk4
    /// Explicit Runge-Kutta-Fehlberg (4, 5): GSL's "good general-purpose" choice.
    case rkf45
    /// Explicit Cash-Karp (4, 5).
    case rkck
    /// Explicit Prince-Dormand (8, 9).
    case rk8pd
    /// Variable-order Adams (1–12) in Nordsieck form.
    case msadams
    /// Implicit Euler (needs the Jacobian).
    case rk1imp
    /// Implicit midpoint, Gauss order 2 (needs the Jacobian).
    case rk2imp
    /// Implicit Gauss order 4 (needs the Jacobian).
    case rk4imp
    /// Implicit Bulirsch-Stoer, Bader-Deuflhard (needs the Jacobian).
    case bsimp
    /// Variable-order BDF (1–5) with modified Newton (needs the Jacobian).
    case msbdf

    /// Whether GSL calls the system's Jacobian for this step type.
    public var needsJacobian: Bool {
        switch self {
        case .rk1imp, .rk2imp, .rk4imp, .bsimp, .msbdf: return true
        case .rk2, .rk4, .rkf45, .rkck, .rk8pd, .msadams: return false
        }
    }

    public var isImplicit: Bool { needsJacobian }

    var stepType: UnsafePointer<gsl_odeiv2_step_type>! {
        switch self {
        case .rk2: return cgsl_step_rk2()
        case .rk4: return cgsl_step_rk4()
        case .rkf45: return cgsl_step_rkf45()
        case .rkck: return cgsl_step_rkck()
        case .rk8pd: return cgsl_step_rk8pd()
        case .msadams: return cgsl_step_msadams()
        case .rk1imp: return cgsl_step_rk1imp()
        case .rk2imp: return cgsl_step_rk2imp()
        case .rk4imp: return cgsl_step_rk4imp()
        case .bsimp: return cgsl_step_bsimp()
        case .msbdf: return cgsl_step_msbdf()
        }
    }
}
