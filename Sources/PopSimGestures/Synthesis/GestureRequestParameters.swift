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
                point("from", \.from, "where the finger touches", default: "0,0"),
                seconds("contact time", default: GestureScript.defaultTapDwell, note: "lyft/Hammer's lift delay"),
                rollParameter("finger roll during the first 0.1 s of contact, pt"),
            ]
        case .doubleTap:
            gesture = [
                point("from", \.from, "where the finger taps", default: "0,0"),
                seconds("contact time of each tap", default: GestureScript.defaultTapDwell),
                .number(
                    "interval", \.interval, .duration, placeholder: "T", "from the first lift to the second touch-down",
                    default: compact(GestureScript.defaultDoubleTapInterval)),
                rollParameter("finger roll during each tap, pt"),
            ]
        case .longPress:
            gesture = [
                point("from", \.from, "where the finger presses", default: "0,0"),
                seconds(
                    "how long it is held", default: GestureScript.defaultLongPressDuration, note: "iOS needs ≥ 0.5"),
                rollParameter("finger roll during the first 0.1 s, pt"),
            ]
        case .pan:
            gesture = [
                point("from", \.from, "touch-down point", default: "0,0"),
                point("to", \.to, "where the drag ends", isRequired: true),
                seconds(
                    "duration of the movement", default: GestureScript.defaultPanDuration,
                    note: "Selenium's move duration"),
                .profile(\.profile, "motion profile", default: kind.defaultProfile),
                .number(
                    "hold", \.hold, .nonNegativeDuration, placeholder: "T",
                    "rest at --to before lifting, s; > 0.04 makes the release velocity 0", default: "0"),
            ]
        case .swipe:
            gesture =
                [
                    point("from", \.from, "touch-down point", default: "0,0"),
                    point("to", \.to, "lift-off point", isRequired: true),
                    Parameter.optionalNumber(
                        "release_velocity", \.releaseVelocity, .speed, placeholder: "V",
                        releaseVelocitySummary
                    )
                    .described(releaseVelocitySummary, isRequired: true),
                    swipeSecondsParameter,
                    .profile(
                        \.profile,
                        "motion profile; human: the last moments of a fling drawn from the model "
                            + "fitted to recorded flings (Documentation/gestures.md §8)", default: kind.defaultProfile),
                ] + liftOffParameters + [measuredByParameter]
        case .release:
            gesture =
                [
                    point("from", \.from, "touch-down point", default: "0,0"),
                    Parameter(
                        ParameterDescription(
                            name: "translation",
                            syntax: .numbers(.point("DX", "DY"), ranges: [.coordinate, .coordinate], words: []),
                            summary: "where the finger lifts, from the touch-down point, pt", isRequired: true),
                        read: { request in request.translation.map { .numbers([$0.dx, $0.dy]) } },
                        assign: { (request: inout GestureRequest, value: ParameterValue) throws(ParameterError) in
                            if let n = value.plainNumbers, n.count == 2 {
                                request.translation = Vector(dx: n[0], dy: n[1])
                            }
                        }),
                    .numbers(
                        "velocity", [\.velocity.dx, \.velocity.dy], shape: .point("VX", "VY"), [.velocity],
                        "finger velocity when the lift-off begins, pt/s; 0,0 lifts at rest", default: "0,0"),
                    .optionalNumber(
                        "seconds", \.seconds, .duration, placeholder: "T", "the movement before the ramp",
                        default: compact(GestureScript.defaultReleaseMoveDuration)),
                    .number(
                        "ramp", \.ramp, .duration, placeholder: "T",
                        "constant acceleration into the release velocity, s",
                        default: compact(GestureScript.defaultReleaseRampDuration)),
                    .profile(
                        \.profile,
                        "the finger's motion; human: the movement, then the release drawn from the model fitted "
                            + "to recorded flings (Documentation/gestures.md §8); min-jerk: the movement, a ramp "
                            + "into the velocity and the lift-off tail (popsim 0.3.0's pipeline drag)",
                        default: kind.defaultProfile),
                ] + liftOffParameters
        case .pinch:
            gesture = [
                point(
                    "from", \.from,
                    "where touch 0 starts; with --to, where touch 1 starts (sets the centre, axis and initial distance)"
                ),
                point("to", \.to, "where touch 1 starts (with --from)"),
                centerParameter, fromDistanceParameter,
                .optionalNumber(
                    "to_distance", \.toDistance, .length, placeholder: "D",
                    "final distance, pt; larger spreads = zoom in", default: "a quarter of the initial: a pinch in"),
                angleParameter,
                seconds("duration", default: GestureScript.defaultPinchDuration),
                .profile(\.profile, "motion profile", default: kind.defaultProfile),
            ]
        }
        return ParameterList(gesture) + digitiserParameters
    }

    /// What every gesture is scanned with.
    public static let digitiserParameters = ParameterList<GestureRequest>([
        .optionalNumber(
            "rate", \.rate, .rate, placeholder: "HZ", "digitiser scans per second", default: "120, or the device's"),
        .number(
            "phase", \.phase, .from(0, below: 1e6), placeholder: "S",
            "how long the finger was down at the first scan, less than 1/rate",
            default: "0"),
        .number(
            "noise", \.noise, .nonNegative, placeholder: "SIGMA", "Gaussian position noise per axis, pt", default: "0"),
        .number(
            "time_jitter", \.timeJitter, .nonNegative, placeholder: "SIGMA",
            "Gaussian timestamp noise, s, clamped to ±0.45 period",
            default: "0"),
        .number(
            "drop", \.drop, .from(0, below: 1), placeholder: "P", "probability that a moved sample is lost",
            default: "0"),
        .optionalNumber(
            "scale", \.scale, .pixelScale, placeholder: "S", "quantise positions to the pixel grid, 1/S pt",
            default: "no quantisation"),
        .optionalNumber(
            "display_rate", \.displayRate, .rate, placeholder: "HZ",
            "deliver like UIKit: the latest sample per touch per display frame", default: "every scan"),
        Parameter(
            ParameterDescription(
                name: "stationary", syntax: .choice(Digitiser.StationaryPolicy.allCases.map(\.rawValue)),
                placeholder: "POLICY", summary: "a scan where the finger did not move", defaultText: "omit"),
            read: { $0.stationary.map { .word($0.rawValue) } },
            assign: { (request: inout GestureRequest, value: ParameterValue) throws(ParameterError) in
                if case let .word(word) = value { request.stationary = Digitiser.StationaryPolicy(rawValue: word) }
            }),
        .device(\.device, "device preset: its touch-scan rate, pixel scale and display rate (see 'popsim devices')"),
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
    static let swipeSecondsParameter = Parameter<GestureRequest>.optionalNumber(
        "seconds", \.seconds, .duration, placeholder: "T", "touch-down to lift-off",
        default: "release in the middle of the profile")

    /// `--measured-by NAME`.
    static let measuredByParameter = Parameter<GestureRequest>(
        ParameterDescription(
            name: "measured_by", syntax: .choice(VelocityEstimatorKind.allCases.map(\.rawValue)),
            summary: "tune the finger speed so that this estimator measures --release-velocity on the output"),
        read: { $0.measuredBy.map { .word($0.rawValue) } },
        assign: { (request: inout GestureRequest, value: ParameterValue) throws(ParameterError) in
            if case let .word(word) = value { request.measuredBy = VelocityEstimatorKind(rawValue: word) }
        })

    /// A pinch's `--center X,Y`.
    static let centerParameter = point(
        "center", \.center, "midpoint of the two fingers, instead of --from/--to", default: "0,0")

    /// `--from-distance D`.
    static let fromDistanceParameter = Parameter<GestureRequest>.optionalNumber(
        "from_distance", \.fromDistance, .length, placeholder: "D",
        "initial distance between the fingers, pt, instead of --from/--to", default: compact(defaultPinchDistance))

    /// `--angle DEG`.
    static let angleParameter = Parameter<GestureRequest>.number(
        "angle", \.angle, .closed(-1e6, 1e6), placeholder: "DEG",
        "axis through the fingers, degrees clockwise from horizontal, instead of --from/--to", default: "0")

    private static let releaseVelocitySummary =
        "finger speed along the path when the lift-off begins (human profile: the release's peak speed), pt/s"

    private static func seconds(_ summary: String, default value: Double, note: String? = nil) -> Parameter<
        GestureRequest
    > {
        .optionalNumber(
            "seconds", \.seconds, .duration, placeholder: "T", summary,
            default: compact(value) + (note.map { ", " + $0 } ?? ""))
    }

    /// `--profile NAME`, as messages name it.
    static let profileParameter = Parameter<GestureRequest>.profile(\.profile, "motion profile")

    private static func rollParameter(_ summary: String) -> Parameter<GestureRequest> {
        .numbers(
            "roll", [\.roll.dx, \.roll.dy], shape: .point("DX", "DY"), [.coordinate], summary,
            default: "\(compact(GestureScript.defaultRoll.dx)),\(compact(GestureScript.defaultRoll.dy))")
    }

    /// The request `assignments` describe for `kind`, checked.
    public static func make(_ kind: Kind, _ assignments: [AnyAssignment]) throws(ParameterError) -> GestureRequest {
        let request = try parameters(for: kind).applying(assignments, to: GestureRequest(kind: kind))
        try request.validate()
        return request
    }
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
