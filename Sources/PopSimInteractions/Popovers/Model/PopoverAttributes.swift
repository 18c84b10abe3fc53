import PopSimDynamics
import PopSimGeometry

/// One presented popover's attributes: the subset of `Popover.Attributes` (Popover+Attributes.swift:16-272)
/// that decides its geometry, drag, dismissal and hit testing, with the library's defaults
/// (Documentation/popovers.md §1–§4). Its content is summarised by its measured `size`.
public struct PopoverAttributes: Sendable, Hashable {
    /// The content's size. SwiftUI proposes at most the window minus the screen-edge padding
    /// (`edgeInsets(for:)`, aheze/Popovers@de44c4d Sources/PopoverContainerView.swift:133,161-171 and
    /// aheze/Popovers@576b4d3 Sources/PopoverContainerView.swift:145,173-183): content that adapts to the
    /// proposal is capped there, content with ``fixedSize`` is not.
    public var size: Size
    /// The content ignores the size SwiftUI proposes (`.fixedSize()`, as the Menu template's view does,
    /// aheze/Popovers@de44c4d Sources/Templates/Menu.swift:303 and aheze/Popovers@576b4d3
    /// Sources/Templates/Menu/Menu.swift:121): its measured size is ``size`` even when that is larger
    /// than the proposal. Default false: content that adapts.
    public var fixedSize: Bool
    /// Default `.absolute(originAnchor: .bottom, popoverAnchor: .top)` (Popover+Attributes.swift:25).
    public var position: PopoverPosition
    /// `sourceFrame()` in window coordinates: the attachment frame of an absolute popover, the container
    /// of a relative one. The library default is `.zero` (Popover+Attributes.swift:37).
    public var sourceFrame: Rect
    /// Default zero (Popover+Attributes.swift:40); UIKit `inset(by:)`, negative values grow the frame.
    public var sourceFrameInset: EdgeInsets
    /// Default ``defaultScreenEdgePadding``.
    public var screenEdgePadding: EdgeInsets

    /// `screenEdgePadding`'s default: 16 pt on every side (Popover+Attributes.swift:45).
    public static let defaultScreenEdgePadding = EdgeInsets(all: 16)
    /// Default both axes (Popover+Attributes.swift:54); empty disables dragging (PopoverContainerView.swift:141-143).
    public var rubberBandingMode: RubberBandingMode
    /// Default false (Popover+Attributes.swift:57).
    public var blocksBackgroundTouches: Bool
    /// Default none; main only (aheze/Popovers@576b4d3 Sources/Popover+Attributes.swift:63; 1.3.2 has no
    /// such attribute, aheze/Popovers@de44c4d Sources/Popover.swift:65-149).
    public var blocksBackgroundTouchesAllowedFrames: [Rect]
    /// Default false; main only (aheze/Popovers@576b4d3 Sources/Popover+Attributes.swift:60; absent from
    /// aheze/Popovers@de44c4d Sources/Popover.swift:65-149).
    public var changeLocationOnDismiss: Bool
    public var dismissal: Dismissal
    /// Not a library attribute: places the popover at this static top-left origin instead of the one
    /// its position computes (no clamping), e.g. to simulate `decide popover --origin X,Y`. The
    /// position still decides the drag offset and the release (anchors, container).
    public var fixedStaticOrigin: Point?

    /// `Popover.Attributes.Dismissal` (Popover+Attributes.swift:188-245).
    public struct Dismissal: Sendable, Hashable {
        /// Default `.tapOutside` (line 202).
        public var mode: DismissalMode
        /// Default false (line 205).
        public var tapOutsideIncludesOtherPopovers: Bool
        /// Default none (line 208).
        public var excludedFrames: [Rect]
        /// Default true (line 211).
        public var dragMovesPopoverOffScreen: Bool
        /// Default ``defaultDragDismissalProximity``.
        public var dragDismissalProximity: Double

        /// `dragDismissalProximity`'s default, 0.25 (Popover+Attributes.swift:226).
        public static let defaultDragDismissalProximity = 0.25
        /// The removal animation: `.easeOut` with an `.opacity` transition by default (lines 190, 193),
        /// SwiftUI's 0.35 s cubic-bezier (0, 0, 0.58, 1) (Documentation/popovers.md §5).
        public var fade: Fade

        public init(
            mode: DismissalMode = .tapOutside, tapOutsideIncludesOtherPopovers: Bool = false,
            excludedFrames: [Rect] = [], dragMovesPopoverOffScreen: Bool = true,
            dragDismissalProximity: Double = defaultDragDismissalProximity, fade: Fade = .easeOut
        ) {
            self.mode = mode
            self.tapOutsideIncludesOtherPopovers = tapOutsideIncludesOtherPopovers
            self.excludedFrames = excludedFrames
            self.dragMovesPopoverOffScreen = dragMovesPopoverOffScreen
            self.dragDismissalProximity = dragDismissalProximity
            self.fade = fade
        }
    }

    /// An opacity animation over a fixed duration along a timing curve.
    public struct Fade: Sendable, Hashable {
        public var duration: Double
        public var curve: CubicBezierTimingCurve

        /// A fade along `curve` over `duration` seconds, as SwiftUI's `Animation.timingCurve(_:_:_:_:duration:)`.
        public static func timingCurve(_ curve: CubicBezierTimingCurve, duration: Double) -> Fade {
            Fade(duration: duration, curve: curve)
        }

        /// SwiftUI `.easeOut`: 0.35 s, cubic-bezier (0, 0, 0.58, 1) (Documentation/popovers.md §5).
        public static let easeOut = timingCurve(.easeOut, duration: 0.35)
    }

    public init(
        size: Size, position: PopoverPosition = .default, sourceFrame: Rect = .zero,
        sourceFrameInset: EdgeInsets = .zero, screenEdgePadding: EdgeInsets = defaultScreenEdgePadding,
        rubberBandingMode: RubberBandingMode = .both, blocksBackgroundTouches: Bool = false,
        blocksBackgroundTouchesAllowedFrames: [Rect] = [], changeLocationOnDismiss: Bool = false,
        dismissal: Dismissal = Dismissal(), fixedStaticOrigin: Point? = nil, fixedSize: Bool = false
    ) {
        self.size = size
        self.fixedSize = fixedSize
        self.position = position
        self.sourceFrame = sourceFrame
        self.sourceFrameInset = sourceFrameInset
        self.screenEdgePadding = screenEdgePadding
        self.rubberBandingMode = rubberBandingMode
        self.blocksBackgroundTouches = blocksBackgroundTouches
        self.blocksBackgroundTouchesAllowedFrames = blocksBackgroundTouchesAllowedFrames
        self.changeLocationOnDismiss = changeLocationOnDismiss
        self.dismissal = dismissal
        self.fixedStaticOrigin = fixedStaticOrigin
    }

    /// A picture-in-picture popover: `.relative(anchors)` inside `container` (the modifiers' default
    /// containers are ``PopoverContainerDefault``), with the library's default dismissal mode.
    public static func pictureInPicture(
        size: Size, anchors: [PopoverAnchor], container: Rect,
        mode: DismissalMode = .tapOutside
    ) -> PopoverAttributes {
        PopoverAttributes(
            size: size, position: .relative(popoverAnchors: anchors), sourceFrame: container,
            dismissal: Dismissal(mode: mode))
    }

    /// The measured size in `window`: capped at the proposal unless ``fixedSize``.
    public func measuredSize(in window: PopoverWindow) -> Size {
        PopoverLayout.measuredSize(size, fixedSize: fixedSize, window: window, screenEdgePadding: screenEdgePadding)
    }

    /// The source frame inset by `sourceFrameInset`: the attachment frame or the relative container.
    public var insetSourceFrame: Rect { PopoverLayout.inset(sourceFrame, by: sourceFrameInset) }

    /// The static frame at presentation (`calculateFrame`, Popover+Calculations.swift:22-74): absolute
    /// popovers attach and clamp; relative popovers sit at their first anchor (`.bottom` if none);
    /// ``fixedStaticOrigin`` overrides both.
    public func initialStaticFrame(in window: PopoverWindow) -> Rect {
        let size = measuredSize(in: window)
        if let fixedStaticOrigin { return Rect(origin: fixedStaticOrigin, size: size) }
        switch position {
        case let .absolute(originAnchor, popoverAnchor):
            return Rect(
                origin: PopoverLayout.absoluteOrigin(
                    originAnchor: originAnchor, popoverAnchor: popoverAnchor,
                    sourceFrame: insetSourceFrame, size: size, window: window,
                    screenEdgePadding: screenEdgePadding),
                size: size)
        case let .relative(anchors):
            return Rect(
                origin: PopoverLayout.relativeOrigin(
                    anchor: anchors.first ?? .bottom, container: insetSourceFrame, size: size),
                size: size)
        }
    }

    /// The initial selected anchor of a relative popover (`popoverAnchors.first`, Popover+Calculations.swift:62-64).
    public var initialAnchor: PopoverAnchor? {
        if case let .relative(anchors) = position { return anchors.first ?? .bottom }
        return nil
    }

    /// The release decision for this popover at `staticOrigin` in `window`, by the rules of `version`.
    public func releaseDecision(
        staticOrigin: Point, window: PopoverWindow, predictionTime: Double,
        version: PopoversVersion = .default
    ) -> PopoverReleaseDecision {
        PopoverReleaseDecision(
            windowHeight: window.size.height, mode: dismissal.mode,
            proximity: dismissal.dragDismissalProximity, staticOrigin: staticOrigin,
            size: measuredSize(in: window), position: position, container: insetSourceFrame,
            changeLocationOnDismiss: changeLocationOnDismiss,
            dragMovesPopoverOffScreen: dismissal.dragMovesPopoverOffScreen,
            rubberBandingMode: rubberBandingMode, predictionTime: predictionTime, version: version)
    }

    /// Throws for an attribute `version` does not have (``PopoversFeature``); `name` prefixes the
    /// parameter in the message (`popovers[0]`).
    public func requireAvailable(in version: PopoversVersion, name: String) throws(PopoversFeatureUnavailable) {
        if changeLocationOnDismiss && !version.has(.changeLocationOnDismiss) {
            throw PopoversFeatureUnavailable(
                feature: .changeLocationOnDismiss, version: version,
                parameter: "\(name).changeLocationOnDismiss")
        }
        if !blocksBackgroundTouchesAllowedFrames.isEmpty && !version.has(.blocksBackgroundTouchesAllowedFrames) {
            throw PopoversFeatureUnavailable(
                feature: .blocksBackgroundTouchesAllowedFrames, version: version,
                parameter: "\(name).blocksBackgroundTouchesAllowedFrames")
        }
    }
}
