import PopSimGeometry
import PopSimGestures
import PopSimParameters

/// `popsim decide sheet` as a value: a FloatingPanel or PanModal sheet resting at a stop, dragged by a
/// translation and released at a velocity (``SheetReleaseDecision`` decides it). The numbers a sweep
/// varies are stored `Double`s; the stops are built into the library's layout at decision time.
public struct SheetDecisionProblem: DecisionProblem, Sendable {
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
    /// The layout of ``stops`` in this window, rebuilt whenever one of its inputs changes: a sweep over
    /// the release (or anything else that does not place the stops) decides without building it again.
    private var builtLayout: Result<SheetLayout, SheetLayoutError>

    public init() {
        builtLayout = .failure(.noStops(library: .floatingPanel))
        refreshLayout()
    }

    private mutating func refreshLayout() {
        builtLayout = Result { () throws(SheetLayoutError) in
            try SheetLayout(library: library, stops: stops, attachment: attachment, windowHeight: windowHeight,
                            topSafeAreaInset: safeAreaTop, displayScale: displayScale)
        }
    }

    /// `UIPanGestureRecognizer.velocity(in:)`'s public proxy, as for LNPopupController.
    public static let modelEstimator = VelocityEstimatorKind.ios

    /// Puts the problem on `device`: its portrait window, safe area and pixel scale.
    public mutating func place(on device: DevicePreset) {
        self.device = device
        windowWidth = device.window.width
        windowHeight = device.window.height
        safeAreaTop = device.safeAreaInsets.top
        safeAreaLeft = device.safeAreaInsets.left
        safeAreaBottom = device.safeAreaInsets.bottom
        safeAreaRight = device.safeAreaInsets.right
    }

    public var displayScale: Double { device?.scale ?? SheetScreenDefaults.displayScale }

    /// The stops: the given ones, or the library's default layout in this window.
    ///
    /// FloatingPanel's `FloatingPanelBottomLayout` (scenee/FloatingPanel@7efcc76 Sources/Layout.swift:34-40):
    /// full 18 pt below the safe area's top, half at half the safe area's height above its bottom, tip
    /// 69 pt above its bottom (the anchors' constraints, Sources/LayoutAnchoring.swift:68-82). It has no
    /// default for a top-attached panel, which needs `--detents`. PanModal's defaults (long form at the
    /// top offset, short form at the long form) are its layout's own.
    public var stops: [SheetStop] {
        if let detents { return detents }
        guard library == .floatingPanel, attachment == .bottom else { return [] }
        let safeBottom = windowHeight - safeAreaBottom
        return [SheetStop(.full, y: safeAreaTop + 18), SheetStop(.half, y: safeBottom - 0.5 * (safeBottom - safeAreaTop)),
                SheetStop(.tip, y: safeBottom - 69)]
    }

    /// The library's layout of ``stops`` in this window.
    public func layout() throws(SheetLayoutError) -> SheetLayout {
        try builtLayout.get()
    }

    /// The release decision; a layout that cannot be built (refused by ``validate()``) decides nothing.
    public func outcome() -> SheetOutcome {
        guard case .success(let layout) = builtLayout else { return .stop(from) }
        return (try? SheetReleaseDecision.decide(
            layout: layout, from: from, translation: Vector(dx: translationX, dy: translationY),
            velocity: Vector(dx: velocityX, dy: velocityY), floatingPanel: floatingPanel, panModal: panModal)) ?? .stop(from)
    }

    /// The stops, then PanModal's dismissal when a drag may dismiss and FloatingPanel's removal when it is on.
    public var pipelineOutcomes: [SheetOutcome] {
        var outcomes = ((try? layout())?.stops ?? []).compactMap { SheetStopName(rawValue: $0.name) }.map(SheetOutcome.stop)
        if library == .panModal { outcomes.append(.dismissed) }
        if library == .floatingPanel && floatingPanel.isRemovalInteractionEnabled { outcomes.append(.removed) }
        return outcomes
    }

    /// The model these numbers describe.
    public func modelConfiguration(solver: SpringSolver = .analytic,
                                   estimator: VelocityEstimatorKind = modelEstimator) throws(InteractionError) -> SheetConfiguration {
        let layout: SheetLayout
        do { layout = try self.layout() } catch {
            throw .invalidParameter(.invalidParameter(parameter: "detents", value: .nan, requirement: error.description))
        }
        return SheetConfiguration(layout: layout, initialStop: from, floatingPanel: floatingPanel, panModal: panModal,
                                  velocityEstimator: estimator, solver: solver)
    }

    /// How far inside the sheet a pipeline gesture touches down from its moving edge.
    public static let touchDownInset = 44.0

    /// The finger touches down on the sheet, ``touchDownInset`` inside its moving edge at the from-stop,
    /// in the window's middle, drags by the translation and lets go at the velocity.
    public func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64) -> PipelineOutcome<SheetOutcome> {
        do {
            let configuration = try modelConfiguration(solver: .analytic, estimator: settings.estimator ?? Self.modelEstimator)
            guard let edge = configuration.layout.position(of: from) else { return .error }
            let inside = library == .floatingPanel && attachment == .top ? -Self.touchDownInset : Self.touchDownInset
            let start = Point(x: windowWidth / 2, y: edge + inside)
            let stream = try settings.touchStream(from: start, translation: Vector(dx: translationX, dy: translationY),
                                                  velocity: Vector(dx: velocityX, dy: velocityY), seed: seed, device: device)
            let rate = settings.frameRate(on: device)
            if settings.stopsAtFinalOutcome {
                return .decided(try SheetSimulation.outcome(configuration, stream: stream, rate: rate))
            }
            return .decided(try SheetSimulation.run(configuration, stream: stream, rate: rate).outcome)
        } catch {
            return .error
        }
    }
}

extension SheetOutcome: DecisionOutcome {}
