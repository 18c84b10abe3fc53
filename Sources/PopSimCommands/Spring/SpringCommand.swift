import PopSimArgumentParsing
import PopSimDynamics
import PopSimTextIO

/// `popsim spring`: a spring's motion sampled at a frame rate, as CSV `time,position,velocity`.
enum SpringCommand: Command {
    /// The solvers `--solver` accepts: the exact closed form, or a GSL stepper.
    enum Solver: String, CaseIterable {
        case analytic, rk2, rk4, rkf45, rkck, rk8pd, msadams, rk1imp, rk2imp, rk4imp, bsimp, msbdf
    }

    /// More rows than this is a mistake, not a plot.
    static let maximumRows = 100_000_000

    static let spec = CommandSpec(
        path: ["spring"],
        summary: "sample a spring's position and velocity at a frame rate (CSV time,position,velocity)",
        flags: SpringParameterFlags.flags + [
            .number("--from", "X0", ValueRanges.coordinate, "start position (default 0)"),
            .number("--to", "X1", ValueRanges.coordinate, "target position (default 1)"),
            .number("--velocity", "V0", ValueRanges.velocity, "initial velocity d(position)/dt, units per second (default 0)"),
            .number("--rate", "HZ", ValueRanges.rate, "samples per second (default 120)"),
            .number("--seconds", "T", ValueRanges.duration, "how long (default: the settling time, ε = 0.001)"),
            .option("--solver", "NAME", "analytic (default, exact closed form) or a GSL stepper: " +
                    Solver.allCases.dropFirst().map(\.rawValue).joined(separator: ", ")),
            .number("--epsabs", "E", .closed(0, 1), "GSL absolute tolerance (default 1e-10)"),
            .number("--epsrel", "E", .closed(0, 1), "GSL relative tolerance (default 1e-10)"),
            .integer("--max-steps", "N", 1...1_000_000_000,
                     "GSL steps allowed per sample interval (default \(ODEStepLimits.defaultMaximumSteps)); more is exit 70"),
            .number("--min-step", "H", ValueRanges.nonNegativeDuration, "GSL's smallest step in seconds (default 0 = no minimum)"),
            .option("--output", "FILE", "write the CSV to FILE atomically (default: standard output)"),
        ],
        discussion: SpringParameterFlags.discussion + """

        rows: one for each i = 0 … ⌊T·rate + 1e-9⌋ at time i/rate; numbers in shortest round-trip form.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let spring = try SpringParameterFlags.spring(from: arguments)
        let from = try arguments.double("--from", default: 0)
        let to = try arguments.double("--to", default: 1)
        let velocity = try arguments.double("--velocity", default: 0)
        let rate = try arguments.double("--rate", default: 120)
        let solver = try arguments.choice("--solver", default: Solver.analytic)
        let tolerance = ODETolerance(absolute: try arguments.double("--epsabs", default: 1e-10),
                                     relative: try arguments.double("--epsrel", default: 1e-10))
        let maximumSteps = try arguments.integer("--max-steps", default: ODEStepLimits.defaultMaximumSteps)
        let minimumStep = try arguments.double("--min-step", default: 0)

        let seconds: Double
        let length: String
        if let given = try arguments.double("--seconds") {
            seconds = given
            length = "--seconds \(formatNumber(seconds))"
        } else {
            seconds = try SpringParameterFlags.settlingTime(of: spring, arguments, hint: "give more damping or an explicit --seconds T")
            guard seconds.isFinite else {
                throw UsageError("this spring has no damping and never settles: pass --seconds T")
            }
            length = "the settling time \(formatNumber(seconds)) s"
        }
        // Both factors are finite and positive, so the product is a finite count or +inf, which the
        // guard rejects before any conversion.
        let lastIndexValue = (seconds * rate + 1e-9).rounded(.down)
        guard lastIndexValue < Double(maximumRows) else {
            throw UsageError("\(length) at --rate \(formatNumber(rate)) is \(formatNumber(lastIndexValue + 1)) rows, more than \(maximumRows); shorten --seconds or lower --rate")
        }
        let lastIndex = Int(lastIndexValue)

        let sample: (Int) throws -> SpringState
        switch solver {
        case .analytic:
            let simulation = try SpringSimulation(spring: spring, start: from, end: to, initialVelocity: velocity)
            sample = { i in simulation.state(at: Double(i) / rate) }
        default:
            let stepper = ODEStepper(rawValue: solver.rawValue)!
            let integrator = try ODEIntegrator(system: try SpringODESystem(spring: spring), stepper: stepper,
                                               initialState: [from - to, velocity], tolerance: tolerance,
                                               limits: ODEStepLimits(initialStep: max(min(1e-3, 1 / rate), minimumStep),
                                                                     minimumStep: minimumStep, maximumSteps: maximumSteps))
            sample = { i in
                do {
                    try integrator.advance(to: Double(i) / rate)
                } catch let ODEError.solver(error) {
                    throw CommandFailure(.solverFailure, "\(error.summary): \(hint(for: error, maximumSteps: maximumSteps))")
                }
                return SpringState(displacement: integrator[0], velocity: integrator[1])
            }
        }

        try context.withOutput(path: arguments.string("--output")) { out in
            try out.write("time,position,velocity\n")
            for i in 0...lastIndex {
                let state = try sample(i)
                try out.write("\(formatNumber(Double(i) / rate)),\(formatNumber(to + state.displacement)),\(formatNumber(state.velocity))\n")
            }
        }
    }

    /// GSL's hint in this command's flags.
    static func hint(for error: GSLError, maximumSteps: Int) -> String {
        switch error.remedy {
        case .raiseStepLimit: return "more than --max-steps \(maximumSteps) steps in one sample interval; raise --max-steps or loosen --epsabs/--epsrel"
        case .loosenToleranceOrMinimumStep: return "loosen --epsabs/--epsrel or lower --min-step"
        case .other: return error.hint
        }
    }
}
