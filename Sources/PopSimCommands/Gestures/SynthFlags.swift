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

    /// Where a finger touches or moves to, pt.
    static func pointFlag(_ name: String, _ help: String) -> FlagSpec { .pair(name, "X,Y", ValueRanges.coordinate, help) }

    /// Finger roll during contact, pt.
    static func rollFlag(_ help: String) -> FlagSpec { .pair("--roll", "DX,DY", ValueRanges.coordinate, help) }

    static let digitiserFlags: [FlagSpec] = [
        .number("--rate", "HZ", ValueRanges.rate, "digitiser scans per second (default 120, or the device's)"),
        .number("--phase", "S", .from(0, below: 1e6), "how long the finger was down at the first scan, less than 1/rate (default 0)"),
        .number("--noise", "SIGMA", ValueRanges.nonNegative, "Gaussian position noise per axis, pt (default 0)"),
        .number("--time-jitter", "SIGMA", ValueRanges.nonNegative, "Gaussian timestamp noise, s, clamped to ±0.45 period (default 0)"),
        .number("--drop", "P", .from(0, below: 1), "probability that a moved sample is lost (default 0)"),
        .number("--scale", "S", .above(0, through: 1e6), "quantise positions to the pixel grid, 1/S pt (default: no quantisation)"),
        .number("--display-rate", "HZ", ValueRanges.rate, "deliver like UIKit: the latest sample per touch per display frame (default: every scan)"),
        .option("--stationary", "POLICY", "a scan where the finger did not move: omit (default) or report"),
        .option("--device", "NAME", "device preset: its touch-scan rate, pixel scale and display rate (see 'popsim devices'): " + DevicePreset.names),
        .seed("--seed", "seed of the random generator (default 0)"),
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
        if let rate = try arguments.double("--rate") {
            digitiser.sampleRate = rate
        }
        digitiser.phaseOffset = try arguments.double("--phase", default: 0)
        digitiser.positionNoise = try arguments.double("--noise", default: 0)
        digitiser.timestampJitter = try arguments.double("--time-jitter", default: 0)
        digitiser.dropProbability = try arguments.double("--drop", default: 0)
        if let scale = try arguments.double("--scale") { digitiser.scale = scale }
        if let displayRate = try arguments.double("--display-rate") { digitiser.delivery = .displayFrames(rate: displayRate) }
        digitiser.stationary = try arguments.choice("--stationary", default: digitiser.stationary)
        return digitiser
    }

    static func seed(from arguments: ParsedArguments) throws -> UInt64 {
        try arguments.unsignedInteger("--seed") ?? 0
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

    /// Builds the script and starts digitising it; library errors become usage errors naming the flag.
    static func samples(_ arguments: ParsedArguments, flagNames: [String: String],
                        _ makeScript: () throws -> GestureScript) throws -> SynthesisedSamples {
        let digitiser = try digitiser(from: arguments)
        let seed = try seed(from: arguments)
        do {
            return SynthesisedSamples(try digitiser.samples(of: makeScript(), seed: seed))
        } catch let error as SynthesisError {
            throw usageError(for: error, arguments, flagNames: flagNames)
        }
    }

    /// As above, for kinds that digitise themselves (and need the whole stream to do so).
    static func samples(_ arguments: ParsedArguments, flagNames: [String: String],
                        makeStream: (Digitiser, UInt64) throws -> TouchStream) throws -> SynthesisedSamples {
        let digitiser = try digitiser(from: arguments)
        let seed = try seed(from: arguments)
        do {
            return SynthesisedSamples(try makeStream(digitiser, seed))
        } catch let error as SynthesisError {
            throw usageError(for: error, arguments, flagNames: flagNames)
        }
    }

    /// Library parameter names → flags, shared by every kind.
    static let commonFlagNames: [String: String] = [
        "sampleRate": "--rate", "phaseOffset": "--phase", "timestampJitter": "--time-jitter",
        "dropProbability": "--drop", "positionNoise": "--noise", "scale": "--scale", "displayRate": "--display-rate",
        "from": "--from", "to": "--to", "start": "--from", "roll": "--roll",
    ]

    static func usageError(for error: SynthesisError, _ arguments: ParsedArguments, flagNames: [String: String]) -> UsageError {
        if error.parameter == "sampleCount" {
            // The product of the gesture's length and the rate, not one flag's value.
            return UsageError("too many samples: \(error.requirement); shorten the gesture (--seconds, --hold, --interval) or lower --rate")
        }
        guard let flag = flagNames[error.parameter] ?? commonFlagNames[error.parameter] else {
            return UsageError(error.description)
        }
        let given = arguments.string(flag).map { DiagnosticText.excerpt($0) } ?? error.value.map(formatNumber) ?? ""
        return UsageError("invalid value '\(given)' for \(flag): \(error.requirement)")
    }
}

/// A `popsim synth <kind>` command: it produces samples, which `synth` writes as CSV and
/// `simulate --synth` feeds to a model without writing them.
protocol SynthesisCommand: Command {
    /// The samples the flags describe, ready to be pulled one at a time.
    static func samples(_ arguments: ParsedArguments) throws -> SynthesisedSamples
}

extension SynthesisCommand {
    /// Writes the samples as CSV as they are produced (memory does not grow with the gesture).
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        var samples = try samples(arguments)
        try context.withOutput(path: arguments.string("--output")) { out in
            let writer = try TouchStreamWriter(sink: out)
            while let sample = samples.next() { try writer.write(sample) }
        }
    }
}

/// A synthesised stream pulled one sample at a time: digitised as it goes, or (for a swipe tuned to
/// an estimator, which digitises while tuning) already in memory.
struct SynthesisedSamples: IteratorProtocol {
    private var digitised: DigitisedSamples?
    private var stream: TouchStream?
    private var index = 0

    init(_ digitised: DigitisedSamples) { self.digitised = digitised }

    init(_ stream: TouchStream) { self.stream = stream }

    mutating func next() -> TouchSample? {
        if digitised != nil { return digitised!.next() }
        guard let stream, index < stream.count else { return nil }
        index += 1
        return stream[index - 1]
    }
}
