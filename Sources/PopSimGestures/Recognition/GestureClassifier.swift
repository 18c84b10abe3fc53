import PopSimGeometry

/// What a stroke (or pair of strokes) was, by ``GestureThresholds``.
public enum RecognizedGesture: Sendable, Equatable {
    /// A short touch that stayed within the slop.
    case tap(location: Point)
    /// Two taps, the second starting within the double-tap interval after the first lifted.
    case doubleTap(location: Point)
    /// A touch held at least the long-press duration within the slop.
    case longPress(location: Point, duration: Double)
    /// A drag released slower than the fling threshold.
    case pan(translation: Vector, releaseVelocity: Vector)
    /// A drag released faster than the fling threshold (velocity clamped to the maximum).
    case fling(translation: Vector, releaseVelocity: Vector)
    /// Two overlapping drags: the ratio of the final to the initial finger distance.
    case pinch(scale: Double)
    /// Cancelled, never ended, or a press between the tap and long-press durations.
    case unrecognized
}

/// A deliberately simple recogniser over whole strokes, to check that synthesised gestures are what they
/// claim to be under a platform's thresholds (not a model of UIKit's recogniser arbitration).
public struct GestureClassifier: Sendable {
    public var thresholds: GestureThresholds
    public var estimator: VelocityEstimatorKind

    public init(thresholds: GestureThresholds = .iOS, estimator: VelocityEstimatorKind = .ios) {
        self.thresholds = thresholds
        self.estimator = estimator
    }

    /// One stroke: the samples of one touch from `began` to `ended`.
    public func classify(stroke: [TouchSample]) -> RecognizedGesture {
        guard let first = stroke.first, first.phase == .began, let last = stroke.last, last.phase == .ended else {
            return .unrecognized
        }
        let farthest = stroke.map { $0.location.distance(to: first.location) }.max() ?? 0
        let duration = last.time - first.time
        if farthest <= thresholds.touchSlop {
            if duration >= thresholds.longPressMinimumDuration {
                return .longPress(location: first.location, duration: duration)
            }
            if duration <= thresholds.tapMaximumDuration { return .tap(location: first.location) }
            return .unrecognized
        }
        let velocity =
            TouchStream(stroke).releaseVelocity(ofTouch: first.touch, using: estimator.makeEstimator()) ?? .zero
        let translation = last.location - first.location
        let speed = velocity.length
        guard thresholds.isFling(speed: speed) else { return .pan(translation: translation, releaseVelocity: velocity) }
        let clamped =
            speed > thresholds.maximumFlingVelocity ? velocity * (thresholds.maximumFlingVelocity / speed) : velocity
        return .fling(translation: translation, releaseVelocity: clamped)
    }

    /// Every stroke of a stream in order of touch-down; two overlapping drags become one pinch and a tap
    /// followed quickly by another becomes a double tap.
    public func classify(stream: TouchStream) -> [RecognizedGesture] {
        let strokes = stream.strokes
        var results: [RecognizedGesture] = []
        var index = 0
        while index < strokes.count {
            let stroke = strokes[index]
            let gesture = classify(stroke: stroke)
            if index + 1 < strokes.count {
                let next = strokes[index + 1]
                let overlaps = next[0].time < (stroke.last?.time ?? 0)
                if overlaps, let scale = pinchScale(stroke, next) {
                    results.append(.pinch(scale: scale))
                    index += 2
                    continue
                }
                if case let .tap(location) = gesture, case .tap = classify(stroke: next),
                    let lift = stroke.last?.time, next[0].time - lift <= thresholds.doubleTapMaximumInterval
                {
                    results.append(.doubleTap(location: location))
                    index += 2
                    continue
                }
            }
            results.append(gesture)
            index += 1
        }
        return results
    }

    private func pinchScale(_ a: [TouchSample], _ b: [TouchSample]) -> Double? {
        guard let a0 = a.first, let b0 = b.first, let a1 = a.last, let b1 = b.last else { return nil }
        let moved =
            a1.location.distance(to: a0.location) > thresholds.touchSlop
            || b1.location.distance(to: b0.location) > thresholds.touchSlop
        let initial = a0.location.distance(to: b0.location)
        guard moved, initial > 0 else { return nil }
        return a1.location.distance(to: b1.location) / initial
    }
}
