import PopSimDynamics
import PopSimGestures
import PopSimInteractions
import PopSimParameters
import PopSimSweeps
import PopSimTextIO

/// `popsim`'s exit statuses (BSD sysexits values where one fits).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// A check found a difference (e.g. a golden table changed).
    case checkFailed = 1
    /// Bad usage or an invalid value: unknown flag, NaN, ±inf, a non-positive mass, an unknown solver.
    case usage = 2
    /// Malformed input data (EX_DATAERR): a touch-stream CSV that cannot be read.
    case dataError = 65
    /// A solver failure (EX_SOFTWARE): GSL reported an error or the state diverged.
    case solverFailure = 70
    /// An input or output file that cannot be opened or written (EX_IOERR).
    case ioError = 74
}

/// A failure a command reports with an explicit status.
public struct CommandFailure: ExitStatusProviding, CustomStringConvertible {
    public let exitStatus: ExitStatus
    public let description: String

    public init(_ exitStatus: ExitStatus, _ message: String) {
        self.exitStatus = exitStatus
        description = message
    }
}

/// Errors that know their exit status.
public protocol ExitStatusProviding: Error {
    var exitStatus: ExitStatus { get }
}

extension ParameterError: ExitStatusProviding {
    public var exitStatus: ExitStatus { .usage }
}

extension DynamicsError: ExitStatusProviding {
    public var exitStatus: ExitStatus { .usage }
}

extension ODEError: ExitStatusProviding {
    public var exitStatus: ExitStatus {
        switch self {
        case .invalid, .missingJacobian: return .usage
        case .solver, .nonFiniteState: return .solverFailure
        }
    }
}

extension OutputError: ExitStatusProviding {
    public var exitStatus: ExitStatus { .ioError }
}

extension InputError: ExitStatusProviding {
    /// Malformed content (a located parse error, an empty file) is malformed data; anything else is a
    /// file that could not be read.
    public var exitStatus: ExitStatus { isMalformed ? .dataError : .ioError }
}

extension InteractionError: ExitStatusProviding {
    public var exitStatus: ExitStatus {
        switch self {
        case let .solver(error): return error.exitStatus
        case .invalidParameter, .unavailable: return .usage
        case .invalidStream: return .dataError
        }
    }
}

extension GoldenTableError: ExitStatusProviding {
    /// A file that is not a golden table is malformed data; one that cannot be read is an I/O error.
    public var exitStatus: ExitStatus { isMalformed ? .dataError : .ioError }
}

extension DecisionTableError: ExitStatusProviding {
    public var exitStatus: ExitStatus { .usage }
}

extension TouchStreamError: ExitStatusProviding {
    /// A file that cannot be read is an I/O error (74); anything wrong inside it is malformed data (65).
    public var exitStatus: ExitStatus {
        if case .unreadable = reason { return .ioError }
        return .dataError
    }
}

extension SynthesisError: ExitStatusProviding {
    /// Synthesis parameters come from flags: a usage error.
    public var exitStatus: ExitStatus { .usage }
}

extension FitError: ExitStatusProviding {
    /// Data that cannot determine the fit is malformed input (65); a solver that fails or does not converge
    /// is a solver failure (70); an out-of-range setting is a usage error (2).
    public var exitStatus: ExitStatus {
        switch self {
        case .undetermined, .invalidData: return .dataError
        case .notConverged, .solver: return .solverFailure
        case .invalidParameter: return .usage
        }
    }
}

extension PredictionFitError: ExitStatusProviding {
    public var exitStatus: ExitStatus { .dataError }
}
