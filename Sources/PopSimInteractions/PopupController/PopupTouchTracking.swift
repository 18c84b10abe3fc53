import PopSimDynamics
import PopSimGeometry
import PopSimGestures

/// The touch the model follows and what its recognisers made of it so far.
struct TrackedTouch {
    enum Pan {
        /// Not recognised yet (or, for the popup's pan in style none, never: its delegate refuses to begin).
        case possible
        /// Recognised. Whether the handler acts is decided per callback (``PopupModel/handlerFollows(_:)``).
        case active(PopupPanKind)
        /// Cancelled by the handler; the touch does nothing more.
        case cancelled
    }

    let id: Int
    let region: PopupTouchRegion
    /// The touch began on the close button.
    let onCloseButton: Bool
    /// The touch began on a bar button item: the open tap does not receive it.
    let onBarButtonItem: Bool
    let downTime: Double
    let downLocation: Point
    var translationOrigin: Point
    var lastLocation: Point
    /// The farthest it has been from `downLocation` (for the tap).
    var maximumDistance = 0.0
    var pan = Pan.possible
    /// The y the scroll view last scrolled to follow.
    var lastScrollY = 0.0
    /// The popup's pan recogniser moved off the view this touch was hit-tested to before recognising it
    /// (``PopupRecogniserMove``): the touch can no longer become the popup's pan.
    var recogniserLeft = false

    /// Whether a pan was ever recognised (a recognised pan makes the tap fail and cancels the button).
    var panRecognised: Bool {
        if case .possible = pan { return false }
        return true
    }
}

/// From touch samples to recogniser callbacks (see ``PopupConfiguration`` for the mapping).
extension PopupModel {
    public mutating func handle(_ sample: TouchSample) throws(InteractionError) {
        guard sample.time.isFinite, sample.location.x.isFinite, sample.location.y.isFinite else {
            throw .invalidStream(
                "touch sample at time \(sample.time) s has a non-finite time or location "
                    + "(\(sample.location.x), \(sample.location.y))"
            )
        }
        guard sample.time >= time else {
            throw .invalidStream(
                "touch sample at \(sample.time) s comes before the previous time "
                    + "\(time) s: samples must be in time order"
            )
        }
        if let current = touch, current.id != sample.touch { return }  // one finger at a time
        switch sample.phase {
        case .began:
            guard touch == nil else { return }
            touchBegan(sample)
        case .moved:
            guard touch != nil else { return }
            try touchMoved(sample)
        case .stationary:
            return  // UIKit reports only moved touches to recognisers
        case .ended, .cancelled:
            guard touch != nil else { return }
            try touchEnded(sample)
        }
    }

    /// Hit-testing when the touch begins.
    func region(at location: Point) -> (PopupTouchRegion, onCloseButton: Bool) {
        let geometry = configuration.geometry
        let closeButton = configuration.closeButtonFrame
        if let transition {
            switch transition.kind {
            case .open:
                if let closeButton, closeButton.contains(location) { return (.closeButton, true) }
                // A spring back to open: the pan recogniser never left the content (it moves to the bar
                // only when a close completes, LNPopupController.mm:703-706), and the content already
                // has its open frame, so a touch on it can begin a pan (the animator lets touches
                // through when opening, l.805).
                if publicState == .open { return openRegion(at: location, contentTop: 0) }
                return (.outside, false)
            case .presentBar:
                // The bar has its final frame and recognisers (l.1761-1777); with glass its transition
                // view covers it until the present ends (l.1784-1808, 1892-1898).
                if !configuration.glass && geometry.closedBarTouchFrame.contains(location) { return (.bar, false) }
                return (.outside, false)
            case .close, .dismissBar:
                return (.outside, false)
            }
        }
        switch publicState {
        case .barHidden:
            return (.outside, false)
        case .closed:
            return (geometry.closedBarTouchFrame.contains(location) ? .bar : .outside, false)
        case .open:
            return openRegion(at: location, contentTop: contentTop)
        }
    }

    /// Where a touch lands on the open content whose top edge is at `contentTop`.
    func openRegion(at location: Point, contentTop: Double) -> (PopupTouchRegion, onCloseButton: Bool) {
        let inContent = Point(x: location.x, y: location.y - contentTop)
        if let closeButton = configuration.closeButtonFrame, closeButton.contains(inContent) { return (.content, true) }
        if let scrollView = configuration.scrollView, scrollView.hasVerticalContent,
            scrollView.frame.contains(inContent)
        {
            return (.scrollView, false)
        }
        return (location.y >= contentTop ? .content : .outside, false)
    }

    /// Whether a touch on the bar at `location` lands on a bar button item.
    func isOnBarButtonItem(_ location: Point) -> Bool {
        let bar = configuration.geometry.closedBarFrame
        let inBar = Point(x: location.x - bar.origin.x, y: location.y - bar.origin.y)
        return configuration.barButtonItemFrames.contains { $0.contains(inBar) }
    }

    mutating func touchBegan(_ sample: TouchSample) {
        let (region, onCloseButton) = region(at: sample.location)
        estimator.reset()
        estimator.addSample(time: sample.time, location: sample.location)
        touch = TrackedTouch(
            id: sample.touch, region: region, onCloseButton: onCloseButton,
            onBarButtonItem: region == .bar && isOnBarButtonItem(sample.location), downTime: sample.time,
            downLocation: sample.location, translationOrigin: sample.location, lastLocation: sample.location)
        if region == .scrollView, scrollRelease != nil {
            // A touch on a decelerating scroll view stops it where it is (UIScrollView's touch-down).
            scrollRelease = nil
            emit(.contentStopped(offset: scrollOffsetY), at: sample.time)
        }
    }

    mutating func touchMoved(_ sample: TouchSample) throws(InteractionError) {
        guard var current = touch else { return }
        let location = sample.location
        estimator.addSample(time: sample.time, location: location)
        current.lastLocation = location
        current.maximumDistance = max(current.maximumDistance, location.distance(to: current.downLocation))
        switch current.pan {
        case .possible:
            let kind: PopupPanKind
            switch current.region {
            case .bar, .content: kind = .popup
            case .scrollView: kind = .scrollView
            case .closeButton, .outside:
                touch = current
                return
            }
            guard location.distance(to: current.downLocation) > configuration.recognition.panHysteresis else {
                touch = current
                return
            }
            if kind == .popup && current.recogniserLeft {
                touch = current
                return
            }
            // The popup's pan delegate refuses to begin in style none (PGR:66-191); a scroll view's pan begins anyway.
            if kind == .popup && configuration.style == .none {
                touch = current
                return
            }
            // A pan on the presenting bar is not modelled (see PopupConfiguration).
            if case .presentBar? = transition?.kind {
                touch = current
                return
            }
            if configuration.recognition.translationOrigin == .recognition { current.translationOrigin = location }
            current.lastScrollY = location.y
            emit(.panBegan(current.region), at: sample.time)
            current.pan = .active(kind)
            touch = current
            // The dispatcher checks the gesture lock on every callback (LNPopupController.mm:1247-1252):
            // an ignored Began does not stop the Changed callbacks that come after the lock is cleared.
            if !handlerFollows(kind) {
                emit(.panIgnored, at: sample.time)
            } else if !panBegan(kind, velocity: estimator.velocity(at: sample.time), at: sample.time) {
                touch?.pan = .cancelled
            }
        case let .active(kind):
            if kind == .scrollView, let scrollView = configuration.scrollView {
                // The scroll view's own target runs first: it scrolls by the finger's movement.
                scrollOffsetY = min(
                    max(scrollOffsetY - (location.y - current.lastScrollY), scrollView.minimumOffsetY),
                    scrollView.maximumOffsetY)
                current.lastScrollY = location.y
            }
            touch = current
            let translation = location - current.translationOrigin
            defer { if case .active = touch?.pan { updateOwner(kind, translation: translation, at: sample.time) } }
            guard handlerFollows(kind) else { return }
            switch try panChanged(kind, translation: translation, at: sample.time) {
            case .continues: break
            case .cancelled:
                touch?.pan = .cancelled
                owner = .none
            case .cancelScrollPan:
                touch?.pan = .cancelled
                owner = .none
                try panEnded(translation: translation, velocity: estimator.velocity(at: sample.time), at: sample.time)
            }
        case .cancelled:
            touch = current
        }
    }

    mutating func touchEnded(_ sample: TouchSample) throws(InteractionError) {
        guard let current = touch else { return }
        touch = nil
        // The lift-off sample is not added: Flutter's trackers record only down and move events, so a
        // finger that rests before lifting reads as stopped (the 40 ms rule).
        let maximumDistance = max(current.maximumDistance, sample.location.distance(to: current.downLocation))
        switch current.pan {
        case let .active(kind):
            let velocity = estimator.velocity(at: sample.time)
            if kind == .scrollView, dismiss == nil, let scrollView = configuration.scrollView {
                // The scroll view kept the pan: UIScrollView lets its content go (Documentation/arbitration.md §5).
                let release = ScrollViewRelease(
                    offset: scrollOffsetY, velocity: -velocity.dy, minimum: scrollView.minimumOffsetY,
                    maximum: scrollView.maximumOffsetY, at: sample.time)
                if !release.isFinished {
                    scrollRelease = release
                    emit(.contentReleased(velocity: release.velocity), at: sample.time)
                }
            }
            owner = .none
            if handlerFollows(kind) {
                try panEnded(
                    translation: sample.location - current.translationOrigin, velocity: velocity,
                    at: sample.time)
            }
            return
        case .cancelled:
            owner = .none
            return
        case .possible:
            break
        }
        guard sample.phase == .ended else { return }
        let recognition = configuration.recognition
        let isTap =
            maximumDistance <= recognition.tapAllowableMovement
            && (recognition.tapMaximumDuration.map { sample.time - current.downTime <= $0 } ?? true)
        if current.region == .bar && isTap && !current.onBarButtonItem {
            // `_popupBarTapGestureRecognized:` (LNPopupController.mm:886-907): every style, no delay; an
            // open asked for during the bar's present waits in the queue until the present ends.
            emit(.barTapped, at: sample.time)
            gesturesIgnored = true
            try enqueue(.open(resetsState: false, clearsGestureLock: true), at: sample.time)
        } else if current.onCloseButton, let closeButton = configuration.closeButtonFrame {
            // Touch-up inside, where the button is now (LNPopupController.mm:1276-1279, 1539).
            let top = current.region == .closeButton ? 0 : contentTop
            if closeButton.contains(Point(x: sample.location.x, y: sample.location.y - top)) {
                emit(.closeButtonTapped, at: sample.time)
                try enqueue(.close(triggeredByGesture: false, clearsGestureLock: false), at: sample.time)
            }
        }
    }

    /// Who the finger moves after a callback of `kind`'s pan: the popup once it is displaced, else the
    /// scroll view's content for the scroll view's pan (LNPopupController.mm:1031-1076).
    mutating func updateOwner(_ kind: PopupPanKind, translation t: Vector, at time: Double) {
        if dismiss != nil {
            take(.sheet, by: .popupDismissStarted, at: time)
        } else if kind == .scrollView, let scrollView = configuration.scrollView {
            let onlyVertically = !scrollView.hasHorizontalContent || t.dx == 0
            take(.scroll, by: onlyVertically ? .popupScrollNotAtTop : .popupHorizontalPanIgnored, at: time)
        }
    }
}
