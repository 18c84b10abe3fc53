import PopSimDynamics
import PopSimGestures
import PopSimParameters

/// How `popsim simulate` runs a scene whatever the model: the display, the trace's length, the
/// release-velocity estimator and the spring solver.
public struct SimulationSettings: Sendable {
    /// The display; nil: the scene's device's, or 120 Hz.
    public var rate: FrameRate?
    /// Trace exactly this long; nil: until everything has settled.
    public var duration: Double?
    /// nil: the model's own.
    public var estimator: VelocityEstimatorKind?
    public var solver: SpringSolver = .analytic
    /// Frames at listed instants, dropped or jittered, or a rate that steps down.
    public var timing = FrameTiming()
    /// The seed of dropped and jittered frames.
    public var frameSeed: UInt64 = 0

    public init() {}

    /// The clock a run on `device` draws with, frame times read and the timing checked.
    public func clock(on device: DevicePreset?) throws -> FrameClock {
        var timing = self.timing
        let clock = FrameClock(rate: frameRate(on: device), duration: duration)
        _ = try timing.apply(to: clock, seed: frameSeed)
        try timing.load(limit: clock.maximumFrames)
        return try timing.apply(to: clock, seed: frameSeed)
    }

    /// The display a run on `device` draws on.
    public func frameRate(on device: DevicePreset?) -> FrameRate {
        rate ?? device.map(FrameRate.init(device:)) ?? .oneTwenty
    }

    public static let parameters =
        ParameterList<SimulationSettings>([
            SimulationParameter.rate, SimulationParameter.seconds, SimulationParameter.estimator,
            SimulationParameter.solver,
        ]) + FrameTiming.parameters.lifted(\SimulationSettings.timing) + [SimulationParameter.frameSeed]
}

/// How `popsim simulate` runs, declared once for every family.
public enum SimulationParameter {
    /// `--rate 60|120|promotion`.
    public static let rate = Parameter<SimulationSettings>(
        ParameterDescription(
            name: "rate", syntax: .numbers(.scalar("60|120"), ranges: [.rate], words: ["promotion"]),
            placeholder: "60|120|promotion",
            summary: "display frame rate; promotion draws at 120 Hz while touching or animating and 10 Hz when idle",
            defaultText: "120, or the \(ScreenParameter.device.flag)'s display"),
        assign: { (settings: inout SimulationSettings, value: ParameterValue) throws(ParameterError) in
            switch value {
            case .word: settings.rate = .proMotion
            default: settings.rate = value.plainNumbers.map { .fixed(hertz: $0[0]) }
            }
        })

    /// `--seconds T`.
    public static let seconds = Parameter<SimulationSettings>.optionalNumber(
        "seconds", \.duration, .duration, placeholder: "T", "trace exactly T seconds",
        default: "until everything has settled")

    public static let estimator = Parameter<SimulationSettings>.estimator(
        \.estimator, "release-velocity estimator", default: "the model's own")

    /// `--solver NAME`.
    public static let solver = Parameter<SimulationSettings>(
        ParameterDescription(
            name: "solver", syntax: .choice(SpringSolver.names),
            summary: "springs: analytic (closed form + exact propagator) or a GSL stepper", defaultText: "analytic"),
        read: { settings in .word(settings.solver.name) },
        assign: { (settings: inout SimulationSettings, value: ParameterValue) throws(ParameterError) in
            if case let .word(word) = value, let solver = SpringSolver(parsing: word) { settings.solver = solver }
        })

    /// `--frame-seed N`.
    public static let frameSeed = Parameter<SimulationSettings>.seed(
        "frame_seed", \.frameSeed, "seed of the dropped and jittered frames")
}
