import PopSimGeometry
import PopSimGestures
import PopSimParameters

/// `popsim decide sheet` as a value: a FloatingPanel or PanModal sheet resting at a stop, dragged by a
/// translation and released at a velocity (``SheetReleaseDecision`` decides it); with a scroll view inside
/// (`--scroll-content`), the finger's drag is shared between the content and the sheet first
/// (``SheetArbitrationDecision``), and the decision also says what the finger moved. The numbers a sweep
/// varies are stored `Double`s; the stops' layout is built when they or the window change.
public struct SheetDecisionProblem: SimulatedProblem, WindowedProblem, Sendable {
    public typealias Model = SheetModel

    public var library = SheetLibrary.floatingPanel { didSet { refreshLayout() } }
    /// The release asked for with `--library-version`; nil: the library's pinned release.
    public var libraryVersion: String?
    public var device: DevicePreset? { didSet { refreshLayout() } }
    public var windowWidth = DefaultPhoneScreen.size.width
    public var windowHeight = DefaultPhoneScreen.size.height { didSet { refreshLayout() } }
    public var safeAreaTop = DefaultPhoneScreen.topSafeAreaInset { didSet { refreshLayout() } }
    public var safeAreaLeft = 0.0
    public var safeAreaBottom = DefaultPhoneScreen.homeIndicatorInset { didSet { refreshLayout() } }
    public var safeAreaRight = 0.0
    /// The stops as given (`--detents`); nil: the layout the anchors or the presentable place.
    public var detents: [SheetStop]? { didSet { refreshLayout() } }
    /// FloatingPanel's `anchors` as the app writes them (`--anchors`), placed in the window as
    /// `LayoutAdapter` places them; nil: `FloatingPanelBottomLayout`'s for a bottom panel.
    public var anchors: [FloatingPanelState: FloatingPanelAnchor]? { didSet { refreshLayout() } }
    /// The surface's intrinsic content height, pt (`--content-height`): what FloatingPanel's intrinsic
    /// anchors and PanModal's `.intrinsicHeight` read.
    public var contentHeight: Double? { didSet { refreshLayout() } }
    /// FloatingPanel's `FloatingPanelPosition`.
    public var attachment = FloatingPanelPosition.bottom { didSet { refreshLayout() } }
    /// The stop the drag began at (required on every command line; `half` in code).
    public var from = SheetStopName.half
    /// The sheet's displacement at release, pt, y down.
    public var translationX = 0.0
    public var translationY = 0.0
    /// The release velocity, pt/s, y down.
    public var velocityX = 0.0
    public var velocityY = 0.0
    public var floatingPanel = FloatingPanelBehavior.default
    /// PanModal's presentable: its forms' heights and `topOffset` place the stops (unless `--detents`
    /// does), its knobs move the modal.
    public var panModal = PanModalPresentable.default { didSet { refreshLayout() } }
    /// The library-specific parameters given (``SheetDecisionProblem/floatingPanelParameters``,
    /// ``SheetDecisionProblem/panModalParameters``), by name: a message refuses those of the other library.
    public internal(set) var libraryParametersGiven: Set<String> = []
    /// Whether a scroll view sits inside the sheet (`--scroll-content` given).
    public var hasScrollView = false { didSet { refreshLayout() } }
    /// The scroll view's content height, pt (PanModal's default long form fits it).
    public var scrollContentHeight = 0.0 { didSet { refreshLayout() } }
    /// The content offset when the gesture begins, pt.
    public var scrollOffset = 0.0
    /// Whether `--scroll-offset` was given (it needs a scroll view).
    public var scrollOffsetGiven = false
    /// Whether `--window` and `--safe-area` were given (a message blames only what was).
    public var windowGiven = false
    public var safeAreaGiven = false
    /// The layout of ``stops`` in this window, rebuilt whenever one of its inputs changes: a sweep over
    /// the release (or anything else that does not place the stops) decides without building it again.
    private var builtLayout: Result<SheetLayout, SheetLayoutError>

    public init() {
        builtLayout = .failure(.noStops(library: .floatingPanel))
        refreshLayout()
    }

    private mutating func refreshLayout() {
        builtLayout = Result { () throws(SheetLayoutError) in try placedLayout() }
    }

    /// The window as the layouts see it.
    public var container: SheetContainer {
        SheetContainer(
            height: windowHeight, safeAreaTop: safeAreaTop, safeAreaBottom: safeAreaBottom, displayScale: displayScale)
    }

    /// FloatingPanel's anchors: the given ones, or the bottom layout's for a bottom panel; nil for a top
    /// panel without anchors (it needs `--detents` or `--anchors`).
    public var anchoredLayout: FloatingPanelAnchoredLayout? {
        if let anchors { return FloatingPanelAnchoredLayout(position: attachment, anchors: anchors) }
        return attachment == .bottom ? .bottomLayout : nil
    }

    /// The scroll content PanModal's default long form fits, with a scroll view.
    var panScrollableContentHeight: Double? { hasScrollView ? scrollContentHeight : nil }

    /// `--detents` as given, else the anchors (FloatingPanel) or the presentable's forms (PanModal)
    /// placed in the window.
    private func placedLayout() throws(SheetLayoutError) -> SheetLayout {
        switch library {
        case .floatingPanel where detents == nil:
            guard let anchoredLayout else { throw .noStops(library: .floatingPanel) }
            return .floatingPanel(try anchoredLayout.resolved(in: container, intrinsicHeight: contentHeight))
        case .panModal where detents == nil:
            return .panModal(
                try panModal.layout(
                    in: container, intrinsicHeight: contentHeight, scrollContentHeight: panScrollableContentHeight))
        default:
            return try SheetLayout(
                library: library, stops: stops, attachment: attachment, windowHeight: windowHeight,
                topSafeAreaInset: safeAreaTop, displayScale: displayScale, topOffset: panModal.topOffset,
                anchorModalToLongForm: panModal.anchorModalToLongForm)
        }
    }

    /// `UIPanGestureRecognizer.velocity(in:)`'s public proxy, as for LNPopupController.
    public static let modelEstimator = VelocityEstimatorKind.ios

    /// On a device (``place(on:)``) the sheet also takes its pixel scale.
    public var displayScale: Double { device?.scale ?? SheetScreenDefaults.displayScale }

    /// The stops: the given ones, or where the anchors (FloatingPanel, before rounding to the pixel grid)
    /// or the presentable (PanModal) place them in this window; none when they cannot be placed.
    ///
    /// FloatingPanel's default is `FloatingPanelBottomLayout` (scenee/FloatingPanel@7efcc76
    /// Sources/Layout.swift:26-40; ``FloatingPanelAnchoredLayout/bottomLayout``); it has no default for a
    /// top-attached panel. PanModal's default long form is `.maxHeight`, or with a scroll view
    /// `.contentHeight(contentSize.height)` (slackhq/PanModal@b012aec
    /// PanModal/Presentable/PanModalPresentable+Defaults.swift:24-32), and its short form the long form's.
    public var stops: [SheetStop] {
        if let detents { return detents }
        switch library {
        case .floatingPanel:
            return (anchoredLayout?.unroundedPositions(in: container, intrinsicHeight: contentHeight ?? 0) ?? []).map {
                SheetStop($0.state.stopName, y: $0.y)
            }
        case .panModal:
            return (try? builtLayout.get())?.stops ?? []
        }
    }

    /// The library's layout in this window.
    public func layout() throws(SheetLayoutError) -> SheetLayout {
        try builtLayout.get()
    }

    /// The scroll view `--scroll-content` and `--scroll-offset` describe, or nil. PanModal's content
    /// inset at the bottom is the presenting window's bottom safe-area inset.
    public var scrollView: SheetScrollView? {
        guard hasScrollView else { return nil }
        return SheetScrollView(
            contentHeight: scrollContentHeight, contentOffset: scrollOffset,
            bottomInset: library == .panModal ? safeAreaBottom : 0)
    }

    /// The decision; a layout that cannot be built (refused by ``validate()``) decides nothing.
    public func outcome() -> SheetDecision {
        guard case .success(let layout) = builtLayout else { return SheetDecision(.stop(from)) }
        if let scrollView {
            return
                (try? SheetArbitrationDecision.decide(
                    layout: layout, scrollView: scrollView, from: from, translation: translationY, velocity: velocityY,
                    floatingPanel: floatingPanel, panModal: panModal.behavior))
                ?? SheetDecision(.stop(from), movers: SheetMovers.none)
        }
        return SheetDecision(
            (try? SheetReleaseDecision.decide(
                layout: layout, from: from, translation: releaseTranslation, velocity: releaseVelocity,
                floatingPanel: floatingPanel, panModal: panModal.behavior))
                ?? .stop(from))
    }

    /// The stops, then PanModal's dismissal when a drag may dismiss and FloatingPanel's removal when it is
    /// on; with a scroll view each with what moved (sheet, scroll, both, none).
    public var pipelineOutcomes: [SheetDecision] {
        var outcomes = ((try? layout())?.stops ?? []).compactMap { SheetStopName(rawValue: $0.name) }.map(
            SheetOutcome.stop)
        if library == .panModal { outcomes.append(.dismissed) }
        if library == .floatingPanel && floatingPanel.isRemovalInteractionEnabled { outcomes.append(.removed) }
        guard hasScrollView else { return outcomes.map { SheetDecision($0) } }
        return outcomes.flatMap { outcome in
            [SheetMovers.sheet, SheetMovers.scroll, SheetMovers.both, SheetMovers.none].map {
                SheetDecision(outcome, movers: $0)
            }
        }
    }

    /// The model these numbers describe.
    public func modelConfiguration(
        solver: SpringSolver = .analytic,
        estimator: VelocityEstimatorKind = modelEstimator
    ) throws(InteractionError) -> SheetConfiguration {
        let layout: SheetLayout
        do { layout = try self.layout() } catch {
            throw .invalidParameter(
                .invalidParameter(parameter: "detents", value: .nan, requirement: error.description))
        }
        return SheetConfiguration(
            layout: layout, initialStop: from, floatingPanel: floatingPanel, panModal: panModal.behavior,
            velocityEstimator: estimator, solver: solver, scrollView: scrollView)
    }

    /// How far inside the sheet a pipeline gesture touches down from its moving edge.
    public static let touchDownInset = 44.0

    /// Where a pipeline gesture touches down: on the sheet, ``touchDownInset`` inside its moving edge at
    /// the from-stop (inside the scroll view, below FloatingPanel's 36 pt grabber area), in the window's
    /// middle; nil when the layout has no such stop.
    public var pipelineTouchDown: Point? {
        guard let edge = (try? layout())?.position(of: from) else { return nil }
        let inside = library == .floatingPanel && attachment == .top ? -Self.touchDownInset : Self.touchDownInset
        return Point(x: windowWidth / 2, y: edge + inside)
    }
}

extension SheetOutcome: DecisionOutcome {}
