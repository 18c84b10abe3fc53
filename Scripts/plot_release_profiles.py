#!/usr/bin/env python3
"""Plot finger speed near lift-off: the recorded flings against synthesised swipes (Documentation/gestures.md §8).

    Scripts/plot_release_profiles.py --human A.csv … --min-jerk B.csv … -o release-profiles.png [--title TEXT]

Each stroke's segment speeds (|Δp|/Δt between consecutive samples before `ended`) are divided by the stroke's
largest segment speed and drawn against the time before its last sample, over the last 150 ms. Left: the 32
recorded flings of Tests/Fixtures/touch-recordings, one thin line each, and their median. Right: synthesised
swipes, median and 10-90 % band, for the human release model and for the minimum-jerk swipe with its 16 ms
lift-off tail, with the recorded median repeated. The synthesised strokes are touch-stream CSV files written by
`popsim synth swipe --profile human` (--human) and `popsim synth swipe` (--min-jerk); a file may hold several
strokes. Scripts/make_gallery.sh makes them.
"""
import math
import os
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from popsim_csv import argument_parser, SERIES_COLOURS, CSVFormatError, fail, recorded_flings, save, touch_strokes  # noqa: E402

WINDOW_MS = 150
BINS = np.arange(-WINDOW_MS, 1, 10.0)


def profile(stroke):
    """(ms before the last sample, speed / peak) of each segment in the window."""
    before = [(t, x, y) for t, p, x, y in stroke if p != "ended"]
    end = before[-1][0]
    segments = [((a[0] + b[0]) / 2 - end, math.hypot(b[1] - a[1], b[2] - a[2]) / (b[0] - a[0]))
                for a, b in zip(before, before[1:]) if b[0] > a[0]]
    segments = [(t * 1000, v) for t, v in segments if -t * 1000 <= WINDOW_MS]
    peak = max((v for _, v in segments), default=0)
    return [(t, v / peak) for t, v in segments] if peak > 0 else []


def binned(profiles, quantiles=(50,)):
    """Per 10 ms bin, the quantiles of every segment speed whose midpoint falls in it (bins with < 8 left out)."""
    points = [p for prof in profiles for p in prof]
    centres, values = [], []
    for low, high in zip(BINS[:-1], BINS[1:]):
        inside = [v for t, v in points if low <= t < high]
        if len(inside) >= 8:
            centres.append((low + high) / 2)
            values.append(np.percentile(inside, quantiles))
    return np.array(centres), np.array(values)


def main():
    parser = argument_parser(__doc__)
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--human", nargs="+", required=True,
                        help="touch-stream CSV files of `popsim synth swipe --profile human`")
    parser.add_argument("--min-jerk", nargs="+", required=True, help="touch-stream CSV files of `popsim synth swipe`")
    parser.add_argument("--title")
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--fixtures", default=os.path.join(here, "..", "Tests/Fixtures/touch-recordings"))
    args = parser.parse_args()

    try:
        recorded = [profile(s) for _, _, s in recorded_flings(args.fixtures)]
    except CSVFormatError as error:
        fail(f"cannot read the recorded flings: {error}")

    def synthesised(paths, what):
        try:
            strokes = [s for path in paths for s in touch_strokes(path)]
        except CSVFormatError as error:
            fail(f"cannot read the {what} strokes: {error}")
        if not strokes:
            fail(f"no {what} strokes in {', '.join(paths)}")
        return [profile(s) for s in strokes]

    human_profiles = synthesised(args.human, "human")
    jerk_profiles = synthesised(args.min_jerk, "min-jerk")
    human_label = "human release (%d swipes)" % len(human_profiles)
    jerk_label = "min-jerk + 16 ms lift-off (%d swipes)" % len(jerk_profiles)

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8), sharey=True)
    for prof in recorded:
        if prof:
            left.plot(*zip(*prof), color="0.75", linewidth=0.8)
    centres, median = binned(recorded)
    left.plot(centres, median[:, 0], color="black", linewidth=2, label="median of the 32 recorded flings")
    left.set_title("Recorded flings (AOSP Sailfish/Swordfish, Flutter)")
    left.set_ylabel("segment speed / stroke's peak")
    for prof_set, colour, label in ((human_profiles, SERIES_COLOURS[0], human_label),
                                    (jerk_profiles, SERIES_COLOURS[1], jerk_label)):
        c, q = binned(prof_set, (10, 50, 90))
        if len(c) == 0:
            fail(f"too few {label.split(' (')[0]} strokes: every 10 ms bin needs 8 segment speeds; give more files")
        right.fill_between(c, q[:, 0], q[:, 2], color=colour, alpha=0.18, linewidth=0)
        right.plot(c, q[:, 1], color=colour, linewidth=2, label=label + " (median, 10–90 %)")
    right.plot(centres, median[:, 0], color="black", linewidth=1.5, linestyle=":", label="recorded median")
    right.set_title("Synthesised swipes (popsim synth swipe)")
    for axis in (left, right):
        axis.set_xlabel("time before the last sample (ms)")
        axis.set_xlim(-WINDOW_MS, 2)
        axis.set_ylim(0, 1.05)
        axis.grid(True, alpha=0.3)
        axis.legend(loc="lower right", fontsize=8)
    fig.suptitle(args.title or "Finger speed near lift-off: recorded flings against synthesised swipes")
    fig.tight_layout()
    save(fig, args.output)


if __name__ == "__main__":
    main()
