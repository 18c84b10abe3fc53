import PopSimDynamics
import PopSimGeometry

/// Which recogniser drives the handler: the popup's own interaction pan (on the bar while closed, on the
/// content while open) or a scroll view's pan forwarded to the handler (LNPopupController.mm:1575-1607).
enum PopupPanKind: Sendable, Hashable {
    case popup
    case scrollView
}

/// `_popupBarPresentationByUserPanGestureHandler:` and its began/changed/ended parts
/// (LNPopupController.mm:909-1269; Documentation/lnpopupcontroller.md §3, §4, §7).
extension PopupModel {
    /// The dispatcher's gate (l.1247-1269) and the style gates every part repeats: none ignores
    /// everything; scroll ignores pans not on a scroll view. Mutating though it only reads: the pan's
    /// mutating handlers then call it in place, where a non-mutating call copied the whole model first.
    mutating func handlerFollows(_ kind: PopupPanKind) -> Bool {
        guard !dismissalOverride, !gesturesIgnored else { return false }
        switch configuration.style.resolved(publicState: publicState) {
        case .none: return false
        case .scroll: return kind == .scrollView
        case .snap, .drag: return true
        }
    }

    /// Began (l.909-985). Returns false when the handler cancelled the pan (`enabled = NO; YES`).
    mutating func panBegan(_ kind: PopupPanKind, velocity v: Vector, at time: Double) -> Bool {
        let style = configuration.style.resolved(publicState: publicState)
        startDisplayLink(at: time)
        let isVertical = abs(v.dy) > abs(v.dx)
        if style == .snap {
            if internalState == .closed && isVertical && v.dy < 0 {
                stopDisplayLink(at: time)
                gesturesIgnored = true
                snapOpenTime = time + configuration.timing.snapOpenDelay
                emit(.snapOpenScheduled, at: time)
                return false
            } else if internalState == .closed && v.dy > 0 {
                stopDisplayLink(at: time)
                emit(.panCancelled, at: time)
                return false
            } else {
                stopDisplayLink(at: time)
            }
        }
        if style == .drag && internalState == .closed && (!isVertical || v.dy > 0) {
            stopDisplayLink(at: time)
            emit(.panCancelled, at: time)
            return false
        }
        return true
    }

    /// Changed (l.1002-1176) for translation `t` in the container. Returns false when the pan was
    /// cancelled (snap close, or a sideways scroll pan during a dismiss; the caller then ends it).
    mutating func panChanged(_ kind: PopupPanKind, translation t: Vector, at time: Double) throws(InteractionError)
        -> PanChange
    {
        let geometry = configuration.geometry
        let style = configuration.style.resolved(publicState: publicState)
        if t.dx == 0 && t.dy == 0 { return .continues }

        if kind == .scrollView {
            // The scroll view's own pan (l.1030-1076).
            guard let scrollView = configuration.scrollView else { return .continues }
            let scrollingOnlyVertically = !scrollView.hasHorizontalContent || t.dx == 0
            if !scrollingOnlyVertically {
                if !(abs(t.dy) > abs(t.dx)) {
                    return .continues  // cancels the popup's own pan, which is not the one driving
                } else if dismiss != nil {
                    return .cancelScrollPan
                }
                return .continues
            }
            if dismiss == nil
                && (!PopupScrollView.isAtTop(offsetY: scrollOffsetY, inset: scrollView.contentInset) || t.dy < 0)
            {
                return .continues
            }
            let pin = dismiss?.scrollPin ?? scrollOffsetY
            if let dismiss, dismiss.centre > dismiss.displacement.openCentre {
                // The bar's origin is below the open frame's origin: the popup is displaced, pin the offset.
                scrollOffsetY = pin
            }
            if dismiss == nil { startDismiss(kind, translation: t, scrollPin: pin, at: time) }
        } else if dismiss == nil && (style == .drag || style == .scroll || internalState > .closed) {
            startDismiss(kind, translation: t, scrollPin: nil, at: time)
        }

        guard var current = dismiss else { return .continues }
        let displacement = current.displacement
        let realY = displacement.clampedCentre(translation: t.dy)
        var centre = realY
        if style == .snap {
            // Rubber-band the pull and offset it so it starts where it should (l.1129-1136).
            let h = displacement.barHeight
            centre = rubberBand.displayed(forPull: realY) - (h / 2 + rubberBand.displayed(forPull: -h / 2))
        }
        current.centre = centre
        dismiss = current
        contentTop = displacement.contentTop(centre: centre)
        barAlpha = PopupGeometry.barContentAlpha(progress: geometry.progress(contentTop: contentTop))

        if style == .snap
            && PopupSnapRule.triggers(
                realCentreY: realY, containerHeight: geometry.containerHeight, snapPercent: snapPercent)
        {
            // The snap close (l.1146-1160): both pans cancelled, the rest of the gesture ignored.
            dismiss = nil
            gesturesIgnored = true
            emit(.snapCloseTriggered, at: time)
            try enqueue(.close(triggeredByGesture: true, clearsGestureLock: true), at: time)
            return .cancelled
        }
        return .continues
    }

    /// The first displacing change: `_stateBeforeDismissStarted`, the caches, internal state
    /// transitioning without an animator, and the start offset o (l.1078-1121).
    mutating func startDismiss(_ kind: PopupPanKind, translation t: Vector, scrollPin: Double?, at time: Double) {
        let start: PopupPresentationState = internalState == .open ? .open : .closed
        let displacement = PopupDisplacement(
            from: start, geometry: configuration.geometry,
            startOffset: kind == .scrollView ? t.dy : 0)
        internalState = .transitioning
        targetState = .transitioning
        dismiss = Dismiss(
            start: start, displacement: displacement, centre: displacement.startCentre, scrollPin: scrollPin)
        emit(.dragStarted(from: start), at: time)
    }

    /// Ended or cancelled (l.1178-1245) with the pan's translation and the velocity in the container at
    /// that moment (both reported in the `released` event).
    mutating func panEnded(translation: Vector, velocity v: Vector, at time: Double) throws(InteractionError) {
        guard let current = dismiss else {
            stopDisplayLink(at: time)
            return
        }
        dismiss = nil
        let style = configuration.style.resolved(publicState: publicState)
        var target = style == .snap ? publicState : current.start
        if style == .drag || style == .scroll {
            let p = configuration.geometry.progress(contentTop: contentTop)
            target = PopupDragRule.target(from: current.start, progress: p, velocity: v.dy)
        }
        gesturesIgnored = true
        emit(.released(target, translation: translation, velocity: v), at: time)
        if target == .open {
            try enqueue(.open(resetsState: style == .snap, clearsGestureLock: true), at: time)
        } else {
            try enqueue(.close(triggeredByGesture: true, clearsGestureLock: true), at: time)
        }
    }
}

/// What a change did to the pan driving it.
enum PanChange {
    case continues
    /// The handler cancelled the pan (snap close): no further callbacks.
    case cancelled
    /// The handler cancelled the scroll view's pan during a dismiss: it ends now (cancelled state).
    case cancelScrollPan
}
