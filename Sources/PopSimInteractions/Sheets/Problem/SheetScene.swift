/// `popsim simulate sheet`: the sheet a ``SheetDecisionProblem`` describes, driven by a touch stream
/// through ``SheetModel``.
public typealias SheetScene = ProblemScene<SheetDecisionProblem>
