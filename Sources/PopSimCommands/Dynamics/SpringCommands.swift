import PopSimDynamics
import PopSimParameters
import PopSimTextIO

/// `popsim spring` and `popsim spring-info`.
enum SpringCommands {
    static let spring = Command(
        ["spring"], summary: "sample a spring's position and velocity at a frame rate (CSV time,position,velocity)",
        parameters: SpringSampling.parameters.descriptions + [CommandLineParameters.output],
        discussion: SpringSpecification.discussion + """

            rows: one for each i = 0 … ⌊T·rate + 1e-9⌋ at time i/rate; numbers in shortest round-trip form.
            """
    ) { invocation, context in
        let sampling = try SpringSampling.parameters.applying(
            invocation.assignments(for: SpringSampling.parameters), to: SpringSampling())
        let rows = try sampling.rows()
        try context.produce(output: invocation.text(CommandLineParameters.output)) { out, _ in
            try out.write("time,position,velocity\n")
            for i in 0..<rows.count {
                let row: (time: Double, position: Double, velocity: Double)
                do { row = try rows.sample(i) } catch let ODEError.solver(error) {
                    throw CommandFailure(.solverFailure, "\(error.summary): \(sampling.hint(for: error))")
                }
                try out.write("\(formatNumber(row.time)),\(formatNumber(row.position)),\(formatNumber(row.velocity))\n")
            }
            return []
        }
    }

    static let epsilon = ParameterDescription(
        name: "epsilon", syntax: .number(.above(0, through: 1), placeholder: "E"),
        summary: "settling threshold as a fraction of the step",
        defaultText: NumberFormat.compact.format(Spring.settlingEpsilon))

    static let springInfo = Command(
        ["spring-info"],
        summary:
            "print a spring's parameters in every form (mass, stiffness, damping, ratio, "
            + "response, bounce, settling time)",
        parameters: SpringSpecification.parameters.descriptions + [epsilon],
        discussion: SpringSpecification.discussion + """

            output keys: mass, stiffness, damping, damping_ratio, response, duration, bounce, settling_time
            (seconds; inf for an undamped spring). duration is SwiftUI's, equal to response.
            """
    ) { invocation, context in
        let specification = try SpringSpecification.parameters.applying(
            invocation.assignments(for: SpringSpecification.parameters),
            to: SpringSpecification())
        let spring = try specification.spring()
        let settling = try specification.settlingTime(
            of: spring, epsilon: invocation.number(epsilon) ?? Spring.settlingEpsilon, hint: "give more damping")
        let rows: [(String, Double)] = [
            ("mass", spring.mass), ("stiffness", spring.stiffness), ("damping", spring.damping),
            ("damping_ratio", spring.dampingRatio), ("response", spring.response), ("duration", spring.duration),
            ("bounce", spring.bounce), ("settling_time", settling),
        ]
        try context.standardOutput.write(rows.map { "\($0.0)=\(formatNumber($0.1))\n" }.joined())
    }
}
