import PopSimTextIO

/// A value that cannot be used: an unknown, repeated or missing flag, a number out of its range, a
/// problem whose numbers cannot describe a real configuration. The message names the parameter (by its
/// flag, as every text form writes it), the value and what would be accepted; front ends print it as
/// `error: <message>` (exit status 2).
public struct ParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// `invalid value 'TEXT' for --flag: WHY`, the value quoted as an excerpt.
    public static func invalidValue(_ text: String, for parameter: ParameterDescription, _ why: String)
        -> ParameterError
    {
        ParameterError("invalid value '\(DiagnosticText.excerpt(text))' for \(parameter.flag): \(why)")
    }

    /// A number that a parameter's own range accepts but the problem cannot (`validate()`): `value` as
    /// the compact text that reads back as the same number.
    public static func invalidValue(_ value: Double, for parameter: ParameterDescription, _ why: String)
        -> ParameterError
    {
        invalidValue(NumberFormat.compact.format(value), for: parameter, why)
    }

    /// ``invalidValue(_:for:_:)-(String,ParameterDescription,_)`` for a parameter of a value.
    public static func invalidValue<Root>(_ text: String, for parameter: Parameter<Root>, _ why: String)
        -> ParameterError
    {
        invalidValue(text, for: parameter.description, why)
    }

    /// ``invalidValue(_:for:_:)-(Double,ParameterDescription,_)`` for a parameter of a value.
    public static func invalidValue<Root>(_ value: Double, for parameter: Parameter<Root>, _ why: String)
        -> ParameterError
    {
        invalidValue(value, for: parameter.description, why)
    }

    /// Throws ``invalidValue(_:for:_:)-(Double,ParameterDescription,_)`` with `it must be REQUIREMENT`
    /// unless `condition` holds.
    public static func require<Root>(
        _ condition: Bool, _ parameter: Parameter<Root>, _ value: Double, _ requirement: String
    ) throws(ParameterError) {
        if !condition { throw invalidValue(value, for: parameter, "it must be \(requirement)") }
    }
}
