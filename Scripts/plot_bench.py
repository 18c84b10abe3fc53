#!/usr/bin/env python3
"""Plot the frame-budget share of every hot path from `swift run -c release bench --format json`.

    Scripts/plot_bench.py BENCH.json -o bench.png

One horizontal bar per benchmark and rate: the share of one 60 Hz (16.67 ms) and one 120 Hz (8.33 ms)
frame that one operation takes at p50 (bar) and p99 (whisker), on a log scale. Reads the
"popsim-bench/…" schema documented in Documentation/benchmarking.md.
"""
import argparse
import json
import sys


def fail(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(1)


def load(path):
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
            name = benchmark["id"]
            shares = {int(round(b["rateHertz"])): (float(b["shareAtP50"]), float(b["shareAtP99"])) for b in benchmark["budgets"]}
        except (KeyError, TypeError, ValueError) as error:
            fail(f"{path}: benchmarks[{index}] lacks id/budgets ({error}); is the file truncated?")
        rows.append((name, shares))
    if not rows:
        fail(f"{path}: no benchmarks in the file (was it run with a --filter that matched nothing?)")
    return data, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bench")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    data, rows = load(args.bench)

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rates = sorted({rate for _, shares in rows for rate in shares})
    height = 0.8 / max(1, len(rates))
    fig, ax = plt.subplots(figsize=(9, 0.32 * len(rows) * max(1, len(rates)) + 1.5))
    for k, rate in enumerate(rates):
        ys = [i + k * height for i in range(len(rows))]
        p50 = [shares.get(rate, (float("nan"), 0))[0] * 100 for _, shares in rows]
        p99 = [shares.get(rate, (0, float("nan")))[1] * 100 for _, shares in rows]
        ax.barh(ys, p50, height=height, label=f"{rate} Hz ({1000 / rate:.2f} ms) p50", color=f"C{k}")
        ax.errorbar(p99, ys, xerr=None, fmt="|", color="black", markersize=8, label="p99" if k == 0 else None)
    ax.set_yticks([i + height * (len(rates) - 1) / 2 for i in range(len(rows))])
    ax.set_yticklabels([name for name, _ in rows], fontsize="small")
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("share of one frame's budget per operation (%)")
    env = data.get("environment", {})
    ax.set_title(f"PopSim hot paths vs frame budgets — {env.get('cpuModel', 'unknown CPU')}", fontsize="small")
    ax.legend(fontsize="small", loc="lower right")
    fig.tight_layout()
    fig.savefig(args.output, dpi=110)


if __name__ == "__main__":
    main()
