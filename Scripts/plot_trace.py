#!/usr/bin/env python3
"""Plot a PopSim trace CSV: a spring (`popsim spring`), a popover or a popup (`popsim simulate`).

    Scripts/plot_trace.py TRACE.csv -o out.png [--threshold Y ...] [--title TEXT]

The kind of trace is recognised by its header:
  time,position,velocity                 spring: position and velocity against time
  time,x,y,opacity,state                 popover: drawn origin x/y and opacity, states shaded
  time,content_y,progress,bar_alpha,state  popup: content offset, progress and bar alpha, states shaded
Each drawn frame is marked by a tick on the time axis. --threshold draws horizontal lines on the
position panel (e.g. a dismissal line at 0.75·H).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from popsim_csv import CSVFormatError, fail, numeric_column, read_table, text_column  # noqa: E402

KINDS = {
    ("time", "position", "velocity"): "spring",
    ("time", "x", "y", "opacity", "state"): "popover",
    ("time", "content_y", "progress", "bar_alpha", "state"): "popup",
}

STATE_COLOURS = {
    "presented": None, "closed": None, "open": None,
    "dragging": "#ffd54f", "animating": "#90caf9", "transitioning": "#90caf9", "dismissed": "#e0e0e0",
}


def shade_states(axes, times, states):
    start = 0
    for i in range(1, len(states) + 1):
        if i == len(states) or states[i] != states[start]:
            colour = STATE_COLOURS.get(states[start])
            if colour:
                end = times[i] if i < len(times) else times[-1]
                for ax in axes:
                    ax.axvspan(times[start], end, color=colour, alpha=0.35, lw=0)
            start = i


def frame_ticks(ax, times):
    ax.plot(times, [0] * len(times), "|", color="0.4", markersize=4, transform=ax.get_xaxis_transform())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trace")
    parser.add_argument("-o", "--output", required=True, help="PNG to write")
    parser.add_argument("--threshold", type=float, action="append", default=[], help="horizontal line on the position panel")
    parser.add_argument("--title")
    args = parser.parse_args()

    try:
        header, rows, _ = read_table(args.trace)
        kind = KINDS.get(tuple(header))
        if kind is None:
            raise CSVFormatError(f"{args.trace}: header '{','.join(header)}' is not a PopSim trace; expected one of: "
                                 + "; ".join(",".join(k) for k in KINDS))
        times = numeric_column(args.trace, header, rows, "time")
        numbers = {name: numeric_column(args.trace, header, rows, name) for name in header if name not in ("time", "state")}
        states = text_column(header, rows, "state") if "state" in header else None
    except CSVFormatError as error:
        fail(error)

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(8, 5.5), height_ratios=[2, 1])
    if kind == "spring":
        top.plot(times, numbers["position"], color="C0", label="position")
        bottom.plot(times, numbers["velocity"], color="C1", label="velocity")
        top.set_ylabel("position")
        bottom.set_ylabel("velocity (/s)")
    elif kind == "popover":
        top.plot(times, numbers["y"], color="C0", label="y (top edge)")
        top.plot(times, numbers["x"], color="C2", label="x (left edge)")
        bottom.plot(times, numbers["opacity"], color="C1", label="opacity")
        top.set_ylabel("origin (pt)")
        top.invert_yaxis()
        bottom.set_ylabel("opacity")
    else:
        top.plot(times, numbers["content_y"], color="C0", label="content top (pt)")
        top.set_ylabel("content_y (pt)")
        top.invert_yaxis()
        bottom.plot(times, numbers["progress"], color="C0", label="progress")
        bottom.plot(times, numbers["bar_alpha"], color="C1", label="bar alpha")
        bottom.set_ylabel("fraction")
    for value in args.threshold:
        top.axhline(value, color="C3", ls="--", lw=1, label=f"threshold {value:g}")
    if states:
        shade_states((top, bottom), times, states)
    frame_ticks(bottom, times)
    bottom.set_xlabel("time (s)")
    top.legend(loc="best", fontsize="small")
    bottom.legend(loc="best", fontsize="small")
    top.set_title(args.title or f"{kind} trace: {os.path.basename(args.trace)} ({len(times)} frames)")
    fig.tight_layout()
    fig.savefig(args.output, dpi=110)


if __name__ == "__main__":
    main()
