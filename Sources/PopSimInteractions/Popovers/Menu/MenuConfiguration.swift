import PopSimDynamics
import PopSimGeometry

/// The Menu template (`Templates.MenuConfiguration`: aheze/Popovers@de44c4d Sources/Templates/Menu.swift:13-71,
/// aheze/Popovers@576b4d3 Sources/Templates/Menu/Menu.swift:14-87) as a headless scene: the label, the
/// menu's size and item rows, and the template's timing and animation constants. The defaults are the
/// all-defaults **init**'s values, which replace the property initial values, for ``libraryVersion``.
public struct MenuConfiguration: Sendable, Hashable {
    /// Whose template: 1.3.2 (default) or main. They differ in the screen-edge padding, whether a
    /// selection may leave the menu open, `onLiftWithoutSelecting`, and how item hits are found
    /// (``itemHitFrames(expansion:scale:)``).
    public var libraryVersion: PopoversVersion
    public var window: PopoverWindow
    /// The label's frame in the window (the gesture hotspot and the popover's source frame).
    public var labelFrame: Rect
    /// The menu's size (the template's default width is 240, Menu.swift:55).
    public var menuSize: Size
    /// The item rows' layout frames relative to the menu's top-left corner, in order. The first hit
    /// frame (``itemHitFrames(expansion:scale:)``) that contains the finger is the hovered item (main
    /// keeps them in a dictionary, so with overlapping frames its choice is unspecified; it removes
    /// overlaps, aheze/Popovers@576b4d3 Sources/Templates/Menu/Menu.swift:193-200).
    public var items: [Rect]
    /// `holdDelay`: 0.2 s (Menu.swift:42).
    public var holdDelay: Double
    public var rubberBand: MenuRubberBandScale
    /// `presentationAnimation`: spring(response 0.3, dampingFraction 0.7, blendDuration 1), the same in
    /// both versions (@de44c4d Menu.swift:36, @576b4d3 Menu/Menu.swift:43).
    public var presentationSpring: Spring
    /// `dismissalAnimation`: spring(response 0.4, dampingFraction 0.9, blendDuration 1) (@de44c4d
    /// Menu.swift:37, @576b4d3 Menu/Menu.swift:44).
    public var dismissalSpring: Spring
    /// The `blendDuration` of both springs, 1 s: a dismiss that interrupts the present spring (or the
    /// reverse) blends the response from one to the other over this time (``ResponseBlend``).
    public var springBlendDuration: Double
    /// The rubber-band scale and its reset run in `withAnimation {}`, i.e. SwiftUI's `.default`: on
    /// iOS 17+ a spring of response 0.55 and damping fraction 1 (Documentation/popovers.md §5; before iOS 17 it was
    /// easeInOut 0.35 s, not modelled).
    public var scaleSpring: Spring
    /// `dismissAfterSelecting`: true (@576b4d3 Menu/Menu.swift:61). Main only: 1.3.2 always dismisses on a
    /// selection (@de44c4d Menu+Model.swift:196-199, Menu.swift:335-337), so false is refused for it.
    public var dismissAfterSelecting: Bool
    /// `sourceFrameInset`: −8 on every side (@de44c4d Menu.swift:39, @576b4d3 Menu/Menu.swift:48).
    public var sourceFrameInset: EdgeInsets
    /// The menu popover's `screenEdgePadding`. Main: the configuration's, default top 48, left 16,
    /// bottom 32, right 16 (@576b4d3 Menu/Menu.swift:49, Menu+SwiftUI.swift:118). 1.3.2 does not set it, so
    /// the popover default of 16 on every side applies and no other value is possible
    /// (@de44c4d Menu.swift:214-226, Popover.swift:92).
    public var screenEdgePadding: EdgeInsets
    /// `originAnchor` .bottom, `popoverAnchor` .top (@de44c4d Menu.swift:40-41, @576b4d3 Menu/Menu.swift:50-51).
    public var originAnchor: PopoverAnchor
    public var popoverAnchor: PopoverAnchor
    /// `scaleAnchor`: nil, the scale effects then pivot on the popover anchor's unit point
    /// (@de44c4d Menu.swift:305-306 with Menu+Model.swift:79-85, @576b4d3 Menu/Menu.swift:129-130 with
    /// MenuModel.swift:81-87).
    public var scaleAnchor: PopoverAnchor?
    /// The popover's presentation and dismissal fades: `.easeOut` 0.35 s (Popover+Attributes.swift:172-193).
    public var fade: PopoverAttributes.Fade
    /// The scale the menu grows from and shrinks to: 0.2 (Menu.swift:129).
    public var collapsedScale: Double
    public var solver: SpringSolver
    public var settleTolerance: Tolerance

    public init(
        libraryVersion: PopoversVersion = .default, window: PopoverWindow = .iPhone, labelFrame: Rect,
        menuSize: Size = Size(width: 240, height: 176),
        items: [Rect]? = nil, holdDelay: Double = 0.2, rubberBand: MenuRubberBandScale = MenuRubberBandScale(),
        presentationSpring: Spring = SpringPreset.popoversMenuPresent.spring,
        dismissalSpring: Spring = SpringPreset.popoversMenuDismiss.spring, springBlendDuration: Double = 1,
        scaleSpring: Spring = Self.swiftUIDefaultAnimation, dismissAfterSelecting: Bool = true,
        sourceFrameInset: EdgeInsets = EdgeInsets(all: -8),
        screenEdgePadding: EdgeInsets? = nil,
        originAnchor: PopoverAnchor = .bottom, popoverAnchor: PopoverAnchor = .top, scaleAnchor: PopoverAnchor? = nil,
        fade: PopoverAttributes.Fade = .easeOut, collapsedScale: Double = 0.2, solver: SpringSolver = .analytic,
        settleTolerance: Tolerance = .default
    ) {
        self.libraryVersion = libraryVersion
        self.window = window
        self.labelFrame = labelFrame
        self.menuSize = menuSize
        self.items = items ?? Self.rows(count: 4, size: menuSize, version: libraryVersion)
        self.holdDelay = holdDelay
        self.rubberBand = rubberBand
        self.presentationSpring = presentationSpring
        self.dismissalSpring = dismissalSpring
        self.springBlendDuration = springBlendDuration
        self.scaleSpring = scaleSpring
        self.dismissAfterSelecting = dismissAfterSelecting
        self.sourceFrameInset = sourceFrameInset
        self.screenEdgePadding = screenEdgePadding ?? Self.defaultScreenEdgePadding(libraryVersion)
        self.originAnchor = originAnchor
        self.popoverAnchor = popoverAnchor
        self.scaleAnchor = scaleAnchor
        self.fade = fade
        self.collapsedScale = collapsedScale
        self.solver = solver
        self.settleTolerance = settleTolerance
    }

    /// SwiftUI's `.default` animation on iOS 17+: spring(response 0.55, dampingFraction 1) (Documentation/popovers.md
    /// §5).
    public static let swiftUIDefaultAnimation = try! Spring(response: 0.55, dampingRatio: 1)

    /// The menu popover's screen-edge padding in `version` (see ``screenEdgePadding``).
    public static func defaultScreenEdgePadding(_ version: PopoversVersion) -> EdgeInsets {
        switch version {
        case .v1_3_2: return PopoverAttributes.defaultScreenEdgePadding
        case .main: return EdgeInsets(top: 48, left: 16, bottom: 32, right: 16)
        }
    }

    /// `showDivider`'s separator between items in 1.3.2: 0.4 pt, on by default (@de44c4d Menu.swift:27,
    /// 294-299). Main has no built-in separator (the app places `MenuDivider`s).
    public static let builtInDividerHeight = 0.4

    /// `count` equal full-width rows stacked from the top, in `version`'s layout: with 1.3.2's 0.4 pt
    /// separators between them, or touching on main.
    public static func rows(count: Int, size: Size, version: PopoversVersion = .default) -> [Rect] {
        guard count > 0 else { return [] }
        let gap = version == .v1_3_2 ? builtInDividerHeight : 0
        let height = (size.height - gap * Double(count - 1)) / Double(count)
        return (0..<count).map { Rect(x: 0, y: Double($0) * (height + gap), width: size.width, height: height) }
    }

    /// The menu popover's frame: `.absolute(bottom → top)` on the label inset by −8, clamped with the
    /// template's padding (@de44c4d Menu.swift:214-226, @576b4d3 Menu/Menu+SwiftUI.swift:103-119). The menu's
    /// view is `.fixedSize()` (@de44c4d Menu.swift:303, @576b4d3 Menu/Menu.swift:121), so its size is not
    /// capped to the proposal.
    public var menuFrame: Rect {
        let size = menuSize
        let origin = PopoverLayout.absoluteOrigin(
            originAnchor: originAnchor, popoverAnchor: popoverAnchor,
            sourceFrame: PopoverLayout.inset(labelFrame, by: sourceFrameInset),
            size: size, window: window, screenEdgePadding: screenEdgePadding)
        return Rect(origin: origin, size: size)
    }

    /// The item frames in window coordinates (layout frames: the scale effects are not applied).
    public var itemFrames: [Rect] {
        let origin = menuFrame.origin
        return items.map {
            Rect(x: origin.x + $0.origin.x, y: origin.y + $0.origin.y, width: $0.width, height: $0.height)
        }
    }

    /// The menu view as drawn and hit-tested by its own gesture: ``menuFrame`` scaled by expansion × scale
    /// about the scale anchor. Both versions attach the menu's drag gesture after the two `scaleEffect`s
    /// (@de44c4d Menu.swift:305-307, @576b4d3 Menu/Menu.swift:129-131), so a touch must land on the scaled view.
    public func scaledMenuFrame(expansion: Double, scale: Double) -> Rect {
        let menu = menuFrame
        return scaled(menu, by: expansion * scale, menu: menu)
    }

    private func scaled(_ frame: Rect, by s: Double, menu: Rect) -> Rect {
        let pivot = PopoverLayout.point(at: scaleAnchor ?? popoverAnchor, of: menu)
        return Rect(
            x: pivot.x + s * (frame.origin.x - pivot.x), y: pivot.y + s * (frame.origin.y - pivot.y),
            width: s * frame.width, height: s * frame.height)
    }

    /// The frames the template hit-tests items with, in window coordinates, when the presentation scale
    /// is `expansion` and the rubber-band scale `scale`:
    /// - 1.3.2 measures each item's size with `sizeReader` and stacks the heights from the menu's
    ///   (unscaled) top-left corner, each frame at x = 0 with the item's width (`getIndex`,
    ///   @de44c4d Menu+Model.swift:38-59): it ignores the separators between items and the scale effects.
    /// - Main reads each item's frame in global coordinates (`frameReader`, @576b4d3 Menu/Menu.swift:183-201,
    ///   PopoverUtilities.swift:32-46), inside both `scaleEffect`s (Menu/Menu.swift:129-130): the layout
    ///   frame scaled by expansion × scale about the scale anchor. Assumption: the reader reports the
    ///   animated (drawn) scales, so the frames shrink and grow with the menu.
    public func itemHitFrames(expansion: Double, scale: Double) -> [Rect] {
        let menu = menuFrame
        var stackedTop = 0.0
        return items.map { item in
            defer { stackedTop += item.height }
            return itemHitFrame(item, stackedTop: stackedTop, menu: menu, scale: expansion * scale)
        }
    }

    /// The first item whose hit frame (``itemHitFrames(expansion:scale:)``) contains `location`, with
    /// `menu` the ``menuFrame``; allocation-free, for the model's every touch move.
    public func item(at location: Point, expansion: Double, scale: Double, menu: Rect) -> Int? {
        var stackedTop = 0.0
        for (index, item) in items.enumerated() {
            if itemHitFrame(item, stackedTop: stackedTop, menu: menu, scale: expansion * scale).contains(location) {
                return index
            }
            stackedTop += item.height
        }
        return nil
    }

    /// One item's hit frame; `stackedTop` is the sum of the heights of the items before it (1.3.2).
    private func itemHitFrame(_ item: Rect, stackedTop: Double, menu: Rect, scale s: Double) -> Rect {
        switch libraryVersion {
        case .v1_3_2:
            return Rect(x: menu.origin.x, y: menu.origin.y + stackedTop, width: item.width, height: item.height)
        case .main:
            let layout = Rect(
                x: menu.origin.x + item.origin.x, y: menu.origin.y + item.origin.y, width: item.width,
                height: item.height)
            return scaled(layout, by: s, menu: menu)
        }
    }

    public func validate() throws(InteractionError) {
        func require(_ ok: Bool, _ name: String, _ value: Double, _ requirement: String) throws(InteractionError) {
            if !ok {
                throw .invalidParameter(.invalidParameter(parameter: name, value: value, requirement: requirement))
            }
        }
        try require(
            window.size.width.isFinite && window.size.width > 0, "window.width", window.size.width,
            "a positive finite number")
        try require(
            window.size.height.isFinite && window.size.height > 0, "window.height", window.size.height,
            "a positive finite number")
        for (name, value) in [
            ("labelFrame.x", labelFrame.origin.x), ("labelFrame.y", labelFrame.origin.y),
            ("labelFrame.width", labelFrame.width), ("labelFrame.height", labelFrame.height),
        ] {
            try require(value.isFinite, name, value, "a finite number")
        }
        try require(
            menuSize.width.isFinite && menuSize.width >= 0, "menuSize.width", menuSize.width, "a finite number ≥ 0")
        try require(
            menuSize.height.isFinite && menuSize.height >= 0, "menuSize.height", menuSize.height,
            "a finite number ≥ 0")
        try require(holdDelay.isFinite && holdDelay >= 0, "holdDelay", holdDelay, "a finite number ≥ 0")
        try require(
            rubberBand.lowerBound.isFinite && rubberBand.upperBound.isFinite
                && rubberBand.lowerBound < rubberBand.upperBound,
            "rubberBand.upperBound", rubberBand.upperBound, "finite and above the lower bound")
        try require(
            rubberBand.minimumScale.isFinite, "rubberBand.minimumScale", rubberBand.minimumScale, "a finite number")
        try require(
            fade.duration.isFinite && fade.duration > 0, "fade.duration", fade.duration, "a positive finite number")
        try require(collapsedScale.isFinite, "collapsedScale", collapsedScale, "a finite number")
        try require(
            springBlendDuration.isFinite && springBlendDuration >= 0, "springBlendDuration", springBlendDuration,
            "a finite number ≥ 0")
        if !libraryVersion.has(.menuDismissAfterSelecting) && !dismissAfterSelecting {
            throw .unavailable(
                PopoversFeatureUnavailable(
                    feature: .menuDismissAfterSelecting, version: libraryVersion,
                    parameter: "menu.dismissAfterSelecting"))
        }
        if !libraryVersion.has(.menuScreenEdgePadding)
            && screenEdgePadding != Self.defaultScreenEdgePadding(libraryVersion)
        {
            throw .unavailable(
                PopoversFeatureUnavailable(
                    feature: .menuScreenEdgePadding, version: libraryVersion,
                    parameter: "menu.screenEdgePadding"))
        }
    }
}
