#!/usr/bin/env python3
"""Plot PopSim traces: springs (`popsim spring`), popovers, popups or sheets (`popsim simulate`), one or
several of the same kind on one figure, or sheets and popups together to compare who gets the touch.

    Scripts/plot_trace.py TRACE.csv [MORE.csv …] -o out.png [--label A --label B …] [--threshold Y …]
                          [--prediction-time S] [--settle-band F] [--title TEXT]

The kind is recognised by the header:
  time,position,velocity                   spring: position and velocity against time; each trace marks
                                           its overshoot past the target (its last value) and the time it
                                           settles within --settle-band of the travel (default 0.001,
                                           SwiftUI's settlingDuration definition), to the sample
  time,x,y,opacity,state                   popover: the drawn top-left origin (y solid, x dashed) and opacity
  time,content_y,progress,bar_alpha[,content_offset,owner],state
                                           popup: content offset, progress and bar alpha
  time,y,content_offset,owner,state,outcome
                                           sheet: the moving edge and the scroll view's content offset
Sheets and popups with the content_offset and owner columns can be mixed: the figure then compares who
gets the touch (Documentation/arbitration.md): how far the sheet (the popup) has moved from where it
started, the scroll view's content offset, and a ribbon of the owner per trace (sheet, scroll, none).
States are drawn as one ribbon per trace under the plots, one colour per state with a legend. The event
log `simulate --events` appends is read when present: events are marked on the time axis in their
trace's colour (numbers moved aside where they would cover each other), and a Popovers release that
carries its measurement (`released:WORD translation=(X Y) velocity=(VX VY)`) adds the projected top edge
the decision compares with the dismissal line: the trace's resting origin y + translation +
S·velocity, S = --prediction-time (SwiftUI's 0.25 s), a diamond in the trace's colour edged in the
outcome's, diamonds that would cover each other spread sideways. --threshold draws horizontal lines on
the position panel (the dismissal line of a popover, (1 − p)·H, e.g. 639 pt). A panel with nothing to
show is left out (a sheet's content offset when no trace has a scroll view that moved it).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from popsim_csv import (argument_parser, CSVFormatError, SERIES_COLOURS, STATE_COLOURS, fail, labels_for, numeric_column,  # noqa: E402
                        outcome_colour, read_events, read_table, save, text_column, wrapped)

KINDS = {
    ("time", "position", "velocity"): "spring",
    ("time", "x", "y", "opacity", "state"): "popover",
    ("time", "content_y", "progress", "bar_alpha", "state"): "popup",
    ("time", "content_y", "progress", "bar_alpha", "content_offset", "owner", "state"): "popup",
    ("time", "y", "content_offset", "owner", "state", "outcome"): "sheet",
}
TEXT_COLUMNS = ("state", "owner", "outcome")
OWNER_COLOURS = {"sheet": "#1e88e5", "scroll": "#fb8c00", "none": "#f5f5f5"}

RELEASE = re.compile(r"^released:(\S+)(?: translation=\((\S+) (\S+)\) velocity=\((\S+) (\S+)\))?$")


def load(path):
    header, rows, _ = read_table(path)
    kind = KINDS.get(tuple(header))
    if kind is None:
        raise CSVFormatError(f"{path}: header '{','.join(header)}' is not a PopSim trace; expected one of: "
                             + "; ".join(",".join(k) for k in KINDS))
    trace = {"kind": kind, "time": numeric_column(path, header, rows, "time")}
    for name in header:
        if name not in ("time",) + TEXT_COLUMNS:
            trace[name] = numeric_column(path, header, rows, name)
    for name in TEXT_COLUMNS:
        trace[name] = text_column(header, rows, name) if name in header else None
    # How far the sheet (the popup's content) has moved from where it started, for the comparison.
    moving = trace.get("y") if kind == "sheet" else trace.get("content_y")
    if moving is not None:
        trace["moved"] = [value - moving[0] for value in moving]
    trace["events"] = read_events(path)
    return trace


def spring_marks(trace, band):
    """(overshoot fraction, time of the overshoot, settling time or None) against the last value."""
    times, x = trace["time"], trace["position"]
    start, target = x[0], x[-1]
    travel = target - start
    if travel == 0:
        return None, None, None
    beyond = [(xi - target) / travel for xi in x]
    peak = max(range(len(x)), key=lambda i: beyond[i])
    overshoot = beyond[peak] if beyond[peak] > 0 else 0.0
    outside = [i for i in range(len(x)) if abs(x[i] - target) > band * abs(travel)]
    settle = times[outside[-1] + 1] if outside and outside[-1] + 1 < len(times) else (times[0] if not outside else None)
    return overshoot, times[peak], settle


def main():
    parser = argument_parser(__doc__)
    parser.add_argument("traces", nargs="+", help="trace CSVs of one kind")
    parser.add_argument("-o", "--output", required=True, help="PNG to write")
    parser.add_argument("--label", action="append", default=[], help="legend label of each trace, in order (default: file names)")
    parser.add_argument("--threshold", type=float, action="append", default=[],
                        help="horizontal line on the position panel, e.g. a popover's dismissal line (1 − p)·H")
    parser.add_argument("--prediction-time", type=float, default=0.25, help="SwiftUI's prediction horizon S, s (default 0.25)")
    parser.add_argument("--settle-band", type=float, default=0.001, help="spring settling band, a fraction of the travel (default 0.001)")
    parser.add_argument("--title")
    args = parser.parse_args()
    labels = labels_for(args.traces, args.label, parser)

    try:
        traces = [load(path) for path in args.traces]
        kinds = {t["kind"] for t in traces}
        arbitration = kinds <= {"sheet", "popup"} and len(kinds) > 1
        if arbitration and not all(t["owner"] is not None for t in traces):
            raise CSVFormatError("sheets and popups compare only with the content_offset and owner columns "
                                 "(popsim simulate … --scroll-content H)")
        if len(kinds) > 1 and not arbitration:
            raise CSVFormatError("the traces are of different kinds (" + ", ".join(sorted(kinds)) + "); plot one kind per figure")
    except CSVFormatError as error:
        fail(error)
    if arbitration:
        plot_arbitration(traces, labels, args)
        return
    kind = traces[0]["kind"]

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    with_states = kind != "spring"
    # Only panels with something to show: a sheet's content offset only when a scroll view moved it.
    no_scroll_view = kind == "sheet" and all(not any(trace["content_offset"]) for trace in traces)
    ratios = [2.2] + ([] if no_scroll_view else [1]) + ([0.18 * len(traces) + 0.25] if with_states else [])
    fig, axes = plt.subplots(len(ratios), 1, sharex=True, squeeze=False, height_ratios=ratios,
                             figsize=(9, 5.5 - (1.2 if no_scroll_view else 0) + 0.25 * len(traces)))
    axes = list(axes[:, 0])
    top = axes[0]
    middle = None if no_scroll_view else axes[1]
    plots = axes[:2 - no_scroll_view]
    handles_top, handles_middle = [], []
    single = len(traces) == 1
    releases = []  # (trace, time, drawn y, projected y, outcome): drawn after every trace, overlaps offset

    for k, (trace, label) in enumerate(zip(traces, labels)):
        colour = SERIES_COLOURS[k % len(SERIES_COLOURS)]
        t = trace["time"]
        name = "" if single else f"{label}: "
        if kind == "spring":
            top.plot(t, trace["position"], color=colour, lw=1.6)
            middle.plot(t, trace["velocity"], color=colour, lw=1.4)
            handles_top.append(Line2D([], [], color=colour, lw=1.6, label=f"{name}position"))
            overshoot, peak, settle = spring_marks(trace, args.settle_band)
            if overshoot:
                top.plot([peak], [trace["position"][t.index(peak)]], "v", color=colour, ms=7)
                handles_top.append(Line2D([], [], color=colour, marker="v", ls="none",
                                          label=f"{name}overshoot {overshoot * 100:.1f} % of the travel at {peak:.3f} s"))
            if settle is not None:
                top.axvline(settle, color=colour, ls=":", lw=1.2)
                handles_top.append(Line2D([], [], color=colour, ls=":",
                                          label=f"{name}settled within {args.settle_band * 100:g} % by {settle:.3f} s (sampled)"))
        elif kind == "popover":
            top.plot(t, trace["y"], color=colour, lw=1.6)
            top.plot(t, trace["x"], color=colour, lw=1.0, ls="--")
            middle.plot(t, trace["opacity"], color=colour, lw=1.4)
            handles_top += [Line2D([], [], color=colour, lw=1.6, label=f"{name}drawn top edge y"),
                            Line2D([], [], color=colour, lw=1.0, ls="--", label=f"{name}drawn left edge x")]
            measured_release = False
            for time, text in trace["events"]:
                match = RELEASE.match(text)
                if not match or match.group(2) is None:
                    continue
                measured_release = True
                resting = trace["y"][0]
                projected = resting + float(match.group(3)) + args.prediction_time * float(match.group(5))
                drawn = min(range(len(t)), key=lambda i: abs(t[i] - time))
                releases.append((k, time, trace["y"][drawn], projected, match.group(1)))
                handles_top.append(Line2D([], [], marker="D", ls="none", color=colour, mec=outcome_colour(match.group(1)),
                                          mew=1.6, label=f"{name}projected top edge at release, y + t + "
                                                         f"{args.prediction_time:g}·v: {projected:.1f} pt → {match.group(1)}"))
        elif kind == "sheet":
            top.plot(t, trace["y"], color=colour, lw=1.6)
            handles_top.append(Line2D([], [], color=colour, lw=1.6, label=f"{name}moving edge y"))
            if middle is not None:
                middle.plot(t, trace["content_offset"], color=colour, lw=1.4)
                handles_middle.append(Line2D([], [], color=colour, lw=1.4, label=f"{name}content offset"))
        else:
            top.plot(t, trace["content_y"], color=colour, lw=1.6)
            middle.plot(t, trace["progress"], color=colour, lw=1.4)
            middle.plot(t, trace["bar_alpha"], color=colour, lw=1.0, ls="--")
            handles_top.append(Line2D([], [], color=colour, lw=1.6, label=f"{name}content top edge"))
            handles_middle += [Line2D([], [], color=colour, lw=1.4, label=f"{name}progress"),
                               Line2D([], [], color=colour, lw=1.0, ls="--", label=f"{name}bar alpha")]
        if kind == "spring":
            handles_middle.append(Line2D([], [], color=colour, lw=1.4, label=f"{name}velocity"))
        elif kind == "popover":
            handles_middle.append(Line2D([], [], color=colour, lw=1.4, label=f"{name}opacity"))
        # Events: a line on the time axis per instant with events, in the trace's colour (solid for a
        # release), numbered at the top, a number moved aside when it would cover the one before; the
        # legend lists each number's events.
        at = {}
        for time, text in trace["events"]:
            at.setdefault(time, []).append(text.split(" ")[0])
        span = max(max(tr["time"][-1] for tr in traces) - min(tr["time"][0] for tr in traces), 1e-9)
        previous, shift = None, 0
        for number, (time, words) in enumerate(at.items(), start=1):
            release = any(w.startswith("released:") for w in words)
            top.axvline(time, color=colour, lw=0.9, alpha=0.8, ls="-" if release else (0, (2, 3)))
            shift = shift + 1 if previous is not None and time - previous < 0.02 * span else 0
            previous = time
            top.annotate(str(number), (time, 1), xycoords=("data", "axes fraction"), xytext=(10 * shift, -4 - 11 * k),
                         textcoords="offset points", ha="center", va="top", fontsize=7, color=colour,
                         bbox=dict(boxstyle="round,pad=0.15", fc="white", ec=colour, lw=0.6))
            handles_top.append(Line2D([], [], ls="none", label=f"{name}event {number} at {time:.3f} s: {', '.join(words)}"))
        if kind == "popover" and not measured_release and any(text.startswith("released:") for _, text in trace["events"]):
            handles_top.append(Line2D([], [], ls="none", label=f"{name}the event log carries no release measurement: "
                                                               "no projected top edge"))
    # Projected edges: a diamond in its trace's colour, edged in its outcome's, on a dotted line from the
    # drawn edge; diamonds that would cover each other (within 2 % of both axes' spans) are spread sideways.
    if releases:
        from matplotlib.transforms import offset_copy
        times = [v for trace in traces for v in trace["time"]]
        values = [v for trace in traces for v in trace["y"]] + [r[3] for r in releases]
        x_span = max(max(times) - min(times), 1e-9)
        y_span = max(max(values) - min(values), 1e-9)
        groups = []
        for release in releases:
            group = next((g for g in groups if abs(g[0][1] - release[1]) < 0.02 * x_span
                          and abs(g[0][3] - release[3]) < 0.02 * y_span), None)
            if group is None:
                groups.append([release])
            else:
                group.append(release)
        for group in groups:
            for i, (k, time, drawn, projected, outcome) in enumerate(group):
                colour = SERIES_COLOURS[k % len(SERIES_COLOURS)]
                aside = offset_copy(top.transData, fig=fig, x=9 * (i - (len(group) - 1) / 2), y=0, units="points")
                top.plot([time, time], [drawn, projected], color=colour, ls=":", lw=1.2, transform=aside)
                top.plot([time], [projected], "D", color=colour, mec=outcome_colour(outcome), mew=1.6, ms=7,
                         transform=aside)
                top.update_datalim([(time, projected)])  # a moved artist does not widen the axes by itself
        top.autoscale_view()
    if no_scroll_view:
        handles_top.append(Line2D([], [], ls="none", label="content offset 0 throughout (no scroll view): not drawn"))
    for value in args.threshold:
        top.axhline(value, color="black", ls="--", lw=1)
        handles_top.append(Line2D([], [], color="black", ls="--", lw=1,
                                  label=f"{'dismissal line' if kind == 'popover' else 'threshold'} {value:g} pt"))

    if kind == "spring":
        top.set_ylabel("position (value units, e.g. pt)")
        middle.set_ylabel("velocity (units/s)")
    elif kind == "popover":
        top.set_ylabel("origin (pt, y down)")
        top.invert_yaxis()
        middle.set_ylabel("opacity (0–1)")
    elif kind == "sheet":
        top.set_ylabel("moving edge (pt, y down)")
        top.invert_yaxis()
        if middle is not None:
            middle.set_ylabel("content offset (pt)")
    else:
        top.set_ylabel("content top edge (pt, y down)")
        top.invert_yaxis()
        middle.set_ylabel("fraction (0–1)")
    top.legend(handles=handles_top, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small", frameon=False)
    if middle is not None:
        middle.legend(handles=handles_middle, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small", frameon=False)

    if with_states:
        ribbon_rows(axes[-1], traces, ["state"] if single else labels, "state", STATE_COLOURS, "states")
    axes[-1].set_xlabel("time (s)")
    for ax in plots:
        ax.grid(True, color="0.92")
    title = args.title or (f"{kind} trace: {labels[0]} ({len(traces[0]['time'])} frames)" if single
                           else f"{kind} traces: " + " vs ".join(labels))
    top.set_title(wrapped(title, 90), fontsize="small")
    save(fig, args.output)


def ribbon_rows(ax, traces, labels, column, colours, title):
    """One ribbon per trace of a text column's runs, coloured by value, with a legend."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    seen = []
    for k, trace in enumerate(traces):
        t, values = trace["time"], trace[column]
        start = 0
        for i in range(1, len(values) + 1):
            if i == len(values) or values[i] != values[start]:
                end = t[i] if i < len(t) else t[-1] + (t[-1] - t[-2] if len(t) > 1 else 0)
                ax.broken_barh([(t[start], end - t[start])], (k - 0.4, 0.8),
                               color=colours.get(values[start], "#ffffff"), edgecolor="0.6", lw=0.3)
                if values[start] not in seen:
                    seen.append(values[start])
                start = i
        ax.plot(t, [k + 0.42] * len(t), "|", color="0.35", ms=3)
    ax.set_yticks(range(len(traces)))
    ax.set_yticklabels(labels, fontsize="small")
    ax.set_ylim(len(traces) - 0.5, -0.5)
    ax.legend(handles=[Patch(color=colours.get(v, "#ffffff"), label=v) for v in seen] +
              [Line2D([], [], marker="|", ls="none", color="0.35", label="drawn frame")],
              loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small", frameon=False, title=title, title_fontsize="small")


def plot_arbitration(traces, labels, args):
    """Sheets and popups side by side: how far each moved, its content offset, who owned the finger."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    fig, axes = plt.subplots(3, 1, sharex=True, figsize=(9, 6.2 + 0.25 * len(traces)),
                             height_ratios=[1.6, 1.6, 0.2 * len(traces) + 0.3])
    top, middle, ribbon = axes
    handles = []
    for k, (trace, label) in enumerate(zip(traces, labels)):
        colour = SERIES_COLOURS[k % len(SERIES_COLOURS)]
        top.plot(trace["time"], trace["moved"], color=colour, lw=1.6)
        middle.plot(trace["time"], trace["content_offset"], color=colour, lw=1.6)
        handles.append(Line2D([], [], color=colour, lw=1.6, label=label))
        for time, text in trace["events"]:
            if text.startswith("owner:") or text.startswith("released:"):
                top.axvline(time, color=colour, lw=0.8, ls=(0, (2, 3)), alpha=0.8)
    top.set_ylabel("sheet moved (pt, down +)")
    top.invert_yaxis()
    middle.set_ylabel("content offset (pt)")
    top.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small", frameon=False,
               title="dotted: handoffs and releases", title_fontsize="small")
    ribbon_rows(ribbon, traces, labels, "owner", OWNER_COLOURS, "owner")
    ribbon.set_xlabel("time (s)")
    for ax in (top, middle):
        ax.grid(True, color="0.92")
    top.set_title(wrapped(args.title or "who gets the touch: " + " vs ".join(labels), 90), fontsize="small")
    save(fig, args.output)


if __name__ == "__main__":
    main()
