import PopSimTextIO

/// FloatingPanel and PanModal as `popsim decide|simulate|sweep|threshold sheet`.
public enum SheetFamily: ModelFamily {
    public typealias Problem = SheetDecisionProblem
    public typealias Scene = SheetScene

    public static let name = "sheet"
    public static let library = "FloatingPanel or PanModal"

    public static let decideSummary =
        "the stop a released FloatingPanel or PanModal sheet settles on: full, half, tip, hidden, long, short, dismissed or removed"

    public static let decideDiscussion = """
    y is the sheet's moving edge at release: the from-stop's position plus the translation (pt from the
    window's top, y down); v is the vertical velocity. Documentation/sheets.md has every rule with its line.
    floatingpanel (scenee/FloatingPanel@7efcc76 Sources/Core.swift:1055-1107, Sources/Layout.swift:832-857):
      the projection pY = y + (v/1000)·r/(1 − r), r = --projection-rate (0.998: pY = y + 0.499·v); the
      direction is v's sign (v = 0: towards the from-stop); the segment of stops around pY; unless
      --project-momentum, pY is trimmed so that at most the neighbouring stop is reached; the far stop
      when the progress through the segment is > --redirectional-progress (strictly), else the near one.
      --removal: removed when v ÷ (distance to hidden) ≥ 5.5 per second towards hidden (Core.swift:774-824).
    panmodal (slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift:633-667):
      y is clamped at the long form; a fling is |v| > 1000·(1 − 0.7) = 300 pt/s: up → long; down → short
      when the long form is nearer than the container's bottom and y is above the short form (or drag to
      dismiss is off), else dismissed; no fling: the nearest of container bottom (dismissed), short, long,
      the first on a tie.
    Exit 2 for an unknown library, stop names the library does not have, stops out of order for the
    attachment or given twice, a --from that is not a stop, or a number that is not finite.

    examples:
      popsim decide sheet --library floatingpanel --from half --translation 0,-60 --velocity 0,-800
      popsim decide sheet --library panmodal --detents long=80,short=500 --from short --velocity 0,1200
    """

    public static let simulateSummary = "run a touch stream through the FloatingPanel or PanModal model (CSV time,y,state,outcome)"

    public static let simulateDiscussion = """
    the sheet is the one 'popsim decide sheet' describes with the same flags, resting at --from; a touch
    that begins on it (PanModal: anywhere) pans it after UIKit's 10 pt movement threshold, following
    each library's drag rules; the release is decided by decide's rule from the velocity the estimator
    (default ios) measures, then each library's own animation runs: FloatingPanel's attraction integrator
    (one step of the nominal frame length per drawn frame, so 60 and 120 Hz settle along different
    paths), PanModal's UIKit spring (0.5 s, damping 0.8). Trace columns: y (the moving edge), state
    (the stop it rests at, dragging, settling, dismissing, removing, dismissed, removed) and outcome.
    --outcome prints the stop it settles on, dismissed or removed.
    """

    public static let thresholdExample = """
    example: how fast must a 60 pt pull up from half be to reach full, at 60 and 120 Hz?
      popsim threshold sheet --library floatingpanel --from half --translation 0,-60 --velocity 0,-3000:0
      popsim threshold sheet --library floatingpanel --from half --translation 0,-60 --velocity 0,-3000:0 --pipeline --rate 60
    """
}
