import PopSimArgumentParsing
import PopSimGeometry
import PopSimGestures
import PopSimTextIO

/// `popsim synth tap`: one tap.
enum SynthTapCommand: SynthesisCommand {
    static let spec = CommandSpec(
        path: ["synth", "tap"],
        summary: "synthesise a tap as a touch-stream CSV",
        flags: [
            SynthFlags.pointFlag("--from", "where the finger touches (default 0,0)"),
            .number("--seconds", "T", ValueRanges.duration, "contact time (default \(helpNumber(GestureScript.defaultTapDwell)), lyft/Hammer's lift delay)"),
            SynthFlags.rollFlag("finger roll during the first 0.1 s of contact, pt (default 0,1)"),
        ] + SynthFlags.digitiserFlags,
        discussion: SynthFlags.discussion)

    static func samples(_ arguments: ParsedArguments) throws -> SynthesisedSamples {
        let location = try SynthFlags.point("--from", arguments, default: .zero, kind: "tap")
        let dwell = try arguments.double("--seconds", default: GestureScript.defaultTapDwell)
        let roll = try SynthFlags.vector("--roll", arguments, default: GestureScript.defaultRoll)
        return try SynthFlags.samples(arguments, flagNames: ["dwell": "--seconds"]) {
            try GestureScript.tap(at: location, dwell: dwell, roll: roll)
        }
    }
}

/// `popsim synth double-tap`: two taps of one finger.
enum SynthDoubleTapCommand: SynthesisCommand {
    static let spec = CommandSpec(
        path: ["synth", "double-tap"],
        summary: "synthesise a double tap (two taps of touch 0) as a touch-stream CSV",
        flags: [
            SynthFlags.pointFlag("--from", "where the finger taps (default 0,0)"),
            .number("--seconds", "T", ValueRanges.duration, "contact time of each tap (default \(helpNumber(GestureScript.defaultTapDwell)))"),
            .number("--interval", "T", ValueRanges.duration, "from the first lift to the second touch-down (default \(helpNumber(GestureScript.defaultDoubleTapInterval)))"),
            SynthFlags.rollFlag("finger roll during each tap, pt (default 0,1)"),
        ] + SynthFlags.digitiserFlags,
        discussion: SynthFlags.discussion)

    static func samples(_ arguments: ParsedArguments) throws -> SynthesisedSamples {
        let location = try SynthFlags.point("--from", arguments, default: .zero, kind: "double-tap")
        let dwell = try arguments.double("--seconds", default: GestureScript.defaultTapDwell)
        let interval = try arguments.double("--interval", default: GestureScript.defaultDoubleTapInterval)
        let roll = try SynthFlags.vector("--roll", arguments, default: GestureScript.defaultRoll)
        return try SynthFlags.samples(arguments, flagNames: ["dwell": "--seconds", "interval": "--interval"]) {
            try GestureScript.doubleTap(at: location, dwell: dwell, interval: interval, roll: roll)
        }
    }
}

/// `popsim synth long-press`: a press held past iOS's 0.5 s.
enum SynthLongPressCommand: SynthesisCommand {
    static let spec = CommandSpec(
        path: ["synth", "long-press"],
        summary: "synthesise a long press as a touch-stream CSV",
        flags: [
            SynthFlags.pointFlag("--from", "where the finger presses (default 0,0)"),
            .number("--seconds", "T", ValueRanges.duration, "how long it is held (default \(helpNumber(GestureScript.defaultLongPressDuration)); iOS needs ≥ 0.5)"),
            SynthFlags.rollFlag("finger roll during the first 0.1 s, pt (default 0,1)"),
        ] + SynthFlags.digitiserFlags,
        discussion: SynthFlags.discussion)

    static func samples(_ arguments: ParsedArguments) throws -> SynthesisedSamples {
        let location = try SynthFlags.point("--from", arguments, default: .zero, kind: "long-press")
        let duration = try arguments.double("--seconds", default: GestureScript.defaultLongPressDuration)
        let roll = try SynthFlags.vector("--roll", arguments, default: GestureScript.defaultRoll)
        return try SynthFlags.samples(arguments, flagNames: ["duration": "--seconds"]) {
            try GestureScript.longPress(at: location, duration: duration, roll: roll)
        }
    }
}

/// `popsim synth pan`: a drag that stops (optionally resting before the lift).
enum SynthPanCommand: SynthesisCommand {
    static let spec = CommandSpec(
        path: ["synth", "pan"],
        summary: "synthesise a pan (drag from --from to --to) as a touch-stream CSV",
        flags: [
            SynthFlags.pointFlag("--from", "touch-down point (default 0,0)"),
            SynthFlags.pointFlag("--to", "where the drag ends (required)"),
            .number("--seconds", "T", ValueRanges.duration, "duration of the movement (default \(helpNumber(GestureScript.defaultPanDuration)), Selenium's move duration)"),
            SynthFlags.profileFlag,
            .number("--hold", "T", ValueRanges.nonNegativeDuration, "rest at --to before lifting, s (default 0; > 0.04 makes the release velocity 0)"),
        ] + SynthFlags.digitiserFlags,
        discussion: SynthFlags.discussion)

    static func samples(_ arguments: ParsedArguments) throws -> SynthesisedSamples {
        let from = try SynthFlags.point("--from", arguments, default: .zero, kind: "pan")
        let to = try SynthFlags.point("--to", arguments, kind: "pan")
        let duration = try arguments.double("--seconds", default: GestureScript.defaultPanDuration)
        let profile = try SynthFlags.profile(from: arguments)
        let hold = try arguments.double("--hold", default: 0)
        return try SynthFlags.samples(arguments, flagNames: ["seconds": "--seconds", "holdBeforeRelease": "--hold"]) {
            try GestureScript.pan(from: from, to: to, duration: duration, profile: profile, holdBeforeRelease: hold)
        }
    }
}

/// `popsim synth swipe`: a flick with a requested release velocity.
enum SynthSwipeCommand: SynthesisCommand {
    static let spec = CommandSpec(
        path: ["synth", "swipe"],
        summary: "synthesise a swipe/flick released at a requested velocity as a touch-stream CSV",
        flags: [
            SynthFlags.pointFlag("--from", "touch-down point (default 0,0)"),
            SynthFlags.pointFlag("--to", "lift-off point (required)"),
            .number("--release-velocity", "V", ValueRanges.speed, "finger speed along the path when the lift-off begins, pt/s (required)"),
            .number("--seconds", "T", ValueRanges.duration, "touch-down to lift-off (default: release in the middle of the profile)"),
            SynthFlags.profileFlag,
            .number("--lift-off", "T", ValueRanges.nonNegativeDuration, "duration of the deceleration while lifting, s (default \(helpNumber(LiftOff.default.seconds)); 0 = none)"),
            .number("--lift-off-ratio", "R", ValueRanges.nonNegative, "speed at lift-off ÷ release velocity (default \(helpNumber(LiftOff.default.speedRatio)))"),
            .option("--measured-by", "NAME", "tune the finger speed so that this estimator (lsq2, impulse, ios, swiftui) measures --release-velocity on the output"),
        ] + SynthFlags.digitiserFlags,
        discussion: SynthFlags.discussion + """

        The movement before the lift-off is the first part of the profile, released while still moving; without
        --seconds it is released in the middle (the speed peak of min-jerk), so T = 1.875·D/V for min-jerk.
        Check what each platform measures with 'popsim velocity --estimator NAME', or make one of them measure
        exactly --release-velocity with --measured-by NAME.
        """)

    static func samples(_ arguments: ParsedArguments) throws -> SynthesisedSamples {
        let from = try SynthFlags.point("--from", arguments, default: .zero, kind: "swipe")
        let to = try SynthFlags.point("--to", arguments, kind: "swipe")
        guard let velocity = try arguments.double("--release-velocity") else {
            throw UsageError("'popsim synth swipe' needs --release-velocity V (pt/s)")
        }
        let duration = try arguments.double("--seconds")
        let profile = try SynthFlags.profile(from: arguments)
        let liftOff = LiftOff(seconds: try arguments.double("--lift-off", default: LiftOff.default.seconds),
                              speedRatio: try arguments.double("--lift-off-ratio", default: LiftOff.default.speedRatio))
        let measuredBy = try arguments.choice("--measured-by", as: VelocityEstimatorKind.self)
        let flagNames = [
            "releaseVelocity": "--release-velocity", "duration": "--seconds", "seconds": "--seconds",
            "liftOff.seconds": "--lift-off", "liftOff.speedRatio": "--lift-off-ratio", "releaseAt": "--seconds",
        ]
        guard let measuredBy else {
            return try SynthFlags.samples(arguments, flagNames: flagNames) {
                try GestureScript.swipe(from: from, to: to, releaseVelocity: velocity, duration: duration, profile: profile, liftOff: liftOff)
            }
        }
        return try SynthFlags.samples(arguments, flagNames: flagNames) { digitiser, seed in
            try GestureScript.swipe(from: from, to: to, measuredVelocity: velocity, by: measuredBy, digitiser: digitiser,
                                    seed: seed, duration: duration, profile: profile, liftOff: liftOff).stream
        }
    }
}

/// `popsim synth pinch`: two fingers moving apart or together.
enum SynthPinchCommand: SynthesisCommand {
    /// Without --from/--to or --from-distance, fingers 200 pt apart…
    static let defaultFromDistance = 200.0
    /// …pinched in to a quarter of their distance (zoom out) unless --to-distance says otherwise.
    static let defaultPinchRatio = 0.25

    static let spec = CommandSpec(
        path: ["synth", "pinch"],
        summary: "synthesise a two-finger pinch (touches 0 and 1) as a touch-stream CSV",
        flags: [
            SynthFlags.pointFlag("--from", "where touch 0 starts; with --to, where touch 1 starts (sets the centre, axis and initial distance)"),
            SynthFlags.pointFlag("--to", "where touch 1 starts (with --from)"),
            SynthFlags.pointFlag("--center", "midpoint of the two fingers (default 0,0), instead of --from/--to"),
            .number("--from-distance", "D", ValueRanges.length, "initial distance between the fingers, pt (default \(helpNumber(defaultFromDistance))), instead of --from/--to"),
            .number("--to-distance", "D", ValueRanges.length, "final distance, pt (default a quarter of the initial: a pinch in; larger spreads = zoom in)"),
            .number("--angle", "DEG", .closed(-1e6, 1e6), "axis through the fingers, degrees clockwise from horizontal (default 0), instead of --from/--to"),
            .number("--seconds", "T", ValueRanges.duration, "duration (default \(helpNumber(GestureScript.defaultPinchDuration)))"),
            SynthFlags.profileFlag,
        ] + SynthFlags.digitiserFlags,
        discussion: SynthFlags.discussion + """

        pinch geometry: either --from A --to B (the fingers start at A and B and move along the line AB about
        its midpoint) or --center, --from-distance and --angle; --to-distance sets where they end.
        """)

    static func samples(_ arguments: ParsedArguments) throws -> SynthesisedSamples {
        let duration = try arguments.double("--seconds", default: GestureScript.defaultPinchDuration)
        let profile = try SynthFlags.profile(from: arguments)
        let flagNames = ["fromDistance": "--from-distance", "toDistance": "--to-distance", "angle": "--angle",
                         "center": "--center", "seconds": "--seconds", "from": "--from", "to": "--to"]
        if arguments.has("--from") || arguments.has("--to") {
            guard arguments.has("--from"), arguments.has("--to") else {
                throw UsageError("'popsim synth pinch' needs both --from and --to (the two fingers' starting points), or neither")
            }
            if let conflict = ["--center", "--from-distance", "--angle"].first(where: arguments.has) {
                throw UsageError("\(conflict) conflicts with --from/--to, which already give the pinch's centre, axis and distance; give one or the other")
            }
            let a = try SynthFlags.point("--from", arguments, kind: "pinch")
            let b = try SynthFlags.point("--to", arguments, kind: "pinch")
            let toDistance = try arguments.double("--to-distance", default: (b - a).length * defaultPinchRatio)
            return try SynthFlags.samples(arguments, flagNames: flagNames) {
                try GestureScript.pinch(from: a, b, toDistance: toDistance, duration: duration, profile: profile)
            }
        }
        let center = try SynthFlags.point("--center", arguments, default: .zero, kind: "pinch")
        let fromDistance = try arguments.double("--from-distance", default: defaultFromDistance)
        let toDistance = try arguments.double("--to-distance", default: fromDistance * defaultPinchRatio)
        let degrees = try arguments.double("--angle", default: 0)
        return try SynthFlags.samples(arguments, flagNames: flagNames) {
            try GestureScript.pinch(center: center, fromDistance: fromDistance, toDistance: toDistance,
                                    angle: degrees * Double.pi / 180, duration: duration, profile: profile)
        }
    }
}

