/// What becomes of a touch the popup's pan recogniser is following when the recogniser moves to another
/// view under it. LNPopupController moves the one interaction pan between the bar's content view and the
/// popup content's view when a transition completes: onto the content when an open completes
/// (`LeoNatan/LNPopupController@be3afaa LNPopupController/LNPopupController/Private/LNPopupController.mm:741-742`),
/// back onto the bar when a close completes (l.705-706). A pan that began on the bar during the 0.15 s
/// snap-open delay (l.955-961) or the open animation is still down when its recogniser leaves the bar.
///
/// UIKit does not document a recogniser moved mid-gesture. What it does document: a recogniser "operates
/// on touches hit-tested to a specific view and all of that view's subviews" (UIGestureRecognizer), so a
/// touch hit-tested to the bar is not one the recogniser, now on the content, operates on; and once a
/// recognition attempt ends, `reset()` is called and the recogniser "receives no further updates for
/// touches that have begun but haven't ended". The default follows that reading: the pan ends when its
/// recogniser moves (the cancel reaches the handler while the gesture lock is still set, l.1249, and does
/// nothing), and a touch not yet recognised can no longer become the pan. ``keepsPan`` is the other
/// reading, the model's behaviour before this parameter existed: the recogniser keeps its touch, and the
/// pan acts from its first move after the lock clears.
public enum PopupRecogniserMove: String, Sendable, Hashable, CaseIterable {
    /// The pan on the touch ends, and an unrecognised touch can no longer become the pan (the default).
    case cancelsPan = "cancels-pan"
    /// The recogniser keeps following the touch it had.
    case keepsPan = "keeps-pan"
}

extension PopupModel {
    /// The recogniser left the view touches in `region` were hit-tested to: apply
    /// ``PopupConfiguration/recogniserMove`` to the touch being followed there.
    mutating func recogniserLeft(_ region: PopupTouchRegion, at time: Double) {
        guard configuration.recogniserMove == .cancelsPan, var current = touch, current.region == region else { return }
        switch current.pan {
        case .active(.popup):
            current.pan = .cancelled
            emit(.panEndedByRecogniserMove, at: time)
        case .possible:
            current.details.recogniserLeft = true
        case .active(.scrollView), .cancelled:
            return
        }
        touch = current
    }
}
