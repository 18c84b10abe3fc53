import PopSimGeometry

/// PanModal with a `panScrollable` (slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift;
/// Documentation/arbitration.md §4): the modal's pan recognises alongside the scroll view's (l.826-832),
/// fails while the anchored content is scrolled (`shouldFail`, l.599-624), and a key-value observer of
/// the content offset holds the content while the modal moves, records it while it scrolls, and makes a
/// fast pull past the top move the whole modal (`didPanOnScrollView`, l.716-812).
extension SheetModel {
    /// `isPresentedViewAnimating`: the modal's snap animation runs (set inside its animation block,
    /// cleared when it completes, l.642-649), also while a drag that took it over goes on.
    var panModalIsAnimating: Bool {
        if panModalTakenOverSnap != nil { return true }
        if case .animating(let animation) = motion, case .settle = animation.completion { return true }
        return false
    }

    /// `isPresentedViewAnchored` (l.318-326): not animating, `allowsExtendedPanScrolling` (by default a
    /// content taller than the scroll view less the bottom inset, PanModalPresentable+Defaults.swift:67-74,
    /// i.e. a content that scrolls), and the modal's top at or above the anchored position, both rounded.
    func panModalIsAnchored(layout: PanModalLayout) -> Bool {
        guard let content, configuration.panModal.allowsExtendedPanScrolling ?? content.isScrollable,
            !panModalIsAnimating
        else { return false }
        return y.rounded() <= layout.anchoredY.rounded()
    }

    /// `shouldFail(panGestureRecognizer:)` (l.599-624) without a prioritising presentable (the default
    /// `shouldPrioritize` is false, +Defaults.swift:112-114): the modal is anchored, the content offset
    /// is > 0, and the finger is in the scroll view or the scroll view is scrolling (`isTracking`: the
    /// touch began on it, l.886-890).
    func panModalShouldFail(layout: PanModalLayout, location: Point) -> Bool {
        guard let content, panModalIsAnchored(layout: layout), content.offset > 0 else { return false }
        let inModal = location.y - y
        let height = SheetScrollView.height(in: configuration.layout)
        return touch?.details.inScrollView == true || (inModal >= 0 && inModal < height)
    }

    /// `didPanOnScrollView(_:change:)` (l.716-756) after the content offset changed from `oldOffset`.
    mutating func panModalObserve(
        layout: PanModalLayout, oldOffset: Double, at time: Double
    ) throws(InteractionError) {
        guard var content else { return }
        switch motion {
        case .gone: return
        case .animating(let animation):
            if case .dismiss = animation.completion { return }  // `isBeingDismissed` (l.718-721)
        case .resting, .dragging, .attracting: break
        }
        let anchored = panModalIsAnchored(layout: layout)
        let offset = content.offset
        // `isScrolling`: tracking (a finger down on the scroll view), or dragging without decelerating.
        let isScrolling = touch?.details.inScrollView == true
        if !anchored && offset > 0 {
            halt(&content, at: time)  // `haltScrolling` (l.723-728, 761-764)
        } else if isScrolling || panModalIsAnimating {
            if anchored {
                trackedScrollOffset = max(offset, 0)  // `trackScrolling` (l.770-773)
            } else {
                halt(&content, at: time)
            }
        } else if offset <= 0 {
            // The presented view is the scroll view (SheetScrollView), not animating: the top bounce (l.745-752).
            self.content = content
            try panModalTopBounce(layout: layout, oldOffset: oldOffset, at: time)
            return
        } else {
            trackedScrollOffset = max(offset, 0)
        }
        self.content = content
    }

    /// `haltScrolling(_:)` (l.761-764): `setContentOffset` at the tracked offset, which also stops a
    /// deceleration.
    private mutating func halt(_ content: inout ScrollViewContent, at time: Double) {
        let wasDecelerating = content.isDecelerating
        content.set(trackedScrollOffset)
        if wasDecelerating { emit(.contentStopped(offset: content.offset), at: time) }
    }

    /// `handleScrollViewTopBounce(scrollView:change:)` (l.785-812), while the content decelerates past its
    /// top: the modal follows the content down (its top at long form − offset) while the offset still
    /// falls; when it turns back, the tracked offset is 0 and the modal snaps to the long form (the
    /// observer then holds the content at 0 while the snap animates).
    mutating func panModalTopBounce(
        layout: PanModalLayout, oldOffset: Double, at time: Double
    ) throws(InteractionError) {
        guard let content, content.isDecelerating else { return }
        if oldOffset > content.offset {
            if y == layout.longFormY { emit(.topBounceFollowed, at: time) }
            y = layout.longFormY - content.offset
        } else {
            trackedScrollOffset = 0
            emit(.topBounceSnapped, at: time)
            stop = .long
            outcome = .stop(.long)
            try animate(
                spring: panModalSpring, to: PanModalDragRule.adjusted(layout: layout, layout.longFormY), velocity: 0,
                duration: configuration.panModal.transitionDuration, completion: .settle(.long), at: time)
        }
    }
}
