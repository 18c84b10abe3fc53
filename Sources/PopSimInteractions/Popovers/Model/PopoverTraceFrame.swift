import PopSimGeometry
import PopSimTextIO

/// What a popover looks like in one drawn frame: a row `x,y,opacity,state` of the simulate trace.
public struct PopoverTraceFrame: TraceRow, Hashable {
    /// The drawn top-left origin: static origin + drag offset + the running animation's remainder.
    public var origin: Point
    public var opacity: Double
    public var state: PopoverDrawState

    public static let columns = ["x", "y", "opacity", "state"]
    public var fields: [String] {
        [formatNumber(origin.x), formatNumber(origin.y), formatNumber(opacity), state.rawValue]
    }
}

/// The state column of the trace.
public enum PopoverDrawState: String, Sendable, Hashable, CaseIterable {
    /// At rest and hit-testable.
    case presented
    /// A finger drives it (the drag gesture passed its minimum distance and has not ended).
    case dragging
    /// Presented, and a position animation is still running (released, snapping, springing back).
    case animating
    /// Removed from the model (no longer hit-testable); it may still slide and fade out.
    case dismissed
}
