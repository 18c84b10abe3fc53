import PopSimGeometry

/// A gesture or digitiser that cannot be built as asked: a parameter out of range, or a combination
/// no finger can perform (a swipe whose release velocity cannot be reached in its distance and time).
///
/// `field` is the offending argument, typed, so a front end can restate the error in terms of the flag
/// the user typed (``GestureRequest`` maps each field to its parameter).
public struct SynthesisError: Error, Sendable, Equatable, CustomStringConvertible {
    public let field: Field
    public let value: Double?
    /// What the value must be, or why the combination is impossible, and what to change.
    public let requirement: String

    public init(field: Field, value: Double?, requirement: String) {
        self.field = field
        self.value = value
        self.requirement = requirement
    }

    /// The arguments of the gesture generators, the digitiser and the round trip that an error can
    /// blame; the raw value is the argument's name as the library spells it, which messages print.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case angle, center, from, fromDistance, initialVelocity, start, to, toDistance, translation
        case duration, dwell, hold, holdBeforeRelease, interval, moveDuration, rampDuration, releaseAt, seconds
        case releaseVelocity, roll
        case liftOffSeconds = "liftOff.seconds"
        case liftOffSpeedRatio = "liftOff.speedRatio"
        case carriedSpeedRatio, carryPeakRatio, releasePoint, riseTime, steadyTime
        case carriedSpeedCentre, carriedSpeedSpread, releaseWindow
        case meanReleasePoint, medianRiseTime, releasePointSpread, riseTimeSpread
        case displayRate, dropProbability, phaseOffset, positionNoise, sampleRate, scale, timestampJitter
        case downTime, fingers, segments, touches, trials
        /// A stream longer than ``Digitiser/maximumSamples``: the product of the gesture's length and the rate.
        case sampleCount
        /// A run whose total work is too large (``ReleaseVelocityRoundTrip/maximumTotalSamples``): no one
        /// argument's fault, but their product.
        case totalSampleCount
    }

    public var description: String {
        if field == .totalSampleCount { return "too many samples: \(requirement)" }
        if let value { return "invalid \(field.rawValue) \(value): \(requirement)" }
        return "invalid \(field.rawValue): \(requirement)"
    }

    static func check(_ value: Double, _ field: Field, positive: Bool = false, nonNegative: Bool = false)
        throws(SynthesisError)
    {
        guard value.isFinite else {
            throw SynthesisError(field: field, value: value, requirement: "it must be a finite number")
        }
        if positive, !(value > 0) {
            throw SynthesisError(field: field, value: value, requirement: "it must be > 0")
        }
        if nonNegative, !(value >= 0) {
            throw SynthesisError(field: field, value: value, requirement: "it must be ≥ 0")
        }
    }

    static func check(_ point: Point, _ field: Field) throws(SynthesisError) {
        guard point.x.isFinite, point.y.isFinite else {
            throw SynthesisError(field: field, value: nil, requirement: "coordinates must be finite numbers")
        }
    }
}
