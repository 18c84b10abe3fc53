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
    /// The stops as given (`--detents`); nil: the library's default layout in the window.
    public var detents: [SheetStop]? { didSet { refreshLayout() } }
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
    public var panModal = PanModalBehavior.default
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
        builtLayout = Result { () throws(SheetLayoutError) in
            try SheetLayout(
                library: library, stops: stops, attachment: attachment, windowHeight: windowHeight,
                topSafeAreaInset: safeAreaTop, displayScale: displayScale)
        }
    }

    /// `UIPanGestureRecognizer.velocity(in:)`'s public proxy, as for LNPopupController.
    public static let modelEstimator = VelocityEstimatorKind.ios

    /// On a device (``place(on:)``) the sheet also takes its pixel scale.
    public var displayScale: Double { device?.scale ?? SheetScreenDefaults.displayScale }

    /// The stops: the given ones, or the library's default layout in this window.
    ///
    /// FloatingPanel's `FloatingPanelBottomLayout` (scenee/FloatingPanel@7efcc76 Sources/Layout.swift:34-40):
    /// full 18 pt below the safe area's top, half at half the safe area's height above its bottom, tip
    /// 69 pt above its bottom (the anchors' constraints, Sources/LayoutAnchoring.swift:68-82). It has no
    /// default for a top-attached panel, which needs `--detents`. PanModal's defaults (long form at the
    /// top offset, short form at the long form) are its layout's own; with a scroll view its default long
    /// form fits the content, `.contentHeight(contentSize.height)` (slackhq/PanModal@b012aec
    /// PanModal/Presentable/PanModalPresentable+Defaults.swift:24-32): max(H − content − bottom inset,
    /// top offset) (+LayoutHelpers.swift:72-74, 80-86, 92-99).
    public var stops: [SheetStop] {
        if let detents { return detents }
        if library == .panModal && hasScrollView {
            let topOffset = safeAreaTop + PanModalLayout.topOffsetBelowSafeArea
            return [SheetStop(.long, y: max(windowHeight - scrollContentHeight - safeAreaBottom, topOffset))]
        }
        guard library == .floatingPanel, attachment == .bottom else { return [] }
        let safeBottom = windowHeight - safeAreaBottom
        return [
            SheetStop(.full, y: safeAreaTop + 18), SheetStop(.half, y: safeBottom - 0.5 * (safeBottom - safeAreaTop)),
            SheetStop(.tip, y: safeBottom - 69),
        ]
    }

    /// The library's layout of ``stops`` in this window.
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
                    floatingPanel: floatingPanel, panModal: panModal))
                ?? SheetDecision(.stop(from), movers: SheetMovers.none)
        }
        return SheetDecision(
            (try? SheetReleaseDecision.decide(
                layout: layout, from: from, translation: releaseTranslation, velocity: releaseVelocity,
                floatingPanel: floatingPanel, panModal: panModal))
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
            layout: layout, initialStop: from, floatingPanel: floatingPanel, panModal: panModal,
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
