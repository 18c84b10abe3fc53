import PopSimParameters
import PopSimTextIO

/// `popsim velocity-roundtrip` as a value: the swipes of a ``ReleaseVelocityRoundTrip`` and the rates
/// and noise levels they are digitised at.
public struct ReleaseVelocityRoundTripRequest: Sendable {
    public var check = ReleaseVelocityRoundTrip()
    public var profileName = MotionProfile.Name.minimumJerk
    public var rates: [Double] = [60, 120, 240]
    public var noiseLevels: [Double] = [0, 0.5, 1]

    public init() {}

    /// The most rates or noise levels one run compares.
    public static let maximumConditions = 64

    public static let parameters = ParameterList<ReleaseVelocityRoundTripRequest>([
        releaseVelocity, distance, seconds, profile, liftOff, liftOffRatio, rates, noiseLevels,
        .number(
            "time_jitter", \.check.timestampJitter, .nonNegative, placeholder: "SIGMA",
            "timestamp noise in every condition, s",
            default: "0"),
        .optionalNumber(
            "scale", \.check.scale, .pixelScale, placeholder: "S", "quantise to 1/S pt in every condition",
            default: "none"),
        .integer(
            "trials", \.check.trials, 1...100_000, "swipes per condition, random direction and phase", default: "64"),
        .seed("seed", \.check.seed, "seed"),
    ])

    private static func list(
        _ name: String, _ path: WritableKeyPath<ReleaseVelocityRoundTripRequest, [Double]> & Sendable,
        _ range: NumberRange,
        placeholder: String, _ summary: String, default defaultText: String
    ) -> Parameter<ReleaseVelocityRoundTripRequest> {
        Parameter(
            ParameterDescription(
                name: name,
                syntax: .list(.number(range, placeholder: "X"), separator: ",", maximumCount: maximumConditions),
                placeholder: placeholder, summary: summary, defaultText: defaultText),
            assign: { (request: inout ReleaseVelocityRoundTripRequest, value: ParameterValue) throws(ParameterError) in
                guard case let .list(items) = value else { return }
                request[keyPath: path] = items.compactMap { $0.plainNumbers?.first }
            })
    }

    static let releaseVelocity = Parameter<ReleaseVelocityRoundTripRequest>.number(
        "release_velocity", \.check.requestedVelocity, .speed, placeholder: "V", "requested release velocity, pt/s",
        default: "1500")
    static let distance = Parameter<ReleaseVelocityRoundTripRequest>.number(
        "distance", \.check.distance, .length, placeholder: "D", "swipe length, pt", default: "300")
    static let seconds = Parameter<ReleaseVelocityRoundTripRequest>.optionalNumber(
        "seconds", \.check.duration, .duration, placeholder: "T", "swipe duration",
        default: "release in the middle of the profile")
    static let liftOff = Parameter<ReleaseVelocityRoundTripRequest>.number(
        "lift_off", \.check.liftOff.seconds, .nonNegativeDuration, placeholder: "T", "lift-off deceleration, s",
        default: formatNumber(LiftOff.default.seconds))
    static let liftOffRatio = Parameter<ReleaseVelocityRoundTripRequest>.number(
        "lift_off_ratio", \.check.liftOff.speedRatio, .nonNegative, placeholder: "R",
        "speed at lift-off ÷ release velocity",
        default: formatNumber(LiftOff.default.speedRatio))
    static let rates = list("rates", \.rates, .rate, placeholder: "HZ,…", "digitiser rates", default: "60,120,240")
    static let noiseLevels = list(
        "noise_levels", \.noiseLevels, .nonNegative, placeholder: "SIGMA,…", "position noise levels, pt",
        default: "0,0.5,1")

    /// The parameter that sets what a swipe of the round trip blames, if one does.
    static func parameter(for field: SynthesisError.Field) -> Parameter<ReleaseVelocityRoundTripRequest>? {
        switch field {
        case .releaseVelocity: releaseVelocity
        case .duration: seconds
        case .liftOffSeconds: liftOff
        case .liftOffSpeedRatio: liftOffRatio
        case .sampleRate: rates
        case .positionNoise: noiseLevels
        case .to, .from: distance
        default: nil
        }
    }

    /// `--profile NAME`.
    static let profile = Parameter<ReleaseVelocityRoundTripRequest>.profile(\.profileName, "motion profile")

    /// Runs every condition; a swipe that cannot be built is an error naming its parameter.
    public func run() throws(ParameterError) -> [ReleaseVelocityRoundTrip.Result] {
        guard profileName.humanRelease == nil else {
            throw .invalidValue(
                profileName.rawValue, for: Self.profile,
                "the round trip synthesises lift-off tails; give linear, min-jerk or ease-in-out")
        }
        var check = self.check
        check.profile = profileName.profile
        do {
            return try check.run(rates: rates, noiseLevels: noiseLevels)
        } catch {
            guard let parameter = Self.parameter(for: error.field) else {
                throw ParameterError(error.description)
            }
            let value = parameter.value(in: self)
            let text = value.flatMap(parameter.description.syntax.encode) ?? error.value.map(formatNumber) ?? ""
            guard value == parameter.value(in: ReleaseVelocityRoundTripRequest()) else {
                throw .invalidValue(text, for: parameter, error.requirement)
            }
            // A default the user did not give: named as the default, never as a value given.
            throw ParameterError("the default \(parameter.description.flag) (\(text)): \(error.requirement)")
        }
    }
}
