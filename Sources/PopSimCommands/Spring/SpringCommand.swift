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
            .option("--from", "X0", "start position (default 0)"),
            .option("--to", "X1", "target position (default 1)"),
            .option("--velocity", "V0", "initial velocity d(position)/dt, units per second (default 0)"),
            .option("--rate", "HZ", "samples per second (default 120)"),
            .option("--seconds", "T", "how long (default: the settling time, ε = 0.001)"),
            .option("--solver", "NAME", "analytic (default, exact closed form) or a GSL stepper: " +
                    Solver.allCases.dropFirst().map(\.rawValue).joined(separator: ", ")),
            .option("--epsabs", "E", "GSL absolute tolerance (default 1e-10)"),
            .option("--epsrel", "E", "GSL relative tolerance (default 1e-10)"),
            .option("--max-steps", "N", "GSL steps allowed per sample interval (default 0 = unlimited)"),
            .option("--min-step", "H", "GSL's smallest step in seconds (default 0 = no minimum)"),
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
        let rate = try arguments.positiveDouble("--rate", default: 120)
        let solver = try arguments.choice("--solver", default: Solver.analytic)
        let tolerance = ODETolerance(absolute: try arguments.nonNegativeDouble("--epsabs", default: 1e-10),
                                     relative: try arguments.nonNegativeDouble("--epsrel", default: 1e-10))
        let maximumSteps = try arguments.integer("--max-steps", default: 0)
        guard maximumSteps >= 0 else { throw UsageError("invalid value '\(maximumSteps)' for --max-steps: it must be ≥ 0") }
        let minimumStep = try arguments.nonNegativeDouble("--min-step", default: 0)

        let seconds: Double
        if let given = try arguments.positiveDouble("--seconds") {
            seconds = given
        } else {
            seconds = try spring.settlingTime()
            guard seconds.isFinite else {
                throw UsageError("this spring has no damping and never settles: pass --seconds T")
            }
        }
        let lastIndexValue = (seconds * rate + 1e-9).rounded(.down)
        guard lastIndexValue < Double(maximumRows) else {
            throw UsageError("--seconds \(formatNumber(seconds)) at --rate \(formatNumber(rate)) is \(formatNumber(lastIndexValue + 1)) rows, more than \(maximumRows); shorten --seconds or lower --rate")
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
                    throw CommandFailure(.solverFailure, "\(error.summary): \(hint(for: error))")
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
    static func hint(for error: GSLError) -> String {
        switch error.remedy {
        case .raiseStepLimit: return "raise --max-steps (0 = unlimited) or loosen --epsabs/--epsrel"
        case .loosenToleranceOrMinimumStep: return "loosen --epsabs/--epsrel or lower --min-step"
        case .other: return error.hint
        }
    }
}
