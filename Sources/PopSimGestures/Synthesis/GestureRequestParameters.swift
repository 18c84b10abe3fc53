import PopSimGeometry
import PopSimParameters
import PopSimTextIO

extension GestureRequest {
    /// The parameters of `kind`: its geometry and timing, then the digitiser's.
    public static func parameters(for kind: Kind) -> ParameterList<GestureRequest> {
        let gesture: [Parameter<GestureRequest>]
        switch kind {
        case .tap:
            gesture = [
                fromParameter.described("where the finger touches"),
                seconds("contact time", default: GestureScript.defaultTapDwell, note: "lyft/Hammer's lift delay"),
                rollParameter.described("finger roll during the first 0.1 s of contact, pt"),
            ]
        case .doubleTap:
            gesture = [
                fromParameter.described("where the finger taps"),
                seconds("contact time of each tap", default: GestureScript.defaultTapDwell),
                intervalParameter,
                rollParameter.described("finger roll during each tap, pt"),
            ]
        case .longPress:
            gesture = [
                fromParameter.described("where the finger presses"),
                seconds(
                    "how long it is held", default: GestureScript.defaultLongPressDuration, note: "iOS needs ≥ 0.5"),
                rollParameter.described("finger roll during the first 0.1 s, pt"),
            ]
        case .pan:
            gesture = [
                fromParameter,
                toParameter.described("where the drag ends", isRequired: true),
                seconds(
                    "duration of the movement", default: GestureScript.defaultPanDuration,
                    note: "Selenium's move duration"),
                .profile(\.profile, "motion profile", default: kind.defaultProfile),
                holdParameter,
            ]
        case .swipe:
            gesture =
                [
                    fromParameter,
                    toParameter.described("lift-off point", isRequired: true),
                    releaseVelocityParameter,
                    swipeSecondsParameter,
                    .profile(
                        \.profile,
                        "motion profile; human: the last moments of a fling drawn from the model "
                            + "fitted to recorded flings (Documentation/gestures.md §8)", default: kind.defaultProfile),
                ] + liftOffParameters + [measuredByParameter]
        case .release:
            gesture =
                [
                    fromParameter,
                    translationParameter, velocityParameter,
                    seconds("the movement before the ramp", default: GestureScript.defaultReleaseMoveDuration),
                    rampParameter,
                    .profile(
                        \.profile,
                        "the finger's motion; human: the movement, then the release drawn from the model fitted "
                            + "to recorded flings (Documentation/gestures.md §8); min-jerk: the movement, a ramp "
                            + "into the velocity and the lift-off tail (popsim 0.3.0's pipeline drag)",
                        default: kind.defaultProfile),
                ] + liftOffParameters
        case .pinch:
            gesture = [
                fromParameter.described(
                    "where touch 0 starts; with \(toParameter.flag), where touch 1 starts "
                        + "(sets the centre, axis and initial distance)",
                    defaultText: .some(nil)),
                toParameter.described("where touch 1 starts (with \(fromParameter.flag))"),
                centerParameter, fromDistanceParameter,
                toDistanceParameter,
                angleParameter,
                seconds("duration", default: GestureScript.defaultPinchDuration),
                .profile(\.profile, "motion profile", default: kind.defaultProfile),
            ]
        }
        return ParameterList(gesture) + digitiserParameters
    }

    /// What every gesture is scanned with.
    public static let digitiserParameters = ParameterList<GestureRequest>([
        rateParameter, phaseParameter, noiseParameter, timeJitterParameter, dropParameter, scaleParameter,
        displayRateParameter,
        Parameter(
            ParameterDescription(
                name: "stationary", syntax: .choice(Digitiser.StationaryPolicy.allCases.map(\.rawValue)),
                placeholder: "POLICY", summary: "a scan where the finger did not move", defaultText: "omit"),
            read: { $0.stationary.map { .word($0.rawValue) } },
            assign: { (request: inout GestureRequest, value: ParameterValue) throws(ParameterError) in
                if case let .word(word) = value { request.stationary = Digitiser.StationaryPolicy(rawValue: word) }
            }),
        deviceParameter,
        .seed("seed", \.seed, "seed of the random generator"),
    ])

    private static func point(
        _ name: String, _ path: WritableKeyPath<GestureRequest, Point?> & Sendable, _ summary: String,
        default defaultText: String? = nil, isRequired: Bool = false
    ) -> Parameter<GestureRequest> {
        Parameter(
            ParameterDescription(
                name: name, syntax: .numbers(.point(), ranges: [.coordinate, .coordinate], words: []),
                summary: summary, defaultText: defaultText, isRequired: isRequired),
            read: { request in request[keyPath: path].map { .numbers([$0.x, $0.y]) } },
            assign: { (request: inout GestureRequest, value: ParameterValue) throws(ParameterError) in
                if let n = value.plainNumbers, n.count == 2 { request[keyPath: path] = Point(x: n[0], y: n[1]) }
            })
    }

    /// What a swipe's velocity means: the speed where the lift-off tail starts, or the human release's peak.
    /// The ``LiftOff`` tail of a swipe or release: its duration and the speed it ends at.
    private static let liftOffParameters = [liftOffParameter, liftOffRatioParameter]

    /// `--lift-off T`.
    static let liftOffParameter = Parameter<GestureRequest>.number(
        "lift_off", \.liftOff.seconds, .nonNegativeDuration, placeholder: "T",
        "duration of the deceleration while lifting, s; 0 = none", default: compact(LiftOff.default.seconds)
    )
    .followed(by: { $0.liftOffGiven = .duration })

    /// `--lift-off-ratio R`.
    static let liftOffRatioParameter = Parameter<GestureRequest>.number(
        "lift_off_ratio", \.liftOff.speedRatio, .nonNegative, placeholder: "R",
        "speed at lift-off ÷ release velocity", default: compact(LiftOff.default.speedRatio)
    )
    .followed(by: { $0.liftOffGiven = .speedRatio })

    /// A swipe's `--seconds T`.
    static let swipeSecondsParameter = secondsParameter.described(
        "touch-down to lift-off", defaultText: "release in the middle of the profile")

    /// `--seconds T`: how long the gesture, or its movement, lasts; each kind says which.
    static let secondsParameter = Parameter<GestureRequest>.optionalNumber(
        "seconds", \.seconds, .duration, placeholder: "T", "duration of the gesture")

    /// `--measured-by NAME`.
    static let measuredByParameter = Parameter<GestureRequest>(
        ParameterDescription(
            name: "measured_by", syntax: .choice(VelocityEstimatorKind.allCases.map(\.rawValue)),
            summary:
                "tune the finger speed so that this estimator measures \(releaseVelocityParameter.flag) on the output"),
        read: { $0.measuredBy.map { .word($0.rawValue) } },
        assign: { (request: inout GestureRequest, value: ParameterValue) throws(ParameterError) in
            if case let .word(word) = value { request.measuredBy = VelocityEstimatorKind(rawValue: word) }
        })

    /// A pinch's `--center X,Y`.
    static let centerParameter = point(
        "center", \.center, "midpoint of the two fingers, instead of \(fromToFlags)", default: "0,0")

    /// `--from-distance D`.
    static let fromDistanceParameter = Parameter<GestureRequest>.optionalNumber(
        "from_distance", \.fromDistance, .length, placeholder: "D",
        "initial distance between the fingers, pt, instead of \(fromToFlags)", default: compact(defaultPinchDistance))

    /// `--angle DEG`.
    static let angleParameter = Parameter<GestureRequest>.number(
        "angle", \.angle, .closed(-1e6, 1e6), placeholder: "DEG",
        "axis through the fingers, degrees clockwise from horizontal, instead of \(fromToFlags)", default: "0")

    private static let releaseVelocitySummary =
        "finger speed along the path when the lift-off begins (human profile: the release's peak speed), pt/s"

    private static func seconds(_ summary: String, default value: Double, note: String? = nil) -> Parameter<
        GestureRequest
    > {
        secondsParameter.described(summary, defaultText: compact(value) + (note.map { ", " + $0 } ?? ""))
    }

    /// `--profile NAME`, as messages name it.
    static let profileParameter = Parameter<GestureRequest>.profile(\.profile, "motion profile")

    /// `--roll DX,DY`: how far the contact centre rolls while the finger settles.
    static let rollParameter = Parameter<GestureRequest>.numbers(
        "roll", [\.roll.dx, \.roll.dy], shape: .point("DX", "DY"), [.coordinate], "finger roll, pt",
        default: "\(compact(GestureScript.defaultRoll.dx)),\(compact(GestureScript.defaultRoll.dy))")

    /// `--from X,Y`: where the finger (a pinch's touch 0) touches down.
    public static let fromParameter = point("from", \.from, "touch-down point", default: "0,0")

    /// `--to X,Y`: where the finger lifts (a pinch's touch 1 starts).
    public static let toParameter = point("to", \.to, "lift-off point")

    /// `--from/--to`, as a pinch's alternatives name the pair.
    static var fromToFlags: String { "\(fromParameter.flag)/\(toParameter.flag)" }

    /// A double tap's `--interval T`.
    static let intervalParameter = Parameter<GestureRequest>.number(
        "interval", \.interval, .duration, placeholder: "T", "from the first lift to the second touch-down",
        default: compact(GestureScript.defaultDoubleTapInterval))

    /// A pan's `--hold T`.
    static let holdParameter = Parameter<GestureRequest>.number(
        "hold", \.hold, .nonNegativeDuration, placeholder: "T",
        "rest at \(toParameter.flag) before lifting, s; > 0.04 makes the release velocity 0", default: "0")

    /// A swipe's `--release-velocity V`.
    static let releaseVelocityParameter = Parameter<GestureRequest>.optionalNumber(
        "release_velocity", \.releaseVelocity, .speed, placeholder: "V", releaseVelocitySummary
    )
    .described(releaseVelocitySummary, isRequired: true)

    /// A release's `--translation DX,DY`.
    static let translationParameter = Parameter<GestureRequest>(
        ParameterDescription(
            name: "translation",
            syntax: .numbers(.point("DX", "DY"), ranges: [.coordinate, .coordinate], words: []),
            summary: "where the finger lifts, from the touch-down point, pt", isRequired: true),
        read: { request in request.translation.map { .numbers([$0.dx, $0.dy]) } },
        assign: { (request: inout GestureRequest, value: ParameterValue) throws(ParameterError) in
            if let n = value.plainNumbers, n.count == 2 {
                request.translation = Vector(dx: n[0], dy: n[1])
            }
        })

    /// A release's `--velocity VX,VY`.
    static let velocityParameter = Parameter<GestureRequest>.numbers(
        "velocity", [\.velocity.dx, \.velocity.dy], shape: .point("VX", "VY"), [.velocity],
        "finger velocity when the lift-off begins, pt/s; 0,0 lifts at rest", default: "0,0")

    /// A release's `--ramp T`.
    static let rampParameter = Parameter<GestureRequest>.number(
        "ramp", \.ramp, .duration, placeholder: "T",
        "constant acceleration into the release velocity, s",
        default: compact(GestureScript.defaultReleaseRampDuration))

    /// A pinch's `--to-distance D`.
    static let toDistanceParameter = Parameter<GestureRequest>.optionalNumber(
        "to_distance", \.toDistance, .length, placeholder: "D",
        "final distance, pt; larger spreads = zoom in", default: "a quarter of the initial: a pinch in")

    // The digitiser's parts.
    static let rateParameter = Parameter<GestureRequest>.optionalNumber(
        "rate", \.rate, .rate, placeholder: "HZ", "digitiser scans per second", default: "120, or the device's")
    static let phaseParameter = Parameter<GestureRequest>.number(
        "phase", \.phase, .from(0, below: 1e6), placeholder: "S",
        "how long the finger was down at the first scan, less than 1/rate",
        default: "0")
    static let noiseParameter = Parameter<GestureRequest>.number(
        "noise", \.noise, .nonNegative, placeholder: "SIGMA", "Gaussian position noise per axis, pt", default: "0")
    static let timeJitterParameter = Parameter<GestureRequest>.number(
        "time_jitter", \.timeJitter, .nonNegative, placeholder: "SIGMA",
        "Gaussian timestamp noise, s, clamped to ±0.45 period",
        default: "0")
    static let dropParameter = Parameter<GestureRequest>.number(
        "drop", \.drop, .from(0, below: 1), placeholder: "P", "probability that a moved sample is lost",
        default: "0")
    static let scaleParameter = Parameter<GestureRequest>.optionalNumber(
        "scale", \.scale, .pixelScale, placeholder: "S", "quantise positions to the pixel grid, 1/S pt",
        default: "no quantisation")
    static let displayRateParameter = Parameter<GestureRequest>.optionalNumber(
        "display_rate", \.displayRate, .rate, placeholder: "HZ",
        "deliver like UIKit: the latest sample per touch per display frame", default: "every scan")
    static let deviceParameter = Parameter<GestureRequest>.device(
        \.device, "device preset: its touch-scan rate, pixel scale and display rate (see 'popsim devices')")

    /// The request `assignments` describe for `kind`, checked.
    public static func make(_ kind: Kind, _ assignments: [AnyAssignment]) throws(ParameterError) -> GestureRequest {
        let request = try parameters(for: kind).applying(assignments, to: GestureRequest(kind: kind))
        try request.validate()
        return request
    }
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
