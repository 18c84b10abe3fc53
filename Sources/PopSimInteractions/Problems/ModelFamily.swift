/// One interaction model as every `popsim` verb sees it: the word that names it, its release decision
/// as a ``SimulatedProblem`` (`decide`, `sweep`, `threshold`, golden tables, PopSimTesting) and its full
/// model as a ``SimulationScene`` (`simulate`), both on the same ``SimulatedModel``. A new model is a
/// model, a problem, a scene, a family and one line in ``ModelFamilies/all``.
public protocol ModelFamily: SendableMetatype {
    associatedtype Problem: SimulatedProblem
    associatedtype Scene: SimulationScene where Scene.Problem == Problem

    /// The word after the verb: `popover` in `popsim decide popover`.
    static var name: String { get }
    /// The library as summaries name it (`Popovers`, `LNPopupController`).
    static var library: String { get }
    /// What `decide` prints, in one line for the command list.
    static var decideSummary: String { get }
    /// The rule `decide` applies, with its source lines, for `decide --help`.
    static var decideDiscussion: String { get }
    /// What `simulate` runs, in one line.
    static var simulateSummary: String { get }
    /// The model `simulate` runs and its trace columns, for `simulate --help`.
    static var simulateDiscussion: String { get }
    /// A `threshold` example for its help: a question and the command that answers it.
    static var thresholdExample: String { get }
}

/// Every model family PopSim has, in the order help lists them.
public enum ModelFamilies {
    public static let all: [any ModelFamily.Type] = [
        PopoverFamily.self,
        PopupFamily.self,
        SheetFamily.self,
    ]

    /// The family called `name`, or nil.
    public static func named(_ name: String) -> (any ModelFamily.Type)? { all.first { $0.name == name } }
}
