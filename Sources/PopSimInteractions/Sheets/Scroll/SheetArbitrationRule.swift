/// The rule that gave the touch to the sheet or to its scroll view, named in the event log's handoffs
/// (`owner:scroll rule=fp-scroll-view-handles-touch`). Documentation/arbitration.md §3-§4 gives each
/// with the lines that decide it; ``source`` names them.
public enum SheetArbitrationRule: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    // FloatingPanel 3.2.2, scenee/FloatingPanel@7efcc76 Sources/Core.swift.
    /// `shouldScrollViewHandleTouch` is true: scrollable state, no interaction in progress, at an anchor,
    /// and the content scrolled (offset > 0), pulled past its top while moving up, or decelerating.
    case floatingPanelScrollViewHandlesTouch = "fp-scroll-view-handles-touch"
    /// The content is at its top (offset ≤ 0) and the finger moves down: the panel moves.
    case floatingPanelContentAtTop = "fp-content-at-top"
    /// The state is not scrollable (by default only the most expanded one is): the panel moves and the
    /// content is held.
    case floatingPanelStateNotScrollable = "fp-state-not-scrollable"
    /// The panel lies more than 1 pt from its state's anchor (a touch stopped an attraction): the panel moves.
    case floatingPanelAwayFromAnchor = "fp-away-from-anchor"
    /// The touch began outside the scroll view (the grabber area): the panel moves, never the content.
    case floatingPanelTouchOutsideScrollView = "fp-touch-outside-scroll-view"
    /// An interaction is in progress and the panel is inside the most expanded anchor: the content is
    /// pinned while the panel moves.
    case floatingPanelPinsContent = "fp-pins-content"
    /// An interaction is in progress, the panel is held at the most expanded anchor and the finger moves
    /// up: the scroll view is unlocked and its content scrolls ("seamless scrolling").
    case floatingPanelSeamlessScroll = "fp-seamless-scroll"

    // PanModal 1.2.7, slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift.
    /// `shouldFail(panGestureRecognizer:)`: the modal is anchored, the content offset > 0 and the touch
    /// is in the scroll view (or it is scrolling): the modal's pan ignores the callback.
    case panModalPanFails = "pm-modal-pan-fails"
    /// The modal's pan responds and moves the modal; the content is held at its tracked offset while the
    /// modal is not anchored.
    case panModalPanResponds = "pm-modal-pan-responds"

    // LNPopupController 4.5.6.1, LeoNatan/LNPopupController@be3afaa
    // LNPopupController/LNPopupController/Private/LNPopupController.mm.
    /// Before a dismiss started, the scroll view's pan is left to the scroll view unless it is at its top
    /// and pulled down.
    case popupScrollNotAtTop = "lpc-scroll-not-at-top"
    /// The scroll view at its top pulled down (or the popup's own pan): the dismiss starts, the popup
    /// moves and the offset is pinned while it is displaced.
    case popupDismissStarted = "lpc-dismiss-started"
    /// A scroll view pan that is not only vertical is ignored by the handler.
    case popupHorizontalPanIgnored = "lpc-horizontal-pan-ignored"

    /// The lines that decide the rule, `path:lines` in the library's repository at the modelled commit.
    public var source: String {
        switch self {
        case .floatingPanelScrollViewHandlesTouch: return "Sources/Core.swift:573-575 626-684"
        case .floatingPanelContentAtTop: return "Sources/Core.swift:656-674"
        case .floatingPanelStateNotScrollable: return "Sources/Core.swift:648 1227-1235"
        case .floatingPanelAwayFromAnchor: return "Sources/Core.swift:650"
        case .floatingPanelTouchOutsideScrollView: return "Sources/Core.swift:628 651"
        case .floatingPanelPinsContent: return "Sources/Core.swift:449-472"
        case .floatingPanelSeamlessScroll: return "Sources/Core.swift:494-508"
        case .panModalPanFails: return "PanModal/Controller/PanModalPresentationController.swift:599-624"
        case .panModalPanResponds: return "PanModal/Controller/PanModalPresentationController.swift:573-588 723-743"
        case .popupScrollNotAtTop: return "LNPopupController/LNPopupController/Private/LNPopupController.mm:1053-1060"
        case .popupDismissStarted: return "LNPopupController/LNPopupController/Private/LNPopupController.mm:1062-1120"
        case .popupHorizontalPanIgnored:
            return "LNPopupController/LNPopupController/Private/LNPopupController.mm:1036-1051"
        }
    }

    public var description: String { rawValue }
}
