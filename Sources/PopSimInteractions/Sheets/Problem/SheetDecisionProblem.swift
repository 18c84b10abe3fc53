import PopSimGeometry
import PopSimGestures
import PopSimParameters

/// `popsim decide sheet` as a value: a FloatingPanel or PanModal sheet resting at a stop, dragged by a
/// translation and released at a velocity (``SheetReleaseDecision`` decides it); with a scroll view inside
/// (`--scroll-content`), the finger's drag is shared between the content and the sheet first
/// (``SheetArbitrationDecision``), and the decision also says what the finger moved. What places the
/// stops is one value (``placement``) whose layout is kept built: a sweep over the release (or anything
/// else that does not place the stops) decides without building it again.
public struct SheetDecisionProblem: SimulatedProblem, Hashable, Sendable {
    public typealias Model = SheetModel
    public typealias Buffers = PipelineEvaluator<Self>

    /// The library, the screen, the stops as given, the attachment and a scroll view's content.
    public var placement = SheetPlacement() { didSet { builtLayout = placement.layout() } }
    /// The release asked for with `--library-version`; nil: the library's pinned release.
    public var libraryVersion: SheetLibraryVersion?
    /// The stop the drag began at (required on every command line; `half` in code).
    public var from = SheetStopName.half
    /// The sheet's displacement and the velocity at release, pt and pt/s, y down.
    public var release = Release()
    public var floatingPanel = FloatingPanelBehavior.default
    /// The library-specific parameters given, one bit each by their place in
    /// ``SheetParameter/libraryParameters`` (a plain number, so a problem copies without reference counting):
    /// a message refuses those of the other library.
    var libraryParametersGiven: UInt64 = 0

    /// Whether `parameter`, one of ``SheetParameter/libraryParameters``, was given.
    func given(_ parameter: Parameter<SheetDecisionProblem>) -> Bool {
        guard let bit = SheetParameter.libraryParameterBit(parameter) else { return false }
        return libraryParametersGiven & bit != 0
    }
    /// The content offset when the gesture begins, pt, as given (it needs a scroll view); nil: at its top.
    public var scrollOffset: Double?
    /// ``placement``'s layout, built whenever it changes.
    private var builtLayout: Result<SheetLayout, SheetLayoutError>

    public init() {
        builtLayout = placement.layout()
    }

    public var library: SheetLibrary {
        get { placement.library }
        set { placement.library = newValue }
    }

    public var screen: Screen {
        get { placement.screen }
        set { placement.screen = newValue }
    }

    public var detents: [SheetStop]? {
        get { placement.detents }
        set { placement.detents = newValue }
    }

    public var attachment: FloatingPanelPosition {
        get { placement.attachment }
        set { placement.attachment = newValue }
    }

    /// FloatingPanel's anchors as the app writes them (``SheetPlacement/anchors``).
    public var anchors: [FloatingPanelState: FloatingPanelAnchor]? {
        get { placement.anchors }
        set { placement.anchors = newValue }
    }

    /// The surface's intrinsic content height (``SheetPlacement/contentHeight``).
    public var contentHeight: Double? {
        get { placement.contentHeight }
        set { placement.contentHeight = newValue }
    }

    /// PanModal's presentable (``SheetPlacement/panModal``): it places the forms and its knobs move the modal.
    public var panModal: PanModalPresentable {
        get { placement.panModal }
        set { placement.panModal = newValue }
    }

    /// The device the problem is posed on, or nil for the standard phone.
    public var device: DevicePreset? { placement.screen.device }

    /// Whether a scroll view sits inside the sheet (`--scroll-content` given).
    public var hasScrollView: Bool { placement.scrollContentHeight != nil }

    /// `UIPanGestureRecognizer.velocity(in:)`'s public proxy, as for LNPopupController.
    public static let modelEstimator = VelocityEstimatorKind.ios

    /// The stops: the given ones, or the library's default layout in this window (``SheetPlacement/stops``).
    public var stops: [SheetStop] { placement.stops }

    /// The library's layout of ``stops`` in this window.
    public func layout() throws(SheetLayoutError) -> SheetLayout {
        try builtLayout.get()
    }

    /// The scroll view `--scroll-content` and `--scroll-offset` describe, or nil. PanModal's content
    /// inset at the bottom is the presenting window's bottom safe-area inset.
    public var scrollView: SheetScrollView? {
        guard let contentHeight = placement.scrollContentHeight else { return nil }
        return SheetScrollView(
            contentHeight: contentHeight, contentOffset: scrollOffset ?? 0,
            bottomInset: library == .panModal ? screen.safeArea.bottom : 0)
    }

    /// The decision; a layout that cannot be built (refused by ``validate()``) decides nothing.
    public func outcome() -> SheetDecision {
        guard case .success(let layout) = builtLayout else { return SheetDecision(.stop(from)) }
        if let scrollView {
            return
                (try? SheetArbitrationDecision.decide(
                    layout: layout, scrollView: scrollView, from: from, translation: release.translation.dy,
                    velocity: release.velocity.dy,
                    floatingPanel: floatingPanel, panModal: placement.panModal.behavior))
                ?? SheetDecision(.stop(from), movers: SheetMovers.none)
        }
        return SheetDecision(
            (try? SheetReleaseDecision.decide(
                layout: layout, from: from, translation: release.translation, velocity: release.velocity,
                floatingPanel: floatingPanel, panModal: placement.panModal.behavior))
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

    /// The release aside, every stored value configures the model; the layout is not compared, as it is
    /// built from the placement, which is (comparing the built layout cost a pipeline decision about 3k
    /// instructions). ``configuringProperties`` lists what is compared: a test checks it against the
    /// stored properties, so a property added later cannot be left out here.
    public func configuresSameModel(as other: Self) -> Bool {
        placement == other.placement && libraryVersion == other.libraryVersion && from == other.from
            && floatingPanel == other.floatingPanel && libraryParametersGiven == other.libraryParametersGiven
            && scrollOffset == other.scrollOffset
    }

    /// The stored properties ``configuresSameModel(as:)`` compares; the others are the release and the
    /// layout built from the placement.
    static let configuringProperties = [
        "placement", "libraryVersion", "from", "floatingPanel", "libraryParametersGiven", "scrollOffset",
    ]

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
        return Point(x: screen.window.width / 2, y: edge + inside)
    }
}

extension SheetOutcome: DecisionOutcome {}
