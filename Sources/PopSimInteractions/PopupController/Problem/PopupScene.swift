import PopSimGeometry
import PopSimGestures
import PopSimParameters

/// `popsim simulate popup`: the popup a ``PopupDecisionProblem`` describes, with the bar the full model
/// lays out, driven by a touch stream through ``PopupModel``.
public struct PopupScene: SimulationScene {
    public var problem = PopupDecisionProblem()

    public init() {}

    public var device: DevicePreset? { problem.device }

    /// The most bar button items a bar is given (a bar has a handful).
    public static let maximumBarButtons = 64

    /// The problem's parameters but the release, then the bar's.
    public static let parameters = PopupDecisionProblem.parameters.excluding(["translation", "velocity"]).lifted(\PopupScene.problem)
        + ParameterList<PopupScene>([
            .choice("bar_style", \.problem.bar.style,
                    "the popup bar's style: \(PopupBarStyle.allCases.map(\.rawValue).joined(separator: ", ")); its height and touch area follow LNPopupBar.mm",
                    default: "\(PopupBarStyle.floating.rawValue), as on iOS 17 and later"),
            .toggle("glass", \.problem.bar.glass, "Liquid Glass (iOS 26, glass on): every bar floats, no +6 pt, glass margins"),
            Parameter(
                ParameterDescription(
                    name: "bar_buttons",
                    syntax: .list(.numbers(.rectangle, ranges: [.coordinate, .coordinate, .nonNegativeLength, .nonNegativeLength], words: []),
                                  separator: ";", maximumCount: maximumBarButtons),
                    placeholder: "X,Y,W,H[;…]",
                    summary: "bar button items' frames in bar coordinates: a tap on one never opens the popup"),
                read: { scene in
                    scene.problem.barButtonItemFrames.isEmpty ? nil
                        : .list(scene.problem.barButtonItemFrames.map { .numbers([$0.origin.x, $0.origin.y, $0.size.width, $0.size.height]) })
                },
                assign: { (scene: inout PopupScene, value: ParameterValue) throws(ParameterError) in
                    guard case let .list(items) = value else { return }
                    scene.problem.barButtonItemFrames = items.compactMap { item in
                        guard let n = item.plainNumbers, n.count == 4 else { return nil }
                        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
                    }
                }),
        ])

    public func validate(with settings: SimulationSettings) throws(ParameterError) {
        try problem.validate()
    }

    public func run<Failure: Error>(
        clock: FrameClock, settings: SimulationSettings,
        nextSample: () throws(Failure) -> TouchSample?,
        drawn: (_ time: Double, _ frame: PopupFrame) throws(Failure) -> Void,
        failure: (InteractionError) -> Failure
    ) throws(Failure) -> (outcome: PopupPresentationState, events: [TimedEvent<PopupEvent>]) {
        let configuration = problem.modelConfiguration(solver: settings.solver,
                                                       estimator: settings.estimator ?? PopupDecisionProblem.modelEstimator)
        return try PopupSimulation.run(configuration, clock: clock, nextSample: nextSample, drawn: drawn, failure: failure)
    }
}
