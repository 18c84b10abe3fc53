import PopSimDynamics
import PopSimGeometry
import PopSimGestures

/// Everything a Popovers simulation depends on: the window, the presented popovers (oldest first, as
/// `PopoverModel.popovers`, PopoverModel.swift:20-21), and the SwiftUI behaviour the library relies on
/// but does not define, each a parameter with its documented default (Documentation/popovers.md §5, §6).
public struct PopoverModelConfiguration: Sendable, Hashable {
    /// Whose rules: tag 1.3.2 (the default, the latest release) or the main branch (``PopoversVersion``).
    public var libraryVersion: PopoversVersion
    public var window: PopoverWindow
    /// The presented popovers, oldest first. Hit testing walks them newest first.
    public var popovers: [PopoverAttributes]
    /// SwiftUI `.spring()` for the first drag update and every release move: response 0.55, damping
    /// fraction 0.825 in the iOS 13-16 SDK interface (Documentation/popovers.md §5; Apple's current docs print 0.5).
    public var spring: Spring
    public var solver: SpringSolver
    /// The release-velocity estimator: SwiftUI `DragGesture`'s 3-sample velocity by default
    /// (OpenSwiftUI's `VelocitySampler`, Documentation/popovers.md §6); the others show what a different platform's
    /// estimate would decide.
    public var velocityEstimator: VelocityEstimatorKind
    /// The SwiftUI estimator's mix, v = w·v₂₁ + (1 − w)·v₃₂: 0.75 as OpenSwiftUI reconstructs it, or a
    /// value fitted to a device (`PredictionFit`). Used when ``velocityEstimator`` is `.swiftui`.
    public var previousSampleWeight: Double
    /// SwiftUI's prediction horizon, predictedEndTranslation = translation + T·velocity, T = 0.25 s by
    /// default (OpenSwiftUI; undocumented by Apple, Documentation/popovers.md §6).
    public var predictionTime: Double
    /// `Popovers.minimumDragDistance`, 2 pt in both versions (aheze/Popovers@de44c4d Sources/Popovers.swift:16,
    /// aheze/Popovers@576b4d3 Sources/Popovers.swift:17), the `DragGesture`'s `minimumDistance`. A drag
    /// begins once the finger has been at least this far from its touch-down point (inclusive,
    /// OpenSwiftUI `DistanceGesture`); a touch that never gets that far is not a drag.
    public var minimumDragDistance: Double
    /// `PopoverModel.popoversDraggable`, default true (PopoverModel.swift:24).
    public var popoversDraggable: Bool
    /// When a running spring counts as finished (it is then removed, and the drawn value is exact).
    public var settleTolerance: Tolerance
    /// The popover the trace rows and the outcome describe; nil means the newest (last).
    public var tracedPopover: Int?
    /// Whether drawn positions follow SwiftUI's springs. Decisions never read drawn positions (hit
    /// testing and releases use the model frames, as the library does), so a run that wants only the
    /// outcome turns this off and skips every spring; the drawn origin then jumps to each new value.
    public var animatesDrawnPositions: Bool

    public init(
        libraryVersion: PopoversVersion = .default, window: PopoverWindow = .iPhone, popovers: [PopoverAttributes],
        spring: Spring = .swiftUIDefault,
        solver: SpringSolver = .analytic, velocityEstimator: VelocityEstimatorKind = .swiftui,
        predictionTime: Double = swiftUIPredictionTime, minimumDragDistance: Double = 2, popoversDraggable: Bool = true,
        settleTolerance: Tolerance = .default, tracedPopover: Int? = nil,
        previousSampleWeight: Double = SwiftUIVelocitySampler.defaultPreviousSampleWeight,
        animatesDrawnPositions: Bool = true
    ) {
        self.libraryVersion = libraryVersion
        self.window = window
        self.popovers = popovers
        self.spring = spring
        self.solver = solver
        self.velocityEstimator = velocityEstimator
        self.predictionTime = predictionTime
        self.previousSampleWeight = previousSampleWeight
        self.minimumDragDistance = minimumDragDistance
        self.popoversDraggable = popoversDraggable
        self.settleTolerance = settleTolerance
        self.tracedPopover = tracedPopover
        self.animatesDrawnPositions = animatesDrawnPositions
    }

    /// A fresh release-velocity estimator of ``velocityEstimator``'s kind, with ``previousSampleWeight``
    /// when it is SwiftUI's.
    public func makeVelocityEstimator() -> AnyVelocityEstimator {
        guard velocityEstimator == .swiftui else { return velocityEstimator.makeEstimator() }
        return AnyVelocityEstimator(SwiftUIVelocitySampler(previousSampleWeight: previousSampleWeight))
    }

    /// The index ``tracedPopover`` resolves to.
    public var tracedIndex: Int { tracedPopover ?? (popovers.count - 1) }

    /// Checks every parameter; the error names the field, the value and what is accepted. An attribute
    /// the library version does not have is ``InteractionError/unavailable(_:)``.
    public func validate() throws(InteractionError) {
        try Self.require(
            window.size.width.isFinite && window.size.width > 0, "window.width", window.size.width,
            "a positive finite number")
        try Self.require(
            window.size.height.isFinite && window.size.height > 0, "window.height", window.size.height,
            "a positive finite number")
        try Self.requireFinite(window.safeAreaInsets, "window.safeAreaInsets")
        try Self.require(!popovers.isEmpty, "popovers.count", 0, "at least 1")
        try Self.require(
            predictionTime.isFinite && predictionTime >= 0, "predictionTime", predictionTime, "a finite number ≥ 0")
        try Self.require(
            previousSampleWeight.isFinite && previousSampleWeight >= 0 && previousSampleWeight <= 1,
            "previousSampleWeight",
            previousSampleWeight, "in [0, 1]")
        try Self.require(
            minimumDragDistance.isFinite && minimumDragDistance >= 0, "minimumDragDistance", minimumDragDistance,
            "a finite number ≥ 0")
        let traced = tracedIndex
        try Self.require(
            popovers.indices.contains(traced), "tracedPopover", Double(traced), "an index below \(popovers.count)")
        for (i, p) in popovers.enumerated() {
            func name() -> String { "popovers[\(i)]" }
            try Self.require(
                p.size.width.isFinite && p.size.width >= 0, "\(name()).size.width", p.size.width,
                "a finite number ≥ 0")
            try Self.require(
                p.size.height.isFinite && p.size.height >= 0, "\(name()).size.height", p.size.height,
                "a finite number ≥ 0")
            try Self.requireFinite(p.sourceFrame, "\(name()).sourceFrame")
            if let fixed = p.fixedStaticOrigin {
                try Self.require(
                    fixed.x.isFinite && fixed.y.isFinite, "\(name()).fixedStaticOrigin",
                    fixed.x.isFinite ? fixed.y : fixed.x, "a finite point")
            }
            try Self.requireFinite(p.sourceFrameInset, "\(name()).sourceFrameInset")
            try Self.requireFinite(p.screenEdgePadding, "\(name()).screenEdgePadding")
            for frame in p.blocksBackgroundTouchesAllowedFrames {
                try Self.requireFinite(frame, "\(name()).blocksBackgroundTouchesAllowedFrames")
            }
            for frame in p.dismissal.excludedFrames {
                try Self.requireFinite(frame, "\(name()).dismissal.excludedFrames")
            }
            let proximity = p.dismissal.dragDismissalProximity
            try Self.require(
                proximity.isFinite, "\(name()).dismissal.dragDismissalProximity", proximity, "a finite number")
            let fade = p.dismissal.fade.duration
            try Self.require(
                fade.isFinite && fade > 0, "\(name()).dismissal.fade.duration", fade, "a positive finite number")
            do { try p.requireAvailable(in: libraryVersion, name: name()) } catch { throw .unavailable(error) }
        }
    }

    /// The names are built only for an error: a sweep validates one configuration per grid point.
    private static func require(
        _ condition: Bool, _ parameter: @autoclosure () -> String, _ value: Double,
        _ requirement: @autoclosure () -> String
    ) throws(InteractionError) {
        if !condition {
            throw .invalidParameter(.invalidParameter(parameter: parameter(), value: value, requirement: requirement()))
        }
    }

    private static func requireFinite(_ rect: Rect, _ parameter: @autoclosure () -> String) throws(InteractionError) {
        for value in [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height] {
            try require(value.isFinite, parameter(), value, "finite coordinates")
        }
    }

    private static func requireFinite(_ insets: EdgeInsets, _ parameter: @autoclosure () -> String)
        throws(InteractionError)
    {
        for value in [insets.top, insets.left, insets.bottom, insets.right] {
            try require(value.isFinite, parameter(), value, "finite insets")
        }
    }
}
