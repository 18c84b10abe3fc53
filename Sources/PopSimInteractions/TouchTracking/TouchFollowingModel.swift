import PopSimGeometry
import PopSimGestures

/// A model that follows one finger at a time as UIKit's recognisers see it: hit-tested when it touches
/// down, a pan recognised at its first move past the hysteresis, the pan's callbacks while it moves and
/// when it lifts, or a tap. The sequence is the same for every such model (``followTouch(_:)``); a family
/// says what its recognisers do at each step.
///
/// The velocity estimator is fed the touch-down and every move, never the lift-off sample (Flutter's
/// trackers record only down and move events, so a finger that rests before lifting reads as stopped,
/// the 40 ms rule). Stationary samples reach no recogniser; touches other than the followed one are
/// ignored.
protocol TouchFollowingModel: InteractionModel {
    /// Where a touch can land, as the model hit-tests it.
    associatedtype TouchRegion
    /// Which recogniser's pan a touch became.
    associatedtype PanKind
    /// What only this family records about the followed finger.
    associatedtype TouchDetails

    /// The finger being followed, or nil.
    var touch: FollowedTouch<TouchRegion, PanKind, TouchDetails>? { get set }
    var estimator: AnyVelocityEstimator { get set }
    /// Who the finger moves now.
    var owner: TouchOwner { get set }
    var recognition: TouchRecognition { get }

    /// Checks a sample before anything follows it (time order, finite values, the touch's history).
    mutating func admit(_ sample: TouchSample) throws(InteractionError)

    /// Hit-tests a touch that began with no finger followed and starts following it (``touch``); the
    /// estimator already holds the sample.
    mutating func touchBegan(_ sample: TouchSample)

    /// The pan the followed, not yet recognised finger would become once it passes the hysteresis, or
    /// nil while nothing may recognise it.
    func recognisablePan(of touch: FollowedTouch<TouchRegion, PanKind, TouchDetails>) -> PanKind?

    /// The pan was recognised at `sample` (``touch`` already says so, with its translation origin).
    mutating func recogniserBegan(_ kind: PanKind, at sample: TouchSample) throws(InteractionError)

    /// The recognised pan moved: `translation` from its origin, `movement` since its previous callback.
    mutating func recogniserChanged(_ kind: PanKind, translation: Vector, movement: Vector, at sample: TouchSample)
        throws(InteractionError)

    /// The recognised pan's finger lifted or was cancelled; the model stops following it when its
    /// handlers are done (``touch`` nil).
    mutating func recogniserEnded(
        _ kind: PanKind, touch: FollowedTouch<TouchRegion, PanKind, TouchDetails>, at sample: TouchSample
    ) throws(InteractionError)

    /// A finger no pan recognised lifted (not cancelled); ``touch`` is already nil.
    mutating func touchLifted(
        _ touch: FollowedTouch<TouchRegion, PanKind, TouchDetails>, isTap: Bool, at sample: TouchSample
    ) throws(InteractionError)

    /// Called after every move of the followed finger has reached the recognisers. Does nothing by default.
    mutating func moveDelivered()
}

extension TouchFollowingModel {
    func moveDelivered() {}

    public mutating func handle(_ sample: TouchSample) throws(InteractionError) {
        try followTouch(sample)
    }

    /// One touch sample, from the sample to the recogniser callbacks.
    mutating func followTouch(_ sample: TouchSample) throws(InteractionError) {
        try admit(sample)
        switch sample.phase {
        case .began:
            guard touch == nil else { return }
            estimator.reset()
            estimator.addSample(time: sample.time, location: sample.location)
            touchBegan(sample)
        case .moved:
            guard touch?.id == sample.touch else { return }
            try touchMoved(sample)
            moveDelivered()
        case .stationary:
            return  // UIKit reports only moved touches to recognisers
        case .ended, .cancelled:
            guard touch?.id == sample.touch else { return }
            try touchEnded(sample)
        }
    }

    /// A move: recognises the pan at its first move farther than the hysteresis from touch-down (the
    /// translation then counts from the touch-down, or from there with
    /// ``PanTranslationOrigin/recognition``), and hands every later move to the pan's handler.
    mutating func touchMoved(_ sample: TouchSample) throws(InteractionError) {
        // The followed touch is read and written in place: a copy out and back costs more than the rest of a move.
        guard touch != nil else { return }
        let location = sample.location
        estimator.addSample(time: sample.time, location: location)
        let distance = location.distance(to: touch!.downLocation)
        touch!.maximumDistance = max(touch!.maximumDistance, distance)
        switch touch!.pan {
        case .possible:
            // Asked of a copy of the touch: passing `touch!` itself would copy the whole model first.
            let unrecognised = touch!
            guard let kind = recognisablePan(of: unrecognised), distance > recognition.panHysteresis else { return }
            if recognition.translationOrigin == .recognition { touch!.translationOrigin = location }
            touch!.lastLocation = location
            touch!.pan = .active(kind)
            try recogniserBegan(kind, at: sample)
        case .active(let kind):
            let translation = location - touch!.translationOrigin
            let movement = location - touch!.lastLocation
            touch!.lastLocation = location
            try recogniserChanged(kind, translation: translation, movement: movement, at: sample)
        case .cancelled:
            return
        }
    }

    /// A lift-off or cancel: the recognised pan ends; a pan cancelled before does nothing; a finger no
    /// pan recognised may have made a tap (lifted only).
    mutating func touchEnded(_ sample: TouchSample) throws(InteractionError) {
        guard let current = touch else { return }
        switch current.pan {
        case .active(let kind):
            try recogniserEnded(kind, touch: current, at: sample)
        case .cancelled:
            touch = nil
            owner = .none
        case .possible:
            touch = nil
            guard sample.phase == .ended else { return }
            try touchLifted(current, isTap: current.isTap(liftedAt: sample, recognition), at: sample)
        }
    }
}
