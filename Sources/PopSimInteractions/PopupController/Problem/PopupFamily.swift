import PopSimParameters
import PopSimTextIO

/// LNPopupController as `popsim decide|simulate|sweep|threshold popup`.
public enum PopupFamily: ModelFamily {
    public typealias Problem = PopupDecisionProblem
    public typealias Scene = PopupScene

    public static let name = "popup"
    public static let library = "LNPopupController"

    public static let decideSummary = "the state one pan leaves an LNPopupController popup in (prints open or closed)"

    public static var decideDiscussion: String {
        """
        what decides, per resolved style (LNPopupController \(PopupConfiguration.libraryVersion) \
        = LeoNatan/LNPopupController@\(PopupConfiguration.libraryCommit),
        LNPopupController/LNPopupController/Private/LNPopupController.mm):
          none            nothing: prints the --from state
          snap, closed    the velocity when the pan began: open iff |vy| > |vx| and vy < 0 (l.943-944, 948-960);
                          the translation is unused (the popup opens 0.15 s later, the bar never follows)
          snap, open      the largest travel: closed iff max(min(ty, Y), 0) / H > c, strictly (l.1146);
                          the velocity is unused (an earlier release springs back open)
          drag            p from ty with the hard clamp (from closed the content top is clamp(Y + ty, 0, Y),
                          from open clamp(ty, 0, Y); p = 1 - top / Y), then with vy at release (l.1199-1224):
                          vy <= 0: closed iff from open and p < 0.5, else open; vy > 0 and p != 1: closed;
                          vy > 0 and p = 1: open (the 0.2 threshold passes from closed, fails from open)
          scroll, closed  closed: a pan on the bar never opens (only a tap does)
          scroll, open    as drag; ty counts from where the scroll view reached its top edge
        drag and scroll assume the pan was allowed to begin (from the bar: an upward-dominant pan; scroll:
        the scroll view at its top and pulled down) and that the finger did not move between its last
        move and lift-off. Velocities are what UIPanGestureRecognizer.velocity(in:) reports; only their
        signs and the vertical dominance matter.

        --snap-percent outside [0.1, 0.9] is clamped silently (popupSnapPercent's setter,
        UIViewController+LNPopupSupport.mm:343-346). Exit 2 for NaN, inf, H <= 0, Y outside (0, H],
        a missing --from or an unknown style.

        examples:
          popsim decide popup --from open --style snap --translation 0,280      closed (280 > \
        \(compact(PopupSnapRule.defaultSnapPercent))·\(compact(PopupGeometry.defaultContainerHeight)))
          popsim decide popup --from open --translation 0,300 --velocity 0,-50  open   (p = 0.61 >= 0.5)
        """
    }

    public static let simulateSummary =
        "run a touch stream through the LNPopupController model "
        + "(CSV time,content_y,progress,bar_alpha,content_offset,owner,state)"

    public static var simulateDiscussion: String {
        """
        touches that begin on the closed bar's content view drive the bar: an upward-dominant pan opens
        (snap: after 0.15 s; drag: following the finger), a tap opens at once (not on a bar button item).
        The default floating bar without glass is 64 pt tall and its content view is inset 12 pt from the
        sides and 4 pt from top and bottom, so a touch on that margin does nothing (on a wide iPad at most
        954 pt of it, 700 pt with glass, centred). A pan that begins while an animation holds the gesture
        lock acts from its first move after the animation ends, unless the animation moved the pan's
        recogniser: an open completing moves it from the bar onto the content, a close back, and a pan
        on the bar during the 0.15 s snap-open delay then ends (--recogniser-move keeps-pan keeps it).
        --present-bar-at T starts with the bar hidden and presents it at T (0.5 s, animated): a tap on the
        bar during the present opens the popup when the present ends (not with --glass, whose transition
        view covers the bar).
        While open, a pan on the content closes (snap: once the travel exceeds c·d; drag: by the release
        rule), and the close button (\(compact(PopupConfiguration.closeButtonSide)) \
        × \(compact(PopupConfiguration.closeButtonSide)) pt centred at the top, \
        below a \(compact(DefaultPhoneScreen.topSafeAreaInset)) pt safe area) closes.
        Pans start \(compact(TouchRecognition.default.panHysteresis)) pt from touch-down. The release velocity is \
        measured by --estimator (default ios,
        Flutter's iOS 3-segment tracker, the public proxy for UIPanGestureRecognizer.velocity(in:)).
        \(flag("scroll_content")) H puts a scroll view over the open content: its pan closes the popup only from
        its top edge pulled down (LNPopupController.mm:1031-1076), else it scrolls the content, which decelerates
        after lift-off (Documentation/arbitration.md).
        Trace columns: content_y (the content's top edge, Y_c closed, 0 open), progress p = 1 − top/Y_c,
        bar_alpha (1 − smoothstep(p)), content_offset (the scroll view's, 0 without one), owner (what the
        finger moves: sheet for the popup, scroll, none), state (closed, dragging, transitioning, open).
        --outcome prints the settled state, open or closed, as 'decide popup' does.
        """
    }

    public static let thresholdExample = """
        example: the snap-close travel for every popupSnapPercent (the boundary is c·d):
          popsim threshold popup --style snap --from open --snap-percent 0.1:0.9:9 --translation 0,0:852
        """
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }

private func flag(_ name: String) -> String { ParameterDescription.flag(for: name) }
