import PopSimTextIO

/// What the trace shows of one drawn frame: the content's top edge, the progress, the bar content's
/// alpha and the state.
public struct PopupFrame: TraceRow, Hashable {
    /// The state column's words.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// The bar is presented and the popup at rest closed (also while a snap open waits its 0.15 s).
        case closed
        /// A pan displaces the popup (the dismiss started and the finger drives the content).
        case dragging
        /// An animator runs (open, close, bar present or dismiss).
        case transitioning
        case open
        /// The bar is hidden (only when the configuration starts hidden or a dismiss is requested).
        case hidden
    }

    /// The content's top edge, points (Y_c closed, 0 open).
    public let contentY: Double
    /// p = 1 − contentY / Y_c.
    public let progress: Double
    /// The bar content's alpha: 1 − smoothstep(p) while dragging and at rest, interpolated by the
    /// animator's curve during transitions.
    public let barAlpha: Double
    public let state: State

    public init(contentY: Double, progress: Double, barAlpha: Double, state: State) {
        self.contentY = contentY
        self.progress = progress
        self.barAlpha = barAlpha
        self.state = state
    }

    public static let columns = ["content_y", "progress", "bar_alpha", "state"]

    public var fields: [String] { [formatNumber(contentY), formatNumber(progress), formatNumber(barAlpha), state.rawValue] }
}
