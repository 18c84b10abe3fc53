#!/usr/bin/env python3
"""Plot a fit written by `popsim fit … --residuals FILE`: the data, the fitted curve, the residuals below.

    Scripts/plot_fit.py RESIDUALS.csv -o fit.png [--title TEXT]

The kind of fit is recognised by its header:
  time,position,fitted,residual                            spring: position against time
  finger,offset,fitted,residual,hyperbolic,power           rubber band: offset against the finger's pull,
                                                           every family's curve (the best is `fitted`)
  time,observed_x,fitted_x,residual_x,observed_y,...       SwiftUI prediction: predicted − translation, x and y
The fitted parameters come from the `# key=value` lines the fit writes above the header and go in the
title, with their standard errors.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from popsim_csv import argument_parser, CSVFormatError, fail, numeric_column, read_table  # noqa: E402

KINDS = {
    ("time", "position", "fitted", "residual"): "spring",
    ("finger", "offset", "fitted", "residual", "hyperbolic", "power"): "rubber-band",
    ("time", "observed_x", "fitted_x", "residual_x", "observed_y", "fitted_y", "residual_y"): "prediction",
}


def parameters(comments):
    """The `# key=value …` comment lines as a list of dicts, one per line."""
    lines = []
    for comment in comments:
        pairs = {}
        for field in comment.lstrip("#").split():
            key, _, value = field.partition("=")
            if value:
                pairs[key] = value
        if pairs:
            lines.append(pairs)
    return lines


def merged(lines):
    result = {}
    for pairs in lines:
        result.update(pairs)
    return result


def estimate(values, key, unit=""):
    """'key = v ± e unit' with 4 significant digits, or '' when the key is missing."""
    if key not in values:
        return ""
    text = f"{float(values[key]):.4g}"
    if key + "_stderr" in values:
        text += f" ± {float(values[key + '_stderr']):.2g}"
    return text + unit


def title_for(kind, lines, path):
    values = merged(lines)
    if kind == "spring":
        return (f"spring fit: response {estimate(values, 'response', ' s')}, ζ {estimate(values, 'damping_ratio')}, "
                f"rms {estimate(values, 'rms_residual')}\nnearest preset {values.get('nearest_preset', '?')}, "
                f"{values.get('points', '?')} points ({os.path.basename(path)})")
    if kind == "rubber-band":
        parts = []
        for family in lines:
            names = ("c", "d") if family.get("family") == "hyperbolic" else ("s", "k")
            parts.append(f"{family.get('family')}: {names[0]} {estimate(family, names[0])}, {names[1]} {estimate(family, names[1])}, "
                         f"rms {estimate(family, 'rms_residual')} (closest {family.get('closest', '?')})")
        return "rubber-band fit, best first\n" + "\n".join(parts)
    return (f"SwiftUI prediction fit: T {estimate(values, 'prediction_time', ' s')}, "
            f"w {estimate(values, 'previous_sample_weight')}, rms {estimate(values, 'rms_residual', ' pt')}\n"
            f"{values.get('points', '?')} rows ({os.path.basename(path)})")


def main():
    parser = argument_parser(__doc__)
    parser.add_argument("residuals")
    parser.add_argument("-o", "--output", required=True, help="PNG to write")
    parser.add_argument("--title")
    args = parser.parse_args()

    try:
        header, rows, comments = read_table(args.residuals)
        kind = KINDS.get(tuple(header))
        if kind is None:
            raise CSVFormatError(f"{args.residuals}: header '{','.join(header)}' is not a `popsim fit --residuals` file; "
                                 "expected one of: " + "; ".join(",".join(k) for k in KINDS))
        columns = {name: numeric_column(args.residuals, header, rows, name) for name in header}
    except CSVFormatError as error:
        fail(error)
    lines = parameters(comments)

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(8, 6), height_ratios=[2.2, 1])
    x_name = header[0]
    xs = columns[x_name]
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    ordered = lambda name: [columns[name][i] for i in order]  # noqa: E731
    if kind == "prediction":
        for axis, colour in (("x", "C0"), ("y", "C2")):
            top.plot(xs, columns[f"observed_{axis}"], ".", color=colour, ms=4, label=f"logged, {axis}")
            top.plot(ordered(x_name), ordered(f"fitted_{axis}"), "-", color=colour, lw=1, label=f"model, {axis}")
            bottom.plot(xs, columns[f"residual_{axis}"], ".", color=colour, ms=3, label=axis)
        top.set_ylabel("predicted − translation (pt)")
        bottom.legend(loc="best", fontsize="small")
    else:
        observed = header[1]
        top.plot(xs, columns[observed], ".", color="0.3", ms=4, label="data")
        if kind == "rubber-band":
            for family, colour in (("hyperbolic", "C1"), ("power", "C2")):
                top.plot(ordered(x_name), ordered(family), "--", color=colour, lw=1, label=family)
        top.plot(ordered(x_name), ordered("fitted"), "-", color="C0", lw=1.5, label="fit" if kind == "spring" else "best fit")
        bottom.plot(xs, columns["residual"], ".", color="C3", ms=3)
        top.set_ylabel("position" if kind == "spring" else "displayed offset (pt)")
    bottom.axhline(0, color="0.5", lw=0.8)
    bottom.set_ylabel("residual")
    bottom.set_xlabel("time (s)" if x_name == "time" else "finger past the limit (pt)")
    top.legend(loc="best", fontsize="small")
    top.set_title(args.title or title_for(kind, lines, args.residuals), fontsize="medium")
    fig.tight_layout()
    fig.savefig(args.output, dpi=110)


if __name__ == "__main__":
    main()
