#!/usr/bin/env python3
"""Plot threshold curves from one or more `popsim threshold` outputs on one figure.

    Scripts/plot_threshold.py A.csv [B.csv …] -o thresholds.png [--label A --label B] [--x COLUMN]
                              [--where COLUMN=VALUE …] [--title TEXT]

Each file has grid columns, the solved column (e.g. velocity_y), optionally <solved>_low and
<solved>_high (with --trials: the 95 % interval of the fitted 50 % point), then below and above, and
through the pipeline a boundary column: a row whose boundary is `point` (an outcome that holds on less
than the search's tolerance: a rule discontinuity such as the release at v = 0) is drawn as a point of
its own, an open circle in its series' colour, never joined into a curve. A
file may hold several devices (a `device` column) and several pipeline rates (a `rate` column): each
file × device × rate is a series of its own, named in the legend and the title. Every transition
below → above of a series is one curve of the solved value against the grid column (--x, by default
the one that varies): each series in a colour of its own, each transition (the same pair of outcomes
in every series) in a line style and marker of its own, its interval shaded in the series' colour. A
grid line where a series has no boundary of that transition breaks its curve (points are never
joined across it); such lines are counted in the legend. With no grid column, each series'
thresholds are points at its label. With more than one varying grid column, fix the others with
--where COLUMN=VALUE, which applies to every file that has the column (an error when none has it).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from popsim_csv import (argument_parser, CSVFormatError, SERIES_COLOURS, SERIES_MARKERS, SERIES_STYLES, axis_label, fail,  # noqa: E402
                        keep_where, labels_for, numeric_column, read_table, save, text_column, wrapped)


# Columns that name a series rather than a position on the x axis (unless --x names them).
SERIES_COLUMNS = ["device", "rate"]


def load(path, where, x=None):
    """(grid columns, series columns, solved column, rows) with rows as dicts: grid values, series values,
    value, low, high, below, above, point."""
    header, rows, _ = read_table(path)
    # A pipeline threshold ends with the boundary column (step or point, empty without a boundary).
    end = len(header) - 1 if header[-1:] == ["boundary"] else len(header)
    if header[end - 2:end] != ["below", "above"]:
        raise CSVFormatError(f"{path}: the header must end with 'below,above' (or 'below,above,boundary'): "
                             "expected the output of 'popsim threshold'")
    solved_index = end - 3
    intervals = False
    if end >= 5 and header[end - 3] == header[end - 5] + "_high" and header[end - 4] == header[end - 5] + "_low":
        solved_index = end - 5
        intervals = True
    if solved_index < 0:
        raise CSVFormatError(f"{path}: no solved column before below,above")
    solved = header[solved_index]
    grid = header[:solved_index]
    rows = keep_where(path, header, rows, [c for c in where if c.partition("=")[0] in grid], columns=grid)
    series = [c for c in SERIES_COLUMNS if c in grid and c != x]
    grid = [c for c in grid if c not in series]
    numbers = {c: numeric_column(path, header, rows, c) for c in grid}
    names = {c: text_column(header, rows, c) for c in series}
    below, above = text_column(header, rows, "below"), text_column(header, rows, "above")
    kinds = text_column(header, rows, "boundary") if end < len(header) else [""] * len(rows)
    for (number, _), kind in zip(rows, kinds):
        if kind not in ("", "step", "point"):
            raise CSVFormatError(f"{path}:{number}: column 'boundary' is '{kind}', not step, point or empty")

    def optional(index):
        values = []
        for number, fields in rows:
            text = fields[index].strip()
            if not text:
                values.append(None)
                continue
            try:
                values.append(float(text))
            except ValueError:
                raise CSVFormatError(f"{path}:{number}: column '{header[index]}' is '{text}', not a number")
        return values

    values = optional(solved_index)
    lows = optional(solved_index + 1) if intervals else [None] * len(rows)
    highs = optional(solved_index + 2) if intervals else [None] * len(rows)
    records = [dict({c: numbers[c][k] for c in grid}, series=tuple(names[c][k] for c in series), value=values[k],
                    low=lows[k], high=highs[k], below=below[k], above=above[k], point=kinds[k] == "point")
               for k in range(len(rows))]
    return grid, series, solved, records


def series_name(label, columns, key):
    """`label`, then each series column's value: `60 Hz · iphone-se` or `t.csv · device iphone-se, rate 120`."""
    if not columns:
        return label
    return f"{label} · " + ", ".join(f"{c} {v}" + (" Hz" if c == "rate" else "") for c, v in zip(columns, key))


def curve(records, x, below, above):
    """The points of one transition along x, with None (a break) at every grid line of the series that
    has no boundary of it: [(x, value, low, high)], sorted by x; a line with several such boundaries
    gives each. A point (a rule discontinuity) is never part of a curve."""
    by_line = {}
    for r in records:
        key = r[x] if x else 0
        by_line.setdefault(key, [])
        if (r["below"], r["above"]) == (below, above) and r["value"] is not None and not r["point"]:
            by_line[key].append((r["value"], r["low"], r["high"]))
    points = []
    for key in sorted(by_line):
        if not by_line[key]:
            points.append((key, None, None, None))
        for value, low, high in sorted(by_line[key], key=lambda v: v[0]):
            points.append((key, value, low, high))
    return points


def main():
    parser = argument_parser(__doc__)
    parser.add_argument("thresholds", nargs="+", help="outputs of 'popsim threshold'")
    parser.add_argument("-o", "--output", required=True, help="PNG to write")
    parser.add_argument("--label", action="append", default=[], help="legend label of each input, in order (default: file names)")
    parser.add_argument("--x", help="grid column for the horizontal axis (default: the one that varies)")
    parser.add_argument("--where", action="append", default=[], help="COLUMN=VALUE: keep only these lines (device=NAME too)")
    parser.add_argument("--title")
    args = parser.parse_args()
    labels = labels_for(args.thresholds, args.label, parser)

    try:
        files = [load(path, args.where, args.x) for path in args.thresholds]
        for condition in args.where:
            name = condition.partition("=")[0]
            if not any(name in grid or name in columns for grid, columns, _, _ in files):
                raise CSVFormatError(f"--where {condition}: no input has a grid column '{name}'")
        solved = files[0][2]
        for path, (_, _, other, _) in zip(args.thresholds, files):
            if other != solved:
                raise CSVFormatError(f"{path}: solves {other}, {args.thresholds[0]} solves {solved}; compare thresholds of one parameter")
        x = args.x
        if x is None:
            varying = []
            for grid, _, _, records in files:
                for column in grid:
                    if len({r[column] for r in records}) > 1 and column not in varying:
                        varying.append(column)
            if len(varying) > 1:
                raise CSVFormatError(f"more than one grid column varies ({', '.join(varying)}); choose one with --x "
                                     "and fix the others with --where COLUMN=VALUE")
            x = varying[0] if varying else None
        elif any(x not in grid for grid, _, _, _ in files):
            raise CSVFormatError(f"--x {x}: not a grid column of every input")
    except CSVFormatError as error:
        fail(error)

    import math
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    # Every series: (name, records), in file order, then in the order its device/rate first appears.
    series = []
    for (_, columns, _, records), label in zip(files, labels):
        keys = []
        for r in records:
            if r["series"] not in keys:
                keys.append(r["series"])
        for key in keys:
            series.append((series_name(label, columns, key), [r for r in records if r["series"] == key]))

    # Every transition below → above, in the order it first appears over all series: its line style and
    # marker are the same in every series. Points are no transition: they are drawn apart.
    all_transitions = []
    for _, records in series:
        for r in records:
            key = (r["below"], r["above"])
            if r["below"] != r["above"] and not r["point"] and key not in all_transitions:
                all_transitions.append(key)

    fig, ax = plt.subplots(figsize=(8.5, 5.2))
    handles = []
    for k, (name, all_records) in enumerate(series):
        colour = SERIES_COLOURS[k % len(SERIES_COLOURS)]
        points_only = [r for r in all_records if r["point"] and r["value"] is not None]
        records = [r for r in all_records if not r["point"]]
        if points_only:
            ax.plot([r[x] if x else k for r in points_only], [r["value"] for r in points_only], ls="none",
                    marker="o", mfc="none", ms=6, color=colour)
            outcomes = sorted({w for r in points_only for w in (r["below"], r["above"])})
            handles.append(Line2D([], [], ls="none", marker="o", mfc="none", color=colour,
                                  label=f"{name}: rule discontinuity, a point ({len(points_only)} rows; "
                                        f"{', '.join(outcomes)})"))
        transitions = [t for t in all_transitions if any((r["below"], r["above"]) == t for r in records)]
        unchanged = sum(1 for r in records if r["below"] == r["above"])
        unfitted = sum(1 for r in records if r["below"] != r["above"] and r["value"] is None)
        for below, above in transitions:
            points = curve(records, x, below, above)
            drawn = [p for p in points if p[1] is not None]
            if not drawn:
                continue
            t = all_transitions.index((below, above))
            style, marker = SERIES_STYLES[t % len(SERIES_STYLES)], SERIES_MARKERS[t % len(SERIES_MARKERS)]
            position = (lambda p: p[0]) if x else (lambda p: k)
            # NaN where a grid line has no boundary: matplotlib breaks the line there.
            ax.plot([position(p) for p in points], [p[1] if p[1] is not None else math.nan for p in points],
                    ls=style if x else "none", marker=marker, ms=4, color=colour, lw=1.6)
            intervals = [(position(p), p[2], p[3]) for p in drawn if p[2] is not None and p[3] is not None]
            if intervals:
                if x and len(intervals) > 1:
                    ax.fill_between([i[0] for i in intervals], [i[1] for i in intervals], [i[2] for i in intervals],
                                    color=colour, alpha=0.18, lw=0)
                else:
                    ax.errorbar([i[0] for i in intervals], [(i[1] + i[2]) / 2 for i in intervals],
                                yerr=[(i[2] - i[1]) / 2 for i in intervals], fmt="none", ecolor=colour, capsize=3)
            text = f"{name}: {below} → {above}" + (" (band: 95 % interval)" if intervals else "")
            handles.append(Line2D([], [], color=colour, ls=style, marker=marker, label=text))
        if unchanged or unfitted:
            parts = []
            if unchanged:
                parts.append(f"{unchanged} lines without a change")
            if unfitted:
                parts.append(f"{unfitted} transitions without a fit")
            handles.append(Line2D([], [], ls="none", label=f"{name}: " + ", ".join(parts) + " (not drawn)"))
    labels = [name for name, _ in series]
    if x:
        ax.set_xlabel(axis_label(x))
    else:
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels)
        ax.set_xlim(-0.5, len(labels) - 0.5)
    ax.set_ylabel(f"threshold: {axis_label(solved)}")
    ax.grid(True, color="0.9")
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small", frameon=False)
    title = args.title or f"threshold of {solved}" + (f" against {x}" if x else "") + ": " + " vs ".join(labels)
    ax.set_title(wrapped(title, 80), fontsize="small")
    save(fig, args.output)


if __name__ == "__main__":
    main()
