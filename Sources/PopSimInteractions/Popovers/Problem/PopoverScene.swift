import PopSimGestures
import PopSimParameters

/// `popsim simulate popover`: the popover a ``PopoverDecisionProblem`` describes, driven by a touch
/// stream through ``PopoverInteractionModel`` instead of a given release.
public struct PopoverScene: SimulationScene {
    public typealias Model = PopoverInteractionModel

    public var problem = PopoverDecisionProblem()
    /// Whether the SwiftUI estimator's mix was given (it means nothing to another estimator).
    public var previousSampleWeightGiven = false

    public init() {}

    public var device: DevicePreset? { problem.device }

    /// The problem's parameters but the release, which the stream provides.
    public static let parameters = ParameterList<PopoverScene>(
        PopoverDecisionProblem.parameters.excluding(["translation", "velocity", "max_travel"]).lifted(
            \PopoverScene.problem
        ).parameters.map {
            $0.name == "previous_sample_weight" ? $0.followed(by: { $0.previousSampleWeightGiven = true }) : $0
        })

    public func validate(with settings: SimulationSettings) throws(ParameterError) {
        try problem.validate()
        if let estimator = settings.estimator, estimator != .swiftui, previousSampleWeightGiven {
            throw ParameterError(
                "--previous-sample-weight is the swiftui estimator's mix; "
                    + "--estimator \(estimator.rawValue) does not use it"
            )
        }
    }

    public func modelConfiguration(with settings: SimulationSettings) -> PopoverModelConfiguration {
        problem.modelConfiguration(
            solver: settings.solver, estimator: settings.estimator ?? PopoverDecisionProblem.modelEstimator)
    }

    /// The drag note, when a drag on the popover was released.
    public func note(events: [TimedEvent<PopoverEvent>]) -> String? {
        let released = events.contains { if case .released = $0.event.kind { return true } else { return false } }
        return released ? problem.dragNote : nil
    }
}
