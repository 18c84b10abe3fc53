import PopSimDynamics
import PopSimGeometry
import PopSimGestures

/// The Menu template's gestures as a state machine on the frame clock (Documentation/popovers.md §7):
/// `MenuGestureModel` for touches that start on the label (MenuGestureModel.swift:29-143), the menu
/// body's own gesture (Menu.swift:352-396), and the menu popover's tap-outside dismissal with the label
/// excluded (Menu+SwiftUI.swift:103-119).
///
/// - Label press, menu closed: the first event starts a press token and a hold timer; after `holdDelay`
///   the menu is presented iff the token is unchanged and the *latest* finger location is inside the
///   label. Every event fades the label iff the finger is inside it. A lift inside the label presents
///   at once (a quick tap works), a lift outside restores the label.
/// - Label press, menu open: the first event only marks `labelPressedWhenAlreadyPresented`; later events
///   hover and rubber-band; the lift selects the item under the finger, and with none there and the
///   finger on the label it dismisses.
/// - Press that started on the menu: hover and rubber-band while moving; the lift selects the item
///   under the finger and dismisses (`dismissAfterSelecting`), or calls `onLiftWithoutSelecting`.
/// - A touch-down anywhere else while the menu is open dismisses it (mode `.tapOutside`).
///
/// Both drag gestures have `minimumDistance: 0`, so the touch-down itself is the first `onChanged`.
/// Presenting fades the popover in (`.easeOut`) and springs the expansion 0.2 → 1 with the present
/// spring; dismissing fades it out and springs 1 → 0.2 with the dismiss spring. The rubber-band scale
/// and its reset to 1 use SwiftUI's `.default` animation. One press is followed at a time; other
/// touches only reach the tap-outside test.
public struct PopoverMenuModel: InteractionModel {
    public typealias Frame = MenuTraceFrame
    public typealias Event = MenuEvent

    public let configuration: MenuConfiguration
    private let menuFrame: Rect

    enum PressOrigin { case label, menu }

    struct Press {
        let touch: Int
        let origin: PressOrigin
    }

    private(set) var present = false
    /// `labelPressUUID`: a counter stands in for the UUID.
    private var labelPressToken: Int?
    private var tokenCounter = 0
    private var labelPressedWhenAlreadyPresented = false
    private var dragLocation: Point?
    private var holdTimer: (deadline: Double, token: Int)?
    private var press: Press?
    private var touches = TouchLedger()
    private(set) var hoveredItem: Int?
    /// `model.selectedIndex` (1.3.2): the item last selected, until the menu is dismissed.
    private(set) var selectedItem: Int?
    private(set) var labelFaded = false
    private var scale = AdditivelyAnimatedScalar(1)
    private var expansion: AdditivelyAnimatedScalar
    private var opacity = 0.0
    private var fade: TimedAnimation?
    private var time = -Double.infinity
    public private(set) var events: [TimedEvent<MenuEvent>] = []

    public init(configuration: MenuConfiguration) throws(InteractionError) {
        try configuration.validate()
        self.configuration = configuration
        menuFrame = configuration.menuFrame
        expansion = AdditivelyAnimatedScalar(configuration.collapsedScale)
    }

    /// Whether the menu is presented (`model.present`).
    public var isPresented: Bool { present }

    public var frame: MenuTraceFrame {
        MenuTraceFrame(
            presented: present, expansion: expansion.drawn, scale: scale.drawn, opacity: opacity,
            hoveredItem: hoveredItem, labelFaded: labelFaded)
    }

    public var needsFrames: Bool {
        touches.isAnyTouchDown || holdTimer != nil || scale.isAnimating || expansion.isAnimating || fade != nil
    }

    // MARK: Clock

    public mutating func advance(to time: Double, tick: FrameTick?) throws(InteractionError) {
        // The hold timer fires at its own deadline, so what it starts begins then.
        while let timer = holdTimer, timer.deadline <= time {
            holdTimer = nil
            try advanceAnimations(to: max(self.time, timer.deadline), tick: nil)
            self.time = max(self.time, timer.deadline)
            // MenuGestureModel.swift:47-56: present iff the press is the same and the latest location is
            // inside the label.
            if timer.token == labelPressToken, let location = dragLocation, configuration.labelFrame.contains(location)
            {
                try setPresent(true)
            }
        }
        guard time > self.time || tick != nil else { return }
        try advanceAnimations(to: time, tick: tick)
        self.time = max(self.time, time)
    }

    private mutating func advanceAnimations(to time: Double, tick: FrameTick?) throws(InteractionError) {
        let tolerance = configuration.settleTolerance
        try scale.advance(to: time, tick: tick, tolerance: tolerance)
        try expansion.advance(to: time, tick: tick, tolerance: tolerance)
        if let fade {
            if fade.isFinished(at: time) {
                opacity = fade.to
                self.fade = nil
            } else {
                opacity = fade.value(at: time)
            }
        }
    }

    // MARK: Touches

    public mutating func handle(_ sample: TouchSample) throws(InteractionError) {
        try touches.admit(sample, modelTime: time)
        if sample.time > time { try advance(to: sample.time, tick: nil) }
        switch sample.phase {
        case .began:
            try touchDown(sample)
        case .moved, .stationary:
            guard let press, press.touch == sample.touch else { return }
            try changed(press.origin, at: sample.location)
        case .ended, .cancelled:
            guard let press, press.touch == sample.touch else { return }
            self.press = nil
            // A cancelled SwiftUI gesture gets no onEnded: the token and the hover stay as they were.
            if sample.phase == .ended { try ended(press.origin, at: sample.location) }
        }
    }

    private mutating func touchDown(_ sample: TouchSample) throws(InteractionError) {
        let location = sample.location
        if present && menuFrame.contains(location) {
            // The popover container keeps the touch (its frame is the unscaled one); the menu's gesture
            // gets it only where the scaled view is.
            let drawn = configuration.scaledMenuFrame(expansion: expansion.drawn, scale: scale.drawn)
            guard drawn.contains(location) else { return }
            if press == nil { press = Press(touch: sample.touch, origin: .menu) }
        } else if configuration.labelFrame.contains(location) {
            // The label is an excluded frame of the menu popover: the touch passes through to it.
            if press == nil { press = Press(touch: sample.touch, origin: .label) }
        } else if present {
            // Outside the menu and the label: §3b dismisses the popover (mode .tapOutside), and
            // `.popover(present:)` writes false back to `model.present`.
            try setPresent(false, reason: .tapOutside)
            return
        }
        guard let press, press.touch == sample.touch else { return }
        try changed(press.origin, at: location)
    }

    /// `onDragChanged` (MenuGestureModel.swift:29-86) or the menu body's `onChanged` (Menu.swift:358-375).
    private mutating func changed(_ origin: PressOrigin, at location: Point) throws(InteractionError) {
        if origin == .menu {
            try hoverAndRubberBand(at: location)
            return
        }
        dragLocation = location
        if !present {
            if labelPressToken == nil {
                tokenCounter += 1
                labelPressToken = tokenCounter
                holdTimer = (time + configuration.holdDelay, tokenCounter)
            }
            setLabelFaded(configuration.labelFrame.contains(location))
        } else if labelPressToken == nil {
            tokenCounter += 1
            labelPressToken = tokenCounter
            labelPressedWhenAlreadyPresented = true
        } else {
            try hoverAndRubberBand(at: location)
        }
    }

    /// `onDragEnded` (MenuGestureModel.swift:89-143) or the menu body's `onEnded` (Menu.swift:378-394).
    private mutating func ended(_ origin: PressOrigin, at location: Point) throws(InteractionError) {
        try scale.set(1, animatedWith: configuration.scaleSpring, at: time, solver: configuration.solver)
        if origin == .menu {
            try selectOrLift(at: location)
            return
        }
        dragLocation = location
        labelPressToken = nil
        if labelPressedWhenAlreadyPresented {
            labelPressedWhenAlreadyPresented = false
            // selectedItemID ← the item, then hoveringItemID ← nil (MenuGestureModel.swift:109-111).
            let item = self.item(at: location)
            select(item)
            setHover(nil)
            if item == nil, configuration.labelFrame.contains(location) {
                try setPresent(false, reason: .label)
            }
        } else if !present {
            if configuration.labelFrame.contains(location) {
                try setPresent(true)
            } else {
                setLabelFaded(false)
            }
        } else {
            try selectOrLift(at: location)
        }
    }

    private mutating func selectOrLift(at location: Point) throws(InteractionError) {
        let item = self.item(at: location)
        select(item)
        setHover(nil)
        if item != nil {
            if configuration.dismissAfterSelecting { try setPresent(false, reason: .selection) }
        } else {
            // `onLiftWithoutSelecting` exists on main only (@576b4d3 Menu/Menu.swift:387-389,
            // MenuGestureModel.swift:134-136); 1.3.2 does nothing (@de44c4d Menu.swift:335-337).
            if configuration.libraryVersion.has(.menuOnLiftWithoutSelecting) { record(.liftWithoutSelecting) }
        }
    }

    private mutating func hoverAndRubberBand(at location: Point) throws(InteractionError) {
        setHover(item(at: location))
        let target = configuration.rubberBand.scale(at: location, menuFrame: menuFrame)
        try scale.set(target, animatedWith: configuration.scaleSpring, at: time, solver: configuration.solver)
    }

    /// The first item hit frame containing the point at the current scales (`getIndex`,
    /// @de44c4d Menu+Model.swift:38-59; `getItemID`, @576b4d3 Menu/Model/MenuModel.swift:49-61).
    private func item(at location: Point) -> Int? {
        configuration.item(at: location, expansion: expansion.drawn, scale: scale.drawn, menu: menuFrame)
    }

    /// `selectedIndex = item` (1.3.2) or `selectedItemID = item` (main), and the item's action: on main it
    /// runs whenever an item is selected (the item clears the selection after running it); in 1.3.2 only
    /// when the selection changes to it (``PopoversFeature/menuReselectionFiresAgain``).
    private mutating func select(_ item: Int?) {
        if configuration.libraryVersion.has(.menuReselectionFiresAgain) {
            if let item { record(.selected(item)) }
            return
        }
        defer { selectedItem = item }
        guard let item else { return }
        record(item == selectedItem ? .reselectedWithoutAction(item) : .selected(item))
    }

    private mutating func setHover(_ item: Int?) {
        guard item != hoveredItem else { return }
        hoveredItem = item
        record(.hoverChanged(item))
    }

    private mutating func setLabelFaded(_ faded: Bool) {
        guard faded != labelFaded else { return }
        labelFaded = faded
        record(.labelFaded(faded))
    }

    /// `model.present = …` and what follows: the popover appears with its easeOut fade and MenuView's
    /// present spring (Menu.swift:134-137), or is dismissed: it fades out, `onDismiss` springs the
    /// expansion back with the dismiss spring (Menu.swift:139-146), and the label's `onValueChange`
    /// restores the label and clears hover and selection (Menu+SwiftUI.swift:85-94).
    private mutating func setPresent(_ value: Bool, reason: MenuDismissalReason = .selection) throws(InteractionError) {
        guard value != present else { return }
        present = value
        let target = value ? 1.0 : 0.0
        do {
            fade = try TimedAnimation(
                from: opacity, to: target, start: time, duration: configuration.fade.duration,
                curve: configuration.fade.curve)
        } catch {
            throw .invalidParameter(error)
        }
        if value {
            record(.presented)
            try expansion.set(
                1, animatedWith: configuration.presentationSpring, blendDuration: configuration.springBlendDuration,
                at: time, solver: configuration.solver)
        } else {
            record(.dismissed(reason))
            // The label's onValueChange of `present` clears the selection (1.3.2 Menu.swift:196-201).
            selectedItem = nil
            try expansion.set(
                configuration.collapsedScale, animatedWith: configuration.dismissalSpring,
                blendDuration: configuration.springBlendDuration, at: time, solver: configuration.solver)
            setLabelFaded(false)
            setHover(nil)
        }
    }

    private mutating func record(_ event: MenuEvent) {
        events.append(TimedEvent(time: time, event: event))
    }

}
