import PopSimDynamics
import PopSimGeometry
import PopSimGestures

/// What the popup's model records about the finger it follows, beside what every model does
/// (``FollowedTouch``).
struct PopupTouchDetails {
    /// The touch began on the close button.
    let onCloseButton: Bool
    /// The touch began on a bar button item: the open tap does not receive it.
    let onBarButtonItem: Bool
    /// The popup's pan recogniser moved off the view this touch was hit-tested to before recognising it
    /// (``PopupRecogniserMove``): the touch can no longer become the popup's pan.
    var recogniserLeft = false
}

/// From touch samples to recogniser callbacks (see ``PopupConfiguration`` for the mapping): the popup's
/// pan (on the bar or the open content) or its scroll view's, the bar's tap and the close button.
extension PopupModel: TouchFollowingModel {
    var recognition: TouchRecognition { configuration.recognition }

    func admit(_ sample: TouchSample) throws(InteractionError) {
        try sample.checkFollows(
            time,
            nonFinite: {
                "touch sample at time \(sample.time) s has a non-finite time or location "
                    + "(\(sample.location.x), \(sample.location.y))"
            },
            early: {
                "touch sample at \(sample.time) s comes before the previous time \(time) s: samples must be in time order"
            })
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
        touch = FollowedTouch(
            sample, region: region,
            details: PopupTouchDetails(
                onCloseButton: onCloseButton,
                onBarButtonItem: region == .bar && isOnBarButtonItem(sample.location)))
        if region == .scrollView, scrollRelease != nil {
            // A touch on a decelerating scroll view stops it where it is (UIScrollView's touch-down).
            scrollRelease = nil
            emit(.contentStopped(offset: scrollOffsetY), at: sample.time)
        }
    }

    /// The popup's pan on the bar or the content, or the scroll view's; nothing on the close button or
    /// outside, after the recogniser moved away, in style none (the popup's pan delegate refuses to begin,
    /// PGR:66-191; a scroll view's pan begins anyway), or while the bar is presented (a pan on the
    /// presenting bar is not modelled, see PopupConfiguration).
    func recognisablePan(of touch: Touch) -> PopupPanKind? {
        let kind: PopupPanKind
        switch touch.region {
        case .bar, .content: kind = .popup
        case .scrollView: kind = .scrollView
        case .closeButton, .outside: return nil
        }
        if kind == .popup && (touch.details.recogniserLeft || configuration.style == .none) { return nil }
        if case .presentBar? = transition?.kind { return nil }
        return kind
    }

    mutating func recogniserBegan(_ kind: PopupPanKind, at sample: TouchSample) throws(InteractionError) {
        if let region = touch?.region { emit(.panBegan(region), at: sample.time) }
        // The dispatcher checks the gesture lock on every callback (LNPopupController.mm:1247-1252):
        // an ignored Began does not stop the Changed callbacks that come after the lock is cleared.
        if !handlerFollows(kind) {
            emit(.panIgnored, at: sample.time)
        } else if !panBegan(kind, velocity: estimator.velocityInPlace(at: sample.time), at: sample.time) {
            touch?.pan = .cancelled
        }
    }

    mutating func recogniserChanged(
        _ kind: PopupPanKind, translation: Vector, movement: Vector, at sample: TouchSample
    ) throws(InteractionError) {
        if kind == .scrollView, let scrollView = configuration.scrollView {
            // The scroll view's own target runs first: it scrolls by the finger's movement.
            scrollOffsetY = min(
                max(scrollOffsetY - movement.dy, scrollView.minimumOffsetY), scrollView.maximumOffsetY)
        }
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
            try panEnded(
                translation: translation, velocity: estimator.velocityInPlace(at: sample.time), at: sample.time)
        }
    }

    mutating func recogniserEnded(_ kind: PopupPanKind, touch current: Touch, at sample: TouchSample)
        throws(InteractionError)
    {
        touch = nil
        let velocity = estimator.velocityInPlace(at: sample.time)
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
                translation: sample.location - current.translationOrigin, velocity: velocity, at: sample.time)
        }
    }

    mutating func touchLifted(_ current: Touch, isTap: Bool, at sample: TouchSample) throws(InteractionError) {
        if current.region == .bar && isTap && !current.details.onBarButtonItem {
            // `_popupBarTapGestureRecognized:` (LNPopupController.mm:886-907): every style, no delay; an
            // open asked for during the bar's present waits in the queue until the present ends.
            emit(.barTapped, at: sample.time)
            gesturesIgnored = true
            try enqueue(.open(resetsState: false, clearsGestureLock: true), at: sample.time)
        } else if current.details.onCloseButton, let closeButton = configuration.closeButtonFrame {
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
