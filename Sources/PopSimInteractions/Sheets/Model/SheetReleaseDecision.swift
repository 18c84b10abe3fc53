import PopSimGeometry

/// The release decision alone, what `popsim decide sheet` prints: the outcome of one drag released
/// with the sheet's moving edge displaced by `translation` from the stop `from`, at `velocity`.
/// Pure and allocation-free; ``SheetModel`` decides every release with the same two rules.
///
/// - FloatingPanel: the edge at release is y = position(from) + translation.dy, the `currentY`
///   `targetState(from:with:)` receives, with `from` as the panel's current state; then
///   ``FloatingPanelReleaseRule/decide(layout:behavior:from:y:velocity:)``.
/// - PanModal: y = max(position(from) + translation.dy, anchored position), the clamp every drag
///   applies (``PanModalDragRule``); `from` matters only through y; then
///   ``PanModalReleaseRule/decide(layout:behavior:y:velocity:)``.
///
/// Both libraries read only the vertical components. The translation is the *sheet's* displacement, not
/// the finger's: FloatingPanel applies the finger's movement from its first `.changed` callback on,
/// PanModal halves it above the long form when not anchored there; the model's `released` event reports
/// the sheet's displacement so that the same numbers given here reproduce the model's decision (to
/// within one rounding of position + translation).
public enum SheetReleaseDecision {
    /// The outcome. Throws only when `from` is not a stop of the layout.
    public static func decide(
        layout: SheetLayout, from: SheetStopName, translation: Vector, velocity: Vector,
        floatingPanel: FloatingPanelBehavior = .default,
        panModal: PanModalBehavior = .default
    ) throws(SheetLayoutError) -> SheetOutcome {
        guard let start = layout.position(of: from) else {
            throw .unknownFrom(name: from.rawValue, available: layout.stops.map(\.name))
        }
        switch layout {
        case .floatingPanel(let panel):
            return FloatingPanelReleaseRule.decide(
                layout: panel, behavior: floatingPanel, from: FloatingPanelState(from)!,
                y: start + translation.dy, velocity: velocity.dy)
        case .panModal(let modal):
            return PanModalReleaseRule.decide(
                layout: modal, behavior: panModal,
                y: PanModalDragRule.adjusted(layout: modal, start + translation.dy),
                velocity: velocity.dy)
        }
    }

    /// ``decide(layout:from:translation:velocity:floatingPanel:panModal:)`` for a stop the layout has,
    /// along y only.
    static func outcome(
        layout: SheetLayout, from: SheetStopName, translation: Double, velocity: Double,
        floatingPanel: FloatingPanelBehavior, panModal: PanModalBehavior
    ) -> SheetOutcome {
        (try? decide(
            layout: layout, from: from, translation: Vector(dx: 0, dy: translation),
            velocity: Vector(dx: 0, dy: velocity), floatingPanel: floatingPanel, panModal: panModal)) ?? .stop(from)
    }
}
