import PopSimGeometry

/// The modal's pan callbacks, `didPanOnPresentedView(_:)` (slackhq/PanModal@b012aec
/// PanModal/Controller/PanModalPresentationController.swift:477-548), without a `panScrollable`.
extension SheetModel {
    /// `.began`/`.changed` (l.488-500): `respond(to:)` moves the modal by the translation since the last
    /// callback (``PanModalDragRule``).
    mutating func panModalChanged(layout: PanModalLayout, translation: Double, at time: Double) {
        if case .dragging = motion {
        } else {
            motion = .dragging
            emit(.dragStarted(from: stop), at: time)
        }
        y = PanModalDragRule.step(layout: layout, from: y, translation: translation)
    }

    /// The `default:` branch (l.502-547): the decision, then `transition(to:)` or `dismiss(animated:)`.
    mutating func panModalEnded(layout: PanModalLayout, velocity: Vector, at time: Double) throws(InteractionError) {
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
