/// The ideal decision with a scroll view in the sheet, what `decide sheet --scroll-content H` prints: one
/// straight drag of the finger by `translation` (pt, y down) from a touch inside the scroll view, released
/// at `velocity`, split between the content and the sheet by each library's rules as Documentation/arbitration.md
/// §6 states them; then the release rule on what the sheet moved. The drag's direction is the
/// translation's sign (the velocity's when the translation is 0); a finger that moves neither way moves
/// nothing. A content that does not scroll (not taller than the scroll view) leaves everything to the
/// sheet, as without a scroll view. The frame-by-frame model departs from this in a few points of the
/// handoff (a bounce past the top carried into the sheet, the pan's hysteresis).
///
/// FloatingPanel (bottom): at the most expanded stop (the only scrollable state) a push up scrolls the
/// content and the panel stays; a pull down scrolls the content to its top first and moves the panel
/// by the rest (`shouldScrollViewHandleTouch`, scenee/FloatingPanel@7efcc76 Sources/Core.swift:626-684,
/// then `startInteraction`, l.826-903). At any other stop the panel takes the pull whole, and a push
/// moves it up to the most expanded stop, where it is held and the rest scrolls the content
/// (l.729-758, 494-508).
///
/// PanModal: anchored (at the long form, the content scrollable) a push up scrolls the content, and
/// a pull down scrolls it to its top first, the modal taking the rest (`shouldFail`,
/// slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift:599-624); not
/// anchored, the modal takes the drag until it reaches the anchored position, the content the rest
/// (l.716-743). A modal that ends anchored over a scrolled content decides nothing and rests at the long
/// form (its pan fails at the release too). With `allowsExtendedPanScrolling` false the modal is never
/// anchored (l.318-326): it takes the whole drag and the content is held.
public enum SheetArbitrationDecision {
    public static func decide(
        layout: SheetLayout, scrollView: SheetScrollView, from: SheetStopName, translation: Double, velocity: Double,
        floatingPanel: FloatingPanelBehavior = .default, panModal: PanModalBehavior = .default
    ) throws(SheetLayoutError) -> SheetDecision {
        guard let start = layout.position(of: from) else {
            throw .unknownFrom(name: from.rawValue, available: layout.stops.map(\.name))
        }
        let direction = translation != 0 ? translation : velocity
        let maximum = scrollView.maximumOffset(in: layout)
        let offset = scrollView.contentOffset
        func release(_ sheetTravel: Double) -> SheetOutcome {
            SheetReleaseDecision.outcome(
                layout: layout, from: from, translation: sheetTravel, velocity: velocity,
                floatingPanel: floatingPanel, panModal: panModal)
        }
        guard direction != 0 else { return SheetDecision(.stop(from), movers: SheetMovers.none) }
        guard maximum > 0 else { return SheetDecision(release(translation), movers: .sheet) }
        switch layout {
        case .floatingPanel(let panel):
            let mostExpanded = panel.position(for: panel.mostExpandedState)
            if FloatingPanelState(from) == panel.mostExpandedState {
                if direction < 0 { return SheetDecision(.stop(from), movers: .scroll) }
                if offset == 0 { return SheetDecision(release(translation), movers: .sheet) }
                if translation <= offset { return SheetDecision(.stop(from), movers: .scroll) }
                return SheetDecision(release(translation - offset), movers: .both)
            }
            if direction > 0 || start + translation >= mostExpanded {
                return SheetDecision(release(translation), movers: .sheet)
            }
            return SheetDecision(release(mostExpanded - start), movers: .both)
        case .panModal(let modal):
            let anchored = modal.anchoredY
            let y = PanModalDragRule.adjusted(layout: modal, start)
            if panModal.allowsExtendedPanScrolling == false {
                // Never anchored: the modal's pan never fails and the observer holds the content.
                if direction > 0 || start + translation > anchored {
                    return SheetDecision(release(translation), movers: .sheet)
                }
                return SheetDecision(release(anchored - start), movers: start > anchored ? .sheet : SheetMovers.none)
            }
            if y.rounded() <= anchored.rounded() {
                if direction < 0 { return SheetDecision(.stop(.long), movers: .scroll) }
                if offset == 0 { return SheetDecision(release(translation), movers: .sheet) }
                if translation <= offset { return SheetDecision(.stop(.long), movers: .scroll) }
                return SheetDecision(release(translation - offset), movers: .both)
            }
            if direction > 0 || start + translation > anchored {
                return SheetDecision(release(translation), movers: .sheet)
            }
            let rest = anchored - (start + translation)
            if offset + rest > 0 {
                return SheetDecision(.stop(.long), movers: rest > 0 ? .both : .sheet)
            }
            return SheetDecision(release(anchored - start), movers: .sheet)
        }
    }
}
