import PopSimParameters
import PopSimTextIO

/// FloatingPanel and PanModal as `popsim decide|simulate|sweep|threshold sheet`.
public enum SheetFamily: ModelFamily {
    public typealias Problem = SheetDecisionProblem
    public typealias Scene = SheetScene

    public static let name = "sheet"
    public static let library = "FloatingPanel or PanModal"

    public static let decideSummary =
        "the stop a released FloatingPanel or PanModal sheet settles on: full, half, tip, hidden, "
        + "long, short, dismissed or removed"

    public static let decideDiscussion = """
        y is the sheet's moving edge at release: the from-stop's position plus the translation (pt from the
        window's top, y down); v is the vertical velocity. Documentation/sheets.md has every rule with its line.
        floatingpanel (scenee/FloatingPanel@7efcc76 Sources/Core.swift:1055-1107, Sources/Layout.swift:832-857):
          the projection pY = y + (v/1000)·r/(1 − r), r = --projection-rate (0.998: pY = y + 0.499·v); the
          direction is v's sign (v = 0: towards the from-stop); the segment of stops around pY; unless
          --project-momentum, pY is trimmed so that at most the neighbouring stop is reached; the far stop
          when the progress through the segment is > --redirectional-progress (strictly), else the near one.
          --removal: removed when v ÷ (distance to hidden) ≥ 5.5 per second towards hidden
          (Core.swift:774-781, 808-824).
        panmodal (slackhq/PanModal@b012aec PanModal/Controller/PanModalPresentationController.swift:502-547):
          y is clamped at the long form; a fling is |v| > 1000·(1 − 0.7) = 300 pt/s (:638-640): up → long;
          down → short when the long form is nearer than the container's bottom and y is above the short form
          (or drag to dismiss is off), else dismissed; no fling: the nearest of container bottom (dismissed),
          short, long, the first on a tie.
        with \(flag("scroll_content")) H a scroll view fills the sheet below its grabber area (FloatingPanel's 36 pt;
          PanModal's whole modal) with its content at \(flag("scroll_offset")) O; the translation is then the finger's,
          shared between content and sheet by the library's rules (Documentation/arbitration.md), and the word
          says what moved: sheet, scroll, both or none, then the stop (both:half).
        the sheet as its app configures it (Documentation/sheets.md §7): FloatingPanel's layout anchors,
          \(SheetParameter.anchors.flag) \(FloatingPanelAnchoredLayout.bottomLayout.anchorsText)
          (FloatingPanelBottomLayout, the default), placed as LayoutAdapter places them, rounded to the pixel grid;
          PanModal's \(SheetParameter.shortForm.flag) and \(SheetParameter.longForm.flag) \
        heights (content:300 rests at 518 on the default phone) and
          \(SheetParameter.topOffset.flag); each library's behaviour knobs; @FILE reads flags from a
          file, one per line.
        Exit 2 for an unknown library, stop names the library does not have, stops out of order for the
        attachment or given twice, a --from that is not a stop, a number that is not finite, an anchor or
        height that does not read, the other library's flags, or --detents with the anchors or forms.

        examples:
          popsim decide sheet --library floatingpanel --from half --translation 0,-60 --velocity 0,-800
          popsim decide sheet --library panmodal --detents long=80,short=500 --from short --velocity 0,1200
        """

    public static let simulateSummary =
        "run a touch stream through the FloatingPanel or PanModal model (CSV time,y,content_offset,owner,state,outcome)"

    public static let simulateDiscussion = """
        the sheet is the one 'popsim decide sheet' describes with the same flags, resting at --from; a touch
        that begins on it (PanModal: anywhere) pans it after UIKit's 10 pt movement threshold, following
        each library's drag rules; the release is decided by decide's rule from the velocity the estimator
        (default ios) measures, then each library's own animation runs: FloatingPanel's attraction integrator
        (one step of the nominal frame length per drawn frame, so 60 and 120 Hz settle along different
        paths), PanModal's UIKit spring (0.5 s, damping 0.8). With \(flag("scroll_content")) H a scroll view inside
        the sheet takes the touch or gives it to the sheet, sample by sample, by the library's rules; its
        content follows the finger (rubber band past its ends), decelerates at 0.998 per ms after lift-off and
        bounces (Documentation/arbitration.md). Trace columns: y (the moving edge), content_offset (0 without
        a scroll view), owner (what the finger moves: sheet, scroll, none), state (the stop it rests at,
        dragging, settling, dismissing, removing, dismissed, removed) and outcome. The event log names every
        handoff with its rule (owner:scroll rule=fp-scroll-view-handles-touch). --outcome prints the stop it
        settles on, dismissed or removed (with a scroll view: what moved, then the stop).
        """

    public static let thresholdExample = """
        example: how fast must a 60 pt pull up from half be to reach full, at 60 and 120 Hz?
          popsim threshold sheet --library floatingpanel --from half --translation 0,-60 --velocity 0,-3000:0
          popsim threshold sheet --library floatingpanel --from half --translation 0,-60 --velocity 0,-3000:0 \
        --pipeline --rate 60,120
        example: from which content offset does a 150 pt pull down at 1000 pt/s stop moving the sheet?
          popsim threshold sheet --library floatingpanel --from full --scroll-content 2000 --scroll-offset 0:400 \
        --translation 0,150 --velocity 0,1000
        """
}

private func flag(_ name: String) -> String { ParameterDescription.flag(for: name) }
