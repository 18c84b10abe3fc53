/// Why a dynamics value could not be built or evaluated. Every case names the offending input
/// and says what would be accepted, so a command-line front end can pass the text straight on.
public enum DynamicsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A parameter is out of its domain: `parameter` is the field's name (`mass`, `dampingRatio`, …).
    case invalidParameter(parameter: String, value: Double, requirement: String)
    /// A spring that never comes to rest (no damping) was asked for its settling time.
    case neverSettles(dampingRatio: Double)

    public var description: String {
        switch self {
        case let .invalidParameter(parameter, value, requirement):
            return "\(parameter) = \(value) is invalid: it must be \(requirement)"
        case let .neverSettles(dampingRatio):
            return
                "a spring with damping ratio \(dampingRatio) never settles: "
                + "give a positive damping or an explicit duration"
        }
    }
}

extension DynamicsError {
    static func require(_ condition: Bool, _ parameter: String, _ value: Double, _ requirement: String)
        throws(DynamicsError)
    {
        if !condition { throw .invalidParameter(parameter: parameter, value: value, requirement: requirement) }
    }

    static func requirePositive(_ value: Double, _ parameter: String) throws(DynamicsError) {
        try require(value.isFinite && value > 0, parameter, value, "a positive finite number")
    }

    static func requireNonNegative(_ value: Double, _ parameter: String) throws(DynamicsError) {
        try require(value.isFinite && value >= 0, parameter, value, "a finite number ≥ 0")
    }

    static func requireFinite(_ value: Double, _ parameter: String) throws(DynamicsError) {
        try require(value.isFinite, parameter, value, "a finite number")
    }
}
