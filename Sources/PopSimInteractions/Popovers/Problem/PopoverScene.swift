import PopSimGestures
import PopSimParameters

/// `popsim simulate popover`: the popover a ``PopoverDecisionProblem`` describes, driven by a touch
/// stream through ``PopoverInteractionModel`` instead of a given release.
public struct PopoverScene: SimulationScene {
    public var problem = PopoverDecisionProblem()

    public init() {}

    public func validate(with settings: SimulationSettings) throws(ParameterError) {
        try problem.validate()
        if let estimator = settings.estimator, estimator != .swiftui, problem.previousSampleWeight != nil {
            throw ParameterError(
                "\(PopoverParameter.previousSampleWeight.flag) is the swiftui estimator's mix; "
                    + "\(SimulationParameter.estimator.flag) \(estimator.rawValue) does not use it")
        }
    }

    /// The drag note, when a drag on the popover was released.
    public func note(events: [TimedEvent<PopoverEvent>]) -> String? {
        let released = events.contains { if case .released = $0.event.kind { return true } else { return false } }
        return released ? problem.dragNote : nil
    }
}
