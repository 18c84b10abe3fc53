import PopSimParameters

extension SpringFitOptions {
    /// Bounds on held positions and velocities: far beyond any screen, and far from overflow.
    public static let positionLimit = 1e12
    /// Bound on a held delay, seconds.
    public static let delayLimit = 1e6
    /// Bound on `--max-damping-ratio`: beyond it ω₀ ≈ 2ζ/τ overflows the spring's range long before a
    /// trace could tell the difference.
    public static let maximumDampingRatioLimit = 1e6

    /// `fit spring`'s options: what is solved for and what is held, and at what.
    public static let parameters = ParameterList<SpringFitOptions>([
        freeParameter,
        fromParameter, toParameter,
        Parameter.number(
            "velocity", \.velocity, .closed(-positionLimit, positionLimit), placeholder: "V",
            "hold the initial velocity at V, position units per second", default: "0"
        )
        .followed(by: { $0.held.insert(.velocity) }),
        Parameter.number(
            "delay", \.delay, .closed(-delayLimit, delayLimit), placeholder: "S",
            "hold the start delay at S seconds after the first time", default: "0"
        )
        .followed(by: { $0.held.insert(.delay) }),
        maximumDampingRatioParameter, maximumIterationsParameter,
    ])

    /// `--from X`.
    public static let fromParameter = Parameter<SpringFitOptions>.optionalNumber(
        "from", \.from, .closed(-positionLimit, positionLimit), placeholder: "X",
        "hold the start at X (a value you know exactly, not a noisy first row)", default: "solved for")

    /// `--to X`.
    public static let toParameter = Parameter<SpringFitOptions>.optionalNumber(
        "to", \.to, .closed(-positionLimit, positionLimit), placeholder: "X",
        "hold the target at X (a value you know exactly, not a noisy last row)", default: "solved for")

    private static let freeDescription = ParameterDescription(
        name: "free",
        syntax: .list(
            .choice(SpringFitUnknowns.ordered.map(\.name)), separator: ",",
            maximumCount: SpringFitUnknowns.ordered.count),
        placeholder: "LIST",
        summary:
            "also solve for velocity and/or delay (comma-separated); "
            + "from and to are solved for unless \(fromParameter.flag) "
            + "or \(toParameter.flag) holds them, so listing them changes nothing",
        defaultText: "none")

    /// `--free LIST`.
    static let freeParameter = Parameter<SpringFitOptions>(
        freeDescription,
        assign: { (options: inout SpringFitOptions, value: ParameterValue) throws(ParameterError) in
            guard case let .list(items) = value else { return }
            for item in items {
                guard case let .word(word) = item,
                    let entry = SpringFitUnknowns.ordered.first(where: { $0.name == word })
                else { continue }
                guard !options.unknowns.contains(entry.unknown) else {
                    throw .invalidValue(
                        items.compactMap { if case let .word(w) = $0 { w } else { nil } }.joined(separator: ","),
                        for: freeDescription,
                        "'\(word)' is listed twice")
                }
                options.unknowns.insert(entry.unknown)
            }
        })

    /// `--max-damping-ratio Z`.
    public static let maximumDampingRatioParameter = Parameter<SpringFitOptions>.number(
        "max_damping_ratio", \.maximumDampingRatio, .above(1, through: maximumDampingRatioLimit), placeholder: "Z",
        "the largest damping ratio reported; a trace best fitted beyond it (a first-order approach) is fitted "
            + "with ζ held at Z and reported with limit=damping_ratio_bound and its time constant",
        default: String(Int(SpringFit.defaultMaximumDampingRatio)))

    /// `--max-iterations N`.
    public static let maximumIterationsParameter = Parameter<SpringFitOptions>.integer(
        "max_iterations", \.settings.maximumIterations, 1...FitSettings.iterationLimit,
        "most solver iterations before the fit counts as not converged",
        default: String(FitSettings().maximumIterations))

    /// Checks that nothing is both held and solved for.
    public func validate() throws(ParameterError) {
        var held = self.held
        if from != nil { held.insert(.from) }
        if to != nil { held.insert(.to) }
        for entry in SpringFitUnknowns.ordered where unknowns.contains(entry.unknown) && held.contains(entry.unknown) {
            throw ParameterError(
                "\(ParameterDescription.flag(for: entry.name)) holds the \(entry.name) fixed, "
                    + "and --free \(entry.name) solves for it: give one of them"
            )
        }
    }
}
