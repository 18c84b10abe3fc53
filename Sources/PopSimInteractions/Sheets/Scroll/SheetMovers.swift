/// What the finger moved while it was down, over a whole gesture: the sheet, the content of its scroll
/// view, both (a handoff inside the gesture) or neither. The first half of a ``SheetDecision``'s word.
public enum SheetMovers: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case none, sheet, scroll, both

    /// `self` after the finger was also seen owning `owner`.
    public func adding(_ owner: TouchOwner) -> SheetMovers {
        switch (self, owner) {
        case (_, .none): return self
        case (.none, .sheet), (.sheet, .sheet): return .sheet
        case (.none, .scroll), (.scroll, .scroll): return .scroll
        default: return .both
        }
    }

    /// Whether the content scrolled.
    public var contentScrolled: Bool { self == .scroll || self == .both }

    public var description: String { rawValue }
}
