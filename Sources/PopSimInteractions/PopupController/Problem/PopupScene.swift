import PopSimGeometry
import PopSimGestures
import PopSimParameters
import PopSimTextIO

/// `popsim simulate popup`: the popup a ``PopupDecisionProblem`` describes, with the bar the full model
/// lays out, driven by a touch stream through ``PopupModel``.
public struct PopupScene: SimulationScene {
    public typealias Model = PopupModel

    public var problem = PopupDecisionProblem()
    /// When the bar is presented (`presentPopupBar…animated:`), s; nil: it is there from the start. The
    /// run then starts with the bar hidden.
    public var presentBarAt: Double?
    /// What a pan does when its recogniser moves between the bar and the content under it.
    public var recogniserMove = PopupRecogniserMove.cancelsPan
    /// Whether a scroll view fills the open popup's content (`--scroll-content` given).
    public var hasScrollView = false
    /// Its content's height, pt.
    public var scrollContentHeight = 0.0
    /// Its content offset when the run starts, pt.
    public var scrollOffset = 0.0
    /// Whether `--scroll-offset` was given (it needs a scroll view).
    public var scrollOffsetGiven = false

    public init() {}

    public var device: DevicePreset? { problem.device }

    /// The most bar button items a bar is given (a bar has a handful).
    public static let maximumBarButtons = 64

    /// The problem's parameters but the release, then the bar's.
    public static let parameters =
        PopupDecisionProblem.parameters.excluding(["translation", "velocity"]).lifted(\PopupScene.problem)
        + ParameterList<PopupScene>([
            .choice(
                "bar_style", \.problem.bar.style,
                "the popup bar's style: \(PopupBarStyle.allCases.map(\.rawValue).joined(separator: ", ")); "
                    + "its height and touch area follow LNPopupBar.mm",
                default: "\(PopupBarStyle.floating.rawValue), as on iOS 17 and later"),
            .toggle(
                "glass", \.problem.bar.glass,
                "Liquid Glass (iOS 26, glass on): every bar floats, no +6 pt, glass margins"),
            Parameter(
                ParameterDescription(
                    name: "bar_buttons",
                    syntax: .list(
                        .numbers(
                            .rectangle, ranges: [.coordinate, .coordinate, .nonNegativeLength, .nonNegativeLength],
                            words: []),
                        separator: ";", maximumCount: maximumBarButtons),
                    placeholder: "X,Y,W,H[;…]",
                    summary: "bar button items' frames in bar coordinates: a tap on one never opens the popup"),
                read: { scene in
                    scene.problem.barButtonItemFrames.isEmpty
                        ? nil
                        : .list(
                            scene.problem.barButtonItemFrames.map {
                                .numbers([$0.origin.x, $0.origin.y, $0.size.width, $0.size.height])
                            })
                },
                assign: { (scene: inout PopupScene, value: ParameterValue) throws(ParameterError) in
                    guard case let .list(items) = value else { return }
                    scene.problem.barButtonItemFrames = items.compactMap { item in
                        guard let n = item.plainNumbers, n.count == 4 else { return nil }
                        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
                    }
                }),
            .optionalNumber(
                "present_bar_at", \.presentBarAt, .nonNegativeDuration, placeholder: "T",
                "start with the bar hidden and present it (animated, presentPopupBar…) at T s, "
                    + "so that touches during its present animation can be tested; "
                    + "with \(ParameterDescription.flag(for: "from")) closed",
                default: "the bar is presented from the start"),
            .choice(
                "recogniser_move", \.recogniserMove,
                "a pan whose recogniser moves between bar and content under it (an open or a close completing): "
                    + "cancels-pan ends it (UIKit's documented hit-testing), "
                    + "keeps-pan lets it act once the gesture lock clears",
                default: PopupRecogniserMove.cancelsPan.rawValue),
            Parameter.number(
                "scroll_content", \.scrollContentHeight, .nonNegativeLength, placeholder: "H",
                "a scroll view fills the open popup's content, its content H pt tall: "
                    + "its pan closes the popup only from its top edge pulled down (the scroll style's rule), "
                    + "and the trace's content_offset and owner follow it (Documentation/arbitration.md)"
            )
            .followed(by: { $0.hasScrollView = true }),
            Parameter.number(
                "scroll_offset", \.scrollOffset, .nonNegativeLength, placeholder: "O",
                "the content offset when the run starts, pt (0: at its top); "
                    + "needs \(ParameterDescription.flag(for: "scroll_content"))",
                default: "0"
            )
            .followed(by: { $0.scrollOffsetGiven = true }),
        ])

    /// The scroll view `--scroll-content` and `--scroll-offset` describe: the open content's whole frame.
    public var scrollView: PopupScrollView? {
        guard hasScrollView else { return nil }
        return PopupScrollView(
            frame: Rect(x: 0, y: 0, width: problem.screenWidth, height: problem.screenHeight),
            contentSize: Size(width: problem.screenWidth, height: scrollContentHeight),
            contentOffset: Point(x: 0, y: scrollOffset))
    }

    public func validate(with settings: SimulationSettings) throws(ParameterError) {
        try problem.validate()
        if presentBarAt != nil && problem.from == .open {
            throw ParameterError(
                "\(ParameterDescription.flag(for: "present_bar_at")) presents the bar closed; give "
                    + "\(ParameterDescription.flag(for: "from")) closed (the popup opens from the bar once it is there)"
            )
        }
        if scrollOffsetGiven && !hasScrollView {
            throw .invalidValue(
                NumberFormat.compact.format(scrollOffset), for: "scroll_offset",
                "there is no scroll view to offset; give \(ParameterDescription.flag(for: "scroll_content")) H too")
        }
        if let scrollView {
            let maximum = scrollView.maximumOffsetY
            try ParameterError.require(
                scrollOffset <= maximum, "scroll_offset", scrollOffset,
                "in [0, \(NumberFormat.compact.format(maximum))], "
                    + "the content's range in the \(NumberFormat.compact.format(problem.screenHeight)) pt tall popup"
            )
        }
    }

    /// The problem's popup, with the bar presented later, the recogniser move and the scroll view.
    public func modelConfiguration(with settings: SimulationSettings) -> PopupConfiguration {
        var configuration = problem.modelConfiguration(
            solver: settings.solver,
            estimator: settings.estimator ?? PopupDecisionProblem.modelEstimator)
        configuration.recogniserMove = recogniserMove
        if let presentBarAt {
            configuration.initialState = .barHidden
            configuration.requests = [PopupRequest(time: presentBarAt, action: .presentBar)]
        }
        configuration.scrollView = scrollView
        return configuration
    }
}
