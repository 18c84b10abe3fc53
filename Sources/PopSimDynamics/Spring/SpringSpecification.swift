import PopSimParameters
import PopSimTextIO

/// A spring as a person gives it, in exactly one of the four families iOS uses: physical (mass,
/// stiffness, damping), SwiftUI's response and damping ratio, SwiftUI's duration and bounce, or a named
/// preset. `popsim spring`, `spring-info` and a user's code give springs through it.
public struct SpringSpecification: Sendable, Hashable {
    public var mass: Double?
    public var stiffness: Double?
    public var damping: Double?
    public var response: Double?
    public var dampingRatio: Double?
    public var duration: Double?
    public var bounce: Double?
    public var preset: SpringPreset?

    public init() {}

    /// Mass, stiffness and time constants span twelve orders of magnitude around UI springs (SwiftUI's
    /// stiffnesses run from about 10 to 10⁵); within them ω₀² = k/m, λ = c/2m and 4mk − c² stay finite
    /// and the closed form keeps full precision.
    public static let parameters: ParameterList<SpringSpecification> = [
        SpringParameter.mass, SpringParameter.stiffness, SpringParameter.damping, SpringParameter.response,
        SpringParameter.dampingRatio, SpringParameter.duration, SpringParameter.bounce, SpringParameter.preset,
    ]

    public static let discussion = """
        spring parameters, exactly one family:
          --stiffness K --damping C [--mass M]     physical (m·x'' + c·x' + k·x = 0)
          --response R --damping-ratio Z           SwiftUI spring(response:dampingFraction:)
          --duration D --bounce B                  SwiftUI Spring(duration:bounce:)
          --preset NAME                            a named spring
        """

    /// The families: the parameters each needs, and those it may also take.
    static let families: [(required: [Parameter<SpringSpecification>], optional: [Parameter<SpringSpecification>])] = [
        ([SpringParameter.stiffness, SpringParameter.damping], [SpringParameter.mass]),
        ([SpringParameter.response, SpringParameter.dampingRatio], []),
        ([SpringParameter.duration, SpringParameter.bounce], []),
        ([SpringParameter.preset], []),
    ]

    private func isGiven(_ parameter: Parameter<SpringSpecification>) -> Bool { parameter.value(in: self) != nil }

    private static func familyName(
        _ family: (required: [Parameter<SpringSpecification>], optional: [Parameter<SpringSpecification>])
    ) -> String {
        family.required.map(\.flag).joined(separator: "/")
    }

    /// Each family's flags with their placeholders, as a message lists them.
    private static var familyUsages: [String] {
        families.map { family in
            family.required.map { "\($0.flag) \($0.description.placeholder)" }.joined(separator: " ")
        }
    }

    /// The spring, from the one family given.
    public func spring() throws(ParameterError) -> Spring {
        let used = Self.families.filter { family in (family.required + family.optional).contains(where: isGiven) }
        guard used.count == 1, let family = used.first else {
            if used.isEmpty {
                let usages = Self.familyUsages
                throw ParameterError(
                    "no spring given: pass one of \(usages.dropLast().joined(separator: ", ")), or \(usages.last!)")
            }
            throw ParameterError(
                "spring parameters from different families "
                    + "(\(used.map(Self.familyName).joined(separator: " and "))): give exactly one family"
            )
        }
        if let missing = family.required.first(where: { !isGiven($0) }) {
            throw ParameterError(
                "\(missing.flag) is missing: the \(Self.familyName(family)) "
                    + "family needs \(family.required.map(\.flag).joined(separator: " and "))"
            )
        }
        do {
            if let stiffness, let damping { return try Spring(mass: mass ?? 1, stiffness: stiffness, damping: damping) }
            if let response, let dampingRatio { return try Spring(response: response, dampingRatio: dampingRatio) }
            if let duration, let bounce { return try Spring(duration: duration, bounce: bounce) }
            return preset!.spring
        } catch {
            throw parameterError(for: error)
        }
    }

    /// The spring's settling time at `epsilon`, with a spring too lightly damped to count its
    /// oscillations restated in terms of the parameters given; `hint` says what to do instead.
    public func settlingTime(of spring: Spring, epsilon: Double = Spring.settlingEpsilon, hint: String)
        throws(ParameterError) -> Double
    {
        // Through a Result: `catch let .invalidParameter(…) where …` on this typed throw crashes Swift
        // 6.3's SIL ownership verifier.
        let result: Result<Double, DynamicsError> = Result { () throws(DynamicsError) in
            try spring.settlingTime(epsilon: epsilon)
        }
        switch result {
        case let .success(seconds):
            return seconds
        case let .failure(error):
            guard case let .invalidParameter(parameter, zeta, requirement) = error, parameter == .dampingRatio else {
                throw ParameterError(error.description)
            }
            let given = ParameterWords.encode(
                Self.parameters.parameters.compactMap { p in p.value(in: self).map { Assignment(p, $0) } }
            ).joined(separator: " ")
            throw ParameterError(
                "the spring \(given) has damping ratio \(zeta), too light to compute its settling time: "
                    + "ζ must be \(requirement); \(hint)"
            )
        }
    }

    /// A spring's parameter error restated for the parameter given.
    private func parameterError(for error: DynamicsError) -> ParameterError {
        guard case let .invalidParameter(parameter, value, requirement) = error else {
            return ParameterError(error.description)
        }
        guard let given = SpringParameter.all.first(where: { $0.field == parameter })?.parameter else {
            return ParameterError(error.description)
        }
        let text = given.value(in: self).flatMap(given.description.syntax.encode)
        return .invalidValue(text ?? NumberFormat.compact.format(value), for: given, "it must be \(requirement)")
    }
}

/// A spring's parameters, declared once: each family's, and the field of ``Spring`` each is checked as
/// (``DynamicsError/invalidParameter(parameter:value:requirement:)``).
public enum SpringParameter {
    public typealias Specification = SpringSpecification

    public static let mass = Parameter<Specification>.optionalNumber(
        "mass", \.mass, .closed(1e-6, 1e6), placeholder: "M",
        "mass, with \(stiffness.flag) and \(damping.flag)",
        default: "1")
    public static let stiffness = Parameter<Specification>.optionalNumber(
        "stiffness", \.stiffness, .closed(1e-6, 1e9), placeholder: "K", "stiffness k")
    public static let damping = Parameter<Specification>.optionalNumber(
        "damping", \.damping, .closed(0, 1e9), placeholder: "C", "damping coefficient c")
    public static let response = Parameter<Specification>.optionalNumber(
        "response", \.response, .closed(1e-6, 1e6), placeholder: "R",
        "SwiftUI response (undamped period, s), with \(dampingRatio.flag)")
    public static let dampingRatio = Parameter<Specification>.optionalNumber(
        "damping_ratio", \.dampingRatio, .closed(0, 1e6), placeholder: "Z", "damping ratio ζ: 1 critical, < 1 bouncy")
    public static let duration = Parameter<Specification>.optionalNumber(
        "duration", \.duration, .closed(1e-6, 1e6), placeholder: "D", "SwiftUI duration (s), with \(bounce.flag)")
    public static let bounce = Parameter<Specification>.optionalNumber(
        "bounce", \.bounce, .above(-1, through: 1), placeholder: "B", "SwiftUI bounce; negative is overdamped")
    public static let preset = Parameter<Specification>(
        ParameterDescription(
            name: "preset", syntax: .choice(SpringPreset.allCases.map(\.rawValue)), summary: "a named spring"),
        read: { $0.preset.map { .word($0.rawValue) } },
        assign: { (spec: inout Specification, value: ParameterValue) throws(ParameterError) in
            if case let .word(word) = value { spec.preset = SpringPreset(rawValue: word) }
        })

    /// Each numeric parameter with the field of ``Spring`` an error names it by.
    static let all: [(field: DynamicsError.Field, parameter: Parameter<Specification>)] = [
        (.mass, mass), (.stiffness, stiffness), (.damping, damping), (.response, response),
        (.dampingRatio, dampingRatio), (.duration, duration), (.bounce, bounce),
    ]
}
