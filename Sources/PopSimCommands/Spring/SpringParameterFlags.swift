import PopSimArgumentParsing
import PopSimDynamics
import PopSimTextIO

/// The four ways to give a spring on the command line. Exactly one family may be used.
enum SpringParameterFlags {
    /// Mass, stiffness and time constants span twelve orders of magnitude around UI springs (SwiftUI's
    /// stiffnesses run from about 10 to 10⁵); within them ω₀² = k/m, λ = c/2m and 4mk − c² stay finite
    /// and the closed form keeps full precision.
    static let flags: [FlagSpec] = [
        .number("--mass", "M", .closed(1e-6, 1e6), "mass (default 1), with --stiffness and --damping"),
        .number("--stiffness", "K", .closed(1e-6, 1e9), "stiffness k"),
        .number("--damping", "C", .closed(0, 1e9), "damping coefficient c"),
        .number("--response", "R", .closed(1e-6, 1e6), "SwiftUI response (undamped period, s), with --damping-ratio"),
        .number("--damping-ratio", "Z", .closed(0, 1e6), "damping ratio ζ: 1 critical, < 1 bouncy"),
        .number("--duration", "D", .closed(1e-6, 1e6), "SwiftUI duration (s), with --bounce"),
        .number("--bounce", "B", .above(-1, through: 1), "SwiftUI bounce; negative is overdamped"),
        .option("--preset", "NAME", "a named spring: " + SpringPreset.allCases.map(\.rawValue).joined(separator: ", ")),
    ]

    static let discussion = """
    spring parameters, exactly one family:
      --stiffness K --damping C [--mass M]     physical (m·x'' + c·x' + k·x = 0)
      --response R --damping-ratio Z           SwiftUI spring(response:dampingFraction:)
      --duration D --bounce B                  SwiftUI Spring(duration:bounce:)
      --preset NAME                            a named spring
    """

    private static let families: [(name: String, required: [String], optional: [String])] = [
        ("--stiffness/--damping", ["--stiffness", "--damping"], ["--mass"]),
        ("--response/--damping-ratio", ["--response", "--damping-ratio"], []),
        ("--duration/--bounce", ["--duration", "--bounce"], []),
        ("--preset", ["--preset"], []),
    ]

    /// The spring the arguments describe.
    static func spring(from arguments: ParsedArguments) throws -> Spring {
        let used = families.filter { family in (family.required + family.optional).contains(where: arguments.has) }
        guard used.count == 1, let family = used.first else {
            if used.isEmpty {
                throw UsageError("no spring given: pass one of --stiffness K --damping C, --response R --damping-ratio Z, --duration D --bounce B, or --preset NAME")
            }
            throw UsageError("spring parameters from different families (\(used.map(\.name).joined(separator: " and "))): give exactly one family")
        }
        if let missing = family.required.first(where: { !arguments.has($0) }) {
            throw UsageError("\(missing) is missing: the \(family.name) family needs \(family.required.joined(separator: " and "))")
        }
        do {
            switch family.required[0] {
            case "--stiffness":
                return try Spring(mass: arguments.double("--mass", default: 1),
                                  stiffness: arguments.double("--stiffness")!,
                                  damping: arguments.double("--damping")!)
            case "--response":
                return try Spring(response: arguments.double("--response")!,
                                  dampingRatio: arguments.double("--damping-ratio")!)
            case "--duration":
                return try Spring(duration: arguments.double("--duration")!, bounce: arguments.double("--bounce")!)
            default:
                return try arguments.choice("--preset", as: SpringPreset.self)!.spring
            }
        } catch let error as DynamicsError {
            throw usageError(for: error, arguments)
        }
    }

    /// The settling time at `epsilon`, with a spring too lightly damped to count its oscillations
    /// restated in terms of the flags (the library names its damping ratio).
    static func settlingTime(of spring: Spring, epsilon: Double = 0.001, _ arguments: ParsedArguments, hint: String) throws -> Double {
        // Through a Result: `catch let .invalidParameter(…) where …` on this typed throw crashes Swift
        // 6.3's SIL ownership verifier.
        let result: Result<Double, DynamicsError> = Result { () throws(DynamicsError) in try spring.settlingTime(epsilon: epsilon) }
        switch result {
        case let .success(seconds):
            return seconds
        case let .failure(error):
            guard case let .invalidParameter(parameter, zeta, requirement) = error, parameter == "dampingRatio" else { throw error }
            let given = families.flatMap { $0.required + $0.optional }.filter(arguments.has)
                .map { "\($0) \(DiagnosticText.excerpt(arguments.string($0) ?? ""))" }.joined(separator: " ")
            throw UsageError("the spring \(given) has damping ratio \(zeta), too light to compute its settling time: ζ must be \(requirement); \(hint)")
        }
    }

    /// Restates a parameter error in terms of the flag the user typed.
    static func usageError(for error: DynamicsError, _ arguments: ParsedArguments) -> UsageError {
        guard case let .invalidParameter(parameter, _, requirement) = error else { return UsageError(error.description) }
        let flag = [
            "mass": "--mass", "stiffness": "--stiffness", "damping": "--damping", "response": "--response",
            "dampingRatio": "--damping-ratio", "duration": "--duration", "bounce": "--bounce",
        ][parameter] ?? parameter
        let value = DiagnosticText.excerpt(arguments.string(flag) ?? "")
        return UsageError("invalid value '\(value)' for \(flag): it must be \(requirement)")
    }
}
