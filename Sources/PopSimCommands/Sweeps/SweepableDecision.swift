import PopSimArgumentParsing

/// A `decide` command's problem, in a form a sweep can vary: built once from the decide flags, then
/// copied and changed per grid point through key paths, and decided without allocating.
protocol SweepableDecision: Sendable {
    /// The decide command whose flags the sweep accepts (`popsim decide popover`).
    static var decideSpec: CommandSpec { get }
    /// The numeric flags a sweep may turn into axes, with their components.
    static var numericFlags: [NumericFlag<Self>] { get }
    /// Builds and validates the problem from decide flags (exit 2 on invalid values).
    init(arguments: ParsedArguments) throws
    /// The outcome word `decide` would print.
    func outcome() -> String

    /// For `--pipeline` sweeps: synthesise the gesture this problem's translation and velocity describe,
    /// run it through the full model on the frame clock and return the outcome word; nil when the model
    /// has no pipeline.
    func simulatedOutcome(_ settings: PipelineSettings, seed: UInt64) -> String?
}

extension SweepableDecision {
    func simulatedOutcome(_ settings: PipelineSettings, seed: UInt64) -> String? { nil }
}

/// A numeric decide flag and how its value splits into components (`X,Y`, `WxH`, a scalar).
struct NumericFlag<Decision>: Sendable {
    let flag: String
    /// nil for a scalar.
    let separator: Character?
    /// One entry per component: the CSV column name and where the value lives in the problem.
    let components: [(column: String, keyPath: WritableKeyPath<Decision, Double> & Sendable)]

    static func scalar(_ flag: String, _ keyPath: WritableKeyPath<Decision, Double> & Sendable) -> NumericFlag {
        NumericFlag(flag: flag, separator: nil, components: [(columnName(flag), keyPath)])
    }

    static func pair(_ flag: String, _ x: WritableKeyPath<Decision, Double> & Sendable,
                     _ y: WritableKeyPath<Decision, Double> & Sendable) -> NumericFlag {
        NumericFlag(flag: flag, separator: ",", components: [(columnName(flag) + "_x", x), (columnName(flag) + "_y", y)])
    }

    static func dimensions(_ flag: String, _ width: WritableKeyPath<Decision, Double> & Sendable,
                           _ height: WritableKeyPath<Decision, Double> & Sendable) -> NumericFlag {
        NumericFlag(flag: flag, separator: "x", components: [(columnName(flag) + "_width", width), (columnName(flag) + "_height", height)])
    }

    static func rectangle(_ flag: String, _ x: WritableKeyPath<Decision, Double> & Sendable, _ y: WritableKeyPath<Decision, Double> & Sendable,
                          _ width: WritableKeyPath<Decision, Double> & Sendable, _ height: WritableKeyPath<Decision, Double> & Sendable) -> NumericFlag {
        let name = columnName(flag)
        return NumericFlag(flag: flag, separator: ",", components: [(name + "_x", x), (name + "_y", y), (name + "_width", width), (name + "_height", height)])
    }

    /// `--prediction-time` → `prediction_time`.
    static func columnName(_ flag: String) -> String {
        String(flag.drop { $0 == "-" }).replacingDashes()
    }
}

extension String {
    fileprivate func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
