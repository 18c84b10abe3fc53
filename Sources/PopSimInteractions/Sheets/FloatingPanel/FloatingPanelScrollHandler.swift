/// FloatingPanel's handling of a tracked scroll view for a bottom panel (scenee/FloatingPanel@7efcc76
/// Sources/Core.swift; Documentation/arbitration.md §3): the panel's pan recognises together with the
/// scroll view's (l.312-338) and both call `handle(panGesture:)`; the scroll view's calls pin, lock and
/// unlock the content (l.427-546), the panel's ask `shouldScrollViewHandleTouch` first (l.573-575,
/// 626-684). The content insets are zero (`SheetScrollView`), so the pinning offset is 0 (l.1200-1214).
extension SheetModel {
    /// `isScrollable(state:)` without a delegate: the most expanded state only (l.1227-1235). Mutating
    /// though it only reads: the mutating handlers then call it in place, where a non-mutating call copied
    /// the whole model first.
    mutating func floatingPanelIsScrollable(_ state: FloatingPanelState, layout: FloatingPanelLayout) -> Bool {
        content != nil && state == layout.mostExpandedState
    }

    /// `layoutAdapter.offset(from:)` (Sources/Layout.swift:279-288): the edge's distance below the state's
    /// anchor, rounded to the pixel grid.
    func floatingPanelOffset(from state: FloatingPanelState, layout: FloatingPanelLayout) -> Double {
        DisplayScaleRounding.round(y - layout.position(for: state), scale: layout.displayScale)
    }

    /// `lockScrollView(strict:)`: bouncing off with the lock (`FloatingPanelScrollLock`).
    mutating func floatingPanelLockScrollView() {
        guard content != nil else { return }
        scrollLock.lock()
        content?.bounces = scrollLock.bounces
    }

    /// `unlockScrollView()`.
    mutating func floatingPanelUnlockScrollView() {
        guard content != nil else { return }
        scrollLock.unlock()
        content?.bounces = scrollLock.bounces
    }

    /// `panningBegan(at:)` (l.686-695): the offset the handlers pin the content at from now on.
    mutating func floatingPanelPanningBegan() {
        if let content { initialScrollOffset = content.offset }
    }

    /// `stopScrolling(at:)` (l.1192-1198): `setContentOffset(_:animated: false)`, which also stops a
    /// deceleration.
    mutating func floatingPanelStopScrolling(at offset: Double, time: Double) {
        let wasDecelerating = content?.isDecelerating == true
        content?.set(offset)
        if wasDecelerating { emit(.contentStopped(offset: offset), at: time) }
    }

    /// The scroll view's pan callback (l.429-546), after the scroll view moved its content. Returns
    /// whether it left the content free to scroll with an interaction in progress at the most expanded
    /// anchor ("seamless scrolling", l.494-508).
    @discardableResult
    mutating func floatingPanelScrollViewCallback(
        layout: FloatingPanelLayout, velocity: Double, at time: Double
    ) -> Bool {
        guard let content else { return false }
        let state = FloatingPanelState(stop)!
        let offsetDiff = content.offset
        let insideMostExpandedAnchor = 0 < floatingPanelOffset(from: layout.mostExpandedState, layout: layout)
        let interacting = floatingPanelInteraction != nil
        let scrollable = floatingPanelIsScrollable(state, layout: layout)
        if insideMostExpandedAnchor {
            // Prevent scrolling (l.449-472): the touch began in the scroll view, never in the grabber area.
            if scrollable, let initial = initialScrollOffset {
                if interacting || initial == 0 { floatingPanelStopScrolling(at: initial, time: time) }
            } else if let initial = initialScrollOffset {
                floatingPanelStopScrolling(at: initial, time: time)
            }
            // The indicator and bounce (l.474-492); PopSim runs no transition animator.
            if interacting {
                floatingPanelLockScrollView()
            } else if scrollable, offsetDiff > 0, velocity < 0 {
                floatingPanelUnlockScrollView()
            }
            return false
        }
        if interacting {
            // Seamless scrolling at the most expanded anchor (l.495-508).
            if offsetDiff >= 0 && velocity <= 0 {
                floatingPanelUnlockScrollView()
                return true
            }
            return false
        }
        if scrollable {
            // Before an interaction (l.516-538): lock when pulling down at the top, unlock when pushing up
            // a scrolled or far-pulled content. `scrollBounceThreshold` is −30 pt (l.87).
            let allowScroll = offsetDiff <= Self.floatingPanelScrollBounceThreshold || 0 < offsetDiff
            if velocity > 0, !allowScroll { floatingPanelLockScrollView() }
            if velocity < 0, allowScroll { floatingPanelUnlockScrollView() }
        }
        return false
    }

    /// `scrollBounceThreshold` (l.87), pt.
    static var floatingPanelScrollBounceThreshold: Double { -30 }

    /// `shouldScrollViewHandleTouch(_:point:velocity:)` for a bottom panel (l.626-684), with the rule
    /// that decided it: the touch began in the scroll view, the state is scrollable, no interaction is in
    /// progress, the panel is within 1 pt of its anchor; then the content is scrolled (offset > 0),
    /// pulled past its top while the finger moves up (offset < 0, v ≤ 0) or decelerating.
    mutating func floatingPanelScrollViewHandlesTouch(layout: FloatingPanelLayout, velocity: Double)
        -> (handles: Bool, rule: SheetArbitrationRule)
    {
        guard let content, touch?.details.inScrollView == true else {
            return (false, .floatingPanelTouchOutsideScrollView)
        }
        let state = FloatingPanelState(stop)!
        guard floatingPanelIsScrollable(state, layout: layout) else { return (false, .floatingPanelStateNotScrollable) }
        guard floatingPanelInteraction == nil else { return (false, .floatingPanelPinsContent) }
        guard abs(floatingPanelOffset(from: state, layout: layout)) < 1 else {
            return (false, .floatingPanelAwayFromAnchor)
        }
        let offset = content.offset
        if offset > 0 || (velocity <= 0 && offset < 0) || content.isDecelerating {
            return (true, .floatingPanelScrollViewHandlesTouch)
        }
        return (false, .floatingPanelContentAtTop)
    }

    /// `shouldScrollingContentInMoving(from:to:)` (l.723-758) for a bottom panel: while the scroll view's
    /// pan changes over a content taller than the scroll view, a panel moving up is held within its
    /// outermost anchors.
    func floatingPanelScrollsContentInMoving(from current: Double, to target: Double) -> Bool {
        guard let touch, touch.details.inScrollView, touch.details.scrollPan, content?.isScrollable == true else {
            return false
        }
        return current > target
    }

    /// One attraction step (l.954-971): the tracked content is pinned at the pinning offset.
    mutating func floatingPanelAttractionStepped(at time: Double) {
        if let initial = initialScrollOffset { floatingPanelStopScrolling(at: initial, time: time) }
    }

    /// The attraction completed (`endAttraction(true)`, l.986-1016): the pinning offset is forgotten and
    /// the scroll view unlocked at a scrollable state reached exactly.
    mutating func floatingPanelAttractionEnded(at time: Double) {
        guard content != nil, case .floatingPanel(let layout) = configuration.layout else { return }
        floatingPanelAttractionStepped(at: time)
        initialScrollOffset = nil
        let state = FloatingPanelState(stop)!
        if floatingPanelIsScrollable(state, layout: layout), floatingPanelOffset(from: state, layout: layout) == 0 {
            floatingPanelUnlockScrollView()
        }
    }

    /// A touch stopped the attraction (`interruptAnimationIfNeeded`, l.602-607): `endAttraction(false)`.
    mutating func floatingPanelAttractionInterrupted() {
        initialScrollOffset = nil
    }
}
