import PopSimGeometry

/// What `Core.startInteraction(with:at:)` caches (scenee/FloatingPanel@7efcc76 Sources/Core.swift:826-903)
/// while `interactionInProgress` is true.
struct FloatingPanelInteraction {
    /// `initialTranslation`: the pan's translation at the callback that started the interaction.
    let initialTranslation: Double
    /// `initialConst` (Sources/Layout.swift:501-511): the edge when the interaction started, shifted by
    /// a content offset pulled past its top (Sources/Core.swift:874-885).
    let initialEdge: Double
    /// Why `shouldScrollViewHandleTouch` left the touch to the panel (with a scroll view).
    let rule: SheetArbitrationRule
}

/// The panel's pan callbacks, `Core.handle(panGesture:)` for the panel's own recogniser
/// (scenee/FloatingPanel@7efcc76 Sources/Core.swift:547-596), and with a tracked scroll view the parts of
/// it that give the touch to the scroll view (`FloatingPanelScrollHandler.swift`).
extension SheetModel {
    /// `startInteraction(with:at:)`: caches the translation and the edge; the panel now follows the pan.
    /// With a scroll view at a scrollable state, a touch in the scroll view pins its content at the
    /// pinning offset (0) and a content pulled past its top shifts the panel's start by that much
    /// (l.834-890); a touch elsewhere keeps the offset it has. Then the scroll view is locked (l.902).
    mutating func floatingPanelStartInteraction(
        translation: Double, location: Point, rule: SheetArbitrationRule,
        at time: Double
    ) {
        var shift = 0.0
        if let content, case .floatingPanel(let layout) = configuration.layout,
            floatingPanelIsScrollable(FloatingPanelState(stop)!, layout: layout)
        {
            if touch?.details.inScrollView == true {
                // The finger's location in the scroll view's frame: above it, the offset is kept (l.846-865).
                let inScrollView = location.y - (y + SheetScrollView.floatingPanelGrabberArea)
                if inScrollView < 0 {
                    initialScrollOffset = content.offset
                } else {
                    initialScrollOffset = 0
                    if content.offset < 0 { shift = -content.offset }
                }
            } else {
                initialScrollOffset = content.offset
            }
        }
        floatingPanelInteraction = FloatingPanelInteraction(
            initialTranslation: translation, initialEdge: y + shift, rule: rule)
        motion = .dragging
        emit(.dragStarted(from: stop), at: time)
        floatingPanelLockScrollView()
        take(.sheet, by: rule, at: time)
    }

    /// `.changed` (l.573-582): the scroll view may take the touch; else the first change starts the
    /// interaction and each one moves the edge by the translation since that start (`panningChange(with:)`,
    /// l.697-721). `seamless` says the scroll view's handler just unlocked the content at the most
    /// expanded anchor (l.503-507): a panel held there leaves the finger to the content.
    mutating func floatingPanelChanged(
        layout: FloatingPanelLayout, translation: Double, location: Point, velocity: Double, seamless: Bool,
        at time: Double
    ) {
        if content != nil {
            let (handles, rule) = floatingPanelScrollViewHandlesTouch(layout: layout, velocity: velocity)
            if handles {
                take(.scroll, by: .floatingPanelScrollViewHandlesTouch, at: time)
                return
            }
            if floatingPanelInteraction == nil {
                floatingPanelStartInteraction(translation: translation, location: location, rule: rule, at: time)
            }
        } else if floatingPanelInteraction == nil {
            floatingPanelStartInteraction(
                translation: translation, location: location, rule: .floatingPanelContentAtTop, at: time)
        }
        guard let interaction = floatingPanelInteraction else { return }
        let previous = y
        let next = interaction.initialEdge + (translation - interaction.initialTranslation)
        y = FloatingPanelDragRule.edge(
            layout: layout, behavior: configuration.floatingPanel, start: interaction.initialEdge,
            diff: translation - interaction.initialTranslation,
            scrollingContent: floatingPanelScrollsContentInMoving(from: previous, to: next))
        if y != previous {
            take(.sheet, by: owner == .scroll ? .floatingPanelPinsContent : interaction.rule, at: time)
        } else if seamless {
            take(.scroll, by: .floatingPanelSeamlessScroll, at: time)
        }
    }

    /// `.ended`/`.cancelled` (l.573-593) and `panningEnd(with:velocity:)` (l.760-804).
    mutating func floatingPanelEnded(
        layout: FloatingPanelLayout, translation: Double, location: Point, velocity: Vector,
        at time: Double
    ) throws(InteractionError) {
        if content != nil, floatingPanelScrollViewHandlesTouch(layout: layout, velocity: velocity.dy).handles {
            // The scroll view keeps the touch to its end: the panel decides nothing.
            take(.scroll, by: .floatingPanelScrollViewHandlesTouch, at: time)
            return
        }
        if floatingPanelInteraction == nil {
            // A pan that ends without a `.changed` callback: the interaction starts now and the edge moves
            // by the whole translation less the least nonzero magnitude, clamped to the outermost states
            // (the library's workaround, l.584-592).
            let rule =
                content == nil
                ? .floatingPanelContentAtTop
                : floatingPanelScrollViewHandlesTouch(layout: layout, velocity: velocity.dy).rule
            floatingPanelStartInteraction(translation: translation, location: location, rule: rule, at: time)
            y = FloatingPanelDragRule.edge(
                layout: layout, behavior: configuration.floatingPanel, start: floatingPanelInteraction!.initialEdge,
                diff: translation - .leastNonzeroMagnitude, scrollingContent: true)
        }
        floatingPanelInteraction = nil
        let behavior = configuration.floatingPanel
        let state = FloatingPanelState(stop)!
        if state == .hidden {
            motion = .resting
            emit(.releaseIgnored, at: time)
            return
        }
        let decided = FloatingPanelReleaseRule.decide(
            layout: layout, behavior: behavior, from: state, y: y, velocity: velocity.dy)
        emit(
            .released(decided, translation: Vector(dx: 0, dy: y - layout.position(for: state)), velocity: velocity),
            at: time)
        outcome = decided
        if case .stop(let name) = decided, !floatingPanelIsScrollable(FloatingPanelState(name)!, layout: layout) {
            // `endInteraction(for:)` locks the scroll view for a state that is not scrollable (l.905-920).
            floatingPanelLockScrollView()
        }
        switch decided {
        case .removed:
            // `ownerVC?.remove()` → `move(to: .hidden, animated: true)` with the dismissing animator, whose
            // initial velocity is |v/d| normalised by the distance d (Sources/Core.swift:183-185, 774-785).
            let hidden = layout.hiddenPosition
            let ratio = FloatingPanelReleaseRule.removalRatio(layout: layout, y: y, velocity: velocity.dy)
            stop = .hidden
            try animate(
                spring: removalSpring, to: hidden, velocity: abs(ratio) * (hidden - y), duration: removalDuration,
                completion: .remove, at: time)
        case .stop(let name):
            stop = name
            let target = layout.position(for: FloatingPanelState(name)!)
            if target == y {
                // `shouldAttract(to:)` is false: the state changes without an animation (l.792-795, 929-934),
                // and `endWithoutAttraction` forgets the pinning offset and unlocks the scroll view (l.1018-1030).
                motion = .resting
                emit(.settled(name), at: time)
                initialScrollOffset = nil
                floatingPanelUnlockScrollView()
            } else {
                let attraction = FloatingPanelAttraction(
                    value: y, velocity: velocity.dy, target: target, displayScale: layout.displayScale,
                    decelerationRate: behavior.springDecelerationRate,
                    responseTime: behavior.springResponseTime)
                motion = .attracting(attraction, start: time)
            }
        case .dismissed:
            break  // FloatingPanel's rule never dismisses
        }
    }
}
