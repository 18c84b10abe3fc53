import PopSimArgumentParsing
import PopSimSweeps

/// A decision problem that `popsim decide`, `sweep` and `check` build from flags: the decide command
/// whose flags describe it, and which of those flags are numeric (each component a sweepable
/// parameter of the library's ``DecisionProblem``).
protocol SweepableDecision: DecisionProblem {
    /// The decide command whose flags the sweep accepts (`popsim decide popover`).
    static var decideSpec: CommandSpec { get }
    /// The numeric flags a sweep may turn into axes, in the order of the decide command's flag list.
    static var numericFlags: [NumericFlag] { get }
    /// Builds and validates the problem from decide flags (exit 2 on invalid values).
    init(arguments: ParsedArguments) throws
    /// A one-line note for stderr about the whole table (e.g. a drag that cannot dismiss), or nil.
    static func note(for table: DecisionTable<Self>) -> String?
}

extension SweepableDecision {
    static func note(for table: DecisionTable<Self>) -> String? { nil }
}

/// A numeric decide flag and how its value splits into components (`X,Y`, `WxH`, a scalar), each
/// component naming the problem parameter (CSV column) it sets: `--translation` → `translation_x`,
/// `translation_y`.
struct NumericFlag: Sendable {
    let flag: String
    /// nil for a scalar.
    let separator: Character?
    let columns: [String]

    static func scalar(_ flag: String) -> NumericFlag {
        NumericFlag(flag: flag, separator: nil, columns: [columnName(flag)])
    }

    static func pair(_ flag: String) -> NumericFlag {
        NumericFlag(flag: flag, separator: ",", columns: [columnName(flag) + "_x", columnName(flag) + "_y"])
    }

    static func dimensions(_ flag: String) -> NumericFlag {
        NumericFlag(flag: flag, separator: "x", columns: [columnName(flag) + "_width", columnName(flag) + "_height"])
    }

    static func rectangle(_ flag: String) -> NumericFlag {
        let name = columnName(flag)
        return NumericFlag(flag: flag, separator: ",", columns: [name + "_x", name + "_y", name + "_width", name + "_height"])
    }

    /// `--prediction-time` → `prediction_time`.
    static func columnName(_ flag: String) -> String {
        String(flag.drop { $0 == "-" }.map { $0 == "-" ? "_" : $0 })
    }
}
