import PopSimArgumentParsing
import PopSimDynamics

/// The four ways to give a spring on the command line. Exactly one family may be used.
enum SpringParameterFlags {
    static let flags: [FlagSpec] = [
        .option("--mass", "M", "mass (default 1), with --stiffness and --damping"),
        .option("--stiffness", "K", "stiffness k"),
        .option("--damping", "C", "damping coefficient c (≥ 0)"),
        .option("--response", "R", "SwiftUI response (undamped period, s), with --damping-ratio"),
        .option("--damping-ratio", "Z", "damping ratio ζ (≥ 0): 1 critical, < 1 bouncy"),
        .option("--duration", "D", "SwiftUI duration (s), with --bounce"),
        .option("--bounce", "B", "SwiftUI bounce in (-1, 1]; negative is overdamped"),
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

    /// Restates a parameter error in terms of the flag the user typed.
    static func usageError(for error: DynamicsError, _ arguments: ParsedArguments) -> UsageError {
        guard case let .invalidParameter(parameter, _, requirement) = error else { return UsageError(error.description) }
        let flag = [
            "mass": "--mass", "stiffness": "--stiffness", "damping": "--damping", "response": "--response",
            "dampingRatio": "--damping-ratio", "duration": "--duration", "bounce": "--bounce",
        ][parameter] ?? parameter
        let value = arguments.string(flag) ?? ""
        return UsageError("invalid value '\(value)' for \(flag): it must be \(requirement)")
    }
}
