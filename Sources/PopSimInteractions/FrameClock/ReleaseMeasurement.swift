import PopSimGeometry
import PopSimTextIO

/// How a `released` event prints what the model measured at the release: the raw translation and the
/// estimator's velocity, `translation=(X Y) velocity=(VX VY)` in shortest round-trip numbers (no
/// commas, so the event stays one field of the `time,event` CSV). The same numbers given to `popsim
/// decide` as `--translation X,Y --velocity VX,VY` reproduce the decision.
enum ReleaseMeasurement {
    static func text(translation: Vector, velocity: Vector) -> String {
        "translation=(\(formatNumber(translation.dx)) \(formatNumber(translation.dy))) "
            + "velocity=(\(formatNumber(velocity.dx)) \(formatNumber(velocity.dy)))"
    }
}
