import PopSimGeometry

/// One digitiser report of one finger: when (seconds on PopSim's virtual clock), what happened, where
/// (points, top-left origin) and which finger.
public struct TouchSample: Sendable, Hashable, Codable {
    public var time: Double
    public var phase: TouchPhase
    public var location: Point
    /// Identifies the finger; samples of one touch share it.
    public var touch: Int

    public init(time: Double, phase: TouchPhase, location: Point, touch: Int = 0) {
        self.time = time
        self.phase = phase
        self.location = location
        self.touch = touch
    }
}
