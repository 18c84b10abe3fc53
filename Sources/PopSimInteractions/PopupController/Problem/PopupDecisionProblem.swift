import PopSimGeometry
import PopSimGestures

/// `popsim decide popup` as a value: one pan on an LNPopupController popup bar or its content,
/// released with a given translation and velocity (``PopupReleaseDecision`` decides it). Every number
/// is a stored `Double` a sweep can vary through ``parameters``.
public struct PopupDecisionProblem: SimulatedProblem, Hashable {
    public typealias Model = PopupModel

    /// The state when the pan began (the bar-hidden state has no pan).
    public enum From: String, CaseIterable, Sendable, Hashable {
        case closed, open

        public var state: PopupPresentationState { self == .open ? .open : .closed }
    }

    public var style: PopupInteractionStyle = .automatic
    /// Required on every command line (`--from`); closed for a problem built in code.
    public var from: From = .closed
    /// W, the container width, pt (the bar's width; the decision does not depend on it).
    public var screenWidth = PopupGeometry.defaultContainerWidth
    /// d, the container height, pt.
    public var screenHeight = PopupGeometry.defaultContainerHeight
    /// Y_c, the docking bar's top edge, pt.
    public var dockTop = PopupGeometry.defaultDockTop
    /// Whether `--dock-top` and `--screen-height` were given (a message blames only what was).
    public var dockTopGiven = false
    public var screenHeightGiven = false
    /// `popupSnapPercent` c (clamped to [0.1, 0.9] by the rule, as the library's setter does).
    public var snapPercent = PopupSnapRule.defaultSnapPercent
    /// Finger translation at release, pt, y down.
    public var translationX = 0.0
    public var translationY = 0.0
    /// Velocity, pt/s, y down (at release; for snap from closed, when the pan began).
    public var velocityX = 0.0
    public var velocityY = 0.0
    /// The popup bar the model lays out (default: floating, without glass, on a phone: iOS 17-18).
    public var bar = PopupBarLayout()
    /// The bar button items' frames in bar coordinates (the open tap ignores touches on them).
    public var barButtonItemFrames: [Rect] = []
    /// The device the problem is posed on, or nil for the default iPhone-class container.
    public var device: DevicePreset?

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
            geometry: PopupGeometry(
                containerWidth: screenWidth, containerHeight: screenHeight,
                dockTop: dockTop, bar: bar),
            snapPercent: snapPercent,
            translation: releaseTranslation, velocity: releaseVelocity)
    }

    public func outcome() -> PopupPresentationState { decision }

    /// One pan leaves the popup open or closed (the bar is hidden only by a programmatic dismiss).
    public var pipelineOutcomes: [PopupPresentationState] { [.open, .closed] }

    /// Puts the problem on `device`: its portrait window as the container, and the dock a tab bar above
    /// its bottom safe-area inset (Y_c = H − bottom − ``tabBarHeight``); the bar lays out for its size class.
    public mutating func place(on device: DevicePreset) {
        self.device = device
        screenWidth = device.window.width
        screenHeight = device.window.height
        dockTop = device.window.height - device.safeAreaInsets.bottom - Self.tabBarHeight
        bar.isPad = device.isRegularWidth
        bar.safeAreaLeft = device.safeAreaInsets.left
        bar.safeAreaRight = device.safeAreaInsets.right
    }

    /// The model these numbers describe. On a device the close button sits below its top safe-area
    /// inset and the display-link hint asks for its highest rate.
    public func modelConfiguration(solver: SpringSolver = .analytic, estimator: VelocityEstimatorKind = modelEstimator)
        -> PopupConfiguration
    {
        let geometry = PopupGeometry(
            containerWidth: screenWidth, containerHeight: screenHeight, dockTop: dockTop, bar: bar)
        var configuration = PopupConfiguration(
            style: style, geometry: geometry, snapPercent: snapPercent, initialState: from.state,
            solver: solver, velocityEstimator: estimator, glass: bar.glass,
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
        let geometry = modelConfiguration().geometry
        switch from {
        case .closed:
            let bar = geometry.closedBarFrame
            return Point(x: bar.midX, y: bar.midY)
        case .open:
            return Point(x: geometry.containerWidth / 2, y: geometry.dockTop / 3)
        }
    }
}
