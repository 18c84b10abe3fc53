import PopSimGeometry

/// What `Core.startInteraction(with:at:)` caches (scenee/FloatingPanel@7efcc76 Sources/Core.swift:826-903)
/// while `interactionInProgress` is true.
struct FloatingPanelInteraction {
    /// `initialTranslation`: the pan's translation at the callback that started the interaction.
    let initialTranslation: Double
    /// `initialConst` (Sources/Layout.swift:501-511): the edge when the interaction started.
    let initialEdge: Double
}

/// The panel's pan callbacks, `Core.handle(panGesture:)` for the panel's own recogniser
/// (scenee/FloatingPanel@7efcc76 Sources/Core.swift:547-596), without a tracked scroll view.
extension SheetModel {
    /// `startInteraction(with:at:)`: caches the translation and the edge; the panel now follows the pan.
    mutating func floatingPanelStartInteraction(translation: Double, at time: Double) {
        floatingPanelInteraction = FloatingPanelInteraction(initialTranslation: translation, initialEdge: y)
        motion = .dragging
        emit(.dragStarted(from: stop), at: time)
    }

    /// `.changed` (l.578-582): the first one starts the interaction, each one moves the edge by the
    /// translation since that start (`panningChange(with:)`, l.697-721).
    mutating func floatingPanelChanged(layout: FloatingPanelLayout, translation: Double, at time: Double) {
        if floatingPanelInteraction == nil { floatingPanelStartInteraction(translation: translation, at: time) }
        guard let interaction = floatingPanelInteraction else { return }
        y = FloatingPanelDragRule.edge(
            layout: layout, behavior: configuration.floatingPanel, start: interaction.initialEdge,
            diff: translation - interaction.initialTranslation)
    }

    /// `.ended`/`.cancelled` (l.583-593) and `panningEnd(with:velocity:)` (l.760-804).
    mutating func floatingPanelEnded(
        layout: FloatingPanelLayout, translation: Double, velocity: Vector,
        at time: Double
    ) throws(InteractionError) {
        if floatingPanelInteraction == nil {
            // A pan that ends without a `.changed` callback: the interaction starts now and the edge moves
            // by the whole translation less the least nonzero magnitude, clamped to the outermost states
            // (the library's workaround, l.584-592).
            floatingPanelStartInteraction(translation: translation, at: time)
            y = FloatingPanelDragRule.edge(
                layout: layout, behavior: configuration.floatingPanel, start: y,
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
                // `shouldAttract(to:)` is false: the state changes without an animation (l.792-795, 929-934).
                motion = .resting
                emit(.settled(name), at: time)
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
