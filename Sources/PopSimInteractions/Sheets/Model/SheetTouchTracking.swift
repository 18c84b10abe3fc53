import PopSimGeometry
import PopSimGestures

/// Where a touch began, as the model hit-tests it.
public enum SheetTouchRegion: String, Sendable, Hashable, CustomStringConvertible {
    /// On the sheet.
    case sheet
    /// PanModal's dimmed background above the modal (its pan still moves the modal).
    case background
    /// Anywhere the model does not follow.
    case outside

    public var description: String { rawValue }
}

/// The finger the model follows and what its recognisers made of it so far.
struct SheetTouch {
    enum Pan {
        /// Not recognised yet.
        case possible
        /// Recognised: the handler receives its callbacks.
        case active
    }

    let id: Int
    let region: SheetTouchRegion
    let downTime: Double
    let downLocation: Point
    /// Where `translation(in:)` counts from (PanModal resets it after every callback).
    var translationOrigin: Point
    var maximumDistance = 0.0
    var pan: Pan
}

/// From touch samples to recogniser callbacks (see ``SheetConfiguration`` for the mapping).
extension SheetModel {
    public mutating func handle(_ sample: TouchSample) throws(InteractionError) {
        try ledger.admit(sample, modelTime: time)
        switch sample.phase {
        case .began:
            guard touch == nil else { return }
            touchBegan(sample)
        case .moved:
            guard touch?.id == sample.touch else { return }
            touchMoved(sample)
        case .stationary:
            return  // UIKit reports only moved touches to recognisers
        case .ended, .cancelled:
            guard touch?.id == sample.touch else { return }
            try touchEnded(sample)
        }
    }

    /// Hit-testing when the touch begins.
    func region(at location: Point) -> SheetTouchRegion {
        switch configuration.layout {
        case .floatingPanel(let layout):
            switch motion {
            case .animating, .gone: return .outside
            case .resting, .dragging, .attracting:
                let onPanel = layout.position == .bottom ? location.y >= y : location.y <= y
                return onPanel ? .sheet : .outside
            }
        case .panModal:
            switch motion {
            case .animating, .gone: return .outside
            case .resting, .dragging, .attracting: return location.y >= y ? .sheet : .background
            }
        }
    }

    mutating func touchBegan(_ sample: TouchSample) {
        let region = region(at: sample.location)
        estimator.reset()
        estimator.addSample(time: sample.time, location: sample.location)
        var followed = SheetTouch(
            id: sample.touch, region: region, downTime: sample.time, downLocation: sample.location,
            translationOrigin: sample.location, pan: .possible)
        if case .attracting = motion, region == .sheet {
            // The recogniser begins at touch-down while the attraction runs, and the handler stops it
            // without completing (scenee/FloatingPanel@7efcc76 Sources/Core.swift:566, 602-607, 1291-1297).
            motion = .resting
            emit(.attractionInterrupted, at: sample.time)
            emit(.panBegan, at: sample.time)
            followed.pan = .active
        }
        touch = followed
    }

    mutating func touchMoved(_ sample: TouchSample) {
        guard var current = touch else { return }
        let location = sample.location
        estimator.addSample(time: sample.time, location: location)
        current.maximumDistance = max(current.maximumDistance, location.distance(to: current.downLocation))
        switch current.pan {
        case .possible:
            guard current.region != .outside,
                location.distance(to: current.downLocation) > configuration.recognition.panHysteresis
            else {
                touch = current
                return
            }
            if configuration.recognition.translationOrigin == .recognition { current.translationOrigin = location }
            current.pan = .active
            emit(.panBegan, at: sample.time)
            switch configuration.layout {
            case .floatingPanel:
                // `panningBegan(at:)` only records the scroll view's offset (Sources/Core.swift:686-695).
                touch = current
            case .panModal(let layout):
                // `.began` is handled as `.changed` (PanModalPresentationController.swift:487-493).
                let translation = location - current.translationOrigin
                current.translationOrigin = location
                touch = current
                panModalChanged(layout: layout, translation: translation.dy, at: sample.time)
            }
        case .active:
            let translation = location - current.translationOrigin
            switch configuration.layout {
            case .floatingPanel(let layout):
                touch = current
                floatingPanelChanged(layout: layout, translation: translation.dy, at: sample.time)
            case .panModal(let layout):
                current.translationOrigin = location
                touch = current
                panModalChanged(layout: layout, translation: translation.dy, at: sample.time)
            }
        }
    }

    mutating func touchEnded(_ sample: TouchSample) throws(InteractionError) {
        guard let current = touch else { return }
        touch = nil
        // The lift-off sample is not added to the estimator (see SheetConfiguration).
        switch current.pan {
        case .active:
            let velocity = estimator.velocity(at: sample.time)
            switch configuration.layout {
            case .floatingPanel(let layout):
                let translation = sample.location - current.translationOrigin
                try floatingPanelEnded(layout: layout, translation: translation.dy, velocity: velocity, at: sample.time)
            case .panModal(let layout):
                try panModalEnded(layout: layout, velocity: velocity, at: sample.time)
            }
        case .possible:
            guard sample.phase == .ended, current.region == .background,
                case .panModal(let layout) = configuration.layout,
                configuration.panModal.allowsTapToDismiss
            else { return }
            let recognition = configuration.recognition
            let distance = max(current.maximumDistance, sample.location.distance(to: current.downLocation))
            let isTap =
                distance <= recognition.tapAllowableMovement
                && (recognition.tapMaximumDuration.map { sample.time - current.downTime <= $0 } ?? true)
            guard isTap else { return }
            emit(.backgroundTapped, at: sample.time)
            try panModalDismiss(layout: layout, at: sample.time)
        }
    }
}
