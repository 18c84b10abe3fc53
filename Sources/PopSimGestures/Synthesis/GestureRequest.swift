import PopSimGeometry
import PopSimParameters
import PopSimTextIO

/// A synthesised gesture as one value: which gesture, its geometry and timing, the digitiser that scans
/// it and the seed. `popsim synth <kind>` writes its samples; `simulate --synth '<kind> …'` feeds them to
/// a model; both decode the same parameters (``parameters(for:)``) into it, and both go through
/// ``samples()``.
public struct GestureRequest: Sendable {
    /// The gestures PopSim synthesises, by their command-line names.
    public enum Kind: String, CaseIterable, Sendable {
        case tap
        case doubleTap = "double-tap"
        case longPress = "long-press"
        case pan
        case swipe
        case pinch
        /// A drag by a translation let go at a velocity: the gesture of every pipeline sweep point, which
        /// ``GestureScript/release(from:translation:releaseVelocity:moveDuration:rampDuration:profile:liftOff:touch:)``
        /// builds.
        case release

        /// The profile a gesture of this kind moves with unless told otherwise: a release, the drag
        /// of every pipeline decision, is a human one (its last moments drawn from the model fitted to
        /// recorded flings, ``HumanReleaseModel/corpus``), since the minimum-jerk drag's 50 ms ramp
        /// from rest reads at 60 Hz like no recorded fling (Documentation/thresholds.md); every other
        /// kind moves along a minimum-jerk profile.
        public var defaultProfile: MotionProfile.Name { self == .release ? .human : .minimumJerk }
    }

    public var kind: Kind
    public var from: Point?
    public var to: Point?
    public var center: Point?
    public var seconds: Double?
    public var roll = GestureScript.defaultRoll
    public var interval = GestureScript.defaultDoubleTapInterval
    public var hold = 0.0
    public var releaseVelocity: Double?
    /// A release's translation and its velocity when the lift-off begins (pt, pt/s).
    public var translation: Vector?
    public var velocity = Vector.zero
    /// A release's ramp into its velocity, s.
    public var ramp = GestureScript.defaultReleaseRampDuration
    public var liftOff = LiftOff.default
    /// The lift-off parameter given last (a human release has its own lift-off).
    public var liftOffGiven: LiftOffPart?
    public var measuredBy: VelocityEstimatorKind?

    /// A part of the lift-off: its duration or its end speed.
    public enum LiftOffPart: Sendable, Hashable {
        case duration, speedRatio
    }
    public var profile: MotionProfile.Name
    public var fromDistance: Double?
    public var toDistance: Double?
    public var angle = 0.0
    // The digitiser: a device preset, then each part given explicitly.
    public var device: DevicePreset?
    public var rate: Double?
    public var phase = 0.0
    public var noise = 0.0
    public var timeJitter = 0.0
    public var drop = 0.0
    public var scale: Double?
    public var displayRate: Double?
    public var stationary: Digitiser.StationaryPolicy?
    public var seed: UInt64 = 0

    public init(kind: Kind) {
        self.kind = kind
        profile = kind.defaultProfile
    }

    /// Without a pinch's two starting points or its starting distance, pinching fingers start 200 pt apart…
    public static let defaultPinchDistance = 200.0
    /// …and end a quarter of their distance apart (a pinch in) unless told otherwise.
    public static let defaultPinchRatio = 0.25

    /// The digitiser the request describes: the device's if one is given, then each explicit part.
    public var digitiser: Digitiser {
        var digitiser = device?.digitiser ?? Digitiser()
        if let rate { digitiser.sampleRate = rate }
        digitiser.phaseOffset = phase
        digitiser.positionNoise = noise
        digitiser.timestampJitter = timeJitter
        digitiser.dropProbability = drop
        if let scale { digitiser.scale = scale }
        if let displayRate { digitiser.delivery = .displayFrames(rate: displayRate) }
        if let stationary { digitiser.stationary = stationary }
        return digitiser
    }

    /// The samples, digitised as they are pulled (a swipe tuned to an estimator is built whole first,
    /// since tuning digitises it). Errors name the parameter as the text form writes it.
    public func samples() throws(ParameterError) -> SynthesisedSamples {
        do {
            if kind == .swipe, let model = profile.humanRelease {
                return SynthesisedSamples(
                    try digitiser.samples(
                        of: GestureScript.swipe(
                            from: from ?? .zero, to: to ?? .zero, releaseVelocity: releaseVelocity ?? 0,
                            human: model.release(seed: seed)),
                        seed: seed))
            }
            if kind == .swipe, let measuredBy {
                return SynthesisedSamples(
                    try GestureScript.swipe(
                        from: from ?? .zero, to: to ?? .zero, measuredVelocity: releaseVelocity ?? 0, by: measuredBy,
                        digitiser: digitiser,
                        seed: seed, duration: seconds, profile: profile.profile, liftOff: liftOff
                    ).stream)
            }
            return SynthesisedSamples(try digitiser.samples(of: script(), seed: seed))
        } catch let error as SynthesisError {
            throw parameterError(for: error)
        } catch let error as ParameterError {
            throw error
        } catch {
            throw ParameterError("\(error)")
        }
    }

    /// The gesture before digitising.
    public func script() throws -> GestureScript {
        let start = from ?? .zero
        switch kind {
        case .tap:
            return try GestureScript.tap(at: start, dwell: seconds ?? GestureScript.defaultTapDwell, roll: roll)
        case .doubleTap:
            return try GestureScript.doubleTap(
                at: start, dwell: seconds ?? GestureScript.defaultTapDwell, interval: interval, roll: roll)
        case .longPress:
            return try GestureScript.longPress(
                at: start, duration: seconds ?? GestureScript.defaultLongPressDuration, roll: roll)
        case .pan:
            return try GestureScript.pan(
                from: start, to: to ?? .zero, duration: seconds ?? GestureScript.defaultPanDuration,
                profile: profile.profile, holdBeforeRelease: hold)
        case .swipe:
            return try GestureScript.swipe(
                from: start, to: to ?? .zero, releaseVelocity: releaseVelocity ?? 0, duration: seconds,
                profile: profile.profile, liftOff: liftOff)
        case .release:
            var script: GestureScript?
            try releaseScript(into: &script)
            return script!
        case .pinch:
            let duration = seconds ?? GestureScript.defaultPinchDuration
            if let a = from, let b = to {
                return try GestureScript.pinch(
                    from: a, b, toDistance: toDistance ?? (b - a).length * Self.defaultPinchRatio,
                    duration: duration, profile: profile.profile)
            }
            let distance = fromDistance ?? Self.defaultPinchDistance
            return try GestureScript.pinch(
                center: center ?? .zero, fromDistance: distance,
                toDistance: toDistance ?? distance * Self.defaultPinchRatio,
                angle: angle * Double.pi / 180, duration: duration, profile: profile.profile)
        }
    }

    /// ``script()`` of a release, built in the storage of `script` (a release's script from an earlier
    /// call, or nil): what a pipeline sweep synthesises once per decision, without allocating once its
    /// storage is large enough. Any other kind is built anew.
    public func script(into script: inout GestureScript?) throws {
        guard kind == .release else {
            script = try self.script()
            return
        }
        try releaseScript(into: &script)
    }

    private func releaseScript(into script: inout GestureScript?) throws(SynthesisError) {
        let start = from ?? .zero
        let moveDuration = seconds ?? GestureScript.defaultReleaseMoveDuration
        if let model = profile.humanRelease {
            try GestureScript.release(
                into: &script, from: start, translation: translation ?? .zero, releaseVelocity: velocity,
                moveDuration: moveDuration, rampDuration: ramp, profile: profile.profile,
                human: model.release(seed: seed))
            return
        }
        try GestureScript.release(
            into: &script, from: start, translation: translation ?? .zero, releaseVelocity: velocity,
            moveDuration: moveDuration, rampDuration: ramp, profile: profile.profile, liftOff: liftOff)
    }

    /// Checks what one parameter cannot know alone.
    public func validate() throws(ParameterError) {
        if profile == .human {
            guard kind == .swipe || kind == .release else {
                throw .invalidValue(
                    profile.rawValue, for: Self.profileParameter,
                    "the human profile is a release while moving (swipes and pipeline gestures); "
                        + "a \(kind.rawValue) ends at rest"
                )
            }
            let given = [
                kind == .swipe ? seconds.map { _ in Self.swipeSecondsParameter } : nil,
                liftOffGiven.map { $0 == .duration ? Self.liftOffParameter : Self.liftOffRatioParameter },
                measuredBy.map { _ in Self.measuredByParameter },
            ]
            if let conflict = given.compactMap({ $0 }).first {
                let profileFlag = Self.profileParameter.flag
                let isDefault = profile == kind.defaultProfile
                throw ParameterError(
                    "\(conflict.flag) conflicts with "
                        + "\(profileFlag) \(profile.rawValue)\(isDefault ? " (a \(kind.rawValue)'s default)" : ""), "
                        + "whose release sets its own timing and lift-off; drop one"
                        + (isDefault
                            ? " or give \(profileFlag) \(MotionProfile.Name.minimumJerk.rawValue) for a ramp and a "
                                + "lift-off tail" : ""))
            }
        }
        guard kind == .pinch else { return }
        if (from == nil) != (to == nil) {
            throw ParameterError(
                "'popsim synth pinch' needs both \(Self.fromParameter.flag) and \(Self.toParameter.flag) "
                    + "(the two fingers' starting points), or neither")
        }
        if from != nil,
            let conflict = [
                (Self.centerParameter, center != nil), (Self.fromDistanceParameter, fromDistance != nil),
                (Self.angleParameter, angle != 0),
            ].first(where: \.1)?.0
        {
            throw ParameterError(
                "\(conflict.flag) conflicts with \(Self.fromToFlags), "
                    + "which already give the pinch's centre, axis and distance; give one or the other"
            )
        }
    }

    /// The parameter that sets each field a generator or the digitiser blames.
    static let parametersByField: [SynthesisError.Field: Parameter<GestureRequest>] = [
        .dwell: secondsParameter, .duration: secondsParameter, .seconds: secondsParameter,
        .releaseAt: secondsParameter, .interval: intervalParameter, .holdBeforeRelease: holdParameter,
        .releaseVelocity: releaseVelocityParameter, .liftOffSeconds: liftOffParameter,
        .liftOffSpeedRatio: liftOffRatioParameter, .fromDistance: fromDistanceParameter,
        .toDistance: toDistanceParameter, .angle: angleParameter, .center: centerParameter,
        .from: fromParameter, .start: fromParameter, .to: toParameter, .roll: rollParameter,
        .sampleRate: rateParameter, .phaseOffset: phaseParameter, .timestampJitter: timeJitterParameter,
        .dropProbability: dropParameter, .positionNoise: noiseParameter, .scale: scaleParameter,
        .displayRate: displayRateParameter,
    ]

    /// A release names its parameters after the pipeline's release, not a swipe's.
    static let releaseParametersByField: [SynthesisError.Field: Parameter<GestureRequest>] = [
        .releaseVelocity: velocityParameter, .moveDuration: secondsParameter, .rampDuration: rampParameter,
        .translation: translationParameter,
    ]

    /// The parameter of this request's kind that sets `field`, if one does.
    func parameter(for field: SynthesisError.Field) -> Parameter<GestureRequest>? {
        let handle = (kind == .release ? Self.releaseParametersByField[field] : nil) ?? Self.parametersByField[field]
        return handle.flatMap { Self.parameters(for: kind).parameter($0.description) }
    }

    /// The parameters a gesture's length (and so its sample count) follows from.
    static let lengthParameters = [
        secondsParameter, holdParameter, intervalParameter, fromParameter, toParameter, translationParameter,
        releaseVelocityParameter, velocityParameter, rampParameter, liftOffParameter, liftOffRatioParameter,
        fromDistanceParameter, toDistanceParameter, rateParameter, deviceParameter,
    ]

    private func parameterError(for error: SynthesisError) -> ParameterError {
        if error.field == .sampleCount {
            // The product of the gesture's length and the rate, not one parameter's value: the message
            // names the flags given that set them (never a default the user did not give).
            let parameters = Self.parameters(for: kind)
            let unset = GestureRequest(kind: kind)
            let given = Self.lengthParameters.filter { handle in
                guard let parameter = parameters.parameter(handle.description) else { return false }
                return parameter.value(in: self) != parameter.value(in: unset)
            }
            let from = given.isEmpty ? "" : " (it follows from \(given.map(\.flag).joined(separator: ", ")))"
            return ParameterError(
                "too many samples: \(error.requirement)\(from); make the gesture shorter or scan it at a lower rate")
        }
        guard let parameter = parameter(for: error.field) else { return ParameterError(error.description) }
        let given =
            parameter.value(in: self).flatMap(parameter.description.syntax.encode) ?? error.value.map(formatNumber)
            ?? ""
        return .invalidValue(given, for: parameter, error.requirement)
    }
}

extension GestureRequest {
    /// The words after `popsim synth <kind>` that make this request: every parameter whose value differs
    /// from a request given nothing, in the parameter list's order. `popsim synth` and `--synth` decode
    /// them back to this request.
    public var words: [String] {
        let parameters = Self.parameters(for: kind)
        let unset = GestureRequest(kind: kind)
        let assignments = parameters.parameters.compactMap { parameter -> Assignment<GestureRequest>? in
            guard let value = parameter.value(in: self), value != parameter.value(in: unset) else { return nil }
            return Assignment(parameter, value)
        }
        return ParameterWords.encode(assignments)
    }
}

/// A synthesised stream pulled one sample at a time: digitised as it goes, or (for a swipe tuned to
/// an estimator, which digitises while tuning) already in memory.
public struct SynthesisedSamples: IteratorProtocol {
    private var digitised: DigitisedSamples?
    private var stream: TouchStream?
    private var index = 0

    public init(_ digitised: DigitisedSamples) { self.digitised = digitised }

    public init(_ stream: TouchStream) { self.stream = stream }

    public mutating func next() -> TouchSample? {
        if digitised != nil { return digitised!.next() }
        guard let stream, index < stream.count else { return nil }
        index += 1
        return stream[index - 1]
    }
}
