import PopSimGeometry

/// The modal's pan callbacks, `didPanOnPresentedView(_:)` (slackhq/PanModal@b012aec
/// PanModal/Controller/PanModalPresentationController.swift:477-548), with `shouldRespond(to:)`'s
/// `shouldFail` when a `panScrollable` is set (`PanModalScrollObserver.swift`).
extension SheetModel {
    /// `.began`/`.changed` (l.488-500): unless the pan must fail for the scroll view (l.479-485, 558-568),
    /// `respond(to:)` moves the modal by the translation since the last callback (``PanModalDragRule``).
    /// The scroll view's content moved first in the same callback, so an anchored modal over a content
    /// the finger just scrolled fails at once: a modal held at its anchor never takes the finger.
    mutating func panModalChanged(layout: PanModalLayout, translation: Double, location: Point, at time: Double) {
        if content != nil, panModalShouldFail(layout: layout, location: location) {
            take(.scroll, by: .panModalPanFails, at: time)
            return
        }
        if case .dragging = motion {
        } else {
            if case .animating(let animation) = motion {
                // The drag takes over the snap: `respond(to:)` moves `presentedView.frame`, which the snap's
                // block already set to its target, and the rest of the snap plays on screen on top of it
                // (UIKit's additive animations) until its end.
                panModalResidualOffset = y - animation.target
                y = animation.target
                panModalTakenOverSnap = .playing(animation)
                emit(.snapTakenOver, at: time)
            }
            motion = .dragging
            emit(.dragStarted(from: stop), at: time)
        }
        let previous = y
        y = PanModalDragRule.step(layout: layout, from: y, translation: translation)
        if y != previous || content == nil {
            take(.sheet, by: .panModalPanResponds, at: time)
        }
    }

    /// The `default:` branch (l.502-547): unless the pan fails for the scroll view, the decision, then
    /// `transition(to:)` or `dismiss(animated:)`.
    mutating func panModalEnded(
        layout: PanModalLayout, location: Point, velocity: Vector, at time: Double
    ) throws(InteractionError) {
        if content != nil, panModalShouldFail(layout: layout, location: location) {
            // The modal decides nothing; it rests where it is, anchored at the long form.
            take(.scroll, by: .panModalPanFails, at: time)
            if case .dragging = motion {
                // The snap the drag took over, if any, is not followed further: the modal stays where it is seen.
                y += panModalResidualOffset
                panModalResidualOffset = 0
                panModalTakenOverSnap = nil
                motion = .resting
            }
            stop = .long
            outcome = .stop(.long)
            return
        }
        let decided = PanModalReleaseRule.decide(
            layout: layout, behavior: configuration.panModal, y: y, velocity: velocity.dy)
        let from = PanModalPresentationState(stop)!
        emit(
            .released(decided, translation: Vector(dx: 0, dy: y - layout.position(for: from)), velocity: velocity),
            at: time)
        switch decided {
        case .stop(let name):
            stop = name
            outcome = decided
            // `snap(toYPosition:)` → `adjust(toYPosition:)` inside a UIView spring animation with initial
            // velocity 0 (l.642-655; PanModal/Animator/PanModalAnimator.swift:23-38).
            let target = PanModalDragRule.adjusted(
                layout: layout, layout.position(for: PanModalPresentationState(name)!))
            try animate(
                spring: panModalSpring, to: target, velocity: 0, duration: configuration.panModal.transitionDuration,
                completion: .settle(name), at: time)
        case .dismissed, .removed:
            try panModalDismiss(layout: layout, at: time)
        }
    }

    /// `presentedViewController.dismiss(animated: true)`: the dismissal animator moves the modal's top to
    /// the container's height with the same spring (PanModal/Animator/PanModalPresentationAnimator.swift:105-126).
    mutating func panModalDismiss(layout: PanModalLayout, at time: Double) throws(InteractionError) {
        outcome = .dismissed
        try animate(
            spring: panModalSpring, to: layout.containerHeight, velocity: 0,
            duration: configuration.panModal.transitionDuration, completion: .dismiss, at: time)
    }
}
