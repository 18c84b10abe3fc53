/// Where PanModal puts the modal while a finger drags it: `respond(to:)` and `adjust(toYPosition:)`
/// (slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift:573-588, 654-669).
///
/// Each `.began` or `.changed` callback moves the modal by the pan's translation since the previous
/// callback (the handler resets it to zero every time, l.587; the first callback's translation is the
/// movement since the touch went down), halved when the modal's top was above the long form *before*
/// the step (l.582-584), and clamps the result at the anchored position (l.655): with the default
/// `anchorModalToLongForm` the modal never rises above the long form, so the half rate never applies;
/// anchored to `topOffset` it rises above the long form at half the finger's speed.
public enum PanModalDragRule {
    /// The modal's top after one callback with translation `d` (pt, y down) from `y`.
    @inlinable
    public static func step(layout: PanModalLayout, from y: Double, translation d: Double) -> Double {
        let displacement = y < layout.longFormY ? d / 2.0 : d
        return adjusted(layout: layout, y + displacement)
    }

    /// `adjust(toYPosition:)`'s clamp: max(y, anchored). Snaps go through it too (l.642-649).
    @inlinable
    public static func adjusted(layout: PanModalLayout, _ y: Double) -> Double {
        max(y, layout.anchoredY)
    }
}
