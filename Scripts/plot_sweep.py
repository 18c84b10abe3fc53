#!/usr/bin/env python3
"""Plot a decision map from `popsim sweep` output.

    Scripts/plot_sweep.py SWEEP.csv -o map.png [--x COLUMN] [--y COLUMN] [--where COLUMN=VALUE ...]

Every column except `outcome` (and `ideal`, written by `--pipeline` sweeps) is a swept parameter.
Each grid point is drawn as a cell coloured by its outcome; the boundary between outcomes is drawn as
a solid line. For `--pipeline` sweeps the ideal decision's boundary is overlaid as a dashed line, so
the shift caused by the frame rate, the estimator and finger noise is visible. With more than two
swept columns, fix the others with --where (e.g. --where proximity=0.25).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from popsim_csv import CSVFormatError, fail, numeric_column, read_table, text_column  # noqa: E402

PALETTE = ["#4caf50", "#e53935", "#1e88e5", "#fdd835", "#8e24aa", "#fb8c00", "#00acc1", "#6d4c41", "#c0ca33", "#d81b60"]


def boundary_segments(grid, xs, ys):
    """Cell-edge segments between neighbouring cells with different values."""
    segments = []
    for j in range(len(ys)):
        for i in range(len(xs) - 1):
            if grid[j][i] != grid[j][i + 1]:
                x = (xs[i] + xs[i + 1]) / 2
                y0 = (ys[j - 1] + ys[j]) / 2 if j > 0 else ys[j] - (ys[1] - ys[0]) / 2 if len(ys) > 1 else ys[j] - 0.5
                y1 = (ys[j] + ys[j + 1]) / 2 if j + 1 < len(ys) else ys[j] + (ys[-1] - ys[-2]) / 2 if len(ys) > 1 else ys[j] + 0.5
                segments.append(((x, x), (y0, y1)))
    for j in range(len(ys) - 1):
        for i in range(len(xs)):
            if grid[j][i] != grid[j + 1][i]:
                y = (ys[j] + ys[j + 1]) / 2
                x0 = (xs[i - 1] + xs[i]) / 2 if i > 0 else xs[i] - (xs[1] - xs[0]) / 2 if len(xs) > 1 else xs[i] - 0.5
                x1 = (xs[i] + xs[i + 1]) / 2 if i + 1 < len(xs) else xs[i] + (xs[-1] - xs[-2]) / 2 if len(xs) > 1 else xs[i] + 0.5
                segments.append(((x0, x1), (y, y)))
    return segments


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sweep")
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--x", help="column for the horizontal axis (default: the first swept column)")
    parser.add_argument("--y", help="column for the vertical axis (default: the second swept column)")
    parser.add_argument("--where", action="append", default=[], help="COLUMN=VALUE: keep only these rows")
    parser.add_argument("--title")
    args = parser.parse_args()

    try:
        header, rows, comments = read_table(args.sweep)
        if "outcome" not in header:
            raise CSVFormatError(f"{args.sweep}: no 'outcome' column: expected the output of 'popsim sweep'")
        for condition in args.where:
            name, _, value = condition.partition("=")
            if name not in header:
                raise CSVFormatError(f"--where {condition}: no column '{name}' in {args.sweep}")
            column = numeric_column(args.sweep, header, rows, name)
            rows = [row for row, v in zip(rows, column) if abs(v - float(value)) <= 1e-9 * max(1, abs(v))]
            if not rows:
                raise CSVFormatError(f"--where {condition}: no row has {name} = {value}")
        swept = [c for c in header if c not in ("outcome", "ideal")]
        columns = {c: numeric_column(args.sweep, header, rows, c) for c in swept}
        varying = [c for c in swept if len(set(columns[c])) > 1]
        x = args.x or (varying[0] if varying else swept[0] if swept else None)
        y = args.y or next((c for c in varying if c != x), None)
        others = [c for c in varying if c not in (x, y)]
        if x is None:
            raise CSVFormatError(f"{args.sweep}: no swept column")
        if others:
            raise CSVFormatError(f"{args.sweep}: more than two swept columns vary ({', '.join(varying)}); "
                                 f"fix {', '.join(others)} with --where COLUMN=VALUE")
        outcomes = text_column(header, rows, "outcome")
        ideal = text_column(header, rows, "ideal") if "ideal" in header else None
    except CSVFormatError as error:
        fail(error)

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    xs = sorted(set(columns[x]))
    ys = sorted(set(columns[y])) if y else [0.0]
    labels = sorted(set(outcomes) | set(ideal or []))
    code = {label: k for k, label in enumerate(labels)}
    grid = [[None] * len(xs) for _ in ys]
    ideal_grid = [[None] * len(xs) for _ in ys]
    xi = {v: i for i, v in enumerate(xs)}
    yi = {v: j for j, v in enumerate(ys)}
    for k in range(len(outcomes)):
        i, j = xi[columns[x][k]], yi[columns[y][k]] if y else 0
        grid[j][i] = code[outcomes[k]]
        if ideal:
            ideal_grid[j][i] = code[ideal[k]]
    if any(cell is None for row in grid for cell in row):
        fail(f"{args.sweep}: the rows do not fill a {len(xs)}×{len(ys)} grid (a sharded part? concatenate all parts first)")

    def edges(values):
        if len(values) == 1:
            return [values[0] - 0.5, values[0] + 0.5]
        mids = [(a + b) / 2 for a, b in zip(values, values[1:])]
        return [values[0] - (mids[0] - values[0])] + mids + [values[-1] + (values[-1] - mids[-1])]

    fig, ax = plt.subplots(figsize=(7.5, 5.5))
    colours = ListedColormap([PALETTE[k % len(PALETTE)] for k in range(len(labels))])
    ax.pcolormesh(edges(xs), edges(ys), grid, cmap=colours, vmin=-0.5, vmax=len(labels) - 0.5, shading="flat")
    for (sx, sy) in boundary_segments(grid, xs, ys):
        ax.plot(sx, sy, color="black", lw=1.6)
    handles = [Patch(color=PALETTE[code[label] % len(PALETTE)], label=label) for label in labels]
    if ideal:
        for (sx, sy) in boundary_segments(ideal_grid, xs, ys):
            ax.plot(sx, sy, color="white", lw=1.2, ls="--")
        from matplotlib.lines import Line2D
        handles += [Line2D([], [], color="black", lw=1.6, label="pipeline boundary"),
                    Line2D([], [], color="0.45", lw=1.2, ls="--", label="ideal boundary (white on the map)")]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small", frameon=False)
    ax.set_xlabel(x)
    ax.set_ylabel(y or "")
    if not y:
        ax.set_yticks([])
    command = next((c.lstrip("# ").strip() for c in comments if "popsim" in c), None)
    ax.set_title(args.title or (command if command and len(command) < 90 else os.path.basename(args.sweep)), fontsize="small")
    fig.tight_layout()
    fig.savefig(args.output, dpi=110)


if __name__ == "__main__":
    main()
