import PopSimGeometry
import PopSimGestures
import PopSimParameters
import PopSimTextIO

/// `popsim simulate popup`: the popup a ``PopupDecisionProblem`` describes, with the bar the full model
/// lays out, driven by a touch stream through ``PopupModel``.
public struct PopupScene: SimulationScene {
    public var problem = PopupDecisionProblem()
    /// When the bar is presented (`presentPopupBar…animated:`), s; nil: it is there from the start. The
    /// run then starts with the bar hidden.
    public var presentBarAt: Double?
    /// What a pan does when its recogniser moves between the bar and the content under it.
    public var recogniserMove = PopupRecogniserMove.cancelsPan
    /// The height of the content of a scroll view that fills the open popup's content, pt; nil: no
    /// scroll view.
    public var scrollContentHeight: Double?
    /// Its content offset when the run starts, pt, as given (it needs a scroll view); nil: at its top.
    public var scrollOffset: Double?

    public init() {}

    /// The most bar button items a bar is given (a bar has a handful).
    public static let maximumBarButtons = 64

    /// What only a full run uses: the bar, when it is presented, the recogniser move, a scroll view.
    public static let runParameters: ParameterList<PopupScene> = [
        PopupSceneParameter.barStyle, PopupSceneParameter.glass, PopupSceneParameter.barButtons,
        PopupSceneParameter.presentBarAt, PopupSceneParameter.recogniserMove, PopupSceneParameter.scrollContent,
        PopupSceneParameter.scrollOffset,
    ]

    /// The scroll view `--scroll-content` and `--scroll-offset` describe: the open content's whole frame.
    public var scrollView: PopupScrollView? {
        guard let scrollContentHeight else { return nil }
        return PopupScrollView(
            frame: Rect(x: 0, y: 0, width: problem.screenWidth, height: problem.screenHeight),
            contentSize: Size(width: problem.screenWidth, height: scrollContentHeight),
            contentOffset: Point(x: 0, y: scrollOffset ?? 0))
    }

    public func validate(with settings: SimulationSettings) throws(ParameterError) {
        try problem.validate()
        if presentBarAt != nil && problem.from == .open {
            throw ParameterError(
                "\(PopupSceneParameter.presentBarAt.flag) presents the bar closed; give "
                    + "\(PopupParameter.from.flag) closed (the popup opens from the bar once it is there)")
        }
        if let scrollOffset, scrollContentHeight == nil {
            throw .invalidValue(
                scrollOffset, for: PopupSceneParameter.scrollOffset,
                "there is no scroll view to offset; give \(PopupSceneParameter.scrollContent.flag) H too")
        }
        if let scrollView, let scrollOffset {
            let maximum = scrollView.maximumOffsetY
            try ParameterError.require(
                scrollOffset <= maximum, PopupSceneParameter.scrollOffset, scrollOffset,
                "in [0, \(NumberFormat.compact.format(maximum))], "
                    + "the content's range in the \(NumberFormat.compact.format(problem.screenHeight)) pt tall popup"
            )
        }
    }

    /// The problem's popup, with the bar presented later, the recogniser move and the scroll view.
    public func modelConfiguration(with settings: SimulationSettings) -> PopupConfiguration {
        var configuration = problem.modelConfiguration(
            solver: settings.solver, estimator: settings.estimator ?? PopupDecisionProblem.modelEstimator)
        configuration.recogniserMove = recogniserMove
        if let presentBarAt {
            configuration.initialState = .barHidden
            configuration.requests = [PopupRequest(time: presentBarAt, action: .presentBar)]
        }
        configuration.scrollView = scrollView
        return configuration
    }
}

/// What only `popsim simulate popup` takes, declared once.
public enum PopupSceneParameter {
    public static let barStyle = Parameter<PopupScene>.choice(
        "bar_style", \.problem.bar.style,
        "the popup bar's style: \(PopupBarStyle.allCases.map(\.rawValue).joined(separator: ", ")); "
            + "its height and touch area follow LNPopupBar.mm",
        default: "\(PopupBarStyle.floating.rawValue), as on iOS 17 and later")

    public static let glass = Parameter<PopupScene>.toggle(
        "glass", \.problem.bar.glass, "Liquid Glass (iOS 26, glass on): every bar floats, no +6 pt, glass margins")

    /// `--bar-buttons X,Y,W,H[;…]`.
    public static let barButtons = Parameter<PopupScene>(
        ParameterDescription(
            name: "bar_buttons",
            syntax: .list(
                .numbers(
                    .rectangle, ranges: [.coordinate, .coordinate, .nonNegativeLength, .nonNegativeLength], words: []),
                separator: ";", maximumCount: PopupScene.maximumBarButtons),
            placeholder: "X,Y,W,H[;…]",
            summary: "bar button items' frames in bar coordinates: a tap on one never opens the popup"),
        read: { scene in
            scene.problem.barButtonItemFrames.isEmpty
                ? nil
                : .list(scene.problem.barButtonItemFrames.map { .numbers([$0.minX, $0.minY, $0.width, $0.height]) })
        },
        assign: { (scene: inout PopupScene, value: ParameterValue) throws(ParameterError) in
            guard case let .list(items) = value else { return }
            scene.problem.barButtonItemFrames = items.compactMap { item in
                guard let n = item.plainNumbers, n.count == 4 else { return nil }
                return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
            }
        })

    public static let presentBarAt = Parameter<PopupScene>.optionalNumber(
        "present_bar_at", \.presentBarAt, .nonNegativeDuration, placeholder: "T",
        "start with the bar hidden and present it (animated, presentPopupBar…) at T s, "
            + "so that touches during its present animation can be tested; with \(PopupParameter.from.flag) closed",
        default: "the bar is presented from the start")

    public static let recogniserMove = Parameter<PopupScene>.choice(
        "recogniser_move", \.recogniserMove,
        "a pan whose recogniser moves between bar and content under it (an open or a close completing): "
            + "cancels-pan ends it (UIKit's documented hit-testing), "
            + "keeps-pan lets it act once the gesture lock clears",
        default: PopupRecogniserMove.cancelsPan.rawValue)

    public static let scrollContent = Parameter<PopupScene>.optionalNumber(
        "scroll_content", \.scrollContentHeight, .nonNegativeLength, placeholder: "H",
        "a scroll view fills the open popup's content, its content H pt tall: "
            + "its pan closes the popup only from its top edge pulled down (the scroll style's rule), "
            + "and the trace's content_offset and owner follow it (Documentation/arbitration.md)", or: 0)

    public static let scrollOffset = Parameter<PopupScene>.optionalNumber(
        "scroll_offset", \.scrollOffset, .nonNegativeLength, placeholder: "O",
        "the content offset when the run starts, pt (0: at its top); needs \(scrollContent.flag)", default: "0",
        or: 0)
}
