/// The phase of one touch sample, named as UIKit's `UITouch.Phase`.
public enum TouchPhase: String, Sendable, Hashable, CaseIterable, Codable {
    /// The finger touched the screen.
    case began
    /// The finger moved.
    case moved
    /// The finger is down and did not move since the previous sample.
    case stationary
    /// The finger lifted.
    case ended
    /// The system cancelled the touch (e.g. an incoming call).
    case cancelled

    /// Whether this sample ends its touch.
    public var isTerminal: Bool { self == .ended || self == .cancelled }
}
