/// A decision problem whose numbers cannot describe a real configuration.
public struct DecisionProblemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The parameter's column name (`proximity`, `container_width`, `dock_top`).
    public let parameter: String
    public let value: Double
    /// What the value must satisfy, in words (`in [0, 1]`).
    public let requirement: String

    public init(parameter: String, value: Double, requirement: String) {
        self.parameter = parameter
        self.value = value
        self.requirement = requirement
    }

    public var description: String { "\(parameter) = \(value) is invalid: it must be \(requirement)" }

    /// Throws unless `condition` holds.
    static func require(_ condition: Bool, _ parameter: String, _ value: Double, _ requirement: String) throws(DecisionProblemError) {
        if !condition { throw DecisionProblemError(parameter: parameter, value: value, requirement: requirement) }
    }
}
