import PopSimArgumentParsing
import PopSimGeometry
import PopSimGestures
import PopSimTextIO

/// What every `popsim synth <kind>` shares: the digitiser flags, the seed, the output, and turning
/// library errors into errors about the flags the user typed.
enum SynthFlags {
    /// Motion profiles by their flag names.
    enum ProfileName: String, CaseIterable {
        case linear
        case minJerk = "min-jerk"
        case easeInOut = "ease-in-out"

        var profile: MotionProfile {
            switch self {
            case .linear: return .linear
            case .minJerk: return .minimumJerk
            case .easeInOut: return .easeInOut
            }
        }
    }

    static let profileFlag = FlagSpec.option("--profile", "NAME", "motion profile: linear, min-jerk (default), ease-in-out")

    static let digitiserFlags: [FlagSpec] = [
        .option("--rate", "HZ", "digitiser scans per second (default 120, or the device's)"),
        .option("--phase", "S", "how long the finger was down at the first scan, in [0, 1/rate) (default 0)"),
        .option("--noise", "SIGMA", "Gaussian position noise per axis, pt (default 0)"),
        .option("--time-jitter", "SIGMA", "Gaussian timestamp noise, s, clamped to ±0.45 period (default 0)"),
        .option("--drop", "P", "probability that a moved sample is lost, in [0, 1) (default 0)"),
        .option("--scale", "S", "quantise positions to the pixel grid, 1/S pt (default: no quantisation)"),
        .option("--display-rate", "HZ", "deliver like UIKit: the latest sample per touch per display frame (default: every scan)"),
        .option("--stationary", "POLICY", "a scan where the finger did not move: omit (default) or report"),
        .option("--device", "NAME", "device preset: its touch-scan rate, pixel scale and display rate (see 'popsim devices'): " + DevicePreset.names),
        .option("--seed", "N", "seed of the random generator, 0…2^64−1 (default 0)"),
        .option("--output", "FILE", "write the CSV to FILE atomically (default: standard output)"),
    ]

    static let discussion = """
    output: CSV time,phase,x,y,touch (s, UIKit phase, pt, touch id); the first sample is 'began' at time 0,
    each touch ends with 'ended'; numbers in shortest round-trip form. The same flags and seed give
    byte-identical output on every run and machine.
    """

    /// The digitiser the flags describe: a device preset if given, then each explicit flag.
    static func digitiser(from arguments: ParsedArguments) throws -> Digitiser {
        var digitiser = try DeviceFlags.device(arguments)?.digitiser ?? Digitiser()
        if let rate = try arguments.positiveDouble("--rate") {
            digitiser.sampleRate = rate
        }
        digitiser.phaseOffset = try arguments.nonNegativeDouble("--phase", default: 0)
        digitiser.positionNoise = try arguments.nonNegativeDouble("--noise", default: 0)
        digitiser.timestampJitter = try arguments.nonNegativeDouble("--time-jitter", default: 0)
        digitiser.dropProbability = try arguments.nonNegativeDouble("--drop", default: 0)
        if let scale = try arguments.positiveDouble("--scale") { digitiser.scale = scale }
        if let displayRate = try arguments.positiveDouble("--display-rate") { digitiser.delivery = .displayFrames(rate: displayRate) }
        digitiser.stationary = try arguments.choice("--stationary", default: digitiser.stationary)
        return digitiser
    }

    static func seed(from arguments: ParsedArguments) throws -> UInt64 {
        guard let text = arguments.string("--seed") else { return 0 }
        guard let seed = UInt64(text) else {
            throw UsageError("invalid value '\(text)' for --seed: expected a whole number from 0 to 18446744073709551615")
        }
        return seed
    }

    static func point(_ name: String, _ arguments: ParsedArguments, default defaultValue: Point? = nil, kind: String) throws -> Point {
        if let (x, y) = try arguments.pair(name) { return Point(x: x, y: y) }
        if let defaultValue { return defaultValue }
        throw UsageError("'popsim synth \(kind)' needs \(name) X,Y")
    }

    static func vector(_ name: String, _ arguments: ParsedArguments, default defaultValue: Vector) throws -> Vector {
        guard let (dx, dy) = try arguments.pair(name) else { return defaultValue }
        return Vector(dx: dx, dy: dy)
    }

    static func profile(from arguments: ParsedArguments) throws -> MotionProfile {
        try arguments.choice("--profile", default: ProfileName.minJerk).profile
    }

    /// Builds the script, digitises it and writes the CSV; library errors become usage errors naming
    /// the flag.
    static func run(_ arguments: ParsedArguments, _ context: CommandContext, flagNames: [String: String],
                    _ makeScript: () throws -> GestureScript) throws {
        try run(arguments, context, flagNames: flagNames) { digitiser, seed in
            try makeScript().touchStream(digitiser: digitiser, seed: seed)
        }
    }

    /// As above, for commands that digitise themselves.
    static func run(_ arguments: ParsedArguments, _ context: CommandContext, flagNames: [String: String],
                    makeStream: (Digitiser, UInt64) throws -> TouchStream) throws {
        let digitiser = try digitiser(from: arguments)
        let seed = try seed(from: arguments)
        let stream: TouchStream
        do {
            stream = try makeStream(digitiser, seed)
        } catch let error as SynthesisError {
            throw usageError(for: error, arguments, flagNames: flagNames)
        }
        try context.withOutput(path: arguments.string("--output")) { out in
            let writer = try TouchStreamWriter(sink: out)
            try writer.write(contentsOf: stream)
        }
    }

    /// Library parameter names → flags, shared by every kind.
    static let commonFlagNames: [String: String] = [
        "sampleRate": "--rate", "phaseOffset": "--phase", "timestampJitter": "--time-jitter",
        "dropProbability": "--drop", "positionNoise": "--noise", "scale": "--scale", "displayRate": "--display-rate",
        "from": "--from", "to": "--to", "start": "--from", "roll": "--roll",
    ]

    static func usageError(for error: SynthesisError, _ arguments: ParsedArguments, flagNames: [String: String]) -> UsageError {
        guard let flag = flagNames[error.parameter] ?? commonFlagNames[error.parameter] else {
            return UsageError(error.description)
        }
        let given = arguments.string(flag) ?? error.value.map(formatNumber) ?? ""
        return UsageError("invalid value '\(given)' for \(flag): \(error.requirement)")
    }
}
