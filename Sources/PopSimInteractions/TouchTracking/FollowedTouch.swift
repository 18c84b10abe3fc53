import PopSimGeometry
import PopSimGestures

/// What a pan recogniser made of the followed finger so far: UIKit's possible, began or changed, and a
/// pan that ended before its finger lifted.
enum PanRecognition<Kind> {
    /// Not recognised yet.
    case possible
    /// Recognised: the handler of the recogniser `Kind` names receives its callbacks.
    case active(Kind)
    /// Ended by its handler, or by its recogniser moving to another view; the touch does nothing more.
    case cancelled
}

/// The finger a model follows from touch-down to lift-off (one at a time) and what its recognisers made
/// of it: what every model needs, where it began (`Region`, as the model hit-tests it), which recogniser's
/// pan it became (`PanKind`) and the `Details` only one family records.
struct FollowedTouch<Region, PanKind, Details> {
    let id: Int
    /// Where the touch began, as the model hit-tested it.
    let region: Region
    let downTime: Double
    let downLocation: Point
    /// Where `translation(in:)` counts from (``TouchRecognition/translationOrigin``; PanModal resets it
    /// after every callback).
    var translationOrigin: Point
    /// The location of the pan's previous callback (a scroll view moves its content by the difference).
    var lastLocation: Point
    /// The farthest the finger has been from `downLocation`.
    var maximumDistance = 0.0
    var pan = PanRecognition<PanKind>.possible
    var details: Details

    /// The finger that touched down with `sample`.
    init(_ sample: TouchSample, region: Region, details: Details) {
        id = sample.touch
        self.region = region
        downTime = sample.time
        downLocation = sample.location
        translationOrigin = sample.location
        lastLocation = sample.location
        self.details = details
    }

    /// Whether the finger, lifted at `sample`, made a tap: it never got farther than the allowable
    /// movement from where it touched down (the lift-off location included), within the longest duration.
    func isTap(liftedAt sample: TouchSample, _ recognition: TouchRecognition) -> Bool {
        let distance = max(maximumDistance, sample.location.distance(to: downLocation))
        return distance <= recognition.tapAllowableMovement
            && (recognition.tapMaximumDuration.map { sample.time - downTime <= $0 } ?? true)
    }
}
