import PopSimTextIO

/// What the trace shows of one drawn frame: the content's top edge, the progress, the bar content's
/// alpha, a scroll view's content offset and who the finger moves (the columns the sheets report,
/// Documentation/arbitration.md), and the state.
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
    /// The scroll view's content offset y, pt (0 without a scroll view).
    public let contentOffset: Double
    /// Who the finger moves in this frame: the popup (`sheet`), the content (`scroll`) or `none`.
    public let owner: TouchOwner
    public let state: State

    public init(
        contentY: Double, progress: Double, barAlpha: Double, contentOffset: Double = 0,
        owner: TouchOwner = .none, state: State
    ) {
        self.contentY = contentY
        self.progress = progress
        self.barAlpha = barAlpha
        self.contentOffset = contentOffset
        self.owner = owner
        self.state = state
    }

    public static let columns = ["content_y", "progress", "bar_alpha", "content_offset", "owner", "state"]

    public var fields: [String] {
        [
            formatNumber(contentY), formatNumber(progress), formatNumber(barAlpha), formatNumber(contentOffset),
            owner.rawValue, state.rawValue,
        ]
    }
}
