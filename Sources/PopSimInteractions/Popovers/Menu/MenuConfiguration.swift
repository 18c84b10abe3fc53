import PopSimDynamics
import PopSimGeometry

/// The Menu template (`Templates.MenuConfiguration`, Menu.swift:14-86) as a headless scene: the label,
/// the menu's size and item rows, and the template's timing and animation constants. The defaults are
/// the all-defaults **init**'s values, which replace the property initial values (Documentation/popovers.md §7).
public struct MenuConfiguration: Sendable, Hashable {
    public var window: PopoverWindow
    /// The label's frame in the window (the gesture hotspot and the popover's source frame).
    public var labelFrame: Rect
    /// The menu's size (the template's default width is 240, Menu.swift:55).
    public var menuSize: Size
    /// The item rows' frames relative to the menu's top-left corner, in order; the first one that
    /// contains the finger is the hovered item (the library keeps them in a dictionary, so with
    /// overlapping frames its choice is unspecified; the template removes overlaps, Menu.swift:193-200).
    public var items: [Rect]
    /// `holdDelay`: 0.2 s (Menu.swift:42).
    public var holdDelay: Double
    public var rubberBand: MenuRubberBandScale
    /// `presentationAnimation`: spring(response 0.3, dampingFraction 0.7) (Menu.swift:43).
    public var presentationSpring: Spring
    /// `dismissalAnimation`: spring(response 0.4, dampingFraction 0.9) (Menu.swift:44).
    public var dismissalSpring: Spring
    /// The rubber-band scale and its reset run in `withAnimation {}`, i.e. SwiftUI's `.default`: on
    /// iOS 17+ a spring of response 0.55 and damping fraction 1 (Documentation/popovers.md §5; before iOS 17 it was
    /// easeInOut 0.35 s, not modelled).
    public var scaleSpring: Spring
    /// `dismissAfterSelecting`: true (Menu.swift:61).
    public var dismissAfterSelecting: Bool
    /// `sourceFrameInset`: −8 on every side (Menu.swift:48).
    public var sourceFrameInset: EdgeInsets
    /// `screenEdgePadding`: top 48, left 16, bottom 32, right 16 (Menu.swift:49).
    public var screenEdgePadding: EdgeInsets
    /// `originAnchor` .bottom, `popoverAnchor` .top (Menu.swift:50-51).
    public var originAnchor: PopoverAnchor
    public var popoverAnchor: PopoverAnchor
    /// The popover's presentation and dismissal fades: `.easeOut` 0.35 s (Popover+Attributes.swift:172-193).
    public var fade: PopoverAttributes.Fade
    /// The scale the menu grows from and shrinks to: 0.2 (Menu.swift:129).
    public var collapsedScale: Double
    public var solver: SpringSolver
    public var settleTolerance: Tolerance

    public init(window: PopoverWindow = .iPhone, labelFrame: Rect, menuSize: Size = Size(width: 240, height: 176),
                items: [Rect]? = nil, holdDelay: Double = 0.2, rubberBand: MenuRubberBandScale = MenuRubberBandScale(),
                presentationSpring: Spring = SpringPreset.popoversMenuPresent.spring,
                dismissalSpring: Spring = SpringPreset.popoversMenuDismiss.spring,
                scaleSpring: Spring = Self.swiftUIDefaultAnimation, dismissAfterSelecting: Bool = true,
                sourceFrameInset: EdgeInsets = EdgeInsets(all: -8),
                screenEdgePadding: EdgeInsets = EdgeInsets(top: 48, left: 16, bottom: 32, right: 16),
                originAnchor: PopoverAnchor = .bottom, popoverAnchor: PopoverAnchor = .top,
                fade: PopoverAttributes.Fade = .easeOut, collapsedScale: Double = 0.2, solver: SpringSolver = .analytic,
                settleTolerance: Tolerance = .default) {
        self.window = window
        self.labelFrame = labelFrame
        self.menuSize = menuSize
        self.items = items ?? Self.rows(count: 4, size: menuSize)
        self.holdDelay = holdDelay
        self.rubberBand = rubberBand
        self.presentationSpring = presentationSpring
        self.dismissalSpring = dismissalSpring
        self.scaleSpring = scaleSpring
        self.dismissAfterSelecting = dismissAfterSelecting
        self.sourceFrameInset = sourceFrameInset
        self.screenEdgePadding = screenEdgePadding
        self.originAnchor = originAnchor
        self.popoverAnchor = popoverAnchor
        self.fade = fade
        self.collapsedScale = collapsedScale
        self.solver = solver
        self.settleTolerance = settleTolerance
    }

    /// SwiftUI's `.default` animation on iOS 17+: spring(response 0.55, dampingFraction 1) (Documentation/popovers.md §5).
    public static let swiftUIDefaultAnimation = try! Spring(response: 0.55, dampingRatio: 1)

    /// `count` equal full-width rows stacked from the top.
    public static func rows(count: Int, size: Size) -> [Rect] {
        guard count > 0 else { return [] }
        let height = size.height / Double(count)
        return (0..<count).map { Rect(x: 0, y: Double($0) * height, width: size.width, height: height) }
    }

    /// The menu popover's frame: `.absolute(bottom → top)` on the label inset by −8, clamped with the
    /// template's padding (Menu+SwiftUI.swift:103-119; Documentation/popovers.md §4, §7).
    public var menuFrame: Rect {
        let size = PopoverLayout.fittedSize(menuSize, window: window, screenEdgePadding: screenEdgePadding)
        let origin = PopoverLayout.absoluteOrigin(originAnchor: originAnchor, popoverAnchor: popoverAnchor,
                                                  sourceFrame: PopoverLayout.inset(labelFrame, by: sourceFrameInset),
                                                  size: size, window: window, screenEdgePadding: screenEdgePadding)
        return Rect(origin: origin, size: size)
    }

    /// The item frames in window coordinates (layout frames: the scale effects are not applied).
    public var itemFrames: [Rect] {
        let origin = menuFrame.origin
        return items.map { Rect(x: origin.x + $0.origin.x, y: origin.y + $0.origin.y, width: $0.width, height: $0.height) }
    }

    public func validate() throws(InteractionError) {
        func require(_ ok: Bool, _ name: String, _ value: Double, _ requirement: String) throws(InteractionError) {
            if !ok { throw .invalidParameter(.invalidParameter(parameter: name, value: value, requirement: requirement)) }
        }
        try require(window.size.width.isFinite && window.size.width > 0, "window.width", window.size.width, "a positive finite number")
        try require(window.size.height.isFinite && window.size.height > 0, "window.height", window.size.height, "a positive finite number")
        for (name, value) in [("labelFrame.x", labelFrame.origin.x), ("labelFrame.y", labelFrame.origin.y),
                              ("labelFrame.width", labelFrame.width), ("labelFrame.height", labelFrame.height)] {
            try require(value.isFinite, name, value, "a finite number")
        }
        try require(menuSize.width.isFinite && menuSize.width >= 0, "menuSize.width", menuSize.width, "a finite number ≥ 0")
        try require(menuSize.height.isFinite && menuSize.height >= 0, "menuSize.height", menuSize.height, "a finite number ≥ 0")
        try require(holdDelay.isFinite && holdDelay >= 0, "holdDelay", holdDelay, "a finite number ≥ 0")
        try require(rubberBand.lowerBound.isFinite && rubberBand.upperBound.isFinite && rubberBand.lowerBound < rubberBand.upperBound,
                    "rubberBand.upperBound", rubberBand.upperBound, "finite and above the lower bound")
        try require(rubberBand.minimumScale.isFinite, "rubberBand.minimumScale", rubberBand.minimumScale, "a finite number")
        try require(fade.duration.isFinite && fade.duration > 0, "fade.duration", fade.duration, "a positive finite number")
        try require(collapsedScale.isFinite, "collapsedScale", collapsedScale, "a finite number")
    }
}
