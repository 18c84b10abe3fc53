import PopSimArgumentParsing
import PopSimDynamics
import PopSimTextIO

/// `popsim spring-info`: a spring in every parameterisation, as `key=value` lines.
enum SpringInfoCommand: Command {
    static let spec = CommandSpec(
        path: ["spring-info"],
        summary: "print a spring's parameters in every form (mass, stiffness, damping, ratio, response, bounce, settling time)",
        flags: SpringParameterFlags.flags + [
            .number("--epsilon", "E", .above(0, through: 1), "settling threshold as a fraction of the step (default 0.001)"),
        ],
        discussion: SpringParameterFlags.discussion + """

        output keys: mass, stiffness, damping, damping_ratio, response, duration, bounce, settling_time
        (seconds; inf for an undamped spring). duration is SwiftUI's, equal to response.
        """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let spring = try SpringParameterFlags.spring(from: arguments)
        let epsilon = try arguments.double("--epsilon", default: 0.001)
        let settling = try SpringParameterFlags.settlingTime(of: spring, epsilon: epsilon, arguments, hint: "give more damping")
        let rows: [(String, Double)] = [
            ("mass", spring.mass), ("stiffness", spring.stiffness), ("damping", spring.damping),
            ("damping_ratio", spring.dampingRatio), ("response", spring.response), ("duration", spring.duration),
            ("bounce", spring.bounce), ("settling_time", settling),
        ]
        try context.withOutput(path: nil) { out in
            for (key, value) in rows { try out.write("\(key)=\(formatNumber(value))\n") }
        }
    }
}
