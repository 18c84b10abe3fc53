#!/usr/bin/env python3
"""Plot decision maps from `popsim sweep` output: one map, or the boundaries of several on one figure.

    Scripts/plot_sweep.py SWEEP.csv [MORE.csv …] -o map.png [--label A --label B …] [--x COLUMN] [--y COLUMN]
                          [--where COLUMN=VALUE …] [--probability OUTCOME] [--side-by-side] [--title TEXT]

Every column before `outcome` is a swept parameter. The first map's cells are coloured by outcome (one
fixed colour per outcome in every script) with its boundaries drawn solid. For `--pipeline` sweeps the
ideal decision's boundary is overlaid dotted (white). Each further map (60 vs 120 Hz, ideal vs pipeline, two
devices: same two swept columns, any grids) adds its boundaries in its own line style and colour, named
by --label. A sweep with `--trials` has p_<outcome> columns: the first map is then drawn as the
probability of one outcome (--probability, default the first p_ column) on a 0–1 scale, with the
boundaries of its most frequent outcome. With more than two swept columns, fix the others with --where.
With --side-by-side every map is drawn in its own panel with its own cells and boundaries (two libraries'
maps of the same stops, say), on shared axes, one legend for all outcomes.
The title is the recorded command of a golden table (`# popsim sweep …`), wrapped, unless --title.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from popsim_csv import (argument_parser, CSVFormatError, IDEAL_STYLE, SERIES_COLOURS, SERIES_STYLES, axis_label, fail, labels_for,  # noqa: E402
                        keep_where, numeric_column, outcome_colour, read_table, recorded_command, save, text_column,
                        wrapped)


class Map:
    """One sweep reduced to a 2-D grid over (x, y)."""

    def __init__(self, path, args):
        header, rows, comments = read_table(path)
        if "outcome" not in header:
            raise CSVFormatError(f"{path}: no 'outcome' column: expected the output of 'popsim sweep'")
        self.command = recorded_command(comments)
        rows = keep_where(path, header, rows, args.where)
        swept = header[:header.index("outcome")]
        if "device" in swept and len(set(text_column(header, rows, "device"))) > 1:
            raise CSVFormatError(f"{path}: several devices; keep one with --where device=NAME (or plot each on its own)")
        swept = [c for c in swept if c != "device"]
        columns = {c: numeric_column(path, header, rows, c) for c in swept}
        varying = [c for c in swept if len(set(columns[c])) > 1]
        self.x = args.x or (varying[0] if varying else swept[0] if swept else None)
        self.y = args.y or next((c for c in varying if c != self.x), None)
        if self.x is None:
            raise CSVFormatError(f"{path}: no swept column")
        for name in (self.x, self.y):
            if name is not None and name not in swept:
                raise CSVFormatError(f"{path}: no swept column '{name}'")
        others = [c for c in varying if c not in (self.x, self.y)]
        if others:
            raise CSVFormatError(f"{path}: more than two swept columns vary ({', '.join(varying)}); "
                                 f"fix {', '.join(others)} with --where COLUMN=VALUE")
        outcomes = text_column(header, rows, "outcome")
        ideal = text_column(header, rows, "ideal") if "ideal" in header else None
        self.words = [c[2:] for c in header if c.startswith("p_")]
        self.xs = sorted(set(columns[self.x]))
        self.ys = sorted(set(columns[self.y])) if self.y else [0.0]
        xi = {v: i for i, v in enumerate(self.xs)}
        yi = {v: j for j, v in enumerate(self.ys)}
        self.grid = [[None] * len(self.xs) for _ in self.ys]
        self.ideal = [[None] * len(self.xs) for _ in self.ys] if ideal else None
        self.probability = None
        chosen = args.probability or (self.words[0] if self.words else None)
        if chosen is not None and self.words:
            if chosen not in self.words:
                raise CSVFormatError(f"--probability {chosen}: {path} has no p_{chosen} column (it has {', '.join('p_' + w for w in self.words)})")
            self.chosen = chosen
            values = numeric_column(path, header, rows, "p_" + chosen)
            self.probability = [[None] * len(self.xs) for _ in self.ys]
        for k in range(len(outcomes)):
            i, j = xi[columns[self.x][k]], (yi[columns[self.y][k]] if self.y else 0)
            self.grid[j][i] = outcomes[k]
            if ideal:
                self.ideal[j][i] = ideal[k]
            if self.probability is not None:
                self.probability[j][i] = values[k]
        if any(cell is None for row in self.grid for cell in row):
            raise CSVFormatError(f"{path}: the rows do not fill a {len(self.xs)}×{len(self.ys)} grid "
                                 "(a sharded part? concatenate all parts first)")


def edges(values):
    if len(values) == 1:
        return [values[0] - 0.5, values[0] + 0.5]
    mids = [(a + b) / 2 for a, b in zip(values, values[1:])]
    return [values[0] - (mids[0] - values[0])] + mids + [values[-1] + (values[-1] - mids[-1])]


def boundary_segments(grid, xs, ys):
    """Cell-edge segments between neighbouring cells with different values."""
    ex, ey = edges(xs), edges(ys)
    segments = []
    for j in range(len(ys)):
        for i in range(len(xs) - 1):
            if grid[j][i] != grid[j][i + 1]:
                segments.append(((ex[i + 1], ex[i + 1]), (ey[j], ey[j + 1])))
    for j in range(len(ys) - 1):
        for i in range(len(xs)):
            if grid[j][i] != grid[j + 1][i]:
                segments.append(((ex[i], ex[i + 1]), (ey[j + 1], ey[j + 1])))
    return segments


def main():
    parser = argument_parser(__doc__)
    parser.add_argument("sweeps", nargs="+", help="outputs of 'popsim sweep' (the first is drawn as cells)")
    parser.add_argument("-o", "--output", required=True, help="PNG to write")
    parser.add_argument("--label", action="append", default=[], help="legend label of each input, in order (default: file names)")
    parser.add_argument("--x", help="column for the horizontal axis (default: the first swept column that varies)")
    parser.add_argument("--y", help="column for the vertical axis (default: the second)")
    parser.add_argument("--where", action="append", default=[], help="COLUMN=VALUE: keep only these rows (device=NAME too)")
    parser.add_argument("--probability", metavar="OUTCOME", help="with p_ columns: the outcome whose probability is drawn")
    parser.add_argument("--side-by-side", action="store_true", help="one panel per map instead of one map with the others' boundaries")
    parser.add_argument("--title")
    args = parser.parse_args()
    labels = labels_for(args.sweeps, args.label, parser)

    try:
        maps = [Map(path, args) for path in args.sweeps]
        first = maps[0]
        for path, m in zip(args.sweeps[1:], maps[1:]):
            if (m.x, m.y) != (first.x, first.y):
                raise CSVFormatError(f"{path} maps {m.x} × {m.y}, {args.sweeps[0]} maps {first.x} × {first.y}; "
                                     "give --x and --y to compare the same columns")
    except CSVFormatError as error:
        fail(error)

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    if args.side_by_side:
        side_by_side(maps, labels, args, plt)
        return

    fig, ax = plt.subplots(figsize=(8.5, 5.8))
    handles = []
    if first.probability is not None:
        mesh = ax.pcolormesh(edges(first.xs), edges(first.ys), first.probability, cmap="viridis", vmin=0, vmax=1, shading="flat")
        bar = fig.colorbar(mesh, ax=ax, pad=0.02)
        bar.set_label(f"P({first.chosen}) over the trials (probability)")
    else:
        words = sorted({w for row in first.grid for w in row} | {w for row in first.ideal or [] for w in row})
        draw_cells(ax, first, words)
        handles += [Patch(color=outcome_colour(w), label=w) for w in words]
    several = len(maps) > 1
    for k, (m, label) in enumerate(zip(maps, labels)):
        colour = "black" if k == 0 else SERIES_COLOURS[(k - 1) % len(SERIES_COLOURS)]
        style = SERIES_STYLES[k % len(SERIES_STYLES)]
        for (sx, sy) in boundary_segments(m.grid, m.xs, m.ys):
            ax.plot(sx, sy, color=colour, lw=1.8 if k == 0 else 1.6, ls=style)
        what = "boundary" if m.probability is None else "boundary of the most frequent outcome"
        handles.append(Line2D([], [], color=colour, lw=1.8, ls=style, label=f"{label}: {what}" if several else what))
        if m.ideal is not None and (k == 0 or not several):
            for (sx, sy) in boundary_segments(m.ideal, m.xs, m.ys):
                ax.plot(sx, sy, color="white", lw=1.6, ls=IDEAL_STYLE)
            handles.append(Line2D([], [], color="0.45", lw=1.6, ls=IDEAL_STYLE,
                                  label=(f"{label}: " if several else "") + "ideal boundary (white on the map)"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.18 if first.probability is not None else 1.01, 1),
              fontsize="small", frameon=False)
    label_axes(ax, first)
    if args.title:
        title = args.title
    elif first.command and not several:
        title = first.command
    else:
        title = " vs ".join(f"{label}" + (f" ({m.command})" if m.command else "") for m, label in zip(maps, labels))
    ax.set_title(wrapped(title, 90), fontsize="small")
    save(fig, args.output)


def draw_cells(ax, m, words):
    """The map's cells coloured by outcome, on a colour map of `words` (all words any panel shows)."""
    from matplotlib.colors import ListedColormap
    code = {w: k for k, w in enumerate(words)}
    colours = ListedColormap([outcome_colour(w) for w in words])
    ax.pcolormesh(edges(m.xs), edges(m.ys), [[code[w] for w in row] for row in m.grid], cmap=colours,
                  vmin=-0.5, vmax=len(words) - 0.5, shading="flat")


def label_axes(ax, m):
    ax.set_xlabel(axis_label(m.x))
    if m.y:
        ax.set_ylabel(axis_label(m.y))
    else:
        ax.set_yticks([])


def side_by_side(maps, labels, args, plt):
    """One panel per map (cells, boundaries, the ideal boundary of a pipeline sweep), shared axes and legend."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    if any(m.probability is not None for m in maps):
        fail("--side-by-side draws outcome maps; plot a sweep with --trials on its own")
    words = sorted({w for m in maps for row in m.grid + (m.ideal or []) for w in row})
    fig, axes = plt.subplots(1, len(maps), figsize=(4.6 * len(maps) + 1.6, 5.2), sharex=True, sharey=True, squeeze=False)
    for ax, m, label in zip(axes[0], maps, labels):
        draw_cells(ax, m, words)
        for (sx, sy) in boundary_segments(m.grid, m.xs, m.ys):
            ax.plot(sx, sy, color="black", lw=1.6)
        if m.ideal is not None:
            for (sx, sy) in boundary_segments(m.ideal, m.xs, m.ys):
                ax.plot(sx, sy, color="white", lw=1.4, ls=IDEAL_STYLE)
        label_axes(ax, m)
        ax.set_title(wrapped(label, 60), fontsize="small")
    for ax in axes[0][1:]:
        ax.set_ylabel("")
    handles = [Patch(color=outcome_colour(w), label=w) for w in words]
    handles.append(Line2D([], [], color="black", lw=1.6, label="boundary"))
    if any(m.ideal is not None for m in maps):
        handles.append(Line2D([], [], color="0.45", lw=1.4, ls=IDEAL_STYLE, label="ideal boundary (white on the map)"))
    axes[0][-1].legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1), fontsize="small", frameon=False)
    if args.title:
        fig.suptitle(wrapped(args.title, 110), fontsize="small", y=1.0 + 0.035 * wrapped(args.title, 110).count("\n") + 0.03)
    save(fig, args.output)


if __name__ == "__main__":
    main()
