import PopSimParameters
import PopSimTextIO

/// When the display draws, beyond its rate: frames at listed instants, dropped or jittered frames, a
/// rate that steps down while the run goes on (``FrameIrregularity``, ``RefreshRateRamp``). What
/// `simulate` and pipeline sweeps take as `--frame-times`, `--frame-drops`, `--frame-jitter` and
/// `--rate-steps`; a regular clock by default.
public struct FrameTiming: Sendable {
    /// A CSV with a `time` column: frames exactly at those instants.
    public var frameTimesPath: String?
    /// The SHA-256 the file at ``frameTimesPath`` must have (hexadecimal), when one is given.
    public var frameTimesDigest: String?
    /// The file at ``frameTimesPath``, checked (``load(limit:confinedTo:fix:)``).
    public private(set) var frameTimesFile: FrameTimesFile?
    public var dropProbability = 0.0
    public var jitter = 0.0
    public var ramp: RefreshRateRamp?

    public init() {}

    public var isRegular: Bool { frameTimesPath == nil && dropProbability == 0 && jitter == 0 && ramp == nil }

    public static let parameters = ParameterList<FrameTiming>([
        FrameTimingParameter.frameTimes, FrameTimingParameter.frameTimesDigest, FrameTimingParameter.frameDrops,
        FrameTimingParameter.frameJitter, FrameTimingParameter.rateSteps,
    ])

    /// What a run's summary line says of the frames, nil for a regular clock.
    public var summary: String? {
        if let frameTimesPath {
            let path = DiagnosticText.excerpt(frameTimesPath, limit: DiagnosticText.pathLimit)
            return "frames at the instants of \(path)"
        }
        var parts: [String] = []
        if dropProbability != 0 { parts.append("\(NumberFormat.compact.format(dropProbability)) of frames dropped") }
        if jitter != 0 { parts.append("frame jitter \(NumberFormat.compact.format(jitter)) s") }
        if let ramp { parts.append("rate steps \(Self.rampText(ramp))") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static func rampText(_ ramp: RefreshRateRamp) -> String {
        ramp == .thermalThrottling
            ? "thermal"
            : ramp.steps.map { "\(NumberFormat.compact.format($0.start)):\(NumberFormat.compact.format($0.hertz))" }
                .joined(separator: ",")
    }

    static func parseRamp(_ text: String) throws(ParameterError) -> RefreshRateRamp {
        if text == "thermal" { return .thermalThrottling }
        var steps: [RefreshRateRamp.Step] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let start = Double(parts[0]), let hertz = Double(parts[1]),
                NumberRange.nonNegativeDuration.contains(start), NumberRange.rate.contains(hertz)
            else {
                throw .invalidValue(
                    text, for: FrameTimingParameter.rateSteps,
                    "expected thermal or T:HZ steps separated by commas (T in \(NumberRange.nonNegativeDuration) s, "
                        + "HZ in \(NumberRange.rate)), e.g. 0.5:80,1:60"
                )
            }
            steps.append(RefreshRateRamp.Step(start: start, hertz: hertz))
        }
        let ramp = RefreshRateRamp(steps: steps)
        do { try ramp.validate() } catch {
            throw .invalidValue(text, for: FrameTimingParameter.rateSteps, error.description)
        }
        return ramp
    }

    /// Checks the file at ``frameTimesPath`` (at most `limit` instants) and its digest, once, before
    /// anything runs; `digesting` asks for the file's SHA-256 (a golden records it) when no digest is
    /// given. With `folder`, the path is one a golden table records: it is read under the golden's rules
    /// (``ConfinedFolder``), must come with its digest, and `fix` says how to re-record the golden in
    /// every refusal.
    public mutating func load(
        limit: Int, confinedTo folder: ConfinedFolder? = nil, fix: String = "", digesting: Bool = false
    ) throws(InputError) {
        guard let path = frameTimesPath, frameTimesFile == nil else { return }
        let file: FrameTimesFile
        if let folder {
            guard frameTimesDigest != nil else {
                throw InputError(
                    source: folder.namer, line: nil, column: nil,
                    message: "records \(FrameTimingParameter.frameTimes.flag) without "
                        + "\(FrameTimingParameter.frameTimesDigest.flag), as popsim 0.3.0 wrote it (reading the file "
                        + "from the current directory); a golden now reads only the file it recorded the digest of, "
                        + "in its own folder: \(fix)",
                    malformed: true)
            }
            file = try FrameTimesFile(recorded: path, in: folder, fix: fix, limit: limit)
        } else {
            file = try FrameTimesFile(path: path, limit: limit, digesting: digesting || frameTimesDigest != nil)
        }
        if let expected = frameTimesDigest, expected != file.digest {
            let flag = FrameTimingParameter.frameTimesDigest.flag
            let message =
                folder == nil
                ? "its SHA-256 is \(file.digest ?? ""), not the \(flag) given (\(expected)): it is not the file meant"
                : "its SHA-256 is not the one the golden records (\(flag)): the file changed since the golden "
                    + "was written; \(fix)"
            throw InputError(source: file.name, line: nil, column: nil, message: message, malformed: true)
        }
        frameTimesFile = file
    }

    /// `clock` drawing with this timing, its drops and jitter drawn from `seed`.
    public func apply(to clock: FrameClock, seed: UInt64) throws(ParameterError) -> FrameClock {
        if frameTimesDigest != nil && frameTimesPath == nil {
            let file = FrameTimingParameter.frameTimes.flag
            throw ParameterError(
                "\(FrameTimingParameter.frameTimesDigest.flag) is the digest of a \(file) file: give \(file) FILE too, "
                    + "or drop it")
        }
        if frameTimesPath != nil || frameTimesFile != nil {
            let given = [
                (FrameTimingParameter.frameDrops, dropProbability != 0),
                (FrameTimingParameter.frameJitter, jitter != 0),
                (FrameTimingParameter.rateSteps, ramp != nil),
            ]
            if let conflict = given.first(where: \.1)?.0 {
                throw ParameterError(
                    "\(conflict.flag) conflicts with \(FrameTimingParameter.frameTimes.flag), whose frames are "
                        + "drawn exactly where the file lists them; drop one")
            }
        }
        var clock = clock
        clock.frameTimesFile = frameTimesFile
        clock.irregularity = FrameIrregularity(dropProbability: dropProbability, jitter: jitter, seed: seed)
        clock.ramp = ramp
        do { try clock.validateDuration() } catch {
            throw ParameterError("the frame timing cannot be drawn: \(error)")
        }
        return clock
    }
}

/// The frame timing's parameters, declared once: `simulate` and every pipeline sweep take them.
public enum FrameTimingParameter {
    /// `--frame-times FILE`.
    public static let frameTimes = Parameter<FrameTiming>(
        ParameterDescription(
            name: "frame_times", syntax: .text, placeholder: "FILE",
            summary: "draw frames exactly at these instants: a CSV with an increasing time column (s)",
            textValues:
                "a CSV file, a pipe or - (standard input) with 1 to \(FrameClock(rate: .oneTwenty).maximumFrames) rows "
                + "of a time column (s), each finite, ≥ 0 and later than the one before; in a golden, a regular file "
                + "in the golden's folder or below it, by a relative path"),
        read: { $0.frameTimesPath.map(ParameterValue.text) },
        assign: { (timing: inout FrameTiming, value: ParameterValue) throws(ParameterError) in
            if case let .text(path) = value { timing.frameTimesPath = path }
        })

    private static let frameTimesDigestDescription = ParameterDescription(
        name: "frame_times_sha256", syntax: .text, placeholder: "HEX",
        summary:
            "refuse the \(frameTimes.flag) file unless its bytes have this SHA-256 "
            + "(64 hexadecimal digits, as sha256sum prints them); a golden records it",
        textValues: "\(SHA256.hexadecimalLength) hexadecimal digits, 0-9 and a-f")

    /// `--frame-times-sha256 HEX`.
    public static let frameTimesDigest = Parameter<FrameTiming>(
        frameTimesDigestDescription,
        read: { $0.frameTimesDigest.map(ParameterValue.text) },
        assign: { (timing: inout FrameTiming, value: ParameterValue) throws(ParameterError) in
            guard case let .text(digest) = value else { return }
            guard SHA256.isHexadecimalDigest(digest) else {
                throw .invalidValue(
                    digest, for: frameTimesDigestDescription, "expected 64 hexadecimal digits (0-9, a-f)")
            }
            timing.frameTimesDigest = digest
        })

    public static let frameDrops = Parameter<FrameTiming>.number(
        "frame_drops", \.dropProbability, .from(0, below: 1), placeholder: "P",
        "each frame after the first missed with probability P (seeded), its vsync skipped", default: "0")

    public static let frameJitter = Parameter<FrameTiming>.number(
        "frame_jitter", \.jitter, .nonNegative, placeholder: "SIGMA",
        "Gaussian offset of each frame from its vsync, s (seeded; within ±0.45 of a frame)", default: "0")

    /// `--rate-steps thermal|T:HZ,…`.
    public static let rateSteps = Parameter<FrameTiming>(
        ParameterDescription(
            name: "rate_steps", syntax: .text, placeholder: "thermal|T:HZ,…",
            summary:
                "the display's rate steps down while the run goes on: "
                + "from T s it draws at HZ; thermal: 80 Hz from 0.5 s, "
                + "60 Hz from 1 s (the steps iOS takes under thermal or power limits, times a PopSim choice)",
            textValues:
                "thermal, or 1 to \(RefreshRateRamp.maximumSteps) steps T:HZ separated by commas, "
                + "T in \(NumberRange.nonNegativeDuration) s and increasing, HZ in \(NumberRange.rate)"
        ),
        read: { timing in timing.ramp.map { .text(FrameTiming.rampText($0)) } },
        assign: { (timing: inout FrameTiming, value: ParameterValue) throws(ParameterError) in
            guard case let .text(text) = value else { return }
            timing.ramp = try FrameTiming.parseRamp(text)
        })
}
