import PopSimGeometry
import PopSimGestures

/// `popsim decide popup` as a value: one pan on an LNPopupController popup bar or its content,
/// released with a given translation and velocity (``PopupReleaseDecision`` decides it). A sweep varies
/// any number through ``parameters``.
public struct PopupDecisionProblem: SimulatedProblem, Hashable {
    public typealias Model = PopupModel
    public typealias Buffers = PipelineEvaluator<Self>

    /// The state when the pan began (the bar-hidden state has no pan).
    public enum From: String, CaseIterable, Sendable, Hashable {
        case closed, open

        public var state: PopupPresentationState { self == .open ? .open : .closed }
    }

    /// The release asked for with `--library-version`; nil: the one modelled.
    public var libraryVersion: PopupLibraryVersion?
    public var style: PopupInteractionStyle = .automatic
    /// Required on every command line (`--from`); closed for a problem built in code.
    public var from: From = .closed
    /// The container: W (the bar's width; the decision does not depend on it) and d, its height, pt; a
    /// device's portrait window, or the standard phone's.
    public var screen = Screen.defaultPhone
    /// Y_c, the docking bar's top edge, pt, as given; nil: a tab bar above the bottom safe-area inset
    /// (``dockTop``).
    public var givenDockTop: Double?
    /// `popupSnapPercent` c (clamped to [0.1, 0.9] by the rule, as the library's setter does).
    public var snapPercent = PopupSnapRule.defaultSnapPercent
    /// The finger's translation at release and the velocity (at release; for snap from closed, when the
    /// pan began), pt and pt/s, y down.
    public var release = Release()
    /// The popup bar as given (default: floating, without glass, on a phone: iOS 17-18); on a device it
    /// lays out for the device's size class and insets (``barLayout``).
    public var bar = PopupBarLayout()
    /// The bar button items' frames in bar coordinates (the open tap ignores touches on them).
    public var barButtonItemFrames: [Rect] = []

    /// The device the problem is posed on, or nil for the default iPhone-class container.
    public var device: DevicePreset? { screen.device }

    /// d, the container height, pt.
    public var screenHeight: Double {
        get { screen.window.height }
        set { screen.window.height = newValue }
    }

    /// W, the container width, pt.
    public var screenWidth: Double { screen.window.width }

    /// Y_c: given, or a tab bar above the bottom safe-area inset of the device's (or the standard
    /// phone's) window, Y_c = H − bottom − ``tabBarHeight``. Setting it gives it.
    public var dockTop: Double {
        get { givenDockTop ?? screen.preset.window.height - screen.preset.safeArea.bottom - Self.tabBarHeight }
        set { givenDockTop = newValue }
    }

    /// The bar the model lays out: on a device, for its size class and its left and right insets.
    public var barLayout: PopupBarLayout {
        guard let device else { return bar }
        var bar = self.bar
        bar.isPad = device.isRegularWidth
        bar.safeAreaLeft = device.safeAreaInsets.left
        bar.safeAreaRight = device.safeAreaInsets.right
        return bar
    }

    /// A tab bar's height above the bottom safe-area inset: the dock a device's Y_c is computed from
    /// (`UITabBar` in compact height is 49 pt), the same as the default geometry's.
    public static let tabBarHeight = DefaultPhoneScreen.tabBarHeight

    public init() {}

    public init(from: From, style: PopupInteractionStyle = .automatic) {
        self.from = from
        self.style = style
    }

    /// Flutter's iOS tracker, the public proxy for `UIPanGestureRecognizer.velocity(in:)`.
    public static let modelEstimator = VelocityEstimatorKind.ios

    /// The state the pan leaves the popup in; allocation-free.
    public var decision: PopupPresentationState {
        PopupReleaseDecision.decide(
            style: style, from: from.state,
            geometry: modelGeometry, snapPercent: snapPercent,
            translation: release.translation, velocity: release.velocity)
    }

    public func outcome() -> PopupPresentationState { decision }

    /// The pipeline decision in kept buffers, by the evaluator specialised for LNPopupController
    /// (``SimulatedProblem``).
    public func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64, buffers: inout PipelineEvaluator<Self>)
        -> PipelineOutcome<PopupPresentationState>
    {
        buffers.outcome(of: self, settings, seed: seed)
    }

    /// One pan leaves the popup open or closed (the bar is hidden only by a programmatic dismiss).
    public var pipelineOutcomes: [PopupPresentationState] { [.open, .closed] }

    /// The release aside, every stored value configures the model: compared one by one, without copying
    /// either problem. ``configuringProperties`` lists them; a test checks it against the stored
    /// properties, so a property added later cannot be left out here.
    public func configuresSameModel(as other: Self) -> Bool {
        libraryVersion == other.libraryVersion && style == other.style && from == other.from
            && screen == other.screen && givenDockTop == other.givenDockTop && snapPercent == other.snapPercent
            && bar == other.bar && barButtonItemFrames == other.barButtonItemFrames
    }

    /// The stored properties ``configuresSameModel(as:)`` compares; the other is the release.
    static let configuringProperties = [
        "libraryVersion", "style", "from", "screen", "givenDockTop", "snapPercent", "bar", "barButtonItemFrames",
    ]

    /// The container, the dock and the bar the model lays out: ``modelConfiguration(solver:estimator:)``'s
    /// geometry, which the ideal decision and the pipeline's touch-down read without building the rest.
    var modelGeometry: PopupGeometry {
        PopupGeometry(containerWidth: screenWidth, containerHeight: screenHeight, dockTop: dockTop, bar: barLayout)
    }

    /// The model these numbers describe. On a device the close button sits below its top safe-area
    /// inset and the display-link hint asks for its highest rate.
    public func modelConfiguration(solver: SpringSolver = .analytic, estimator: VelocityEstimatorKind = modelEstimator)
        -> PopupConfiguration
    {
        var configuration = PopupConfiguration(
            style: style, geometry: modelGeometry, snapPercent: snapPercent, initialState: from.state,
            solver: solver, velocityEstimator: estimator, glass: barLayout.glass,
            barButtonItemFrames: barButtonItemFrames)
        if let device {
            configuration.closeButtonFrame = PopupConfiguration.defaultCloseButtonFrame(
                containerWidth: screenWidth,
                top: device.safeAreaInsets.top)
            configuration.maximumFramesPerSecond = device.displayRate
        }
        return configuration
    }

    /// Where a pipeline gesture touches down: from closed in the middle of the closed bar; from open, on
    /// the content at a third of the way down the dock (clear of the close button).
    public var pipelineTouchDown: Point? {
        let geometry = modelGeometry
        switch from {
        case .closed:
            let bar = geometry.closedBarFrame
            return Point(x: bar.midX, y: bar.midY)
        case .open:
            return Point(x: geometry.containerWidth / 2, y: geometry.dockTop / 3)
        }
    }
}
