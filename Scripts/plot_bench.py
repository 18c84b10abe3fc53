#!/usr/bin/env python3
"""Plot every hot path's time per operation against the 60 and 120 Hz frame budgets, from
`swift run -c release bench --format json`.

    Scripts/plot_bench.py BENCH.json -o bench.png [--percentile 50|90|99|99.9|100]

One horizontal bar per benchmark: the time one operation takes at the chosen percentile (default the
median, p50), with a whisker from p0 to p99, on a log scale; vertical lines mark the budget of one
frame at each rate the run measured (16.67 ms at 60 Hz, 8.33 ms at 120 Hz). The title says whether the
run was a `--quick` smoke run (few samples: not numbers to quote) and on which CPU. Reads the
"popsim-bench/…" schema documented in Documentation/benchmarking.md §8.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from popsim_csv import argument_parser, fail, save, wrapped  # noqa: E402

PERCENTILES = {"0": "p0", "50": "p50", "90": "p90", "99": "p99", "99.9": "p99_9", "100": "p100"}


def load(path, key):
    try:
        with open(path) as handle:
            data = json.load(handle)
    except OSError as error:
        fail(f"{path}: cannot open: {error.strerror}")
    except json.JSONDecodeError as error:
        fail(f"{path}:{error.lineno}:{error.colno}: not JSON ({error.msg}); expected the output of 'bench --format json'")
    if not isinstance(data, dict) or not str(data.get("schema", "")).startswith("popsim-bench/"):
        fail(f"{path}: no 'schema: popsim-bench/…' key: expected the output of 'swift run -c release bench --format json'")
    rows = []
    for index, benchmark in enumerate(data.get("benchmarks", [])):
        try:
            statistics = benchmark["statistics"]
            rows.append((benchmark["id"], benchmark.get("operation", "operation"), float(statistics[key]),
                         float(statistics["p0"]), float(statistics["p99"])))
        except (KeyError, TypeError, ValueError) as error:
            fail(f"{path}: benchmarks[{index}] lacks id/statistics ({error}); is the file truncated?")
    if not rows:
        fail(f"{path}: no benchmarks in the file (was it run with a --filter that matched nothing?)")
    budgets = sorted({(int(b["rateHertz"]), float(b["budgetNanoseconds"])) for benchmark in data["benchmarks"]
                      for b in benchmark.get("budgets", [])})
    return data, rows, budgets


def main():
    parser = argument_parser(__doc__)
    parser.add_argument("bench")
    parser.add_argument("-o", "--output", required=True, help="PNG to write")
    parser.add_argument("--percentile", default="50", choices=list(PERCENTILES),
                        help="the percentile each bar shows (default 50, the median)")
    args = parser.parse_args()
    data, rows, budgets = load(args.bench, PERCENTILES[args.percentile])

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    fig, ax = plt.subplots(figsize=(10, 0.3 * len(rows) + 2.2))
    ys = list(range(len(rows)))
    values = [r[2] for r in rows]
    ax.barh(ys, values, height=0.7, color="#90caf9", edgecolor="#1e88e5", lw=0.6)
    ax.errorbar(values, ys, xerr=[[max(v - r[3], 0) for v, r in zip(values, rows)], [max(r[4] - v, 0) for v, r in zip(values, rows)]],
                fmt="none", ecolor="black", elinewidth=0.8, capsize=2)
    ax.set_yticks(ys)
    ax.set_yticklabels([f"{r[0]} (per {r[1]})" for r in rows], fontsize="small")
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel(f"time per operation at p{args.percentile} (ns, log scale)")
    handles = [Patch(color="#90caf9", label=f"p{args.percentile} per operation"),
               Line2D([], [], color="black", marker="|", ls="-", lw=0.8, label="whisker: p0 to p99")]
    styles = ["--", ":", "-."]
    for k, (rate, budget) in enumerate(budgets):
        ax.axvline(budget, color="#e53935", ls=styles[k % len(styles)], lw=1.2)
        handles.append(Line2D([], [], color="#e53935", ls=styles[k % len(styles)], lw=1.2,
                              label=f"one frame at {rate} Hz: {budget / 1e6:.2f} ms"))
    ax.set_xlim(left=max(min(min(values), min(r[3] for r in rows)) / 3, 0.1), right=max(max(r[4] for r in rows), *(b for _, b in budgets)) * 3)
    ax.grid(True, axis="x", color="0.9")
    # Below the x-axis label, clear of the bars: 0.5 in under the axes whatever their height.
    below = 0.5 / (fig.get_figheight() * ax.get_position().height)
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -below), ncol=min(4, len(handles)),
              fontsize="small", frameon=False)
    env, config = data.get("environment", {}), data.get("configuration", {})
    run = "quick smoke run (--quick: few samples, not numbers to quote)" if config.get("quick") else "full run"
    ax.set_title(wrapped(f"PopSim hot paths vs frame budgets: {run}, {env.get('buildConfiguration', '?')} build, "
                         f"{env.get('cpuModel', 'unknown CPU')}", 100), fontsize="small")
    save(fig, args.output)


if __name__ == "__main__":
    main()
