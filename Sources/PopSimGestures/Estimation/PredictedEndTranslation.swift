import PopSimGeometry

/// SwiftUI's default prediction horizon: `DragGesture.Value.predictedEndTranslation` is the translation
/// plus 0.25 s of the current velocity (OpenSwiftUI `DragGesture.swift`; Documentation/popovers.md §6). Apple does not
/// document it, hence a parameter.
public let swiftUIPredictionTime = 0.25

/// Where SwiftUI predicts a drag would stop if released now: `translation + predictionTime · velocity`
/// (Documentation/popovers.md §6; the Popovers model's only velocity input).
public func predictedEndTranslation(
    translation: Vector, velocity: Vector, predictionTime: Double = swiftUIPredictionTime
) -> Vector {
    translation + velocity * predictionTime
}

/// `DragGesture.Value.predictedEndLocation`: the location plus the same projection.
public func predictedEndLocation(location: Point, velocity: Vector, predictionTime: Double = swiftUIPredictionTime)
    -> Point
{
    location + velocity * predictionTime
}
