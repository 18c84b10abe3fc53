/// Checks, sample by sample, that a sequence could come from a touch screen: each touch starts with
/// `began`, its times never decrease, and after `ended`/`cancelled` only a new `began` may reuse its
/// id (a second tap of the same finger). Different touches may interleave freely.
///
/// Memory grows with the number of distinct touch ids (at most ``maximumTouchIDs``), not with the
/// number of samples, so a reader validates a file of any length in bounded memory.
public struct TouchSequenceValidator: Sendable {
    /// Which field of a sample a violation concerns (where a reader points its column).
    public enum Field: Sendable, Equatable { case time, phase }

    private struct TouchState: Sendable {
        var isDown: Bool
        var lastTime: Double
    }

    private var touches: [Int: TouchState] = [:]

    /// The most distinct touch ids one stream may use. Touch screens track a handful of fingers at
    /// once (UIKit reports at most one touch per finger, a few tens on an iPad), and a finger that lifts
    /// and comes back may reuse its id; the cap keeps a hostile stream from growing this table without
    /// bound.
    public static let maximumTouchIDs = 1024

    public init() {}

    /// Records `sample` and returns the rule it breaks, if any (the state is then left unchanged).
    public mutating func check(_ sample: TouchSample) -> (reason: TouchStreamError.Reason, field: Field)? {
        let state = touches[sample.touch]
        if let state, sample.time < state.lastTime {
            return (.timeWentBackwards(touch: sample.touch, previous: state.lastTime, time: sample.time), .time)
        }
        switch sample.phase {
        case .began:
            if let state, state.isDown { return (.beganTwice(touch: sample.touch), .phase) }
            if state == nil, touches.count >= Self.maximumTouchIDs {
                return (.tooManyTouches(touch: sample.touch, limit: Self.maximumTouchIDs), .phase)
            }
            touches[sample.touch] = TouchState(isDown: true, lastTime: sample.time)
        case .moved, .stationary, .ended, .cancelled:
            guard let state else { return (.notBegan(touch: sample.touch, phase: sample.phase), .phase) }
            guard state.isDown else { return (.afterEnd(touch: sample.touch, phase: sample.phase), .phase) }
            touches[sample.touch] = TouchState(isDown: !sample.phase.isTerminal, lastTime: sample.time)
        }
        return nil
    }

    /// The touches that began and have not ended yet, in increasing id order.
    public var touchesStillDown: [Int] {
        touches.filter(\.value.isDown).map(\.key).sorted()
    }
}
