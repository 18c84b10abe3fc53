import PopSimGeometry
import PopSimGestures

@testable import PopSimInteractions

/// Hand-built finger paths for the popup tests: piecewise constant velocity, sampled on a fixed grid.
enum PopupTestStreams {
    /// The finger goes down at `start` at `t0`, then moves through `segments` (velocity pt/s, duration s),
    /// reported every 1/`rate` s (times computed from the sample index, so they never drift). It lifts
    /// one period after the last move, where the last move left it, unless `liftMoving` (then the lift
    /// sample continues the motion).
    static func path(
        from start: Point, at t0: Double = 0.1, rate: Double = 120, segments: [(Vector, Double)],
        hold: Double = 0, touch: Int = 0
    ) -> TouchStream {
        var samples = [TouchSample(time: t0, phase: .began, location: start, touch: touch)]
        let total = segments.reduce(0) { $0 + $1.1 }
        let count = Int((total * rate).rounded())
        var last = start
        for k in 1...max(count, 1) where count > 0 {
            let elapsed = Double(k) / rate
            last = location(start: start, segments: segments, after: elapsed)
            samples.append(TouchSample(time: t0 + elapsed, phase: .moved, location: last, touch: touch))
        }
        let liftTime = t0 + Double(count + 1) / rate + hold
        samples.append(TouchSample(time: liftTime, phase: .ended, location: last, touch: touch))
        return TouchStream(samples)
    }

    static func location(start: Point, segments: [(Vector, Double)], after elapsed: Double) -> Point {
        var point = start
        var remaining = elapsed
        for (velocity, duration) in segments {
            let dt = min(remaining, duration)
            point = point + velocity * dt
            remaining -= dt
            if remaining <= 0 { break }
        }
        return point
    }

    /// A tap: down and up at `location`, `duration` apart.
    static func tap(at location: Point, at t0: Double = 0.1, duration: Double = 0.08, touch: Int = 0) -> TouchStream {
        TouchStream([
            TouchSample(time: t0, phase: .began, location: location, touch: touch),
            TouchSample(time: t0 + duration, phase: .ended, location: location, touch: touch),
        ])
    }

    /// Inside the default closed bar's content view (the 64 pt floating bar at 705…769, its content view 709…765).
    static let onBar = Point(x: 196.5, y: 745)
    /// In the open content, away from the close button.
    static let inContent = Point(x: 196.5, y: 300)
    /// The default close button's centre (x 174.5…218.5, y 59…103).
    static let onCloseButton = Point(x: 196.5, y: 81)

    /// Concatenates streams (times must already be ordered).
    static func concatenate(_ streams: TouchStream...) -> TouchStream {
        TouchStream(streams.flatMap(\.samples))
    }
}

extension Trace where Frame == PopupFrame, Event == PopupEvent {
    /// The first time an event with this description occurs.
    func time(of label: String) -> Double? {
        events.first { $0.event.label == label }?.time
    }

    var eventWords: [String] { events.map(\.event.label) }

    /// The row drawn at `time` (exactly).
    func row(at time: Double) -> PopupFrame? { rows.first { $0.time == time }?.frame }
}
