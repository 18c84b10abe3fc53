import PopSimParameters
import PopSimTextIO

/// A spring's motion sampled at a frame rate (`popsim spring`): from a start to a target with an
/// initial velocity, solved exactly or by a GSL stepper, for a given time or until it settles.
public struct SpringSampling: Sendable {
    /// The solvers: the exact closed form, or a GSL stepper.
    public enum Solver: String, CaseIterable, Sendable {
        case analytic, rk2, rk4, rkf45, rkck, rk8pd, msadams, rk1imp, rk2imp, rk4imp, bsimp, msbdf
    }

    public var specification = SpringSpecification()
    public var from = 0.0
    public var to = 1.0
    public var velocity = 0.0
    public var rate = 120.0
    /// nil: the settling time (ε = 0.001).
    public var seconds: Double?
    public var solver = Solver.analytic
    public var tolerance = ODETolerance()
    public var maximumSteps = ODEStepLimits.defaultMaximumSteps
    public var minimumStep = 0.0

    public init() {}

    /// More rows than this is a mistake, not a plot.
    public static let maximumRows = 100_000_000

    public static let parameters =
        SpringSpecification.parameters.lifted(\SpringSampling.specification)
        + ParameterList([
            .number("from", \.from, .coordinate, placeholder: "X0", "start position", default: "0"),
            .number("to", \.to, .coordinate, placeholder: "X1", "target position", default: "1"),
            .number(
                "velocity", \.velocity, .velocity, placeholder: "V0",
                "initial velocity d(position)/dt, units per second", default: "0"),
            rateParameter, secondsParameter,
            .choice(
                "solver", \.solver, "analytic (exact closed form) or a GSL stepper", default: Solver.analytic.rawValue),
            epsabsParameter, epsrelParameter, maximumStepsParameter, minimumStepParameter,
        ])

    static let rateParameter = Parameter<SpringSampling>.number(
        "rate", \.rate, .rate, placeholder: "HZ", "samples per second", default: "120")
    static let secondsParameter = Parameter<SpringSampling>.optionalNumber(
        "seconds", \.seconds, .duration, placeholder: "T", "how long", default: "the settling time, ε = 0.001")
    static let epsabsParameter = Parameter<SpringSampling>.number(
        "epsabs", \.tolerance.absolute, .unitInterval, placeholder: "E", "GSL absolute tolerance", default: "1e-10")
    static let epsrelParameter = Parameter<SpringSampling>.number(
        "epsrel", \.tolerance.relative, .unitInterval, placeholder: "E", "GSL relative tolerance", default: "1e-10")
    static let maximumStepsParameter = Parameter<SpringSampling>.integer(
        "max_steps", \.maximumSteps, 1...1_000_000_000, "GSL steps allowed per sample interval; more is exit 70",
        default: String(ODEStepLimits.defaultMaximumSteps))
    static let minimumStepParameter = Parameter<SpringSampling>.number(
        "min_step", \.minimumStep, .nonNegativeDuration, placeholder: "H", "GSL's smallest step in seconds",
        default: "0 = no minimum")

    /// The rows to write: their count and the state at row i (time i/rate).
    public func rows() throws(ParameterError) -> (
        count: Int, sample: (Int) throws -> (time: Double, position: Double, velocity: Double)
    ) {
        let spring = try specification.spring()
        let seconds: Double
        let length: String
        if let given = self.seconds {
            seconds = given
            length = "\(Self.secondsParameter.flag) \(formatNumber(given))"
        } else {
            let explicit = "\(Self.secondsParameter.flag) T"
            seconds = try specification.settlingTime(of: spring, hint: "give more damping or an explicit \(explicit)")
            guard seconds.isFinite else {
                throw ParameterError("this spring has no damping and never settles: pass \(explicit)")
            }
            length = "the settling time \(formatNumber(seconds)) s"
        }
        // Both factors are finite and positive, so the product is a finite count or +inf, which the
        // guard rejects before any conversion.
        let lastIndex = (seconds * rate + 1e-9).rounded(.down)
        guard lastIndex < Double(Self.maximumRows) else {
            let (rateFlag, secondsFlag) = (Self.rateParameter.flag, Self.secondsParameter.flag)
            throw ParameterError(
                "\(length) at \(rateFlag) \(formatNumber(rate)) is \(formatNumber(lastIndex + 1)) rows, "
                    + "more than \(Self.maximumRows); shorten \(secondsFlag) or lower \(rateFlag)")
        }
        let (rate, to) = (self.rate, self.to)
        let state: (Int) throws -> SpringState
        do {
            switch solver {
            case .analytic:
                let simulation = try SpringSimulation(spring: spring, start: from, end: to, initialVelocity: velocity)
                state = { i in simulation.state(at: Double(i) / rate) }
            default:
                let limits = ODEStepLimits(
                    initialStep: max(min(1e-3, 1 / rate), minimumStep), minimumStep: minimumStep,
                    maximumSteps: maximumSteps)
                let integrator = try ODEIntegrator(
                    system: try SpringODESystem(spring: spring), stepper: ODEStepper(rawValue: solver.rawValue)!,
                    initialState: [from - to, velocity], tolerance: tolerance, limits: limits)
                state = { i in
                    try integrator.advance(to: Double(i) / rate)
                    return SpringState(displacement: integrator[0], velocity: integrator[1])
                }
            }
        } catch let error as DynamicsError {
            throw ParameterError(error.description)
        } catch {
            throw ParameterError("\(error)")
        }
        return (
            Int(lastIndex) + 1,
            { i in
                let s = try state(i)
                return (Double(i) / rate, to + s.displacement, s.velocity)
            }
        )
    }

    /// GSL's hint in terms of this sampling's parameters.
    public func hint(for error: GSLError) -> String {
        let tolerances = "\(Self.epsabsParameter.flag)/\(Self.epsrelParameter.flag)"
        let steps = Self.maximumStepsParameter.flag
        switch error.remedy {
        case .raiseStepLimit:
            return
                "more than \(steps) \(maximumSteps) steps in one sample interval; raise \(steps) or loosen \(tolerances)"
        case .loosenToleranceOrMinimumStep: return "loosen \(tolerances) or lower \(Self.minimumStepParameter.flag)"
        case .other: return error.hint
        }
    }
}
