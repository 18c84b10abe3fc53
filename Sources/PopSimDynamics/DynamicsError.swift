/// Why a dynamics value could not be built or evaluated. Every case names the offending input
/// and says what would be accepted, so a command-line front end can pass the text straight on.
public enum DynamicsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A parameter is out of its domain: `parameter` is the field (``Field/mass``, ``Field/dampingRatio``, …).
    case invalidParameter(parameter: Field, value: Double, requirement: String)
    /// A spring that never comes to rest (no damping) was asked for its settling time.
    case neverSettles(dampingRatio: Double)

    public var description: String {
        switch self {
        case let .invalidParameter(parameter, value, requirement):
            return "\(parameter.rawValue) = \(value) is invalid: it must be \(requirement)"
        case let .neverSettles(dampingRatio):
            return
                "a spring with damping ratio \(dampingRatio) never settles: "
                + "give a positive damping or an explicit duration"
        }
    }
}

extension DynamicsError {
    /// A field of a dynamics value, as the library spells it (what messages print): the fields of this
    /// module's types are constants; a model's configuration names its own (`window.safeAreaInsets`).
    public struct Field: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public init(_ name: String) { self.rawValue = name }

        public static let axes = Field("axes")
        public static let blendDuration = Field("blendDuration")
        public static let bounce = Field("bounce")
        public static let bounceRestDistance = Field("bounceRestDistance")
        public static let bounceStiffness = Field("bounceStiffness")
        public static let constant = Field("constant")
        public static let count = Field("count")
        public static let damping = Field("damping")
        public static let dampingRatio = Field("dampingRatio")
        public static let delay = Field("delay")
        public static let dimension = Field("dimension")
        public static let dragPerSecond = Field("dragPerSecond")
        public static let duration = Field("duration")
        public static let end = Field("end")
        public static let epsabs = Field("epsabs")
        public static let epsilon = Field("epsilon")
        public static let epsrel = Field("epsrel")
        public static let exponent = Field("exponent")
        public static let from = Field("from")
        public static let fromResponse = Field("fromResponse")
        public static let gradientTolerance = Field("gradientTolerance")
        public static let initialState = Field("initialState")
        public static let initialStateCount = Field("initialState.count")
        public static let initialStep = Field("initialStep")
        public static let initialVelocity = Field("initialVelocity")
        public static let interval = Field("interval")
        public static let mass = Field("mass")
        public static let maximumDampingRatio = Field("maximumDampingRatio")
        public static let maximumIterations = Field("maximumIterations")
        public static let maximumStep = Field("maximumStep")
        public static let maximumSteps = Field("maximumSteps")
        public static let minimumStep = Field("minimumStep")
        public static let ratePerMillisecond = Field("ratePerMillisecond")
        public static let remainingDistance = Field("remainingDistance")
        public static let response = Field("response")
        public static let restDistance = Field("restDistance")
        public static let snapPercent = Field("snapPercent")
        public static let speed = Field("speed")
        public static let start = Field("start")
        public static let startTime = Field("startTime")
        public static let state = Field("state")
        public static let stepTolerance = Field("stepTolerance")
        public static let stiffness = Field("stiffness")
        public static let time = Field("time")
        public static let to = Field("to")
        public static let toResponse = Field("toResponse")
        public static let velocity = Field("velocity")
        public static let x1 = Field("x1")
        public static let x2 = Field("x2")
        public static let y1 = Field("y1")
        public static let y2 = Field("y2")
    }

    /// A field named by its path in a model's configuration (`popovers[1].sourceFrame`).
    public static func invalidParameter(parameter: String, value: Double, requirement: String) -> DynamicsError {
        .invalidParameter(parameter: Field(parameter), value: value, requirement: requirement)
    }

    static func require(_ condition: Bool, _ parameter: Field, _ value: Double, _ requirement: String)
        throws(DynamicsError)
    {
        if !condition { throw .invalidParameter(parameter: parameter, value: value, requirement: requirement) }
    }

    static func requirePositive(_ value: Double, _ parameter: Field) throws(DynamicsError) {
        try require(value.isFinite && value > 0, parameter, value, "a positive finite number")
    }

    static func requireNonNegative(_ value: Double, _ parameter: Field) throws(DynamicsError) {
        try require(value.isFinite && value >= 0, parameter, value, "a finite number ≥ 0")
    }

    static func requireFinite(_ value: Double, _ parameter: Field) throws(DynamicsError) {
        try require(value.isFinite, parameter, value, "a finite number")
    }
}
