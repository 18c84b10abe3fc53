/// The popup's presentation state as LNPopupController publishes it (`LNPopupPresentationState`,
/// Documentation/lnpopupcontroller.md, state enum): the bar hidden, the bar presented ("closed") or the popup open.
/// The public state changes only when a transition completes (`_ln_setPopupPresentationState`, called
/// from completion blocks).
public enum PopupPresentationState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case barHidden = "hidden"
    case closed
    case open

    public var description: String { rawValue }
}

/// `LNPopupInteractionStyle` (UIViewController+LNPopupSupport.h:24-45). `.default` resolves to
/// `.automatic` since 4.5.6 (commit `3e4a6fd`), so `automatic` is the default here.
public enum PopupInteractionStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Snap when opening from the bar, drag when closing the open popup.
    case automatic
    /// Opening is a flick that opens after 0.15 s; closing follows a rubber band and snaps shut past
    /// c·d of finger travel.
    case snap
    /// The content follows the finger 1:1; the release velocity's sign decides.
    case drag
    /// Like drag, but only a scroll view's pan at its top edge closes; a pan on the bar never opens.
    case scroll
    /// Pans do nothing; the tap on the bar and the close button still work.
    case none

    public var description: String { rawValue }

    /// `_LNPopupResolveInteractionStyleFromInteractionStyle` (LNPopupController.mm:52-83): automatic
    /// becomes snap when the *public* state is "bar presented" and drag otherwise. Every handler resolves
    /// with the public state, which changes only when a transition settles, so the style is fixed for a
    /// whole gesture by the state at its start.
    @inlinable
    public func resolved(publicState: PopupPresentationState) -> ResolvedPopupInteractionStyle {
        switch self {
        case .automatic: return publicState == .closed ? .snap : .drag
        case .snap: return .snap
        case .drag: return .drag
        case .scroll: return .scroll
        case .none: return .none
        }
    }
}

/// An interaction style after `automatic` has been resolved.
public enum ResolvedPopupInteractionStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case snap, drag, scroll, none

    public var description: String { rawValue }
}
