import PopSimGeometry

/// A gesture or digitiser that cannot be built as asked: a parameter out of range, or a combination
/// no finger can perform (a swipe whose release velocity cannot be reached in its distance and time).
///
/// `parameter` is the library's name for the offending argument (e.g. `releaseVelocity`), so a front
/// end can restate the error in terms of the flag the user typed.
public struct SynthesisError: Error, Sendable, Equatable, CustomStringConvertible {
    public let parameter: String
    public let value: Double?
    /// What the value must be, or why the combination is impossible, and what to change.
    public let requirement: String

    public init(parameter: String, value: Double?, requirement: String) {
        self.parameter = parameter
        self.value = value
        self.requirement = requirement
    }

    /// The `parameter` of a run whose total work is too large (``ReleaseVelocityRoundTrip/maximumTotalSamples``):
    /// no one argument's fault, but their product.
    public static let totalSampleCount = "totalSampleCount"

    public var description: String {
        if parameter == Self.totalSampleCount { return "too many samples: \(requirement)" }
        if let value { return "invalid \(parameter) \(value): \(requirement)" }
        return "invalid \(parameter): \(requirement)"
    }

    static func check(_ value: Double, _ parameter: String, positive: Bool = false, nonNegative: Bool = false)
        throws(SynthesisError)
    {
        guard value.isFinite else {
            throw SynthesisError(parameter: parameter, value: value, requirement: "it must be a finite number")
        }
        if positive, !(value > 0) {
            throw SynthesisError(parameter: parameter, value: value, requirement: "it must be > 0")
        }
        if nonNegative, !(value >= 0) {
            throw SynthesisError(parameter: parameter, value: value, requirement: "it must be ≥ 0")
        }
    }

    static func check(_ point: Point, _ parameter: String) throws(SynthesisError) {
        guard point.x.isFinite, point.y.isFinite else {
            throw SynthesisError(parameter: parameter, value: nil, requirement: "coordinates must be finite numbers")
        }
    }
}
