import PopSimGeometry
import PopSimGestures

/// Where a touch began, as the model hit-tests it.
public enum SheetTouchRegion: String, Sendable, Hashable, CustomStringConvertible {
    /// On the sheet.
    case sheet
    /// PanModal's dimmed background above the modal (its pan still moves the modal).
    case background
    /// Anywhere the model does not follow.
    case outside

    public var description: String { rawValue }
}

/// What the sheet's model records about the finger it follows, beside what every model does
/// (``FollowedTouch``).
struct SheetTouchDetails {
    /// Whether the touch began inside the sheet's scroll view (its pan recogniser can then begin).
    let inScrollView: Bool
    /// The content offset when the touch went down (nil without a scroll view).
    var contentOffsetAtTouchDown: Double?
    /// Whether the scroll view's pan recogniser is active: it begins with the sheet's when the touch
    /// began in the scroll view and its content can scroll.
    var scrollPan = false
}

/// From touch samples to recogniser callbacks (see ``SheetConfiguration`` for the mapping): the sheet's
/// pan (with the scroll view's beside it) and PanModal's background tap.
extension SheetModel: TouchFollowingModel {
    var recognition: TouchRecognition { configuration.recognition }

    mutating func admit(_ sample: TouchSample) throws(InteractionError) {
        try ledger.admit(sample, modelTime: time)
    }

    /// The content scrolled when, after a callback, it rests inside its range at least a pixel away from
    /// where the touch found it: a handoff inside one step (a content 5 pt from its top pulled 10 pt)
    /// scrolls it without the scroll view ever owning the finger, and a bounce past an edge that the
    /// library pins back at once does not count.
    mutating func moveDelivered() {
        guard let content, let start = touch?.details.contentOffsetAtTouchDown,
            content.offset >= content.minimum, content.offset <= content.maximum,
            abs(content.offset - start) >= 1 / displayScale
        else { return }
        movers = movers.adding(.scroll)
    }

    /// Hit-testing when the touch begins. Mutating though it only reads: the touch-down then calls it in
    /// place, where a non-mutating call copied the whole model first.
    mutating func region(at location: Point) -> SheetTouchRegion {
        switch configuration.layout {
        case .floatingPanel(let layout):
            switch motion {
            case .animating, .gone: return .outside
            case .resting, .dragging, .attracting:
                let onPanel = layout.position == .bottom ? location.y >= y : location.y <= y
                return onPanel ? .sheet : .outside
            }
        case .panModal:
            switch motion {
            case .animating(let animation):
                // A snap allows user interaction (`.allowUserInteraction`, slackhq/PanModal@b012aec
                // PanModal/Presentable/PanModalPresentable+Defaults.swift:46-48), and UIKit hit-tests the
                // modal's frame, already at the snap's target. The dismissal removes the modal at its end
                // whatever a finger does (PanModal/Animator/PanModalPresentationAnimator.swift:118-125).
                guard case .settle = animation.completion else { return .outside }
                return location.y >= animation.target ? .sheet : .background
            case .gone: return .outside
            case .resting, .dragging, .attracting: return location.y >= y ? .sheet : .background
            }
        }
    }

    /// Whether a touch on the sheet at `location` lies in its scroll view (below the grabber area);
    /// mutating for the same reason as ``region(at:)``.
    mutating func isInScrollView(_ location: Point, region: SheetTouchRegion) -> Bool {
        guard content != nil, region == .sheet else { return false }
        return location.y >= y + SheetScrollView.top(in: configuration.layout)
    }

    mutating func touchBegan(_ sample: TouchSample) {
        let region = region(at: sample.location)
        let inScrollView = isInScrollView(sample.location, region: region)
        var followed = Touch(
            sample, region: region, details: SheetTouchDetails(inScrollView: inScrollView))
        if inScrollView, content?.isDecelerating == true {
            // A touch on a decelerating scroll view stops it where it is (UIScrollView's touch-down).
            content?.stop()
            emit(.contentStopped(offset: content?.offset ?? 0), at: sample.time)
        }
        followed.details.contentOffsetAtTouchDown = content?.offset
        if case .attracting = motion, region == .sheet {
            // The recogniser begins at touch-down while the attraction runs, and the handler stops it
            // without completing (scenee/FloatingPanel@7efcc76 Sources/Core.swift:566, 602-607, 1291-1297).
            motion = .resting
            emit(.attractionInterrupted, at: sample.time)
            emit(.panBegan, at: sample.time)
            followed.pan = .active(())
            touch = followed
            floatingPanelAttractionInterrupted()
            floatingPanelPanningBegan()
            return
        }
        touch = followed
    }

    /// Any touch that began on the sheet (PanModal: also on its background).
    func recognisablePan(of touch: Touch) -> Void? {
        touch.region == .outside ? nil : ()
    }

    mutating func recogniserBegan(_: Void, at sample: TouchSample) throws(InteractionError) {
        let location = sample.location
        let scrollPan = touch?.details.inScrollView == true && content?.isScrollable == true
        touch?.details.scrollPan = scrollPan
        emit(.panBegan, at: sample.time)
        switch configuration.layout {
        case .floatingPanel(let layout):
            // The scroll view's `.began` reaches the panel's scroll handler first, then the panel's
            // `.began` only records the offset (`panningBegan(at:)`, Sources/Core.swift:686-695).
            if scrollPan {
                floatingPanelScrollViewCallback(
                    layout: layout, velocity: scrollVelocity(at: sample.time), at: sample.time)
            }
            floatingPanelPanningBegan()
        case .panModal(let layout):
            // `.began` is handled as `.changed` (PanModalPresentationController.swift:487-493).
            let translation = location - (touch?.translationOrigin ?? location)
            touch?.translationOrigin = location
            panModalChanged(layout: layout, translation: translation.dy, location: location, at: sample.time)
        }
    }

    mutating func recogniserChanged(_: Void, translation: Vector, movement: Vector, at sample: TouchSample)
        throws(InteractionError)
    {
        guard let downLocation = touch?.downLocation, let details = touch?.details else { return }
        let location = sample.location
        var delta = movement.dy
        var scrollPan = details.scrollPan
        if !scrollPan, details.inScrollView, content?.isScrollable == true,
            location.distance(to: downLocation) > recognition.panHysteresis
        {
            // The sheet's pan began at touch-down (an interrupted attraction); the scroll view's begins
            // after the movement threshold, without moving the content in its first callback.
            scrollPan = true
            touch?.details.scrollPan = true
            delta = 0
        }
        switch configuration.layout {
        case .floatingPanel(let layout):
            var seamless = false
            let velocity = scrollVelocity(at: sample.time)
            if scrollPan {
                // The scroll view's own pan handler moves the content, then the panel's handler for it runs.
                content?.drag(by: delta)
                seamless = floatingPanelScrollViewCallback(layout: layout, velocity: velocity, at: sample.time)
            }
            floatingPanelChanged(
                layout: layout, translation: translation.dy, location: location, velocity: velocity,
                seamless: seamless, at: sample.time)
        case .panModal(let layout):
            touch?.translationOrigin = location
            if scrollPan, var moved = content {
                let old = moved.offset
                moved.drag(by: delta)
                content = moved
                if moved.offset != old { try panModalObserve(layout: layout, oldOffset: old, at: sample.time) }
            }
            panModalChanged(layout: layout, translation: translation.dy, location: location, at: sample.time)
        }
    }

    /// The velocity the library's handlers read while the finger moves, only with a scroll view (the
    /// arbitration reads its sign); 0 otherwise, where nothing reads it.
    mutating func scrollVelocity(at time: Double) -> Double {
        content == nil ? 0 : estimator.velocityInPlace(at: time).dy
    }

    mutating func recogniserEnded(_: Void, touch current: Touch, at sample: TouchSample) throws(InteractionError) {
        // The touch stays known through the `.ended` callbacks (the handlers ask where it began), and
        // is gone after them.
        defer {
            touch = nil
            owner = .none
        }
        let velocity = estimator.velocityInPlace(at: sample.time)
        if current.details.scrollPan {
            // The scroll view's pan ends first: UIScrollView lets its content go at the pan's velocity.
            content?.letGo(fingerVelocity: velocity.dy, at: sample.time)
        }
        switch configuration.layout {
        case .floatingPanel(let layout):
            let translation = sample.location - current.translationOrigin
            if current.details.scrollPan {
                floatingPanelScrollViewCallback(layout: layout, velocity: velocity.dy, at: sample.time)
            }
            try floatingPanelEnded(
                layout: layout, translation: translation.dy, location: sample.location, velocity: velocity,
                at: sample.time)
        case .panModal(let layout):
            try panModalEnded(layout: layout, location: sample.location, velocity: velocity, at: sample.time)
        }
        if content?.isDecelerating == true, owner == .scroll {
            emit(.contentReleased(velocity: content?.motion?.velocity ?? 0), at: sample.time)
        }
    }

    /// A tap on PanModal's dimmed background dismisses the modal when `allowsTapToDismiss`.
    mutating func touchLifted(_ current: Touch, isTap: Bool, at sample: TouchSample) throws(InteractionError) {
        guard isTap, current.region == .background, case .panModal(let layout) = configuration.layout,
            configuration.panModal.allowsTapToDismiss
        else { return }
        emit(.backgroundTapped, at: sample.time)
        try panModalDismiss(layout: layout, at: sample.time)
    }
}
